"""When a 風聲 player may check their hand (the mending itself: :mod:`companion.core.audit`).

At any moment of play while the player is alive, except while chance draws
from the deck — a draw, or 真偽莫辨 turning up its cards — since the deck is
what an audit exchanges cards with. A player names faces: which of the six
black 密電 鎖定 they hold is nobody's to know, not even theirs.
"""

from __future__ import annotations

from companion.core.audit import AuditHand, mend
from companion.core.errors import MalformedAction, WrongMoment
from companion.core.phases import Discarding
from companion.core.values import evolve, evolve_at
from companion.games.themessage import cards
from companion.games.themessage.moves import Step
from companion.games.themessage.state import Acting, Deciding, ProbeAnswer, Responding, State


def audit(state: State, a: AuditHand) -> Step:
    """Mend the record of ``a.seat``'s hand from what its owner says it holds."""
    if not isinstance(state.phase, Acting | Responding | Deciding | ProbeAnswer | Discarding):
        raise WrongMoment(act=a.act)
    if not 0 <= a.seat < len(state.players):
        raise MalformedAction(field="seat", expected="a seat of this table")
    if not state.player(a.seat).alive:
        raise WrongMoment(act=a.act)
    alike = cards.ALIKE[state.options.deck]
    mended = mend(a.seat, state.player(a.seat).hand, state.deck, a.cards, alike)
    players = evolve_at(state.players, a.seat, hand=mended.hand)
    return evolve(state, players=players, deck=mended.deck), [mended.event]
