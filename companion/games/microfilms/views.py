"""What each person may see of a Microfilms game (digest §3).

Public: francs, Clean/Suspicious, hand sizes, the deck's size, the face-up
discard pile, the night, whose turn, what the table waits for, and identities
shown in claims. Private to a seat: its identity and hand, and every secret it
was told (its deal, its draws, a bribe offered to it, what its interrogations
and blackmails drew). Everything else — other hands and identities, the
removed cards, what the deck holds — stays in the engine until the game is over.
"""

from __future__ import annotations

from companion.core.doubts import doubts_view
from companion.core.rules import over
from companion.core.types import JSON, JSONObject, Seat
from companion.core.views import own_view, revealed, table_view
from companion.games.microfilms import cards
from companion.games.microfilms.rules import pending
from companion.games.microfilms.state import BribeOffered, Player, State


def _status(p: Player) -> str:
    return "clean" if p.clean else "suspicious"


def public_view(state: State) -> JSONObject:
    seats: list[JSON] = [
        {
            "name": p.name,
            "francs": p.francs,
            "status": _status(p),
            "hand": len(p.hand),
            "limit": p.limit,
            "eliminated": p.eliminated,
            "identity": p.identity if p.revealed else None,
        }
        for p in state.players
    ]
    return {
        **table_view("microfilms", pending(state), over(state)),
        "turn": state.turn,
        "night": state.night,
        "active": state.active,
        "bank": state.bank,
        "deck": len(state.deck),
        "discard": list(state.discard),
        "seats": seats,
    }


def private_view(state: State, seat: Seat) -> JSONObject:
    me = state.player(seat)
    return {
        **own_view(seat, me, pending(state), state.history, _offered(state, seat)),
        "hand": [{"card": c, "blood": cards.CARDS[c].blood} for c in me.hand],
        "francs": me.francs,
        "status": _status(me),
        "limit": me.limit,
    }


def _offered(state: State, seat: Seat) -> dict[str, JSON]:
    """The card a bribe offers this seat, face down (§6.1): its own to see, and answer."""
    phase = state.phase
    return {"card": phase.card} if isinstance(phase, BribeOffered) and phase.target == seat else {}


def revealed_view(state: State) -> JSONObject:
    """Everything, once the game is over: who held what, who learned what, when."""
    shown = revealed(public_view(state), state.players, state.history, over(state))
    return {
        **shown,
        "removed": list(state.removed),
        "deck": list(state.deck),
        "doubts": doubts_view(state),
    }
