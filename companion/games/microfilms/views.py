"""What each person may see of a Microfilms game (digest §3).

Public: francs, Clean/Suspicious, hand sizes, the deck's size, the face-up
discard pile, the night, whose turn, what the table waits for, and identities
shown in claims. Private to a seat: its identity and hand, and every secret it
was told (its deal, its draws, a bribe offered to it, what its interrogations
and blackmails drew). Everything else — other hands and identities, the
removed cards, what the deck holds — stays in the engine until the game is over.
"""

from __future__ import annotations

from companion.core.codec import to_json
from companion.core.errors import WrongMoment
from companion.core.narrow import args
from companion.core.rules import over
from companion.core.types import JSON, JSONObject, Seat
from companion.core.views import prompt_view, secrets_for, timeline
from companion.games.microfilms import cards
from companion.games.microfilms.rules import pending
from companion.games.microfilms.state import BribeOffered, Player, State


def _status(p: Player) -> str:
    return "clean" if p.clean else "suspicious"


def public_view(state: State) -> JSONObject:
    result = over(state)
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
        "game": "microfilms",
        "turn": state.turn,
        "night": state.night,
        "active": state.active,
        "bank": state.bank,
        "deck": len(state.deck),
        "discard": list(state.discard),
        "seats": seats,
        "pending": [prompt_view(p) for p in pending(state)],
        "over": None if result is None else to_json(result),
    }


def private_view(state: State, seat: Seat) -> JSONObject:
    me = state.player(seat)
    prompts = [prompt_view(p) for p in pending(state) if seat in p.seats]
    phase = state.phase
    if isinstance(phase, BribeOffered) and phase.target == seat:
        for p in prompts:
            p["args"] = {**args(p), "card": phase.card}
    secrets: list[JSON] = list(secrets_for(state.history, seat))
    return {
        "seat": seat,
        "name": me.name,
        "identity": me.identity,
        "hand": [{"card": c, "blood": cards.CARDS[c].blood} for c in me.hand],
        "francs": me.francs,
        "status": _status(me),
        "limit": me.limit,
        "prompts": list(prompts),
        "secrets": secrets,
    }


def revealed_view(state: State) -> JSONObject:
    """Everything, once the game is over: who held what, who learned what, when."""
    if over(state) is None:
        raise WrongMoment(act="reveal")
    return {
        **public_view(state),
        "identities": [p.identity for p in state.players],
        "hands": [list(p.hand) for p in state.players],
        "removed": list(state.removed),
        "deck": list(state.deck),
        "timeline": timeline(state.history),
    }
