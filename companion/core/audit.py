"""The hand audit: a player states their whole hand, privately, and the record is mended.

A card knocked off a reader or a draw told wrongly leaves the record of a hand
wrong, and its owner is the only one who can say what it really holds. Any
game whose hands come from one hidden deck mends it the same way: cards the
record gave the hand but its owner does not hold go back to the deck; cards
the owner holds that the record put in the deck come out of it. A card the
record has anywhere else the owner cannot see is brought to the deck first,
in exchange for a stand-in, by :func:`companion.core.doubts.audited` — so the
answer never tells where a card is; a card the owner can see elsewhere (face
up on the table) is a conflict the owner is told of.

A person names a face, not a copy (:mod:`companion.core.copies`): a card the
owner names is matched first to a copy of its face already in the hand, then
to one in the deck. Each game says when an audit may be made.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from companion.core.actions import SeatAction
from companion.core.copies import Alike
from companion.core.errors import AuditConflict, MalformedAction
from companion.core.outcome import Event, Secret
from companion.core.types import CardId, Seat
from companion.core.values import Frozen


class AuditHand(SeatAction, act="audit_hand"):
    """A player states their whole hand, privately, so the app can mend its record."""

    cards: tuple[CardId, ...]


class Mended(Frozen):
    hand: tuple[CardId, ...]
    deck: tuple[CardId, ...]
    """Sorted, as every deck of the record: its order is never known."""
    event: Event
    """What the table hears (that the hand was checked — not whether the record was right,
    which would tell the table something of the hand) and, for the owner alone, the hand
    the record now gives them."""


def well_formed(stated: Sequence[CardId], copies: Alike) -> None:
    """A stated hand names each card once, and only cards a hand can hold."""
    if len(set(stated)) != len(stated):
        raise MalformedAction(field="cards", expected="each card once")
    if any(card not in copies for card in stated):
        raise MalformedAction(field="cards", expected="hand cards")


def mend(
    seat: Seat,
    hand: Sequence[CardId],
    deck: Collection[CardId],
    stated: Sequence[CardId],
    copies: Alike,
) -> Mended:
    """The hand and deck once ``seat``'s word ``stated`` is taken; raises if it cannot be.

    ``copies`` holds every card that can be in a hand; anything else is malformed.
    """
    well_formed(stated, copies)
    left, pool, came = list(hand), list(deck), []
    for card in sorted(stated, key=lambda c: c not in hand):  # exact ids claim their copy first
        own = next((c for c in copies[card] if c in left), None)
        if own is not None:
            left.remove(own)
            continue
        drawn = next((c for c in copies[card] if c in pool), None)
        if drawn is None:
            raise AuditConflict(card=card)
        pool.remove(drawn)
        came.append(drawn)
    kept = tuple(c for c in hand if c not in left)
    new_hand = (*kept, *came)
    told = Secret(seat, "hand_audited", {"hand": list(new_hand)})
    event = Event("hand_checked", {"seat": seat}, (told,))
    return Mended(new_hand, tuple(sorted([*pool, *left])), event)
