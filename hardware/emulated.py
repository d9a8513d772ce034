"""A whole table of readers with no hardware: emulated PN532s read through nfcpy, or
emulated reader boards read through our own host.

Each PN532 is a :class:`~firmware_bridge.emulators.pn532.Pn532Emulator` on a pty, reached
through a named link and opened as an ordinary ``nfc:tty:`` source; with ``board``, the
places are the readers of :class:`~firmware_bridge.emulators.board.BoardEmulator`\\ s (eight
to a board, as many boards as the table needs) opened as ``board:`` sources, a zone per
reader. Everything from the port up is the code a real table runs. A
:meth:`EmulatedTable.tap` lays a sticker on a place's reader, waits until the app has
handled it, and lifts it again: the way tests, the demo and ``bench/taps.py`` play.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

from companion.core.taps import Station
from companion.core.types import CardId
from companion.ingest import SETTLE_S, Places
from companion.observations import (
    CardGone,
    CardSeen,
    Observation,
    Source,
    SourceName,
    SourceState,
    SourceStatus,
    TagPlaced,
    TagRemoved,
    Zone,
)
from firmware_bridge.emulators.board import BoardEmulator
from firmware_bridge.emulators.ntag import Ntag213, sticker, sticker_uid
from firmware_bridge.emulators.pn532 import Pn532Emulator
from firmware_bridge.emulators.pty import PtyDevice
from firmware_bridge.protocol import MAX_READERS
from hardware.board import BoardPort, BoardSource
from hardware.nfc import NfcSource, NfcTty, Polling

Handle = Callable[[Observation], Any]


class Laying(Protocol):
    """A table a card can be laid on, place by place: what the ingest made of each card."""

    def places(self, stations: Mapping[str, Station]) -> Places: ...

    async def lay(self, name: str, card: CardId) -> Any: ...


@dataclass(frozen=True)
class _Reader:
    """One place's reader: the source and zone it reports as, and how a tag is laid on it."""

    source: SourceName
    zone: Zone
    lay: Callable[[Ntag213], None]
    lift: Callable[[], None]


def _board_reader(name: SourceName, board: BoardEmulator, reader: int) -> _Reader:
    return _Reader(name, str(reader), lambda tag: board.place(reader, tag.uid),
                   lambda: board.remove(reader))  # fmt: skip


