"""When a Microfilms player may check their hand (the mending itself: :mod:`companion.core.audit`).

By a player still in the game, at any moment of play but two: not while
chance is drawing from a hand or the deck, and not for the two seats of a
bribe or a blackmail while a card is on its way between them — they answer
first.
"""

from __future__ import annotations

from companion.core.audit import AuditHand, mend
from companion.core.errors import MalformedAction, WrongMoment
from companion.core.phases import Discarding
from companion.core.values import evolve
from companion.games.microfilms import cards
from companion.games.microfilms.moves import update
from companion.games.microfilms.state import BlackmailDeclared, BribeOffered, Choosing, State, Step


def audit(state: State, a: AuditHand) -> Step:
    """Mend the record of ``a.seat``'s hand from what its owner says it holds."""
    if not 0 <= a.seat < len(state.players):
        raise MalformedAction(field="seat", expected="a seat of this table")
    if state.player(a.seat).eliminated:
        raise WrongMoment(act=a.act)
    phase = state.phase
    if not isinstance(phase, Choosing | BribeOffered | BlackmailDeclared | Discarding):
        raise WrongMoment(act=a.act)
    if isinstance(phase, BribeOffered | BlackmailDeclared) and a.seat in (
        state.active,
        phase.target,
    ):
        raise WrongMoment(act=a.act)
    mended = mend(a.seat, state.player(a.seat).hand, state.deck, a.cards, cards.ALIKE)
    state = update(evolve(state, deck=mended.deck), a.seat, hand=mended.hand)
    return state, [mended.event]
