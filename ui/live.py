"""The one launcher: a live table for any face — its phones' server, the clock that closes
unanswered windows, its sources — built, started and stopped in one place.

``companion play`` (the tablet, on the desktop and on Android), ``companion demo`` and
``companion resume`` all run their games through :class:`LiveTable`; a face receives the
table's service and its phones (as :class:`ui.phones.Phones`) and never builds either.
Whatever a game starts here ends with it: :meth:`LiveTable.stop` closes the phones' server
and stops the clock.
"""

from __future__ import annotations

import asyncio
from types import TracebackType

from companion.sensors import Sensors
from companion.service import TableService
from companion.windows import WindowTimer
from ui.phone.server import PhoneServer
from ui.phones import DEFAULT_PORT


class LiveTable:
    """One game at a live table, and what runs beside it while it is played."""

    def __init__(
        self,
        service: TableService,
        *,
        phones: bool = True,
        host: str | None = None,
        port: int = DEFAULT_PORT,
    ) -> None:
        """Ready to start: the phones' server is made (the seats' codes kept in the
        journal: a :class:`~companion.journal_errors.JournalError` if they cannot be)."""
        self.service = service
        self.phones = PhoneServer(service, host=host, port=port) if phones else None
        self._timer: WindowTimer | None = None

    async def start(self, sources: Sensors | None = None) -> None:
        """The phones' server listens, the window clock runs, and what ``sources`` feel
        becomes actions at this table."""
        if self.phones is not None:
            await self.phones.start()
        self._timer = WindowTimer(self.service, asyncio.get_running_loop())
        if sources is not None:
            self.service.attach(sources)

    def pause(self, paused: bool) -> None:
        """A paused table closes no window; on going on, the open one starts its time again."""
        if self._timer is not None:
            self._timer.pause(paused)

    async def stop(self) -> None:
        """The clock stopped and every phone told goodbye; the journal keeps the game."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.phones is not None:
            await self.phones.stop()

    async def __aenter__(self) -> LiveTable:
        await self.start()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self.stop()
