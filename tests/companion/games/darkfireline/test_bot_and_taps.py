"""The 暗火线 bot plays whole games from its own seat's views, and cards on readers mean
what the digest's moves are (§4–§6).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from companion.core import taps
from companion.core.actions import Pick
from companion.core.phases import Finished
from companion.core.types import CardId, Seat
from companion.core.views import public_event
from companion.games.darkfireline import GAME
from companion.games.darkfireline.actions import Equip, Shoot
from companion.games.darkfireline.cards import Kind
from companion.games.darkfireline.options import Options
from companion.games.darkfireline.taps import decide as tap_rules
from companion.games.darkfireline.taps import laid
from tests.companion.games.darkfireline.table import Table

CENTRE, DISCARD = taps.Station(taps.Place.CENTRE), taps.Station(taps.Place.DISCARD)


def decide(state: Any, station: taps.Station, card: CardId) -> taps.Decision:
    """The tap rules as the ingest asks them: each move judged by the game's whole rules."""
    return tap_rules(GAME.apply, state, station, card)


def seat_reader(seat: int) -> taps.Station:
    return taps.Station(taps.Place.SEAT, Seat(seat))


def test_bots_finish_games_from_their_own_views_and_either_side_wins() -> None:
    endings: Counter[str] = Counter()
    for seed in range(30):
        rng = random.Random(seed)
        n = 4 + seed % 7
        state = GAME.setup([f"P{i}" for i in range(n)], Options())
        bots = [GAME.bot(Seat(i), random.Random(seed * 10 + i)) for i in range(n)]
        while not isinstance(state.phase, Finished):
            chance = GAME.roll(state, rng)
            if chance is None:
                seat = rng.choice(GAME.pending(state)[0].seats)
                legal = GAME.legal_actions(state, seat)
                action = bots[seat].choose(
                    GAME.public_view(state), GAME.private_view(state, seat), legal
                )
                assert action in legal
            else:
                action = chance
            outcome = GAME.apply(state, action)
            for bot in bots:
                bot.hear([public_event(e) for e in outcome.events])
            state = outcome.state
        endings[state.phase.result.reason.value] += 1
    assert set(endings) == {"police_win", "terrorists_win"}, endings


def test_a_draw_is_read_on_the_drawers_reader_and_said_to_the_drawer_alone_elsewhere() -> None:
    t = Table([(Kind.SINGLE,) * 3, (Kind.SINGLE,) * 3, (Kind.DOUBLE,) * 3, (Kind.DOUBLE,) * 3])
    card = next(c for c in t.state.deck if c.startswith("SERUM"))
    plan = decide(t.state, seat_reader(0), card)
    assert isinstance(plan, taps.Plan) and plan.actions == (Pick(card=card),)
    astray = decide(t.state, CENTRE, card)
    assert astray == taps.Nothing("ingest.draw_on_own_reader", seat=Seat(0))
    assert decide(t.state, seat_reader(1), card) == astray


def test_equipment_on_its_holders_reader_and_a_bullet_in_the_centre() -> None:
    t = Table([(Kind.ARMOUR, Kind.SINGLE, Kind.SERUM)] + [(Kind.SINGLE,) * 3] * 3)
    t.draw(Kind.SERUM, Kind.SERUM)
    armour, bullet = t.held(0, Kind.ARMOUR), t.held(0, Kind.SINGLE)
    plan = decide(t.state, seat_reader(0), armour)
    assert isinstance(plan, taps.Plan) and plan.actions == (Equip(seat=Seat(0), card=armour),)
    seen = decide(t.state, taps.Station(taps.Place.SEAT, Seat(0), seen=True), armour)
    assert seen == plan, "armour laid face up in front of its holder, seen by a camera"
    ask = decide(t.state, CENTRE, bullet)
    assert isinstance(ask, taps.Ask) and not ask.private
    assert {a.targets for a in ask.options if isinstance(a, Shoot)} == {(1,), (2,), (3,)}
    for action in (plan.actions[0], ask.options[0]):
        station, card = laid(t.state, action, lambda cards: cards[0])  # type: ignore[misc]
        assert decide(t.state, station, card) != taps.Nothing()
    # a card of a hand on the pile out of the discard phase: the record disagrees, and only
    # its holder may be told which card it is
    assert decide(t.state, DISCARD, bullet) == taps.Contradiction(Seat(0), False, "discard")
