"""Another world is this one with cards traded everywhere the state holds them
(:func:`companion.core.worlds.relabel`): a card a round's answer declared, too."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.rounds import Round
from companion.core.types import CardId, Seat
from companion.core.worlds import named_cards, relabel


@dataclass(frozen=True)
class Offer:
    seat: Seat
    card: CardId


class Offering(Round[Offer]):
    """A game's round whose answers declare cards: its ``declared`` is typed only through
    the round's parameter."""


def test_a_card_declared_in_a_generic_round_trades_places_with_the_rest() -> None:
    kit, other = CardId("FIRST_AID-2"), CardId("SINGLE-1")
    phase = Offering(seats=(Seat(1), Seat(2)), declared=(Offer(Seat(1), kit),))

    traded = relabel(phase, {kit: other, other: kit})

    assert traded.declared == (Offer(Seat(1), other),)
    assert named_cards(phase) == {kit}
    assert relabel(phase, {CardId("SMOKE-1"): CardId("SMOKE-2")}) is phase
