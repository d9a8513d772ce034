"""A whole evening on one tablet: game after game in one process, as a group plays them.

The tablet app runs offscreen in this one process for the whole evening. Each game is one
of the three, at a table size the game allows, with the voice on: it is opened from the
start screen, and a phone joins every seat but one (a player without a phone). Mid-game
one phone leaves cleanly and another is cut off without a goodbye (a locked screen, a
lost Wi-Fi), and the centre's reader board (emulated on a pseudo-terminal, as the app
finds a real one) is unplugged and plugged back in; every fifth game the table is left
half-way and resumed, as after a pause.
At game over the phones that left come back, everyone sees the end, and the tablet's
"New game" goes back to the start screen. There, once what the game dropped is
collected, the process is measured:

- per game (``.g01``, ``.g02``…): ``rss_mb``, ``fds``, ``threads``, ``asyncio_tasks``,
  ``kivy_widgets``, ``textures``, ``gc_objects``, and ``frame_p99_ms`` (between the frames
  of that game);
- at the end: ``games``, and the growth from the third game to the last:
  ``rss_growth_pct``, ``fds_growth``, ``threads_growth``, ``asyncio_tasks_growth`` and
  ``kivy_widgets_growth``.

Run: ``python bench/evening.py`` (20 games; figures go in docs/benchmarks.md);
``--smoke`` plays 2, as CI does so that the script never rots unseen.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import itertools
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import aiohttp

from companion.core import playout
from companion.core.actions import Action
from companion.core.game import GameSpec
from companion.core.types import Seat
from companion.games import GAMES as SPECS
from companion.i18n import text
from companion.observations import SourceState
from companion.policy import Dealer, Draws
from companion.table import Table
from companion.tagmap import TagMap
from firmware_bridge.emulators.board import BoardEmulator
from hardware.sources import Watch
from testkit.phone import Phone, loopback

GAMES = 20
SMOKE_GAMES = 2
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal", "Ivy", "Jon")
LANG = "zh-Hant"
LEAVE, UNPLUG, PAUSE = 15, 25, 40
"""The move at which two phones leave (one cleanly, one cut off), the one at which the
reader board is unplugged and back, and the one at which every fifth game is left and
resumed."""


class Quiet:
    """The table's voice, heard by nobody: what it would say is made and let go."""

    def say(self, line: str, lang: str) -> str | None:
        return None


class Seated:
    """A phone at one seat, with its own connection (so it can be cut off alone)."""

    def __init__(self, port: int, seat: int, device: str | None = None) -> None:
        self.port, self.seat = port, seat
        self.http = aiohttp.ClientSession()
        self.phone = Phone(self.http, loopback(port), device)
        self.reading: asyncio.Future[None] | None = None

    async def sit(self, token: str) -> None:
        await self.phone.sit(token, LANG)
        self.reading = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        """Everything the phone is sent, read as it comes, as the page does."""
        try:
            async for _ in self.phone.texts():
                pass
        except (aiohttp.ClientError, ConnectionError):  # cut off: its reading ends too
            return

    async def cut_off(self) -> None:
        """The phone's connection gone without a goodbye (a locked screen, a lost Wi-Fi)."""
        connector = self.http.connector
        assert connector is not None
        await connector.close()

    async def close(self) -> None:
        await self.phone.close()
        if self.reading is not None:
            self.reading.cancel()
            await asyncio.gather(self.reading, return_exceptions=True)
        await self.http.close()


def measured(frames: list[float]) -> dict[str, float]:
    """The process as it stands, and the frames of the game just played."""
    from kivy.graphics.texture import Texture  # noqa: PLC0415 -- Kivy is configured by now
    from kivy.uix.widget import Widget  # noqa: PLC0415

    with open("/proc/self/status", encoding="ascii") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    live = gc.get_objects()
    gaps = [(b - a) * 1000 for a, b in itertools.pairwise(frames)]
    return {
        "rss_mb": rss / 1024,
        "fds": len(os.listdir("/proc/self/fd")),
        "threads": threading.active_count(),
        "asyncio_tasks": len(asyncio.all_tasks()),
        "kivy_widgets": sum(issubclass(type(o), Widget) for o in live),
        "textures": sum(issubclass(type(o), Texture) for o in live),
        "gc_objects": len(live),
        "frame_p99_ms": statistics.quantiles(gaps, n=100)[98] if len(gaps) > 1 else 0.0,
    }


async def evening(games: int) -> list[dict[str, float]]:
    from kivy.core.window import Window  # noqa: PLC0415 -- Kivy is configured by now

    from testkit.tablet import run_tablet  # noqa: PLC0415

    frames: list[float] = []
    Window.bind(on_flip=lambda *_: frames.append(time.perf_counter()))
    rows: list[dict[str, float]] = []
    folder = Path(tempfile.mkdtemp())
    tags = TagMap(folder / "tags.sqlite3")
    deck = tags.new_deck("no stickers", next(iter(SPECS)))  # no card is laid on the reader
    recognise = functools.partial(tags.recognise, deck)
    centre = Watch.parse(f"centre=board:{folder}/ttyACM-*#0")
    with BoardEmulator(folder / "ttyACM-board", readers=1) as board:
        tablet_runs = run_tablet(folder / "evening.sqlite3", LANG, speaker=Quiet(),
                                 readers=[centre], recognise=recognise)  # fmt: skip
        async for tablet in tablet_runs:
            rng = random.Random(1)
            for n in range(games):
                spec = list(SPECS.values())[n % len(SPECS)]  # each registered game in turn
                size = spec.sizes[n % len(spec.sizes)]
                frames.clear()
                released = await one_game(tablet, board, spec, size, pause=n % 5 == 4, rng=rng)
                played = list(frames)
                await settled(tablet, released)
                rows.append(measured(played))
                for name, value in rows[-1].items():
                    unit = {"rss_mb": " MB", "frame_p99_ms": " ms"}.get(name, "")
                    print(f"{name}.g{n + 1:02d}: {value:.1f}{unit}", flush=True)
                print(f"# game {n + 1}: {spec.key}, {size} players", flush=True)
    return rows


