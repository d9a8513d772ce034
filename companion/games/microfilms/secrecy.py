"""What each Microfilms seat may not know (digest §3), for the leak oracle.

Hidden from a seat: every other player's hand and unshown identity, what the
deck holds, and the cards out of the game unseen (the fourth Agent with its
Microfilm and letter, the Freelancers not dealt, the letter set aside). Cards
that may trade places form a group: any hand card in a hand or the deck; an
identity among the identities dealt to others, and a Freelancer among the
Freelancers dealt to others and those not dealt (an Agent never leaves the
game unseen for a Freelancer: each nation's Agent is dealt but one). The other
cards out of the game are out of sight too, but no single trade moves them: the
letter set aside fixes the alliance, and the fourth Agent goes with its Microfilm
and letter. A bribe on offer is the target's to see.
"""

from __future__ import annotations

from companion.core.types import Seat
from companion.core.worlds import Hidden, Secrecy
from companion.games.microfilms import cards
from companion.games.microfilms.state import BribeOffered, State


def hidden(state: State, seat: Seat) -> Hidden:
    others = [p for i, p in enumerate(state.players) if i != seat]
    phase = state.phase
    shown = {phase.card} if isinstance(phase, BribeOffered) and phase.target == seat else set()
    held = set().union(*(p.hand for p in others))
    hand_cards = frozenset({*state.deck, *held} - shown)
    dealt = frozenset(p.identity for p in others if p.identity is not None and not p.revealed)
    freelancers = frozenset(c for c in {*dealt, *state.removed} if c in cards.FREELANCERS)
    out = frozenset(c for c in state.removed if c not in cards.FREELANCERS)
    return Hidden(cards=(hand_cards, dealt, freelancers), unseen=out)


SECRECY: Secrecy[State] = Secrecy(hidden)
