"""How fast the rules and the journal are: prints ``name: value unit`` lines.

For every registered game (the first — the one the figures of docs/benchmarks.md
have followed from the start — first):

- ``games_per_s.<game>``: complete random 4-player games per second, one core
  (each legal family of actions equally likely, then one of its actions).
- ``replay_ms_1000.<game>``: rebuilding the state from a journal, per 1,000 actions (median;
  one game of up to 1,000 actions, claims left out so that it lasts).
- ``commit_p50_ms.<game>`` / ``commit_p99_ms.<game>``: one action applied and committed
  to a real SQLite file (WAL, synchronous=FULL), chance included.

- ``taps_per_turn_4p.<game>`` / ``_6p``: for a game with response windows played by its
  bots, the taps the players make
  per turn when every response window closes by itself — a seat that lets a window pass
  sends nothing — beside ``forced_passes_per_turn_*`` (passes anyone had to send: the aim
  is 0) and ``passes_spared_per_turn_*`` (the passes every window waited for before);
  ``bot_turns_per_game_*``: how many turns those bot games last on average (暗火线's aim:
  a demo game within 60).

Run: ``python bench/engine.py`` (figures go in docs/benchmarks.md); ``--smoke`` plays a few
games and actions of each, as CI does so that the script never rots unseen.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.core import playout
from companion.core.actions import Action, Pass, SeatAction
from companion.core.game import GameSpec
from companion.core.prompts import waiting_on
from companion.core.rounds import CloseRound, open_round
from companion.core.types import JSONObject, Seat
from companion.core.views import public_event
from companion.games import GAMES
from companion.journal import Journal
from companion.table import Table
from companion.transcript import Header, new_header, replayed

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
        replayed(header, actions)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times) * 1000 / len(actions)


def commit_ms(spec: GameSpec[Any], actions: int = 1500) -> tuple[float, float]:
    rng = random.Random(3)
    times: list[float] = []
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


def taps_per_turn(
    spec: GameSpec[Any], players: int, games: int = 200
) -> tuple[float, float, float, float]:
    """Taps, forced passes and spared passes per turn in bot games of ``spec`` at ``players``,
    and the turns a bot game lasts on average (a demo game's length).

    In a window, each seat asked decides in turn; one that would pass sends nothing, and
    when none plays the app closes the window (as its timer does at the table).
    """
    taps = forced = spared = turns = 0
    for seed in range(games):
        rng = random.Random(seed)
        names = [f"P{i}" for i in range(players)]
        state: Any = new_header(spec.key, names).initial_state()
        bots = [spec.bot(Seat(i), random.Random(f"{seed}:{i}")) for i in range(players)]
        while spec.over(state) is None:
            action = spec.roll(state, rng) or _next_tap(spec, state, bots)
            if isinstance(action, SeatAction):
                taps += not isinstance(action, Pass)
                forced += isinstance(action, Pass)
            elif isinstance(action, CloseRound):
                spared += len(state.phase.waiting)
            outcome = spec.apply(state, action)
            public = [public_event(e) for e in outcome.events]
            for bot in bots:
                bot.hear(public)
            state = outcome.state
        turns += state.turn + 1
    return taps / turns, forced / turns, spared / turns, turns / games


def _next_tap(spec: GameSpec[Any], state: Any, bots: list[Any]) -> Action:
    """What a seat sends next; in a window, the first play of a seat asked, else its close."""
    round_ = open_round(state)
    seats = round_.waiting if round_ is not None else waiting_on(spec.pending(state))
    for seat in seats:
        public, private = spec.public_view(state), spec.private_view(state, seat)
        action: Action = bots[seat].choose(public, private, spec.legal_actions(state, seat))
        if round_ is None or not isinstance(action, Pass):
            return action
    assert round_ is not None
    return CloseRound(n=round_.n)


def main() -> None:
    smoke = "--smoke" in sys.argv[1:]  # a few games and actions: CI runs it so, it never rots
    for key, spec in GAMES.items():
        for players in (4, 6) if "close_round" in spec.codec.names else ():
            taps, forced, spared, length = taps_per_turn(spec, players, 3 if smoke else 200)
            print(f"bot_turns_per_game_{players}p.{key}: {length:.1f} turns")
            print(f"taps_per_turn_{players}p.{key}: {taps:.1f} taps")
            print(f"forced_passes_per_turn_{players}p.{key}: {forced:.1f} passes")
            print(f"passes_spared_per_turn_{players}p.{key}: {spared:.1f} passes")
    for key, spec in GAMES.items():
        print(f"games_per_s.{key}: {games_per_second(spec, 0.2 if smoke else 5.0):.0f} games/s")
        header, actions = long_journal(spec, 100 if smoke else 1000)
        print(f"replay_ms_1000.{key}: {replay_ms(header, actions, 2 if smoke else 15):.1f} ms")
        p50, p99 = commit_ms(spec, 50 if smoke else 1500)
        print(f"commit_p50_ms.{key}: {p50:.2f} ms")
        print(f"commit_p99_ms.{key}: {p99:.2f} ms")


if __name__ == "__main__":
    main()
