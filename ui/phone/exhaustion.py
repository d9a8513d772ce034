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

asyncio tries each refused accept again a second later, even on a listening socket
closed meanwhile (a server stopped mid-episode), where the try finds no descriptor and
is reported with a traceback; those tries are dropped too, and the handler stays until
the last of them has run.
"""

from __future__ import annotations

import asyncio
import errno
import logging
from asyncio import constants
from typing import Any

log = logging.getLogger(__name__)

OUT_OF = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}
ACCEPT_FAILED = "socket.accept() out of system resource"
"""The message asyncio's selector loop reports a failed accept with."""

RETRY = constants.ACCEPT_RETRY_DELAY
"""How long after a refused accept asyncio tries the listening socket again."""
MARGIN = 0.1
"""Slack past that: asyncio schedules its try a moment after this handler is told."""

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
        self._tried_by = 0.0
        """The loop's time by which asyncio has tried again every accept refused so far."""

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        if loop.get_exception_handler() != self._handle:  # not still there from a last run
            self._before = loop.get_exception_handler()
        self._loop = loop
        loop.set_exception_handler(self._handle)

    def uninstall(self) -> None:
        """Give the loop back its handler — once asyncio's last try of a refused accept has
        run (its deadline passed: a timer runs no earlier than it, and in order)."""
        loop = self._loop
        if loop is None:
            return
        left = self._tried_by - loop.time()
        if left > 0:
            loop.call_later(left, self._restore)
        else:
            self._restore()

    def _restore(self) -> None:
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
            self._tried_by = loop.time() + RETRY + MARGIN
            if not self.out:
                self.out, self.refused = True, 0
                log.warning(
                    "cannot accept phones' connections: %s; serving those open until some close",
                    exc,
                )
            self.refused += 1
            return
        if _late_retry(context):
            return
        if self._before is not None:
            self._before(loop, context)
        else:
            loop.default_exception_handler(context)


def _late_retry(context: dict[str, Any]) -> bool:
    """The report of asyncio's try of a refused accept on a socket closed since: the
    server stopped, and there is nothing left to accept on."""
    callback = getattr(context.get("handle"), "_callback", None)
    late = getattr(callback, "__name__", "") == "_start_serving"
    return late and isinstance(context.get("exception"), ValueError)
