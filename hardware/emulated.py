"""A whole table of readers with no hardware: emulated PN532s, opened through nfcpy.

Each reader is a :class:`~firmware_bridge.emulators.pn532.Pn532Emulator` on a
pty, reached through a named link and opened as an ordinary ``nfc:tty:`` source,
so everything from nfcpy's driver up is the code a real table runs. A
:meth:`EmulatedTable.tap` lays a sticker on a reader, waits until the app has
handled it, and lifts it again: the way tests and ``bench/nfc.py`` play.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType
from typing import Any

from companion.observations import Observation, SourceState, SourceStatus, TagPlaced, TagRemoved
from firmware_bridge.emulators.ntag import Ntag213
from firmware_bridge.emulators.pn532 import Pn532Emulator
from hardware.nfc import NfcSource, NfcTty, Polling

Handle = Callable[[Observation], Any]


class EmulatedTable:
    """Readers named ``names`` (links in ``folder``), their observations given to ``handle``."""

    def __init__(
        self,
        names: Iterable[str],
        folder: Path,
        handle: Handle,
        polling: Polling | None = None,
        timeout: float = 30.0,
    ) -> None:
        self.readers = {n: Pn532Emulator(folder / f"tty-{n}") for n in names}
        self.sources = {
            n: NfcSource(n, NfcTty(str(folder / f"tty-{n}"), "pn532"), polling)
            for n in self.readers
        }
        self.handle = handle
        self.timeout = timeout
        self._handled: dict[str, asyncio.Queue[tuple[Observation, Any]]] = {}
        self._pumps: list[asyncio.Task[None]] = []

    async def __aenter__(self) -> EmulatedTable:
        for reader in self.readers.values():
            reader.start()
        self._handled = {n: asyncio.Queue() for n in self.readers}
        self._pumps = [asyncio.create_task(self._pump(s)) for s in self.sources.values()]
        for name in self.readers:
            await self.until(name, lambda o: isinstance(o, SourceStatus)
                             and o.state is SourceState.CONNECTED)  # fmt: skip
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        for source in self.sources.values():
            await source.aclose()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.timeout):
                await asyncio.gather(*self._pumps)
        for reader in self.readers.values():
            reader.close()

    async def _pump(self, source: NfcSource) -> None:
        async for obs in source:
            await self._handled[source.name].put((obs, self.handle(obs)))

    async def until(self, name: str, wanted: Callable[[Observation], bool]) -> Any:
        """What ``handle`` made of reader ``name``'s next observation that is ``wanted``."""
        async with asyncio.timeout(self.timeout):
            while True:
                obs, result = await self._handled[name].get()
                if wanted(obs):
                    return result

    async def tap(self, name: str, tag: Ntag213) -> Any:
        """Lay ``tag`` on reader ``name`` and lift it; what ``handle`` made of the placing."""
        uid = tag.uid.hex().upper()
        self.readers[name].place(tag)
        result = await self.until(name, lambda o: isinstance(o, TagPlaced) and o.uid == uid)
        self.readers[name].remove()
        await self.until(name, lambda o: isinstance(o, TagRemoved) and o.uid == uid)
        return result
