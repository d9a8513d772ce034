"""Random hand audits for the property tests of every game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.audit import AuditHand
from companion.core.types import CardId, Seat


def random_audit(
    seats: Sequence[Seat],
    hands: Sequence[Sequence[CardId]],
    deck: Sequence[CardId],
    rng: random.Random,
) -> AuditHand:
    """A player checks their hand: as recorded, or with one card that was really a deck card."""
    seat = rng.choice(seats)
    hand = list(hands[seat])
    if hand and deck and rng.random() < 0.5:
        hand[rng.randrange(len(hand))] = rng.choice(deck)
    return AuditHand(seat=seat, cards=tuple(hand))
