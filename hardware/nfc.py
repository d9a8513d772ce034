"""NFC readers through nfcpy: one thread per reader, tags in and out, faults survived.

Two kinds of reader work (see ``docs/hardware.md``):

- a PN532 board on a serial port (``nfc:tty:USB0:pn532``, or a stable path such
  as ``nfc:tty:/dev/serial/by-id/usb-…:pn532``), through nfcpy's own ``pn532``
  driver and pyserial;
- a USB reader nfcpy drives through libusb, ACR122U-class included
  (``nfc:usb``, ``nfc:usb:072f:2200``).

Each reader thread polls for 106 kbps type A tags only (NTAG stickers), a
fixed number of ``iterations`` ``interval`` seconds apart, and checks between
rounds whether it should stop, so shutdown takes at most one round. A tag
is reported when it comes and when it goes; a tag still lying on a reader
that reconnected is not reported twice. Any fault of the port or the chip
(``termios.error``, ``serial.SerialException``, ``OSError``, a garbled frame)
closes the frontend, reports RECONNECTING with the reason, and re-creates a
new frontend after a pause that doubles up to a limit; only a configuration
that cannot work (an unknown driver, no libusb) reports FAILED and stops.

Ports are opened by pyserial with ``O_NOCTTY`` — never through nfcpy's own
port search, which opens ``/dev`` nodes without it, so a service with no
controlling terminal would adopt the reader's port as one and die of SIGHUP
when it is unplugged.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import termios
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass

import ndef
import nfc
import nfc.clf
import nfc.clf.pn53x
import nfc.clf.transport
import nfc.tag
import serial
import usb1

from companion.core.types import JSONObject
from companion.observations import (
    NdefRecord,
    SourceName,
    SourceState,
    SourceStatus,
    TagPlaced,
    TagRemoved,
)
from hardware.ports import candidates, port_reason
from hardware.stream import Emit, Threaded, ThreadFed
from hardware.urls import BadSourceUrl

log = logging.getLogger(__name__)

KIND = "nfc"
"""What an NFC source's statuses call it: a reader (i18n ``source.kind.nfc``)."""


# --- addresses --------------------------------------------------------------------


@dataclass(frozen=True)
class NfcTty:
    """``nfc:tty:PORT:DRIVER`` — a reader chip on a serial port.

    ``PORT`` is nfcpy's short name (``USB0`` is ``/dev/ttyUSB0``; ``USB`` alone is
    the first ``/dev/ttyUSB*`` that answers) or an absolute path, which may be a
    stable symlink (``/dev/serial/by-id/…``) or a glob.
    """

    port: str
    driver: str


@dataclass(frozen=True)
class NfcUsb:
    """``nfc:usb[:VENDOR[:PRODUCT]]`` or ``nfc:usb:BUS:DEVICE``: a USB reader, as nfcpy says."""

    path: str


NfcUrl = NfcTty | NfcUsb
TTY_DRIVERS = ("pn532",)
"""The serial drivers we support: nfcpy's own, unmodified."""


def read_url(url: str, rest: str) -> NfcUrl:
    """The reader ``nfc:REST`` names; raise :class:`BadSourceUrl` saying what is wrong."""
    kind, _, spec = rest.partition(":")
    if kind == "usb":
        return NfcUsb(rest)
    if kind == "tty":
        port, _, driver = spec.rpartition(":")
        if not port:
            raise BadSourceUrl(url, "nfc.reason.bad_url")
        if driver not in TTY_DRIVERS:
            raise BadSourceUrl(url, "nfc.reason.unknown_driver")
        return NfcTty(port, driver)
    raise BadSourceUrl(url, "nfc.reason.bad_url")


@dataclass(frozen=True)
class Polling:
    """How a reader thread polls: the figures behind ``bench/taps.py``'s results."""

    interval: float = 0.025
    """Seconds between two senses for a tag: the worst-case wait before a tap is felt."""
    iterations: int = 4
    """Senses per round; the stop flag is checked between rounds."""
    presence: float = 0.1
    """Seconds between two checks that a tag is still on the reader."""
    backoff: tuple[float, float] = (0.25, 5.0)
    """First and longest pause before re-creating a faulted frontend."""


