"""Our reader board (``docs/board.md``) as one source: ``board:PATH``, a zone per reader.

The board speaks the protocol of ``docs/board-protocol.md`` over USB serial; this is its
host. One thread owns the port: it opens the path (a stable link such as
``/dev/serial/by-id/usb-Arduino…``, a device, or a glob, looked up again at every
reconnect, so a board replugged under another name is found), asks for the handshake
(never waiting for a boot message), takes a snapshot of what lies on each reader, and
then follows the board's frames. Zones are the readers' numbers as the board counts
them: ``"0"`` to ``"7"`` (``seat:1=board:/dev/ttyACM0#0``).

What the host believes lies on each reader is kept across reconnects, and every frame
is a change to that belief, never an event repeated: a ``PLACED`` for a tag already
believed there says nothing, a ``REMOVED`` of a tag never heard placed (its ``PLACED``
was lost) is told as the tap it was — placed, then removed. A frame whose number is not
the last one plus one (frames lost, or a board that rebooted), an overflow the board
reports, or a reconnect: the host asks for a snapshot and settles the difference. So no
play is told twice and none is lost, except a tap made and lifted entirely while the
board was unplugged, which nothing could have seen.

No frame for :attr:`Timing.lost_after` seconds (three heartbeats): the board is lost,
the port closed, and opened again after a pause that doubles up to a limit. A board of
another protocol version cannot work: it is said, and left alone.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from dataclasses import dataclass

import serial

from companion.core.types import JSONObject
from companion.observations import SourceName, SourceState, SourceStatus, TagPlaced, TagRemoved
from firmware_bridge import protocol as p
from hardware.ports import candidates, port_reason
from hardware.stream import Emit, Threaded, ThreadFed
from hardware.urls import BadSourceUrl

log = logging.getLogger(__name__)

KIND = "board"
"""What a board's statuses call it (i18n ``source.kind.board``)."""
BAUD = 115200
"""A board's zones: its readers, as it numbers them."""
SILENT = "board.reason.no_answer"


@dataclass(frozen=True)
class BoardPort:
    """``board:PATH``: the board's serial port, a stable link to it, or a glob."""

    path: str


def read_url(url: str, rest: str) -> BoardPort:
    """The board ``board:REST`` names; raise :class:`BadSourceUrl` saying what is wrong."""
    if not rest.startswith("/"):
        raise BadSourceUrl(url, "board.reason.bad_url")
    return BoardPort(rest)


@dataclass(frozen=True)
class Timing:
    """The host's clocks (the figures behind ``bench/board.py``)."""

    ask_every: float = 0.5
    """Seconds between two asks of an unanswered ``HELLO`` or ``STATE``."""
    lost_after: float = 3.0
    """Seconds without a frame (three heartbeats) before the board counts as lost."""
    backoff: tuple[float, float] = (0.25, 5.0)
    """First and longest pause before opening the port again."""
    read: float = 0.02
    """The longest a read waits: how soon a stop is heeded."""


class BoardFault(Exception):
    """The board cannot be used now; ``reason`` is the i18n key a person reads."""

    def __init__(self, reason: str, args: JSONObject | None = None, *, final: bool = False):
        super().__init__(reason)
        self.reason = reason
        self.args_ = args or {}
        self.final = final


class Line:
    """The open port: frames written (each after a zero) and read."""

    def __init__(self, path: str, timing: Timing) -> None:
        self.path = path
        self.port = serial.Serial(path, BAUD, timeout=timing.read, exclusive=True)
        self.decoder = p.Decoder()
        self._seq = 0

    def send(self, make: type[p.AskHello] | type[p.AskState]) -> None:
        """A host frame, after a zero: a board holding half a frame of line noise starts
        afresh instead of answering the spoiled frame with an error."""
        self.port.write(b"\x00" + p.encode(make(self._seq)))
        self._seq = (self._seq + 1) & 0xFFFF

    def read(self) -> list[p.Frame]:
        waiting = max(1, self.port.in_waiting)
        return list(self.decoder.feed(self.port.read(waiting)))

    def unplugged(self) -> bool:
        return not os.path.exists(self.path)

    def close(self) -> None:
        with contextlib.suppress(OSError, serial.SerialException):
            self.port.close()


