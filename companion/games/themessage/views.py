"""What each person may see of a 風聲 game (digest §3, §10).

Public — the tablet: each player's hand size, received intelligence (face up,
by colour), status and, once dead or out, identity; the deck's size and the
discard pile's (its cards too when discards are face up); the card in transit
— where it is, where it goes, its method, and its face only for 文本; who is
locked or lured; the stack, with a probe's card hidden; the open round; what
the table waits for. Private to a seat: its identity and hand, the face of a
card in transit it sent or decoded, its own probes on the stack, the duty a
probe puts on it, and every secret it was told. Nothing else leaves the engine
before the game is over.
"""

from __future__ import annotations

from companion.core.codec import to_json
from companion.core.errors import WrongMoment
from companion.core.narrow import args
from companion.core.rules import over
from companion.core.types import JSON, CardId, JSONObject, Seat
from companion.core.views import prompt_view, secrets_for, timeline
from companion.games.themessage.cards import Colour, Method, colour_of, function_of
from companion.games.themessage.effects import shown
from companion.games.themessage.hops import next_hop
from companion.games.themessage.probes import obligation
from companion.games.themessage.rules import pending
from companion.games.themessage.state import Moment, Play, ProbeAnswer, Responding, State


def _play(play: Play) -> JSONObject:
    """A play as the table sees it: its function always, its card unless a probe."""
    body = to_json(play)
    assert isinstance(body, dict)
    return {**body, "function": function_of(play.card).value, "card": shown(play)}


def _transit(state: State) -> JSON:
    t = state.transit
    if t is None:
        return None
    return {
        "sender": t.sender,
        "method": t.method.value,
        "card": t.card if t.method is Method.TEXT else None,
        "at": t.at,
        "to": next_hop(state) if state.moment is Moment.TRANSMIT and not t.forced else None,
        "addressee": t.target,
        "direction": "right" if t.direction > 0 else "left",
        "intercepted": t.forced,
        "refused": t.refused,
    }


COLOURS = tuple(c.value for c in Colour)


def _counts(intel: tuple[CardId, ...]) -> dict[str, JSON]:
    """Received intelligence by colour, the figures a face shows (§8)."""
    colours = [colour_of(card).value for card in intel]
    return {c: colours.count(c) for c in COLOURS}


def public_view(state: State) -> JSONObject:
    result = over(state)
    seats: list[JSON] = [
        {
            "name": p.name,
            "status": p.status.value,
            "hand": len(p.hand),
            "intel": list(p.intel),
            **_counts(p.intel),
            "identity": None if p.alive else p.identity,
            "locked": i in state.locked,
            "lured": i in state.lured,
        }
        for i, p in enumerate(state.players)
    ]
    phase = state.phase
    round_: JSON = None
    if isinstance(phase, Responding):
        round_ = {
            "seats": list(phase.seats),
            "answered": [int(s) for s in sorted(phase.answered)],
            "declared": [_play(p) for p in phase.declared],
        }
    return {
        "game": "themessage",
        "turn": state.turn,
        "active": state.active,
        "moment": state.moment.value,
        "deck": len(state.deck),
        "discards": len(state.discard),
        "discard": list(state.discard) if state.options.discard_face_up else None,
        "removed": len(state.removed),
        "seats": seats,
        "transit": _transit(state),
        "stack": [_play(p) for p in state.stack],
        "round": round_,
        "pending": [prompt_view(p) for p in pending(state)],
        "over": None if result is None else to_json(result),
    }


def private_view(state: State, seat: Seat) -> JSONObject:
    me = state.player(seat)
    prompts = [prompt_view(p) for p in pending(state) if seat in p.seats]
    phase = state.phase
    if isinstance(phase, ProbeAnswer) and phase.target == seat:
        assert me.identity is not None
        answer, count = obligation(me.identity, phase.card, state.options)
        for p in prompts:
            p["args"] = {**args(p), "card": phase.card, "answer": answer.value, "count": count}
    t = state.transit
    known = t is not None and (t.method is Method.TEXT or seat in t.seen_by)
    declared = phase.declared if isinstance(phase, Responding) else ()
    secrets: list[JSON] = list(secrets_for(state.history, seat))
    return {
        "seat": seat,
        "name": me.name,
        "identity": me.identity,
        "status": me.status.value,
        "hand": list(me.hand),
        "transit_card": t.card if t is not None and known else None,
        "my_plays": [
            {"n": p.n, "card": p.card} for p in (*state.stack, *declared) if p.seat == seat
        ],
        "prompts": list(prompts),
        "secrets": secrets,
    }


def revealed_view(state: State) -> JSONObject:
    """Everything, once the game is over: who was who, who held what, who learned what."""
    if over(state) is None:
        raise WrongMoment(act="reveal")
    t = state.transit
    return {
        **public_view(state),
        "identities": [p.identity for p in state.players],
        "hands": [list(p.hand) for p in state.players],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "removed": list(state.removed),
        "transit_card": None if t is None else t.card,
        "timeline": timeline(state.history),
    }
