"""暗火线 played at random to its end: every card stays somewhere, health stays within its
bounds, the dead hold nothing, and every game ends (digest §1–§8, every option).

Seats pick at random among the actions :mod:`legal` lists — which must all be accepted —
and chance is drawn by the rules' own ``roll``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.core.phases import Finished
from companion.core.types import Seat
from companion.games.darkfireline.cards import Kind
from companion.games.darkfireline.legal import MOVES
from companion.games.darkfireline.options import (
    FirstAidPriority,
    GrenadeBullet,
    Options,
    RestaurantEquip,
    StorageGrenade,
)
from companion.games.darkfireline.rules import apply, pending, roll
from companion.games.darkfireline.setup import box as box_of
from companion.games.darkfireline.setup import setup as new_table
from companion.games.darkfireline.state import Rescuing, State

MAX_ACTIONS = 3_000
"""Far above the longest random game seen; reaching it means a stuck game."""

VARIANTS = [
    Options(),
    Options(
        grenade_bullet=GrenadeBullet.AS_SHOT,
        restaurant_equip=RestaurantEquip.ONE_POINT,
        storage_grenade=StorageGrenade.PASS_CLOCKWISE,
        first_aid_priority=FirstAidPriority.NEXT_CLOCKWISE,
        serum_caps=False,
        disarm_self=False,
        disarmed_card_shown=False,
        control_room_first_aid=False,
        markers_end_with_user=False,
        dead_share_win=False,
    ),
]


def play(players: int, seed: int, options: Options) -> State:
    rng = random.Random(seed)
    state = new_table([f"P{i}" for i in range(players)], options)
    for _ in range(MAX_ACTIONS):
        if isinstance(state.phase, Finished):
            return state
        chance = roll(state, rng)
        if chance is None:
            seat = rng.choice(pending(state)[0].seats)
            families = MOVES.open(state, seat)
            family = rng.choice([f for f in families if f != "end_play"] or families)
            if "end_play" in families and rng.random() < 0.15:
                family = "end_play"
            action = rng.choice(MOVES.actions(state, seat, family))
        else:
            action = chance
        state = apply(state, action).state
        check(state)
    raise AssertionError("the game never ended")


def check(state: State) -> None:
    box = Counter(box_of(state.options, len(state.players)))
    held = Counter([*state.deck, *state.discard, *state.removed])
    for p in state.players:
        held.update(p.hand)
        held.update(c for c in (p.environment, p.armour) if c is not None)
        assert 0 <= p.health <= p.most
        assert p.most == (5 if p.has(Kind.RESTAURANT) else 4)
        if p.dead:
            assert not p.hand and p.environment is None and p.armour is None
        if p.dying:
            assert isinstance(state.phase, Rescuing | Finished)
    held.update(s.card for s in state.smokes)
    held.update(f.card for f in state.flashes)
    assert held == box
    assert all(state.player(Seat(s.target)).alive for s in state.smokes)


@pytest.mark.parametrize("players", range(4, 11))
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_games_keep_every_card_and_end(players: int, variant: int) -> None:
    endings = Counter()
    for seed in range(15):
        state = play(players, seed * 31 + players, VARIANTS[variant])
        assert isinstance(state.phase, Finished)
        endings[state.phase.result.reason.value] += 1
    assert set(endings) <= {"terrorists_win", "police_win"}