class BoardReader(Threaded):
    """One board followed by one thread; observations go to ``emit`` (from that thread)."""

    def __init__(
        self, name: SourceName, port: BoardPort, emit: Emit, timing: Timing | None = None
    ) -> None:
        super().__init__(f"board {name}")
        self.name = name
        self.port = port
        self.timing = timing or Timing()
        self._emit = emit
        self._lying: dict[int, bytes] = {}
        """What the host believes lies on each reader: kept across reconnects."""
        self._health: tuple[p.Health, ...] = ()
        self._last: tuple[SourceState, str, tuple[p.Health, ...]] | None = None

    # --- the port ----------------------------------------------------------------------

    def _run(self) -> None:
        pause = self.timing.backoff[0]
        while not self._stop.is_set():
            line: Line | None = None
            try:
                line = self._open()
                self._follow(line)
            except Exception as err:  # the thread must outlive anything a board does
                if self._last is not None and self._last[0] is SourceState.CONNECTED:
                    pause = self.timing.backoff[0]  # it worked: try again soon
                fault = err if isinstance(err, BoardFault) else None
                if fault is None and not isinstance(err, OSError | serial.SerialException):
                    log.exception("board %s", self.name)
                final = fault is not None and fault.final
                if fault is not None:
                    reason, args = fault.reason, fault.args_
                elif line is not None and line.unplugged():
                    reason, args = "port.reason.unplugged", {}
                else:
                    reason, args = port_reason(err, SILENT), {}
                state = SourceState.FAILED if final else SourceState.RECONNECTING
                self._status(state, reason, args, f"{type(err).__name__}: {err}")
                if final:
                    break
            finally:
                if line is not None:
                    if line.decoder.dropped:
                        log.info("board %s: %d frames dropped", self.name, line.decoder.dropped)
                    line.close()
            self._stop.wait(pause)
            pause = min(pause * 2, self.timing.backoff[1])
        self._status(SourceState.CLOSED)

    def _open(self) -> Line:
        paths = candidates(self.port.path)
        if not paths:
            raise BoardFault("port.reason.not_found")
        error: Exception | None = None
        for path in paths:  # the first board that opens
            try:
                return Line(path, self.timing)
            except (OSError, serial.SerialException) as err:
                error = err
        assert error is not None
        raise error

    # --- the conversation --------------------------------------------------------------

    def _follow(self, line: Line) -> None:
        """Handshake, snapshot, then every frame until the board is lost or we stop."""
        t = self.timing
        expected: int | None = None
        hello: p.Hello | None = None
        settled = False
        heard = asked = time.monotonic()
        line.send(p.AskHello)
        while not self._stop.is_set():
            frames = line.read()
            now = time.monotonic()
            if frames:
                heard = now
            elif now - heard > t.lost_after:
                raise BoardFault("board.reason.lost" if hello else SILENT)
            for frame in frames:
                gap = expected is not None and frame.seq != expected
                expected = (frame.seq + 1) & 0xFFFF
                if isinstance(frame, p.Hello) and hello is None:
                    hello = self._greeted(frame)
                    line.send(p.AskState)
                    asked = now
                elif hello is None:
                    continue  # frames before the handshake: the snapshot will tell
                elif gap or _overflowed(frame):
                    settled = False
                    line.send(p.AskState)
                    asked = now
                self._take(frame)
                if isinstance(frame, p.Snapshot):
                    settled = True
            if now - asked > t.ask_every and not settled:
                line.send(p.AskState if hello else p.AskHello)
                asked = now
            if settled and self._health:  # connected: it answers, and its readers are known
                self._status(SourceState.CONNECTED, *self._unwell(hello))

    def _greeted(self, hello: p.Hello) -> p.Hello:
        if hello.protocol != p.PROTOCOL:
            args: JSONObject = {"theirs": hello.protocol, "ours": p.PROTOCOL}
            raise BoardFault("board.reason.protocol", args, final=True)
        for reader in [r for r in self._lying if r >= hello.readers]:
            self._set(reader, b"")  # a board with fewer readers now: theirs are empty
        return hello

    def _take(self, frame: p.Frame) -> None:
        match frame:
            case p.Placed():
                self._set(frame.reader, frame.uid)
            case p.Removed():
                self._set(frame.reader, frame.uid)  # its placing, if that frame was lost
                self._set(frame.reader, b"")
            case p.Snapshot():
                for reader, uid in enumerate(frame.uids):
                    self._set(reader, uid)
            case p.Heartbeat():
                self._health = frame.health
            case p.Error() if frame.code is p.ErrorCode.TWO_READERS:
                both: JSONObject = {"first": str(frame.detail), "second": str(frame.reader)}
                self._status(SourceState.CONNECTED, "board.reason.two_readers", both)
            case _:
                pass

    def _set(self, reader: int, uid: bytes) -> None:
        """Reader ``reader`` holds ``uid`` now (``b""``: nothing): tell what changed."""
        old = self._lying.get(reader, b"")
        if old == uid:
            return
        now = time.monotonic()
        zone = str(reader)
        if old:
            self._emit(TagRemoved(self.name, old.hex().upper(), now, zone))
        if uid:
            for other in [r for r, u in self._lying.items() if u == uid and r != reader]:
                self._set(other, b"")  # one tag lies on one reader: it moved
            self._emit(TagPlaced(self.name, uid.hex().upper(), (), now, zone))
        self._lying[reader] = uid

    def _unwell(self, hello: p.Hello | None) -> tuple[str, JSONObject, str]:
        """The reason, args and detail of a connected board's status: its readers' health."""
        assert hello is not None
        health = self._health
        unwell = [str(r) for r, h in enumerate(health) if h is not p.Health.OK]
        args: JSONObject = {"health": [h.name.lower() for h in health],
                            "firmware": ".".join(map(str, hello.firmware)),
                            "readers": ", ".join(unwell)}  # fmt: skip
        reason = "board.reason.unwell" if unwell else ""
        return reason, args, f"firmware {args['firmware']}, {len(health)} readers"

    def _status(
        self, state: SourceState, reason: str = "", args: JSONObject | None = None,
        detail: str = "",
    ) -> None:  # fmt: skip
        key = (state, reason, self._health if state is SourceState.CONNECTED else ())
        if self._last == key:
            return  # a board retrying for the same reason, or still as well, says so once
        self._last = key
        said: JSONObject = {"reader": self.name, **(args or {})}
        self._emit(SourceStatus(self.name, state, reason, said, detail, time.monotonic(), KIND))


def _overflowed(frame: p.Frame) -> bool:
    return isinstance(frame, p.Error) and frame.code is p.ErrorCode.OVERFLOW


class BoardSource(ThreadFed):
    """A reader board as an async stream of observations (see :class:`ThreadFed`)."""

    def __init__(self, name: SourceName, port: BoardPort, timing: Timing | None = None) -> None:
        super().__init__(name, lambda emit: BoardReader(name, port, emit, timing))
