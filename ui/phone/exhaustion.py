"""Running out of file descriptors (or memory for sockets), said once rather than per attempt.

When the process has no descriptor left, asyncio's accept loop reports each
connection it cannot accept — with a traceback, for every connection waiting
in the backlog, every second — so a phone (or anyone) opening sockets faster
than they close could fill the log and the disk with thousands of tracebacks a
second. Nothing is wrong with the server meanwhile: it keeps serving the sockets
it has, and accepts again as they close. So the first such report of an episode
becomes one warning, the rest are dropped, and the next connection that gets
through ends the episode (said once too). Any other report goes to the handler
that was there before.
"""

from __future__ import annotations

import asyncio
import errno
import logging
from typing import Any

log = logging.getLogger(__name__)

OUT_OF = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}
ACCEPT_FAILED = "socket.accept() out of system resource"
"""The message asyncio's selector loop reports a failed accept with."""

Handler = Any  # asyncio's exception handler: (loop, context) -> object


class Exhaustion:
    """The loop's exception handler while the phones' server runs."""

    def __init__(self) -> None:
        self.out = False
        """In an episode: accepting fails for want of a resource."""
        self.refused = 0
        """Connections asyncio could not accept in this episode (or the last)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._before: Handler = None

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._before = loop.get_exception_handler()
        loop.set_exception_handler(self._handle)

    def uninstall(self) -> None:
        if self._loop is not None and self._loop.get_exception_handler() == self._handle:
            self._loop.set_exception_handler(self._before)
        self._loop = None

    def accepted(self) -> None:
        """A connection got through: an episode, if there was one, is over."""
        if self.out:
            self.out = False
            log.warning("accepting phones' connections again (%d refused meanwhile)", self.refused)

    def _handle(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if context.get("message") == ACCEPT_FAILED and getattr(exc, "errno", None) in OUT_OF:
            if not self.out:
                self.out, self.refused = True, 0
                log.warning(
                    "cannot accept phones' connections: %s; serving those open until some close",
                    exc,
                )
            self.refused += 1
            return
        if self._before is not None:
            self._before(loop, context)
        else:
            loop.default_exception_handler(context)