class EmulatedTable:
    """Readers for the places ``names`` (links in ``folder``), their observations given to
    ``handle``; a PN532 each, or with ``board`` the readers of reader boards."""

    def __init__(
        self,
        names: Iterable[str],
        folder: Path,
        handle: Handle,
        polling: Polling | None = None,
        timeout: float = 30.0,
        *,
        board: bool = False,
    ) -> None:
        names = list(names)
        self.devices: list[PtyDevice] = []
        self.sources: dict[SourceName, Source] = {}
        self.readers: dict[str, _Reader] = {}
        if board:
            self._boards(names, folder)
        else:
            for n in names:
                pn532 = Pn532Emulator(folder / f"tty-{n}")
                self.devices.append(pn532)
                self.sources[n] = NfcSource(n, NfcTty(str(folder / f"tty-{n}"), "pn532"), polling)
                self.readers[n] = _Reader(n, "", pn532.place, pn532.remove)
        self.handle = handle
        self.timeout = timeout
        self._handled: dict[SourceName, asyncio.Queue[tuple[Observation, Any]]] = {}
        self._pumps: list[asyncio.Task[None]] = []
        self._lifted: dict[str, tuple[CardId, float]] = {}
        """Each reader's last card, and when it was lifted off it."""

    def _boards(self, names: list[str], folder: Path) -> None:
        for first in range(0, len(names), MAX_READERS):
            some = names[first : first + MAX_READERS]
            name, link = f"board{first // MAX_READERS + 1}", folder / f"ttyACM-{len(self.devices)}"
            device = BoardEmulator(link, len(some))
            self.devices.append(device)
            self.sources[name] = BoardSource(name, BoardPort(str(link)))
            for reader, place in enumerate(some):
                self.readers[place] = _board_reader(name, device, reader)

    def places(self, stations: Mapping[str, Station]) -> Places:
        """Where each place's reader reports, for the ingest: its source and zone."""
        return {
            (self.readers[n].source, self.readers[n].zone): station
            for n, station in stations.items()
        }

    async def __aenter__(self) -> EmulatedTable:
        for device in self.devices:
            device.start()
        self._handled = {n: asyncio.Queue() for n in self.sources}
        self._pumps = [asyncio.create_task(self._pump(s)) for s in self.sources.values()]
        for name in self.sources:
            await self._until(name, lambda o: isinstance(o, SourceStatus)
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
        for device in self.devices:
            device.close()

    async def _pump(self, source: Source) -> None:
        async for obs in source:
            await self._handled[source.name].put((obs, self.handle(obs)))

    async def _until(self, source: SourceName, wanted: Callable[[Observation], bool]) -> Any:
        async with asyncio.timeout(self.timeout):
            while True:
                obs, result = await self._handled[source].get()
                if wanted(obs):
                    return result

    async def until(self, name: str, wanted: Callable[[Observation], bool]) -> Any:
        """What ``handle`` made of place ``name``'s reader's next observation that is
        ``wanted`` (its source's statuses included)."""
        reader = self.readers[name]

        def here(obs: Observation) -> bool:
            return (isinstance(obs, SourceStatus) or obs.zone == reader.zone) and wanted(obs)

        return await self._until(reader.source, here)

    async def lay(self, name: str, card: CardId) -> Any:
        """``card``'s sticker laid on place ``name``'s reader and lifted (:meth:`tap`).

        A card laid again on the reader it just left waits out the ingest's
        :data:`~companion.ingest.SETTLE_S` first, as a hand making a second move does
        (a card drawn onto its reader, then laid there to be equipped): sooner, the
        ingest rightly takes it for the first tap's shaky hand and counts it once.
        """
        last = self._lifted.get(name)
        if last is not None and last[0] == card:
            await asyncio.sleep(max(0.0, last[1] + SETTLE_S - time.monotonic()))
        result = await self.tap(name, sticker(card))
        self._lifted[name] = (card, time.monotonic())
        return result

    async def tap(self, name: str, tag: Ntag213) -> Any:
        """Lay ``tag`` on place ``name``'s reader and lift it; what ``handle`` made of the
        placing."""
        uid, reader = tag.uid.hex().upper(), self.readers[name]
        reader.lay(tag)
        result = await self.until(name, lambda o: isinstance(o, TagPlaced) and o.uid == uid)
        reader.lift()
        await self.until(name, lambda o: isinstance(o, TagRemoved) and o.uid == uid)
        return result


class DirectTable:
    """Readers and a camera that tell at once, straight to ``handle`` — no pty, no driver, no
    frames — for suites that play thousands of taps, testing everything from the
    observation up. Each place of ``camera`` is a zone of one overhead camera, which sees
    the card laid there face up (``CardSeen``); every other place is a reader of its own,
    which feels the card's sticker (``TagPlaced``). Time is the table's own: each card is
    laid a second after the last was lifted, so no lay is ever a shaky hand's."""

    CAMERA: SourceName = "camera"

    def __init__(self, handle: Handle, *, camera: Iterable[str] = ()) -> None:
        self.handle = handle
        self.camera = frozenset(camera)
        self.now = 0.0

    def _spot(self, name: str) -> tuple[SourceName, Zone]:
        return (self.CAMERA, name) if name in self.camera else (name, "")

    def places(self, stations: Mapping[str, Station]) -> Places:
        return {self._spot(name): station for name, station in stations.items()}

    async def lay(self, name: str, card: CardId) -> Any:
        """``card`` laid on place ``name`` and taken away again; what ``handle`` made of it."""
        source, zone = self._spot(name)
        self.now += 1.0
        if zone:
            result = self.handle(CardSeen(source, card, self.now, zone))
            self.handle(CardGone(source, card, self.now + 0.5, zone))
        else:
            uid = sticker_uid(card)
            result = self.handle(TagPlaced(source, uid, (), self.now))
            self.handle(TagRemoved(source, uid, self.now + 0.5))
        return result
