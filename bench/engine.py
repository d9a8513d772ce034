"""How fast the rules and the journal are: prints ``name: value unit`` lines.

- ``games_per_s``: complete random 4-player Microfilms games per second, one core
  (each legal family of actions equally likely, then one of its actions).
- ``replay_ms_1000``: rebuilding the state of a 1,000-action journal (median).
- ``commit_p50_ms`` / ``commit_p99_ms``: one action applied and committed to a
  real SQLite file (WAL, synchronous=FULL), chance included.

Run: ``python bench/engine.py`` (figures go in docs/benchmarks.md).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.core import playout
from companion.core.types import JSONObject
from companion.games.microfilms import GAME
from companion.journal import Journal
from companion.table import Table
from companion.transcript import Header, fold, new_header

SEATS = ["Ann", "Ben", "Cat", "Dan"]
UNIFORM: dict[str, float] = {}
"""A random game: each family of legal actions (draw, bribe, claim…) equally likely."""
ENDLESS = {"claim": 0.0}
"""No claims: a game that runs as long as a benchmark needs."""


def random_game(rng: random.Random) -> int:
    state: Any = new_header("microfilms", SEATS).initial_state()
    actions = 0
    while GAME.over(state) is None:
        state = GAME.apply(state, playout.step(GAME, state, rng, UNIFORM)).state
        actions += 1
    return actions


def games_per_second(seconds: float = 5.0) -> float:
    rng = random.Random(1)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        random_game(rng)
        games += 1
    return games / (time.perf_counter() - start)


def long_journal(length: int) -> tuple[Header, list[JSONObject]]:
    rng = random.Random(2)
    header = new_header("microfilms", SEATS)
    state: Any = header.initial_state()
    actions: list[JSONObject] = []
    while len(actions) < length:
        action = playout.step(GAME, state, rng, ENDLESS)
        state = GAME.apply(state, action).state
        actions.append(GAME.codec.encode(action))
    return header, actions


def replay_ms(header: Header, actions: list[JSONObject], runs: int = 15) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fold(header, actions)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def commit_ms(actions: int = 1500) -> tuple[float, float]:
    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp) / "bench.sqlite3")
        table = Table.start(journal, "microfilms", SEATS, rng=random.Random(4))
        times = []
        for _ in range(actions):
            seat = table.pending()[0].seats[0]
            action = playout.choose(GAME, table.state, seat, rng, ENDLESS)
            start = time.perf_counter()
            table.submit(action)
            times.append((time.perf_counter() - start) * 1000)
        journal.close()
    qs = statistics.quantiles(times, n=100)
    return statistics.median(times), qs[98]


def main() -> None:
    print(f"games_per_s: {games_per_second():.0f} games/s")
    header, actions = long_journal(1000)
    print(f"replay_ms_1000: {replay_ms(header, actions):.1f} ms")
    p50, p99 = commit_ms()
    print(f"commit_p50_ms: {p50:.2f} ms")
    print(f"commit_p99_ms: {p99:.2f} ms")


if __name__ == "__main__":
    main()
