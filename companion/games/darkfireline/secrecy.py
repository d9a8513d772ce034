"""What each 暗火线 seat may not know (digest §3, §9), for the leak oracle.

Hidden from a seat: every other player's hand and living identity, and what the deck
holds. Any card face down in another hand or the deck may trade places with any other:
a game card looks the same from behind. What lies face up — in front of players, on the
table as smoke or a flashbang, the discard pile, the warrants used — is known to all; a
card a Disarm laid face down on the pile (an option) is as hidden as the deck's.
"""

from __future__ import annotations

from companion.core.types import Seat
from companion.core.values import evolve, evolve_at
from companion.core.worlds import Hidden, Secrecy
from companion.games.darkfireline.state import State


def hidden(state: State, seat: Seat) -> Hidden:
    others = [Seat(i) for i in range(len(state.players)) if i != seat]
    hands = (state.player(s).hand for s in others)
    face_down = frozenset(state.deck).union(state.face_down, *hands)
    living = tuple(s for s in others if state.player(s).alive)
    return Hidden(cards=(face_down,), seats=living)


def swap_identities(state: State, a: Seat, b: Seat) -> State:
    ia, ib = state.player(a).identity, state.player(b).identity
    return evolve(
        state, players=evolve_at(evolve_at(state.players, a, identity=ib), b, identity=ia)
    )


SECRECY: Secrecy[State] = Secrecy(hidden, swap_identities)
