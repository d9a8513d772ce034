"""From a tag laid on a reader to the views published: prints ``name: value unit`` lines.

A 4-seat Microfilms table with six emulated PN532 readers (a seat each, the
centre, the discard pile), opened through nfcpy's own driver on ptys, and the
real ingest, table, journal (SQLite file) and view rendering. Seats draw by
laying the card on their reader and discard on the discard reader, turn after
turn.

- ``tap_to_view_p50_ms`` / ``tap_to_view_p99_ms``: from the moment the sticker is
  laid on the emulated reader to the moment every view of the committed action
  is rendered — polling, nfcpy's activation and NDEF read over the pty, ingest,
  rules, journal commit and views.
- ``sensed_to_view_p99_ms``: the same from the moment the reader thread reported
  the tag: what the app adds on top of the (emulated) radio.
- ``idle_cpu_pct_per_reader``: CPU of this process, in % of one core per reader,
  with six readers polling an empty table for 10 s (the emulators run in another
  process, so their CPU is not counted).

Run: ``python bench/nfc.py`` (figures go in docs/benchmarks.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as ``python bench/nfc.py``, this file's folder comes first on the path and
# its name would hide nfcpy's package ``nfc``: take the folder off the path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent.resolve()]

import asyncio  # noqa: E402
import multiprocessing  # noqa: E402
import multiprocessing.synchronize  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

from companion.core.types import Seat  # noqa: E402
from companion.games.microfilms import GAME, cards  # noqa: E402
from companion.ingest import Ingest  # noqa: E402
from companion.journal import Journal  # noqa: E402
from companion.observations import Observation, SourceState, TagPlaced  # noqa: E402
from companion.table import Table, Update, players_tell  # noqa: E402
from companion.tagmap import TagMap  # noqa: E402
from firmware_bridge.emulators.pn532 import Pn532Emulator  # noqa: E402
from hardware.emulated import EmulatedTable  # noqa: E402
from hardware.hands import reader_roles, sticker  # noqa: E402
from hardware.nfc import NfcSource  # noqa: E402
from hardware.sources import open_source  # noqa: E402

SEATS = ["Ann", "Ben", "Cat", "Dan"]
ROLES = reader_roles(len(SEATS))
TAPS = 300
IDLE_S = 10.0


async def tap_to_view(folder: Path) -> tuple[list[float], list[float]]:
    table = Table.start(Journal(folder / "j.sqlite3"), "microfilms", SEATS,
                        chance=players_tell(GAME, random.Random(1)))  # fmt: skip
    tags = TagMap(folder / "tags.sqlite3")
    deck = tags.new_deck("bench", "microfilms")
    tags.store(deck, {sticker(c.id).uid.hex().upper(): c.id for c in cards.ALL})
    ingest = Ingest(table, ROLES, lambda placed: tags.recognise(deck, placed))
    published: list[float] = []

    def publish(update: Update) -> None:
        table.public_view()
        for seat in range(len(SEATS)):
            table.private_view(Seat(seat))
            update.private(Seat(seat))
        published.append(time.monotonic())

    table.subscribe(publish)
    sensed: list[float] = []

    def handle(obs: Observation) -> object:
        if isinstance(obs, TagPlaced):
            sensed.append(obs.at)
        return ingest.observe(obs)

    whole, on_top = [], []
    async with EmulatedTable(ROLES, folder, handle) as readers:
        for _ in range(TAPS // 2):
            seat = table.state.active
            for reader in (f"seat{seat + 1}", "discard"):
                me = table.state.player(seat)
                affordable = (c for c in me.hand if c != cards.ACE or me.francs >= 2)
                card = table.state.deck[0] if reader != "discard" else next(affordable)
                laid = time.monotonic()
                await readers.tap(reader, sticker(card))
                whole.append(published[-1] - laid)
                on_top.append(published[-1] - sensed[-1])
    return whole, on_top


def emulate(links: list[Path], ready: multiprocessing.synchronize.Event,
            stop: multiprocessing.synchronize.Event) -> None:  # fmt: skip
    emulators = [Pn532Emulator(link) for link in links]
    for em in emulators:
        em.start()
    ready.set()
    stop.wait()
    for em in emulators:
        em.close()


async def idle_cpu(folder: Path) -> float:
    links = [folder / f"idle-{name}" for name in ROLES]
    context = multiprocessing.get_context("spawn")
    ready, stop = context.Event(), context.Event()
    child = context.Process(target=emulate, args=(links, ready, stop))
    child.start()
    ready.wait()
    sources = [open_source(f"nfc:tty:{link}:pn532", link.name) for link in links]
    streams = [aiter(s) for s in sources]
    for stream in streams:
        while getattr(await anext(stream), "state", None) is not SourceState.CONNECTED:
            pass
    cpu, wall = time.process_time(), time.monotonic()
    await asyncio.sleep(IDLE_S)
    used = (time.process_time() - cpu) / (time.monotonic() - wall)
    for source, stream in zip(sources, streams, strict=True):
        assert isinstance(source, NfcSource)
        await source.aclose()
        async for _ in stream:
            pass
    stop.set()
    child.join()
    return 100 * used / len(links)


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        whole, on_top = await tap_to_view(Path(tmp))
        cpu = await idle_cpu(Path(tmp))
    print(f"tap_to_view_p50_ms: {1000 * statistics.median(whole):.1f} ms")
    print(f"tap_to_view_p99_ms: {1000 * p99(whole):.1f} ms")
    print(f"sensed_to_view_p99_ms: {1000 * p99(on_top):.1f} ms")
    print(f"idle_cpu_pct_per_reader: {cpu:.2f} %")


if __name__ == "__main__":
    asyncio.run(main())