async def one_game(
    tablet: Any,
    board: BoardEmulator,
    spec: GameSpec[Any],
    size: int,
    *,
    pause: bool,
    rng: random.Random,
) -> int:
    """One game from the start screen to its game-over screen and back, phones and all;
    how many games the app had let go before this one was left."""
    from ui.tablet import memory  # noqa: PLC0415 -- Kivy is configured by now

    app = tablet.app
    app.new_game(spec.key, NAMES[:size], spec.options.fitting(size), draws=Draws.APP,
                 dealer=Dealer.APP, window=0, voice=True)  # fmt: skip
    await tablet.until(lambda: app.screens.current == "join")
    port, tokens = app.session.phones.port, app.session.phones.tokens
    phones = [Seated(port, seat) for seat in range(size - 1)]  # the last seat has no phone
    for phone in phones:
        await phone.sit(tokens.token(Seat(phone.seat)))
    await tablet.press(text(LANG, "tablet.to_table"))
    await tablet.until(lambda: app.screens.current == "table")
    moves = 0
    while app.session.service.over() is None:
        moves += 1
        if moves == LEAVE:
            await phones[0].close()
            await phones[1].cut_off()
        if moves == UNPLUG:
            await unplugged_and_back(tablet, board)
        if moves == PAUSE and pause:
            game_id = app.session.service.game_id
            app.leave_game()
            await tablet.until(lambda: app.screens.current == "start")
            app.resume(game_id)
            await tablet.until(lambda: app.session is not None and app.screens.current != "start")
        seat = app.session.acting()
        if seat is not None:
            app.session.submit(chosen(app.session.service.table, seat, rng))
            app.session.dismiss()
        await tablet.frames(1)
    await tablet.until(lambda: app.screens.current == "over")
    port, tokens = app.session.phones.port, app.session.phones.tokens
    for gone in (0, 1):  # the phones that left come back to see the end, with their keys
        await phones[gone].close()
        phones[gone] = Seated(port, gone, phones[gone].phone.device)
        await phones[gone].sit(tokens.token(Seat(gone)))
    for phone in phones:
        await phone.close()
    released = memory.released()
    await tablet.press(text(LANG, "tablet.new_game"))
    await tablet.until(lambda: app.screens.current == "start")
    return released


def chosen(table: Table, seat: Seat, rng: random.Random) -> Action:
    """A move of ``seat``'s, as a player would choose it — in a function of its own, so
    that no frame of the evening holds a game's table once the game is left."""
    return playout.choose(table.spec, table.state, seat, rng, {})


async def unplugged_and_back(tablet: Any, board: BoardEmulator) -> None:
    """The reader board's cable pulled out and plugged back in: the table sees it go and
    come back."""

    def reading(state: SourceState) -> bool:
        statuses = tablet.app.session.statuses.values()
        return bool(statuses) and all(s.state is state for s in statuses)

    board.unplug()
    await tablet.until(lambda: not reading(SourceState.CONNECTED))
    board.plug()
    await tablet.until(lambda: reading(SourceState.CONNECTED))


async def settled(tablet: Any, released: int) -> None:
    """The app idle on its start screen, what the game dropped collected by the app alone:
    once the game is closed (its phones told goodbye, which may wait for a phone that does
    not answer) the app thaws what it froze for it, collects it, and hands the heap back;
    it collects again until the game is gone and hands it back again — for this game and
    for the same game left at its pause, whose collections may still be running
    (:func:`ui.tablet.memory.release`).
    The bench collects nothing itself, so what it measures is what the app leaves."""
    from ui.tablet import memory  # noqa: PLC0415 -- Kivy is configured by now

    await tablet.until(lambda: memory.released() > released and not memory.letting_go())
    await tablet.frames(2)


def report(rows: list[dict[str, float]]) -> None:
    """The evening's figures: how much grew from the third game to the last."""
    print(f"games: {len(rows)}")
    first, last = rows[min(2, len(rows) - 1)], rows[-1]
    print(f"rss_growth_pct: {(last['rss_mb'] / first['rss_mb'] - 1) * 100:.1f} %")
    for name in ("fds", "threads", "asyncio_tasks", "kivy_widgets"):
        print(f"{name}_growth: {last[name] - first[name]:.0f}")


def main() -> None:
    from testkit import offscreen  # noqa: PLC0415

    offscreen.prepare()  # Kivy's settings, before anything imports it
    report(asyncio.run(evening(SMOKE_GAMES if "--smoke" in sys.argv else GAMES)))


if __name__ == "__main__":
    main()