class ReaderFault(Exception):
    """A reader cannot be used now; ``reason`` is the i18n key a person reads."""

    def __init__(self, reason: str, detail: str = "", *, final: bool = False) -> None:
        super().__init__(detail or reason)
        self.reason = reason
        self.detail = detail
        self.final = final
        """Trying again will not help (a configuration problem)."""


FAULTS = (OSError, termios.error, serial.SerialException, nfc.clf.pn53x.Chipset.Error)


def reason_for(error: BaseException) -> str:
    """The i18n key that says, in a person's words, why a reader stopped working."""
    if isinstance(error, ReaderFault):
        return error.reason
    return port_reason(error, "nfc.reason.no_answer")


def nfc_version() -> str:
    """The nfcpy in use, for diagnostics."""
    return str(nfc.__version__)


# --- opening a frontend ---------------------------------------------------------


class Frontend:
    """An open nfcpy ``ContactlessFrontend`` and the port under it, closed without fail."""

    def __init__(self, url: NfcUrl) -> None:
        self._tty: nfc.clf.transport.TTY | None = None
        self.clf = self._open_usb(url) if isinstance(url, NfcUsb) else self._open_tty(url)

    def _open_tty(self, url: NfcTty) -> nfc.ContactlessFrontend:
        paths = candidates(url.port)
        if not paths:
            raise ReaderFault("port.reason.not_found", url.port)
        driver = importlib.import_module(f"nfc.clf.{url.driver}")
        error: BaseException | None = None
        for path in paths:  # like nfcpy's own search: the first one that answers
            try:
                self._tty = nfc.clf.transport.TTY(path)
                device = driver.init(self._tty)
            except FAULTS as err:
                error = err
                self._drop_port()
                continue
            device._path = path
            clf = nfc.ContactlessFrontend()
            clf.device = device
            return clf
        assert error is not None
        raise error

    def _open_usb(self, url: NfcUsb) -> nfc.ContactlessFrontend:
        try:
            usb1.getVersion()
        except OSError as err:
            raise ReaderFault("nfc.reason.no_libusb", str(err), final=True) from err
        clf = nfc.ContactlessFrontend()
        if not clf.open(url.path):
            raise ReaderFault("port.reason.not_found", url.path)
        return clf

    @property
    def name(self) -> str:
        return str(self.clf.device)

    def unplugged(self) -> bool:
        """The port this frontend opened is gone from the system (pulled out, powered off)."""
        path = "" if self.clf.device is None else str(self.clf.device.path)
        return path.startswith("/") and not os.path.exists(path)

    def close(self) -> None:
        """Power the chip down if it still listens; release the port in any case."""
        with contextlib.suppress(*FAULTS):
            self.clf.close()
        self._drop_port()

    def _drop_port(self) -> None:
        tty, self._tty = self._tty, None
        if tty is not None and tty.tty is not None:
            with contextlib.suppress(*FAULTS):
                tty.tty.close()  # nfcpy's own close flushes first, which fails on a dead port


def records_of(tag: nfc.tag.Tag) -> tuple[NdefRecord, ...]:
    """The NDEF records on a tag; none if it holds none or they do not decode."""
    try:
        message = tag.ndef
        if message is None:
            return ()
        return tuple(NdefRecord(r.type, r.name, bytes(r.data)) for r in message.records)
    except ndef.DecodeError:
        return ()


# --- the reader thread --------------------------------------------------------------


