"""The tablet's own NFC chip as a reader: Android's ``NfcAdapter`` in reader mode.

``android:nfc`` is one reader, with one zone: the spot on the tablet's back (or front)
where its antenna is. The table says which place it watches, the centre unless told
otherwise, and its taps are read as any reader's are.

What Android does, as its reference documents it, and what the source makes of it:

- ``NfcAdapter.enableReaderMode(activity, callback, flags, extras)`` hands every tag that
  comes into the field to ``ReaderCallback.onTagDiscovered(tag)``, on a binder thread,
  not the app's main thread — and only while the activity is in the foreground: it is to
  be called from ``onResume`` and undone with ``disableReaderMode`` in ``onPause``
  (developer.android.com/reference/android/nfc/NfcAdapter, ``enableReaderMode``). The
  source listens only while the app says it is in front (:meth:`AndroidNfcSource.pause`,
  :meth:`AndroidNfcSource.resume`, called from Kivy's ``on_pause`` / ``on_resume``). A tag
  that lay there all along is found again on resume: the ingest counts it once.
- Android says nothing when a tag leaves the field. The source asks: a ``READ`` sent with
  ``NfcA.transceive`` to a tag that is gone throws ``TagLostException`` (…/android/nfc/
  TagLostException), and the tag is then lifted.
- A tag that leaves while its NDEF message is read fails the read with the same
  exception: the tap is told with its UID alone, as a reader that read no message tells it.
- ``NfcAdapter.getDefaultAdapter(context)`` is ``null`` on a device without NFC, and
  ``isEnabled()`` false while NFC is switched off in the settings (…#isEnabled); no tag is
  told then. The source says the reader is missing, or off, in the person's words, and
  looks again every second: switched back on, it listens again, as an unplugged reader
  plugged back in does.

Java is reached through an :class:`AndroidNfc` bridge: :mod:`hardware.android_jnius` on
the tablet (pyjnius), :mod:`hardware.android_fake` here, which behaves as the pages above
say Android does.
"""

from __future__ import annotations

import enum
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from companion.core.types import JSONObject
from companion.observations import (
    NdefRecord,
    SourceName,
    SourceState,
    SourceStatus,
    TagPlaced,
    TagRemoved,
)
from hardware.stream import Emit, Threaded, ThreadFed
from hardware.urls import BadSourceUrl

KIND = "android_nfc"


class TagLost(Exception):
    """Android's ``TagLostException``: the tag left the field before it answered."""


class AndroidTag(Protocol):
    """A tag Android found: its UID, and what may still be asked of it."""

    @property
    def uid(self) -> bytes: ...

    def records(self) -> tuple[NdefRecord, ...]:
        """Its NDEF message's records; raises :class:`TagLost` if it left meanwhile."""
        ...

    def present(self) -> bool:
        """Whether it still answers (a ``READ`` through ``NfcA``)."""
        ...


class Adapter(enum.StrEnum):
    """What ``NfcAdapter`` says of the device's NFC."""

    MISSING = "missing"
    OFF = "off"
    ON = "on"


class AndroidNfc(Protocol):
    """The little of Android's NFC the source needs."""

    def adapter(self) -> Adapter: ...

    def listen(self, found: Callable[[AndroidTag], None]) -> None:
        """``enableReaderMode`` for NFC-A tags: ``found`` is called on a binder thread."""
        ...

    def deafen(self) -> None:
        """``disableReaderMode``."""
        ...


@dataclass(frozen=True)
class Timing:
    presence: float = 0.1
    """Seconds between two asks whether the tag lying there still answers."""
    adapter: float = 1.0
    """Seconds between two looks at whether NFC is on (it may be switched off)."""


def read_url(url: str, rest: str) -> str:
    """``android:nfc`` — the one reader the tablet has."""
    if rest != "nfc":
        raise BadSourceUrl(url, "android.reason.bad_url")
    return rest


class _Reader(Threaded):
    """The tablet's NFC, watched from a thread of its own: the adapter's state, and the
    presence of the tag lying there; tags themselves come on Android's binder thread."""

    def __init__(self, name: SourceName, bridge: AndroidNfc, emit: Emit, timing: Timing) -> None:
        super().__init__(f"android nfc {name}")
        self.name, self.bridge, self._emit, self.timing = name, bridge, emit, timing
        self._lock = threading.Lock()
        self._tag: AndroidTag | None = None
        self._uid: str | None = None
        self._front = threading.Event()
        self._front.set()
        self._listening = False
        self._last: tuple[SourceState, str] | None = None

    def pause(self) -> None:
        """The app left the foreground: reader mode must end (``onPause``)."""
        self._front.clear()
        with self._lock:
            self._deafen()

    def resume(self) -> None:
        self._front.set()

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                state = self.bridge.adapter()
                if state is Adapter.MISSING:
                    self._status(SourceState.FAILED, "android.reason.no_nfc")
                    return
                with self._lock:
                    if state is Adapter.OFF:
                        self._deafen()
                        self._status(SourceState.RECONNECTING, "android.reason.nfc_off")
                    elif self._front.is_set() and not self._listening:
                        self.bridge.listen(self._found)
                        self._listening = True
                        self._status(SourceState.CONNECTED)
                self._watch_tag()
        finally:
            with self._lock:
                self._deafen()
            self._gone()
            self._status(SourceState.CLOSED)

    def _watch_tag(self) -> None:
        """Until the next look at the adapter: ask the tag lying there if it still answers."""
        until = time.monotonic() + self.timing.adapter
        while not self._stop.is_set() and time.monotonic() < until:
            tag = self._tag
            if tag is not None and not tag.present():
                self._gone()
            self._stop.wait(self.timing.presence)

    def _found(self, tag: AndroidTag) -> None:
        """``onTagDiscovered``, on Android's binder thread."""
        uid = tag.uid.hex().upper()
        try:
            records = tag.records()
        except TagLost:
            records = ()  # lifted while its message was read: the UID is all there is
        with self._lock:
            if uid != self._uid:
                self._gone_locked()
                self._emit(TagPlaced(self.name, uid, records, time.monotonic()))
                self._uid, self._tag = uid, tag

    def _gone(self) -> None:
        with self._lock:
            self._gone_locked()

    def _gone_locked(self) -> None:
        if self._uid is not None:
            self._emit(TagRemoved(self.name, self._uid, time.monotonic()))
        self._uid = self._tag = None

    def _deafen(self) -> None:
        if self._listening:
            self.bridge.deafen()
            self._listening = False

    def _status(self, state: SourceState, reason: str = "") -> None:
        if self._last == (state, reason):
            return
        self._last = (state, reason)
        args: JSONObject = {"reader": self.name}
        self._emit(SourceStatus(self.name, state, reason, args, "", time.monotonic(), KIND))


class AndroidNfcSource(ThreadFed):
    """The tablet's NFC as a source; ``pause`` / ``resume`` follow the app's life cycle."""

    def __init__(self, name: SourceName, bridge: AndroidNfc, timing: Timing | None = None) -> None:
        self._reader: _Reader | None = None
        self._paused = False

        def make(emit: Emit) -> _Reader:
            self._reader = _Reader(name, bridge, emit, timing or Timing())
            if self._paused:
                self._reader.pause()
            return self._reader

        super().__init__(name, make)

    def pause(self) -> None:
        self._paused = True
        if self._reader is not None:
            self._reader.pause()

    def resume(self) -> None:
        self._paused = False
        if self._reader is not None:
            self._reader.resume()
