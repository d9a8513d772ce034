"""The sensors of one table: opened sources, what each of their spots watches, their health.

``hardware`` opens the sources (NFC readers, a reader board, a camera, a
script); a :class:`Sensors` takes them already opened, with the place at the
table each of their readers or zones watches, and consumes them all on the
app's loop for as long as the app runs. Whoever listens now — the live table
of a game in play, or, before a game, the start screen waiting for readers —
is its ``handler``; the sources keep running from one game to the next.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.core.taps import Place, Station
from companion.core.types import Seat
from companion.ingest import Places, Recognise
from companion.observations import (
    Observation,
    Pausing,
    Source,
    SourceName,
    SourceStatus,
    Zone,
)

log = logging.getLogger(__name__)

Handler = Callable[[Observation], Any]


def _ignore(obs: Observation) -> None:
    """Nobody listens yet."""


class Sensors:
    """Opened ``sources``, each with the place each of its zones watches."""

    def __init__(
        self, sources: Iterable[tuple[Source, Mapping[Zone, Station]]], recognise: Recognise
    ) -> None:
        watched = list(sources)
        self.sources = [source for source, _ in watched]
        self.places: Places = {
            (source.name, zone): station
            for source, zones in watched
            for zone, station in zones.items()
        }
        self.recognise = recognise
        self.statuses: dict[SourceName, SourceStatus] = {}
        """Every source's latest status, from the start: what the start screen shows."""
        self.handler: Handler = _ignore

    def deal_on_readers(self, seats: int) -> bool:
        """Whether a table of ``seats`` may be dealt on these readers: every seat has its own.

        A table where some seat has none is dealt as a table without readers is (the
        readers still see the cards laid in play): a deal read off the readers would wait
        for cards no reader can see.
        """
        mine = {station.seat for station in self.places.values() if station.place is Place.SEAT}
        return all(Seat(s) in mine for s in range(seats))

    @property
    def centre(self) -> bool:
        """Whether a reader watches the centre: at a table that tells its deal on the phones,
        the card nobody may see (Microfilms' letter set aside) is laid there."""
        return any(station.place is Place.CENTRE for station in self.places.values())

    def pause(self) -> None:
        """The app left the screen: a source that may listen only meanwhile stops."""
        for source in self.sources:
            if isinstance(source, Pausing):
                source.pause()

    def resume(self) -> None:
        """The app is on the screen again: every source listens again."""
        for source in self.sources:
            if isinstance(source, Pausing):
                source.resume()

    async def aclose(self) -> None:
        """Close every source: :meth:`run` ends with them."""
        await asyncio.gather(*(source.aclose() for source in self.sources))

    async def run(self) -> None:
        """Consume every source until each has ended (closed, or failed for good)."""
        await asyncio.gather(*(self._consume(source) for source in self.sources))

    async def _consume(self, source: Source) -> None:
        """Every observation of ``source`` to the handler. A handler that raises is logged
        and the source read on: an exception leaving this loop would close the source, and
        a reader would stop for good while every face still showed it connected."""
        try:
            async for obs in source:
                if isinstance(obs, SourceStatus):
                    self.statuses[obs.source] = obs
                try:
                    self.handler(obs)
                except Exception:
                    log.exception("handling an observation of %s failed", source.name)
        finally:
            await source.aclose()
