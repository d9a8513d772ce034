"""How fast the rules and the journal are: prints ``name: value unit`` lines.

For every registered game (the first — the one the figures of docs/benchmarks.md
have followed from the start — first):

- ``games_per_s.<game>``: complete random 4-player games per second, one core
  (each legal family of actions equally likely, then one of its actions).
- ``replay_ms_1000.<game>``: rebuilding the state from a journal, per 1,000 actions (median;
  one game of up to 1,000 actions, claims left out so that it lasts).
- ``commit_p50_ms.<game>`` / ``commit_p99_ms.<game>``: one action applied and committed
  to a real SQLite file (WAL, synchronous=FULL), chance included.

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
from companion.core.game import GameSpec
from companion.core.types import JSONObject
from companion.games import GAMES
from companion.journal import Journal
from companion.table import Table
from companion.transcript import Header, fold, new_header

SEATS = ["Ann", "Ben", "Cat", "Dan"]
UNIFORM: dict[str, float] = {}
"""A random game: each family of legal actions (draw, bribe, claim…) equally likely."""
ENDLESS = {"claim": 0.0}
"""No victory claims: a game that lasts as long as a benchmark needs (a game with no such
family of actions goes on until the journal is long enough, or it ends)."""


def random_game(spec: GameSpec[Any], rng: random.Random) -> int:
    state: Any = new_header(spec.key, SEATS).initial_state()
    actions = 0
    while spec.over(state) is None:
        state = spec.apply(state, playout.step(spec, state, rng, UNIFORM)).state
        actions += 1
    return actions


def games_per_second(spec: GameSpec[Any], seconds: float = 5.0) -> float:
    rng = random.Random(1)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        random_game(spec, rng)
        games += 1
    return games / (time.perf_counter() - start)


def long_journal(spec: GameSpec[Any], length: int) -> tuple[Header, list[JSONObject]]:
    """The journal of one game: ``length`` actions, or fewer if the game ends first."""
    rng = random.Random(2)
    header = new_header(spec.key, SEATS)
    state: Any = header.initial_state()
    actions: list[JSONObject] = []
    while len(actions) < length and spec.over(state) is None:
        action = playout.step(spec, state, rng, ENDLESS)
        state = spec.apply(state, action).state
        actions.append(spec.codec.encode(action))
    return header, actions


def replay_ms(header: Header, actions: list[JSONObject], runs: int = 15) -> float:
    """The median time to replay ``actions``, per 1,000 of them."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fold(header, actions)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times) * 1000 / len(actions)


def commit_ms(spec: GameSpec[Any], actions: int = 1500) -> tuple[float, float]:
    rng = random.Random(3)
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp) / "bench.sqlite3")
        table = Table.start(journal, spec.key, SEATS, rng=random.Random(4))
        while len(times) < actions:
            if table.over() is not None:
                table = Table.start(journal, spec.key, SEATS, rng=random.Random(len(times)))
            seat = table.pending()[0].seats[0]
            action = playout.choose(spec, table.state, seat, rng, ENDLESS)
            start = time.perf_counter()
            table.submit(action)
            times.append((time.perf_counter() - start) * 1000)
        journal.close()
    qs = statistics.quantiles(times, n=100)
    return statistics.median(times), qs[98]


def main() -> None:
    for key, spec in GAMES.items():
        print(f"games_per_s.{key}: {games_per_second(spec):.0f} games/s")
        header, actions = long_journal(spec, 1000)
        print(f"replay_ms_1000.{key}: {replay_ms(header, actions):.1f} ms")
        p50, p99 = commit_ms(spec)
        print(f"commit_p50_ms.{key}: {p50:.2f} ms")
        print(f"commit_p99_ms.{key}: {p99:.2f} ms")


if __name__ == "__main__":
    main()
