"""What each Microfilms seat may not know (digest §3), for the leak oracle.

Hidden from a seat: every other player's hand and unshown identity, what the
deck holds, and the cards out of the game unseen (the fourth Agent with its
Microfilm and letter, the Freelancers not dealt, the letter set aside). An
identity card never lies where a hand card could, so the two are groups of
their own. A bribe on offer is the target's to see.
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
    removed = set(state.removed)
    held = {c for p in others for c in p.hand}
    hand_cards = {*state.deck, *held, *(c for c in removed if not cards.is_identity(c))} - shown
    identities = {p.identity for p in others if p.identity is not None and not p.revealed}
    identities |= {c for c in removed if cards.is_identity(c)}
    return Hidden(cards=(frozenset(hand_cards), frozenset(identities)))


SECRECY: Secrecy[State] = Secrecy(hidden)
