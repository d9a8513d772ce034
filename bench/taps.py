"""From a card laid on a reader to every phone's view: prints ``name: value unit`` lines.

For each registered game, a 4-seat table with six emulated PN532 readers (a seat
each, the centre, the discard pile), opened through nfcpy's own driver on ptys,
the real table service (ingest, rules, journal in an SQLite file), the phone
server and four phones — one a seat — on real WebSockets. The game's bots play
it by taps, dealt by hand, as ``companion demo`` plays (``ui.hands``): a
card a move shows is laid on its reader; a move no card shows is said as a
phone says it and is not a tap.

- ``tap_to_view_p50_ms`` / ``tap_to_view_p99_ms``: from the moment the sticker is
  laid on the emulated reader to the moment the last phone has its new view —
  polling, nfcpy's activation and NDEF read over the pty, ingest, rules, journal
  commit, views and the WebSocket.
- ``sensed_to_view_p99_ms``: the same from the moment the reader thread reported
  the tag: what the app adds on top of the (emulated) radio.
- ``rule_applies_per_tap``, ``actions_per_tap``, ``commits_per_tap`` and
  ``pushes_per_phone_per_tap``: over the taps that made a move (a draw and the
  card it turned out to be are one tap of two actions), how often the rules were
  applied, how many actions and journal transactions, and how many views each
  phone received. A tap is planned once, applied once, committed once and pushed
  once: applies equal actions, commits and pushes are 1.
- ``asking_taps``: the taps that asked a question (which use, which target) instead.
- ``idle_cpu_pct_per_reader``: CPU of this process, in % of one core per reader,
  with six readers polling an empty table for 10 s (the emulators run in another
  process, so their CPU is not counted).

Run: ``python bench/taps.py`` (figures go in docs/benchmarks.md); ``--smoke`` makes ten taps
a game and idles half a second, as CI does so that the script never rots unseen.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.synchronize
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from companion.core.game import GameSpec
from companion.core.rules import Turns
from companion.core.types import Seat
from companion.games import GAMES
from companion.ingest import Feedback
from companion.journal import Journal
from companion.observations import Observation, SourceState, TagPlaced
from companion.service import Change, TableService
from firmware_bridge.emulators.pn532 import Pn532Emulator
from hardware.nfc import NfcSource
from hardware.sources import open_source
from hardware.stickers import reader_stations
from testkit.phone import Phone, loopback
from ui.demo import bot_move
from ui.hands import Hands, emulated_hands
from ui.phone.server import PhoneServer

SEATS = ["Ann", "Ben", "Cat", "Dan"]
STATIONS = reader_stations(len(SEATS))
TAPS = 300
IDLE_S = 10.0


@dataclass
class Counts:
    """What happened during one tap."""

    applies: int = 0
    commits: int = 0
    views: list[int] = field(default_factory=lambda: [0] * len(SEATS))


class Counting:
    """Counts every rule applied (every game's rules run through ``Turns.apply``) and every
    journal transaction of actions, while it is installed."""

    def __init__(self) -> None:
        self.applies = self.commits = 0

    def __enter__(self) -> Counting:
        self._apply, self._append = Turns.apply, Journal.append
        counting = self

        def apply(turns: Turns[Any], state: Any, action: Any) -> Any:
            counting.applies += 1
            return counting._apply(turns, state, action)

        def append(journal: Journal, *args: Any, **kw: Any) -> int:
            counting.commits += 1
            return counting._append(journal, *args, **kw)

        Turns.apply = apply  # type: ignore[method-assign,assignment]
        Journal.append = append  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *_: object) -> None:
        Turns.apply = self._apply  # type: ignore[method-assign]
        Journal.append = self._append  # type: ignore[method-assign]


@dataclass
class Phones:
    """One phone a seat, on real WebSockets; each counts the views it receives."""

    views: list[int]
    last: list[float]

    @classmethod
    async def join(cls, server: PhoneServer, http: aiohttp.ClientSession) -> Phones:
        phones = cls([0] * len(SEATS), [0.0] * len(SEATS))
        for seat in range(len(SEATS)):
            phone = Phone(http, loopback(server.port))
            await phone.sit(server.tokens.token(Seat(seat)))
            asyncio.get_running_loop().create_task(phones._listen(seat, phone))
        return phones

    async def _listen(self, seat: int, phone: Phone) -> None:
        async for message in phone.texts():
            if '"type": "view"' in message or '"type":"view"' in message:
                self.views[seat] += 1
                self.last[seat] = time.monotonic()

    async def settled(self) -> None:
        """Until every view sent so far has arrived (no phone has heard anything for a while)."""
        quiet = 0
        while quiet < 5:
            before = list(self.views)
            await asyncio.sleep(0.002)
            quiet = quiet + 1 if self.views == before else 0


@dataclass
class Taps:
    whole: list[float] = field(default_factory=list)
    on_top: list[float] = field(default_factory=list)
    moves: list[tuple[int, int, int, list[int]]] = field(default_factory=list)
    """(applies, actions, commits, views per phone) of each tap that made a move."""
    asking: int = 0


async def play_by_taps(spec: GameSpec[Any], folder: Path, taps: Taps, wanted: int) -> None:
    """One game of ``spec`` played by bots through taps, measured tap by tap."""
    seed = len(taps.whole)
    service = TableService.start(Journal(folder / f"j{seed}.sqlite3"), spec.key, SEATS,
                                 readers=True, rng=random.Random(seed))  # fmt: skip
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    sensed: list[float] = []

    def heard(change: Change) -> None:  # the bots hear the table, as in the demo
        if change.update is not None:
            for bot in bots:
                bot.hear(change.update.public())

    bots = [spec.bot(Seat(i), random.Random(f"{seed}:{i}")) for i in range(len(SEATS))]
    service.subscribe(heard)
    async with aiohttp.ClientSession() as http:
        phones = await Phones.join(server, http)
        async with emulated_hands(service, folder / f"r{seed}", random.Random(seed)) as hands:
            measure(hands, phones, taps, sensed)
            if hands.dealing():
                await hands.deal()
            while service.over() is None and len(taps.whole) < wanted:
                due = hands.due()
                if due is not None:
                    await hands.make(due)
                    continue
                seat = service.acting()
                assert seat is not None
                await hands.make(bot_move(service, bots[seat], seat))
        await phones.settled()
    await server.stop()


def measure(hands: Hands[Any], phones: Phones, taps: Taps, sensed: list[float]) -> None:
    """Wrap the hands' taps so that each is timed and counted on its own."""
    tap = hands.readers.tap
    handle = hands.readers.handle

    def seeing(obs: Observation) -> Feedback:
        if isinstance(obs, TagPlaced):
            sensed.append(obs.at)
        result: Feedback = handle(obs)
        return result

    hands.readers.handle = seeing

    async def timed(name: str, tag: Any) -> Any:
        await phones.settled()  # the views of moves made without a card, delivered first
        views = list(phones.views)
        laid = time.monotonic()
        with Counting() as counting:
            feedback: Feedback = await tap(name, tag)
            await phones.settled()
        if feedback.committed:
            pushed = [now - then for now, then in zip(phones.views, views, strict=True)]
            taps.moves.append((counting.applies, len(feedback.committed), counting.commits, pushed))
            taps.whole.append(max(phones.last) - laid)
            taps.on_top.append(max(phones.last) - sensed[-1])
        elif feedback.question is not None:
            taps.asking += 1
        return feedback

    hands.readers.tap = timed


def emulate(links: list[Path], ready: multiprocessing.synchronize.Event,
            stop: multiprocessing.synchronize.Event) -> None:  # fmt: skip
    emulators = [Pn532Emulator(link) for link in links]
    for em in emulators:
        em.start()
    ready.set()
    stop.wait()
    for em in emulators:
        em.close()


async def idle_cpu(folder: Path, seconds: float) -> float:
    links = [folder / f"idle-{name}" for name in STATIONS]
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
    await asyncio.sleep(seconds)
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


async def main(smoke: bool) -> None:
    wanted, idle = (10, 0.5) if smoke else (TAPS, IDLE_S)
    with tempfile.TemporaryDirectory() as tmp:
        for key, spec in GAMES.items():
            taps = Taps()
            while len(taps.whole) < wanted:
                await play_by_taps(spec, Path(tmp), taps, wanted)
            moves = taps.moves
            per = {
                "rule_applies_per_tap": sum(m[0] for m in moves) / len(moves),
                "actions_per_tap": sum(m[1] for m in moves) / len(moves),
                "commits_per_tap": sum(m[2] for m in moves) / len(moves),
                "pushes_per_phone_per_tap": sum(sum(m[3]) for m in moves) / len(moves) / 4,
            }
            print(f"tap_to_view_p50_ms.{key}: {1000 * statistics.median(taps.whole):.1f} ms")
            print(f"tap_to_view_p99_ms.{key}: {1000 * p99(taps.whole):.1f} ms")
            print(f"sensed_to_view_p99_ms.{key}: {1000 * p99(taps.on_top):.1f} ms")
            for name, value in per.items():
                print(f"{name}.{key}: {value:.2f}")
            print(f"asking_taps.{key}: {taps.asking} of {taps.asking + len(moves)}")
        cpu = await idle_cpu(Path(tmp), idle)
    print(f"idle_cpu_pct_per_reader: {cpu:.2f} %")


if __name__ == "__main__":
    asyncio.run(main(smoke="--smoke" in sys.argv[1:]))
