"""The hand audit: a seat states its whole hand, privately, and the record is mended.

A card a reader missed or a draw told wrongly leaves the record of a hand
wrong; its owner is the only one who can say what it really holds. The
audit changes only what the owner's word and the record together allow.
"""

from __future__ import annotations

from companion.core.errors import MalformedAction, WrongMoment
from companion.core.outcome import Event, Secret
from companion.core.values import evolve
from companion.games.microfilms import cards
from companion.games.microfilms.actions import AuditHand
from companion.games.microfilms.errors import AuditConflict
from companion.games.microfilms.moves import update
from companion.games.microfilms.state import (
    BlackmailDeclared,
    BribeOffered,
    Choosing,
    Discarding,
    State,
    Step,
)


def audit(state: State, a: AuditHand) -> Step:
    """Mend the record of ``a.seat``'s hand from what its owner says it holds.

    Not while the seat is in the middle of a bribe or a blackmail, or while chance
    is drawing from the hand or the deck.

    Cards the record gave this hand but its owner does not hold go back to the
    deck; cards the owner holds that the record put in the deck come out of
    it. Anything else is a conflict for the table to look at.
    """
    phase = state.phase
    if not isinstance(phase, Choosing | BribeOffered | BlackmailDeclared | Discarding):
        raise WrongMoment(act=a.act)
    if isinstance(phase, BribeOffered | BlackmailDeclared) and a.seat in (
        state.active,
        phase.target,
    ):
        raise WrongMoment(act=a.act)  # a card is on its way between these two: answer first
    if len(set(a.cards)) != len(a.cards):
        raise MalformedAction(field="cards", expected="each card once")
    hand = state.player(a.seat).hand
    for card in a.cards:
        if card not in cards.CARDS or cards.is_identity(card):
            raise MalformedAction(field="cards", expected="hand cards")
        if card not in hand and card not in state.deck:
            raise AuditConflict(card=card)
    gone = [c for c in hand if c not in a.cards]
    came = [c for c in a.cards if c not in hand]
    deck = tuple(sorted([*(c for c in state.deck if c not in came), *gone]))
    kept = tuple(c for c in hand if c in a.cards)
    state = update(evolve(state, deck=deck), a.seat, hand=(*kept, *came))
    told = Secret(a.seat, "hand_audited", {"hand": list(state.player(a.seat).hand)})
    event = Event("hand_corrected" if gone or came else "hand_confirmed", {"seat": a.seat}, (told,))
    return state, [event]
