"""§7.1 and §8 (UNKNOWN): an allied Agent eliminated before its ally's claim succeeds.

The UK letter is out (§2 step 6): the UK Agent stands alone, China and the USA are allies.
Cat, the US Agent, is out of the game; Ann, the Chinese Agent, shows the UK Microfilm.
"""

from __future__ import annotations

import pytest

from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at
from companion.games.microfilms import GAME
from companion.games.microfilms.actions import ClaimAgent, Deal
from companion.games.microfilms.options import Options
from companion.games.microfilms.setup import setup
from companion.games.microfilms.state import Choosing, State

ANN, CAT = Seat(0), Seat(2)


def claim_ready(options: Options) -> State:
    state = setup(["Ann", "Ben", "Cat", "Dan"], options)
    deal = Deal(first=ANN, identities=tuple(map(CardId, ["R-CN", "R-UK", "R-US", "R-JOU"])),
                letter_out=CardId("L-UK"), hands=tuple(map(CardId, ["A-SB1", "A-IB1", "A-WR1",
                                                                    "A-IB2"])))  # fmt: skip
    state = GAME.apply(state, deal).state
    players = evolve_at(state.players, ANN, clean=True, hand=(CardId("M-UK"),))
    players = evolve_at(players, CAT, eliminated=True, hand=())
    deck = tuple(c for c in state.deck if c != "M-UK")
    return evolve(state, players=players, deck=(*deck, CardId("A-SB1")), phase=Choosing())


@pytest.mark.parametrize(("shares", "winners"), [(False, (ANN,)), (True, (ANN, CAT))])
def test_an_eliminated_ally_wins_only_when_the_option_says_so(
    shares: bool, winners: tuple[Seat, ...]
) -> None:
    state = claim_ready(Options(eliminated_ally_wins=shares))
    out = GAME.apply(state, ClaimAgent(seat=ANN, microfilm=CardId("M-UK")))
    assert GAME.over(out.state) is not None
    assert GAME.over(out.state).winners == winners  # type: ignore[union-attr]
