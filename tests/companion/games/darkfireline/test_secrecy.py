"""What a 暗火线 seat is given depends only on what it may know (digest §3, §9).

Along random games, for each seat, a world that differs only in what the seat may not
know — two cards face down in other hands or the deck trading places, two other living
players trading identities — must give the seat the same public view, the same private
view and the same legal actions. Until 暗火线 joins the conformance suite (which asks
the same of every registered game, and more), this is its check.
"""

from __future__ import annotations

import random

import pytest

from companion.core import kinds as core_kinds
from companion.core import oracle
from companion.core.phases import Finished
from companion.core.types import CardId, Seat
from companion.core.values import evolve
from companion.core.worlds import relabel
from companion.games import GAMES
from companion.games.darkfireline.actions import Disarm, Equip, Grenade, Removal, Shoot, TellTaken
from companion.games.darkfireline.cards import Kind
from companion.games.darkfireline.events import EVENTS
from companion.games.darkfireline.legal import MOVES
from companion.games.darkfireline.options import Options
from companion.games.darkfireline.rules import apply, pending, roll
from companion.games.darkfireline.secrecy import SECRECY
from companion.games.darkfireline.setup import setup as new_table
from companion.games.darkfireline.state import State
from companion.games.darkfireline.views import private_view, public_view
from tests.companion.games.darkfireline.table import Table


def apart(state: State, seat: Seat, rng: random.Random) -> State | None:
    hidden = SECRECY.hidden(state, seat)
    world = state
    for group in hidden.cards:
        if len(group) >= 2:
            a, b = rng.sample(sorted(group), 2)
            world = relabel(world, {a: b, b: a})
    if len(hidden.seats) >= 2:
        one, other = rng.sample(hidden.seats, 2)
        world = SECRECY.swap_identities(world, one, other)  # type: ignore[misc]
    return None if world is state else world


def given(state: State, seat: Seat) -> tuple[object, ...]:
    return (public_view(state), private_view(state, seat), MOVES.actions(state, seat))


@pytest.mark.parametrize("players", [4, 6, 9])
def test_no_seat_is_given_anything_it_may_not_know(players: int) -> None:
    rng = random.Random(players)
    for game in range(6):
        state = new_table([f"P{i}" for i in range(players)], Options())
        while not isinstance(state.phase, Finished):
            chance = roll(state, rng)
            if chance is None:
                seat = rng.choice(pending(state)[0].seats)
                action = rng.choice(MOVES.actions(state, seat))
            else:
                action = chance
            state = apply(state, action).state
            if rng.random() < 0.2:
                for s in range(players):
                    world = apart(state, Seat(s), rng)
                    if world is not None:
                        assert given(state, Seat(s)) == given(world, Seat(s)), (game, s)


def test_every_event_says_what_it_may_show() -> None:
    """Undo may take back only what showed nothing: each kind of event is declared."""
    rng = random.Random(3)
    kinds: set[str] = set()
    for _ in range(20):
        state = new_table([f"P{i}" for i in range(5)], Options())
        while not isinstance(state.phase, Finished):
            chance = roll(state, rng)
            seat = None if chance is not None else rng.choice(pending(state)[0].seats)
            action = chance or rng.choice(MOVES.actions(state, seat))  # type: ignore[arg-type]
            state = apply(state, action).state
        kinds |= {e.kind for e in state.history}
    assert kinds <= {*EVENTS, *core_kinds.CORE}


def test_a_double_bullet_shuffled_back_into_the_deck_bars_a_grenade_in_every_world() -> None:
    """§5.8: no grenade in a turn with a double bullet; §5.9 and §4.1: the Supermarket's draw
    may find the deck empty and shuffle the pile — that double bullet with it — back into
    the deck. The turn remembers the double bullet the table saw shot, not which copy it
    was: a world another seat cannot tell apart, that copy traded with a card face down
    elsewhere, bars the grenade alike (the tablet's menu once offered it there)."""
    hands = [
        [Kind.DOUBLE, Kind.SUPERMARKET, Kind.GRENADE],
        *[[Kind.SINGLE, Kind.DISARM, Kind.SMOKE]] * 3,
    ]
    t = Table(hands)
    t.draw_idle()
    state = t.state
    t.state = evolve(state, deck=(), discard=(*state.discard, *sorted(state.deck)))
    t.do(Shoot(seat=Seat(0), card=CardId("DOUBLE-1"), targets=(Seat(1),)))
    t.do(Equip(seat=Seat(0), card=CardId("SUPERMARKET-1")))
    assert "DOUBLE-1" in t.state.deck
    t.draw(Kind.SERUM)
    assert t.refused(Grenade(seat=Seat(0), card=CardId("GRENADE-1"), target=Seat(1))) == (
        "not_with_grenade"
    )
    spec = GAMES["darkfireline"]
    for seed in range(40):
        assert not oracle.leaks(spec, t.state, [Seat(1), Seat(2), Seat(3)], random.Random(seed))


@pytest.mark.parametrize("shown", [True, False])
def test_a_card_a_disarm_lays_face_down_is_as_unseen_as_the_decks(shown: bool) -> None:
    """§5.6, §9 item 4: with ``disarmed_card_shown`` off, the card a Disarm takes from a hand
    lies face down on the pile, and to every seat but its owner it may be any card face
    down (face up, it is known to all). What the table shows and tells of it is a scenario
    (``scenarios/a_disarm_discards_the_card_taken_face_down_when_the_option_says_so``);
    what each seat may not know is the secrecy oracle's, which no scenario reaches."""
    t = Table([(Kind.DISARM, Kind.SERUM, Kind.SERUM), (Kind.SINGLE,) * 3, *[(Kind.SERUM,) * 3] * 2],
              options=Options(deck_serums=20, disarmed_card_shown=shown))  # fmt: skip
    t.draw_idle()
    disarm, card = t.held(0, Kind.DISARM), t.held(1, Kind.SINGLE)
    t.do(Disarm(seat=Seat(0), card=disarm, target=Seat(1), what=Removal.HAND))
    t.do(TellTaken(seat=Seat(1), card=card))
    for seat in (Seat(0), Seat(2), Seat(3)):
        assert (card in SECRECY.hidden(t.state, seat).cards[0]) is not shown
