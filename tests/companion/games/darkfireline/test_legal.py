"""The moves a 暗火线 seat is offered (``legal.py``) where an option changes them.

The rules themselves — what is refused, what happens — are scenarios (``scenarios/``);
a scenario checks views and refusals, not the list of moves the phones, the tablet and
the bots choose from, so these two checks of that list stay in Python.
"""

from __future__ import annotations

import pytest

from companion.core.actions import Pass
from companion.core.types import Seat
from companion.games.darkfireline.actions import DrawExtra, Equip, Grenade
from companion.games.darkfireline.cards import Kind
from companion.games.darkfireline.legal import legal_actions
from companion.games.darkfireline.options import Options, SupermarketDraw
from tests.companion.games.darkfireline.table import Table

P0 = Seat(0)
FILL = (Kind.SERUM, Kind.SERUM, Kind.SERUM)


@pytest.mark.parametrize("allowed", [False, True])
def test_a_grenade_at_oneself_is_offered_only_when_the_option_allows_it(allowed: bool) -> None:
    """§5.8, ``grenade_at_self`` (scenarios ``a_grenade_is_thrown_at_another_player_only``
    and ``a_grenade_at_oneself_hurts_oneself_and_both_neighbours_when_the_option_says_so``)."""
    t = Table([(Kind.GRENADE, Kind.SERUM, Kind.SERUM), FILL, FILL, FILL],
              options=Options(deck_serums=20, grenade_at_self=allowed))  # fmt: skip
    t.draw(Kind.SERUM, Kind.SERUM)
    throw = Grenade(seat=P0, card=t.held(0, Kind.GRENADE), target=P0)
    assert (throw in legal_actions(t.state, P0)) is allowed


def test_the_supermarkets_card_read_as_may_offers_drawing_it_or_letting_it_go() -> None:
    """§5.9, ``SupermarketDraw.MAY`` (scenarios ``the_supermarkets_card_may_be_…``): once
    the Supermarket is equipped, those two moves and nothing else."""
    t = Table([(Kind.SUPERMARKET, Kind.SINGLE, Kind.SINGLE), FILL, FILL, FILL],
              options=Options(deck_serums=20, supermarket_draw=SupermarketDraw.MAY))  # fmt: skip
    t.draw(Kind.SINGLE, Kind.SINGLE)
    t.do(Equip(seat=P0, card=t.held(0, Kind.SUPERMARKET)))
    assert set(legal_actions(t.state, P0)) == {DrawExtra(seat=P0), Pass(seat=P0)}