class NfcReader(Threaded):
    """One reader polled by one thread; observations go to ``emit`` (from that thread)."""

    def __init__(
        self, name: SourceName, url: NfcUrl, emit: Emit, polling: Polling | None = None
    ) -> None:
        super().__init__(f"nfc {name}")
        self.name = name
        self.url = url
        self.polling = polling or Polling()
        self._emit = emit
        self._present: str | None = None
        """The UID on the reader, kept across a reconnect so it is not reported twice."""
        self._last: tuple[SourceState, str] | None = None
        self._writes: dict[str, tuple[tuple[NdefRecord, ...], Future[bool]]] = {}
        self._writes_lock = threading.Lock()

    def write(self, uid: str, records: tuple[NdefRecord, ...]) -> Future[bool]:
        """Write ``records`` onto tag ``uid`` while it lies on this reader.

        Done by the reader's own thread, which holds the tag; the future says
        whether it worked (``False`` if the tag left first).
        """
        done: Future[bool] = Future()
        with self._writes_lock:
            self._writes[uid] = (records, done)
        return done

    def _run(self) -> None:
        pause, longest = self.polling.backoff
        while not self._stop.is_set():
            frontend: Frontend | None = None
            try:
                frontend = Frontend(self.url)
                self._status(SourceState.CONNECTED, detail=frontend.name)
                pause = self.polling.backoff[0]
                self._poll(frontend.clf)
            except Exception as err:  # a reader thread must outlive anything a device does
                if not isinstance(err, (*FAULTS, ReaderFault)):
                    log.exception("reader %s", self.name)
                final = isinstance(err, ReaderFault) and err.final
                state = SourceState.FAILED if final else SourceState.RECONNECTING
                gone = frontend is not None and frontend.unplugged()
                reason = "port.reason.unplugged" if gone else reason_for(err)
                self._status(state, reason, detail=f"{type(err).__name__}: {err}")
                if final:
                    break
            finally:
                if frontend is not None:
                    frontend.close()
            self._stop.wait(pause)
            pause = min(pause * 2, longest)
        self._status(SourceState.CLOSED)

    def _poll(self, clf: nfc.ContactlessFrontend) -> None:
        p = self.polling
        while not self._stop.is_set():
            target = clf.sense(nfc.clf.RemoteTarget("106A"), iterations=p.iterations,
                               interval=p.interval)  # fmt: skip
            tag = None if target is None else nfc.tag.activate(clf, target)
            if tag is None:
                self._gone()
                self._stop.wait(p.interval)
                continue
            uid = bytes(tag.identifier).hex().upper()
            if uid != self._present:
                self._gone()
                self._emit(TagPlaced(self.name, uid, records_of(tag), time.monotonic()))
                self._present = uid
            while not self._stop.is_set() and tag.is_present:
                self._write_pending(tag, uid)
                self._stop.wait(p.presence)
            if not self._stop.is_set():
                self._gone()

    def _write_pending(self, tag: nfc.tag.Tag, uid: str) -> None:
        with self._writes_lock:
            pending = self._writes.pop(uid, None)
        if pending is None:
            return
        records, done = pending
        try:
            written = tag.ndef is not None
            if tag.ndef is not None:
                tag.ndef.records = [ndef.Record(r.type, r.name, r.payload) for r in records]
        except nfc.tag.TagCommandError:
            written = False  # lifted in the middle: the tag holds a broken message or none
        except BaseException:
            done.set_result(False)
            raise
        done.set_result(written)

    def _gone(self) -> None:
        if self._present is not None:
            with self._writes_lock:
                pending = self._writes.pop(self._present, None)
            if pending is not None:
                pending[1].set_result(False)
            self._emit(TagRemoved(self.name, self._present, time.monotonic()))
            self._present = None

    def _status(self, state: SourceState, reason: str = "", detail: str = "") -> None:
        if self._last == (state, reason):
            return  # a reader retrying for the same reason says so once
        self._last = (state, reason)
        args: JSONObject = {"reader": self.name}
        self._emit(SourceStatus(self.name, state, reason, args, detail, time.monotonic(), KIND))


class NfcSource(ThreadFed):
    """An NFC reader as an async stream of observations (see :class:`ThreadFed`)."""

    def __init__(self, name: SourceName, url: NfcUrl, polling: Polling | None = None) -> None:
        self._reader: NfcReader | None = None

        def make(emit: Emit) -> NfcReader:
            self._reader = NfcReader(name, url, emit, polling)
            return self._reader

        super().__init__(name, make)

    async def write(self, uid: str, records: tuple[NdefRecord, ...]) -> bool:
        """Write records onto the tag ``uid`` lying on this reader; ``False`` if it left first."""
        if self._reader is None:
            return False
        return await asyncio.wrap_future(self._reader.write(uid, records))
