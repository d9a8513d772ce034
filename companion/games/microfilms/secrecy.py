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
and letter — so the nation out trades places whole, its three cards with those of
a nation in play the seat has not seen. A bribe on offer is the target's to see.
"""

from __future__ import annotations

from companion.core.types import CardId, Seat
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
    return Hidden(cards=(hand_cards, dealt, freelancers), unseen=out,
                  sets=(_nations(state, hand_cards, dealt, out),))  # fmt: skip


def _nations(
    state: State, hand_cards: frozenset[CardId], dealt: frozenset[CardId], out: frozenset[CardId]
) -> tuple[tuple[CardId, ...], ...]:
    """Each nation's Agent, Microfilm and letter, where the seat cannot tell whether that
    nation is the one out of the game (§2 step 3): all three out, or its Agent another
    seat's unshown identity and its Microfilm and letter in the deck or another's hand. The
    nation whose letter is set aside stays: it is the lone one, whichever nation is out."""
    found = []
    for nation in cards.Nation:
        trio = (cards.agent(nation), cards.microfilm(nation), cards.letter(nation))
        agent, *objects = trio
        if set(trio) <= out or (
            nation is not state.lone and agent in dealt and set(objects) <= hand_cards
        ):
            found.append(trio)
    return tuple(found)


SECRECY: Secrecy[State] = Secrecy(hidden)
