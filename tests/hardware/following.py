"""A source followed one observation at a time, as the tests of every sensor read theirs."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from companion.observations import (
    Observation,
    Source,
    SourceState,
    SourceStatus,
    TagPlaced,
    TagRemoved,
)

WAIT_S = 30.0
"""Generous: a bound on a hang, never a measure of speed."""


class Reader:
    """A source, read one observation at a time; :attr:`heard` keeps every one."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.stream = aiter(source)
        self.heard: list[Observation] = []

    async def next(self, wanted: Callable[[Observation], bool]) -> Observation:
        async with asyncio.timeout(WAIT_S):
            while True:
                obs = await anext(self.stream)
                self.heard.append(obs)
                if wanted(obs):
                    return obs

    async def status(self, state: SourceState) -> SourceStatus:
        obs = await self.next(lambda o: isinstance(o, SourceStatus) and o.state is state)
        assert isinstance(obs, SourceStatus)
        return obs

    async def placed(self) -> TagPlaced:
        obs = await self.next(lambda o: isinstance(o, TagPlaced | TagRemoved))
        assert isinstance(obs, TagPlaced), obs
        return obs

    async def close(self) -> None:
        """Close the source and read it to its end (its CLOSED status)."""
        await self.source.aclose()
        async for obs in self.stream:
            self.heard.append(obs)


def taps(reader: Reader) -> list[tuple[str, str, str]]:
    """Every tag placed and removed the host told, in order: (what, zone, uid)."""
    return [(type(o).__name__, o.zone, o.uid) for o in reader.heard
            if isinstance(o, TagPlaced | TagRemoved)]  # fmt: skip


async def placed(reader: Reader, uid: bytes) -> TagPlaced:
    obs = await reader.next(lambda o: isinstance(o, TagPlaced) and o.uid == uid.hex().upper())
    assert isinstance(obs, TagPlaced)
    return obs


async def removed(reader: Reader, uid: bytes) -> TagRemoved:
    obs = await reader.next(lambda o: isinstance(o, TagRemoved) and o.uid == uid.hex().upper())
    assert isinstance(obs, TagRemoved)
    return obs
