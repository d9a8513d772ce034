"""The 風聲 bot: it finishes games, plays only legal actions, and decides from its own views.

Games run at a real :class:`~companion.table.Table` with a SQLite journal, the
way ``companion demo`` drives them: a round names several seats, and each is
asked in turn. The statistics over 200 games drive the engine directly through
the same view functions the table hands out.
"""

from __future__ import annotations

import inspect
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core.outcome import GameOver
from companion.core.types import Seat
from companion.core.views import public_event
from companion.games.themessage import GAME, bot
from companion.games.themessage.bot import Bot
from companion.games.themessage.cards import CAMP_OF
from companion.games.themessage.state import State
from companion.journal import Journal
from companion.table import Table, Update
from companion.transcript import new_header

MAX_ACTIONS = 20_000
"""Far above the longest bot game seen; reaching it means a stuck game."""


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    j = Journal(tmp_path / "games.sqlite")
    yield j
    j.close()


def table_game(journal: Journal, players: int, seed: int) -> Table:
    names = [f"P{i}" for i in range(players)]
    table = Table.start(journal, "themessage", names, rng=random.Random(seed), meta={"by": "test"})
    bots = [Bot(Seat(i), random.Random(seed * 100 + i)) for i in range(players)]

    def hear(update: Update) -> None:
        for b in bots:
            b.hear(update.public())

    table.subscribe(hear)
    for _ in range(MAX_ACTIONS):
        if table.over() is not None:
            return table
        seat = table.pending()[0].seats[0]
        legal = table.legal_actions(seat)
        action = bots[seat].choose(table.public_view(), table.private_view(seat), legal)
        assert action in legal
        table.submit(action)
    raise AssertionError("the bots never finished")


@pytest.mark.parametrize("players", [4, 6])
def test_bots_finish_games_at_a_real_table(journal: Journal, players: int) -> None:
    for seed in range(2):
        table = table_game(journal, players, seed)
        result = table.over()
        assert result is not None
    assert all(g.result is not None for g in journal.games())


def test_same_seeds_play_the_same_game(journal: Journal) -> None:
    first, second = table_game(journal, 4, 7), table_game(journal, 4, 7)
    assert first.state == second.state


def engine_game(players: int, seed: int) -> tuple[State, GameOver]:
    """A bot game without the journal, telling the bots what ``Update.public()`` would."""
    rng = random.Random(seed)
    state: State = new_header("themessage", [f"P{i}" for i in range(players)]).initial_state()
    bots = [Bot(Seat(i), random.Random(seed * 100 + i)) for i in range(players)]
    for _ in range(MAX_ACTIONS):
        result = GAME.over(state)
        if result is not None:
            return state, result
        action = GAME.roll(state, rng)
        if action is None:
            seat = GAME.pending(state)[0].seats[0]
            legal = GAME.legal_actions(state, seat, None)
            action = bots[seat].choose(
                GAME.public_view(state), GAME.private_view(state, seat), legal
            )
        outcome = GAME.apply(state, action)
        heard = [public_event(e) for e in outcome.events]
        for b in bots:
            b.hear(heard)
        state = outcome.state
    raise AssertionError("the bots never finished")


def outcomes(games: int = 200) -> Counter[str]:
    """How 200 seeded games of 4 and 6 players end: the winning camp, or why nobody won."""
    ends: Counter[str] = Counter()
    for seed in range(games):
        state, result = engine_game(4 if seed % 2 == 0 else 6, seed)
        if result.winners:
            identity = state.player(result.winners[0]).identity
            assert identity is not None
            ends[f"{result.reason}:{CAMP_OF[identity].value}"] += 1
        else:
            ends[result.reason] += 1
    return ends


def test_most_games_end_in_a_victory_for_either_camp() -> None:
    ends = outcomes()
    assert sum(ends.values()) == 200
    assert ends["victory:red"] + ends["victory:blue"] >= 180, ends
    assert min(ends["victory:red"], ends["victory:blue"]) >= 60, ends


def test_choose_is_given_no_state() -> None:
    """The bot's only inputs are views, legal actions and public events."""
    assert list(inspect.signature(Bot.choose).parameters) == ["self", "public", "private", "legal"]
    imports = [line for line in inspect.getsource(bot).splitlines() if "import" in line]
    assert not [line for line in imports if "themessage.state" in line or ".rules" in line]
