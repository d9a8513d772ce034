"""A pseudo-terminal that stands for a device's USB serial port, and can be pulled out and
plugged back in.

``link`` (optional) is a symlink kept pointing at the current pty, as udev keeps
``/dev/serial/by-id/…`` pointing at a replugged adapter: a host opens the device through
it, or through :attr:`LinkedPty.path`.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import tty
from pathlib import Path
from types import TracebackType
from typing import Self


class LinkedPty:
    """The device's side (``master``) of a pty whose other side a host opens as a port."""

    def __init__(self, link: Path | None = None) -> None:
        self.link = link
        self.master = self.slave = -1
        self.path = Path()
        self.plug()

    def plug(self, link: Path | None = None) -> None:
        """A new pty (the device plugged in again), the link re-pointed (or moved to ``link``)."""
        self.unplug()
        if self.link is not None and link is not None:
            self.link.unlink(missing_ok=True)
        self.link = link or self.link
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # no echo, no line discipline before the host sets the port
        self.path = Path(os.ttyname(self.slave))
        if self.link is not None:
            self.link.unlink(missing_ok=True)
            self.link.symlink_to(self.path)

    def unplug(self) -> None:
        """The cable pulled out: the host's port hangs up."""
        for fd in (self.master, self.slave):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self.master = self.slave = -1

    def close(self) -> None:
        self.unplug()
        if self.link is not None:
            self.link.unlink(missing_ok=True)


class PtyDevice:
    """A device on a :class:`LinkedPty`, served by one thread that owns its side: each
    ``tick`` seconds at most, :meth:`heard` gets what the host wrote since (maybe nothing).
    A context manager: the thread runs inside it, and the pty is gone after it."""

    tick = 0.05

    def __init__(self, link: Path | None, title: str) -> None:
        self._lock = threading.Lock()
        self._pty = LinkedPty(link)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, name=title, daemon=True)

    @property
    def path(self) -> Path:
        """The pty a host opens now (it changes when the device is replugged)."""
        return self._pty.path

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        self._pty.close()

    def heard(self, master: int, data: bytes) -> None:
        """What the host wrote (``b""``: a tick with nothing); answer on ``master``."""
        raise NotImplementedError

    def hung_up(self) -> None:
        """The pty went away under the thread (unplugged): forget half-heard input."""

    def _serve(self) -> None:
        while not self._stop.is_set():
            master = self._pty.master
            if master < 0:
                self._stop.wait(0.01)
                continue
            try:
                ready, _, _ = select.select([master], [], [], self.tick)
                data = os.read(master, 4096) if ready else b""
            except (OSError, ValueError):
                self.hung_up()  # a replug brings a new master
                self._stop.wait(0.01)
                continue
            self.heard(master, data)
