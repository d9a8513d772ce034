"""Our reader board on a pseudo-terminal, speaking the board protocol from Python
(``docs/board-protocol.md``): for a machine without the simulator, and for the demo.

It behaves as the firmware does on the wire — answers ``HELLO``, ``STATE`` and ``PING``,
tells each tag placed and removed, a heartbeat with each reader's health every
``heartbeat`` seconds, a UID on two readers given to neither with an error, an error for
a host frame that fails its check, numbering its frames from 0 again after a reboot — and
takes the faults a table gives: a frame lost on the line, a board that hangs, a reboot,
a cable pulled out and plugged back in (under another name). What it does not model is
radio: a tag placed is read at once, with no debounce; ``firmware_bridge/simulator.py``
runs the real firmware for that.

Everything on the line is done by one thread that owns the pty's device side.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

from firmware_bridge import protocol as p
from firmware_bridge.emulators.pty import PtyDevice

FIRMWARE = (1, 0, 0)


class BoardEmulator(PtyDevice):
    """A board with ``readers`` readers on a pty (kept linked at ``link``, if given)."""

    def __init__(
        self,
        link: Path | None = None,
        readers: int = 8,
        *,
        heartbeat: float = 1.0,
        protocol: int = p.PROTOCOL,
    ) -> None:
        self.readers = readers
        self.heartbeat = heartbeat
        self.protocol = protocol
        self.health = [p.Health.OK] * readers
        """Each reader's health, as the next heartbeat tells it."""
        super().__init__(link, "board-emulator")
        self._lying: list[bytes] = [b""] * readers
        """What lies on each reader."""
        self._told: list[bytes] = [b""] * readers
        """What the board has told the host lies on each reader."""
        self._clashes: set[int] = set()
        self._seq = 0
        self._lose = 0
        self._hung = False
        self._booted = time.monotonic()
        self._beat_at = 0.0
        self._decoder = p.Decoder()

    # --- the table ---------------------------------------------------------------------

    def place(self, reader: int, uid: bytes) -> None:
        """A tag now lies on ``reader``."""
        self._change(lambda: self._lying.__setitem__(reader, uid))

    def remove(self, reader: int) -> None:
        """The tag on ``reader`` was lifted."""
        self._change(lambda: self._lying.__setitem__(reader, b""))

    # --- faults ------------------------------------------------------------------------

    def lose(self, frames: int = 1) -> None:
        """The next ``frames`` frames the board sends never reach the host (their numbers are
        used all the same: the host sees a gap)."""
        with self._lock:
            self._lose += frames

    def hang(self, hung: bool = True) -> None:
        """The board stops (or starts again): it sends nothing and answers nothing."""
        with self._lock:
            self._hung = hung

    def noise(self, data: bytes) -> None:
        """Bytes on the line that are no frame of the board's (or a frame spoiled)."""
        with self._lock:
            if self._pty.master >= 0:
                os.write(self._pty.master, data)

    def reset(self) -> None:
        """The board reboots: it numbers its frames from 0 and forgets what it told; the tags
        lie where they lay, and it finds them again."""
        with self._lock:
            self._reboot()

    def unplug(self) -> None:
        """The USB cable pulled out: the host's port hangs up (and the board loses power)."""
        with self._lock:
            self._pty.unplug()

    def plug(self, link: Path | None = None) -> None:
        """The cable plugged back in: a new pty (and link), a board just powered on."""
        with self._lock:
            self._pty.plug(link)
            self._reboot()

    # --- the board ---------------------------------------------------------------------

    def _change(self, change: Callable[[], None]) -> None:
        with self._lock:
            change()
            self._settle()

    def _reboot(self) -> None:
        self._seq, self._told, self._clashes = 0, [b""] * self.readers, set()
        self._booted, self._beat_at = time.monotonic(), 0.0
        self._settle()

    def _settle(self) -> None:
        """Tell the host what changed: a UID on two readers is told on neither, with an error
        naming both (as the firmware's neighbour check does)."""
        clashes = set()
        for reader, uid in enumerate(self._lying):
            others = [r for r, u in enumerate(self._lying) if uid and u == uid and r != reader]
            if others:
                clashes.add(reader)
                if reader not in self._clashes and reader > others[0]:
                    self._send(p.Error(self._next(), p.ErrorCode.TWO_READERS, reader, others[0]))
        self._clashes = clashes
        for reader, uid in enumerate(self._lying):
            now = b"" if reader in clashes else uid
            told = self._told[reader]
            if told == now:
                continue
            if told:
                self._send(p.Removed(self._next(), reader, told))
            if now:
                self._send(p.Placed(self._next(), reader, now))
            self._told[reader] = now

    def _next(self) -> int:
        seq, self._seq = self._seq, (self._seq + 1) & 0xFFFF
        return seq

    def _send(self, frame: p.Frame) -> None:
        if self._hung or self._pty.master < 0:
            return
        if self._lose:
            self._lose -= 1
            return
        with contextlib.suppress(OSError):  # the host is gone: it asks when it is back
            os.write(self._pty.master, p.encode(frame))

    def _answer(self, frame: p.Frame) -> None:
        match frame:
            case p.AskHello():
                self._send(p.Hello(self._next(), self.protocol, FIRMWARE, self.readers))
            case p.AskState():
                self._send(p.Snapshot(self._next(), tuple(self._told)))
            case p.Ping():
                self._send(p.Pong(self._next(), frame.token))
            case _:
                self._send(p.Error(self._next(), p.ErrorCode.UNKNOWN_COMMAND, 0xFF, 0))

    tick = 0.01

    def heard(self, master: int, data: bytes) -> None:
        with self._lock:
            if self._hung:
                return
            decoder = self._decoder
            dropped = decoder.dropped
            for frame in decoder.feed(data):
                self._answer(frame)
            if decoder.dropped > dropped:
                self._send(p.Error(self._next(), p.ErrorCode.BAD_CRC, 0xFF, 0))
            self._beat()

    def hung_up(self) -> None:
        self._decoder = p.Decoder()

    def _beat(self) -> None:
        now = time.monotonic()
        if now < self._beat_at:
            return
        self._beat_at = now + self.heartbeat
        uptime = int((now - self._booted) * 1000) & 0xFFFFFFFF
        self._send(p.Heartbeat(self._next(), uptime, tuple(self.health)))
