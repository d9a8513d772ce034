"""The clock of the table's response windows: the app closes a round nobody answered in time.

The rules keep no clock (a round closes by :class:`~companion.core.rounds.CloseRound`,
journalled like any action); the service says when the open round is due
(:meth:`~companion.service.TableService.window`); this timer, on the app's asyncio
loop, asks it to close the round then. It re-arms after every change at the table,
so a round held open waits, and one closed early by its last answer is forgotten.
"""

from __future__ import annotations

import asyncio
import logging

from companion.core.errors import RuleViolation
from companion.journal_errors import JournalError
from companion.service import Change, TableService

log = logging.getLogger(__name__)


class WindowTimer:
    """Closes each round of ``service`` when its time is up; one per table, on one loop."""

    def __init__(self, service: TableService, loop: asyncio.AbstractEventLoop) -> None:
        self._service = service
        self._loop = loop
        self._due: asyncio.TimerHandle | None = None
        service.subscribe(self._on_change)
        self._arm()

    def stop(self) -> None:
        if self._due is not None:
            self._due.cancel()
            self._due = None

    def pause(self, paused: bool) -> None:
        """A paused table closes nothing; going on, the open round has its whole time again
        (:meth:`~companion.service.TableService.hold_window`, whose change re-arms this)."""
        self._service.hold_window(paused)

    def _on_change(self, change: Change) -> None:
        self._arm()

    def _arm(self) -> None:
        self.stop()
        window = self._service.window()
        if window is not None and window.closes_in is not None:
            self._due = self._loop.call_later(window.closes_in, self._close, window.n)

    def _close(self, n: int) -> None:
        self._due = None
        try:
            self._service.close_due(n)
        except RuleViolation:  # the table moved on meanwhile: nothing to close
            log.info("round %s had closed already", n)
        except JournalError:  # the disk cannot keep it: the window waits for the next change
            log.warning("round %s could not be closed: the journal cannot keep it", n)
            return
        self._arm()
