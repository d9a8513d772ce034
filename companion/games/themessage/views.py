"""What each person may see of a 風聲 game (digest §3, §10).

Public — the tablet: each player's hand size, received intelligence (face up,
by colour), status and, once dead or out, identity; the deck's size and the
discard pile's (its cards too when discards are face up); the card in transit
— where it is, where it goes, its method, and its face only for 文本; who is
locked or lured; the stack, with a probe's card hidden; the open round; what
the table waits for; how many identities of each camp were dealt. Private to a
seat: its identity and hand, the face of a card in transit it sent or decoded,
its own probes on the stack, the duty a probe puts on it, and every secret it
was told. Nothing else leaves the engine before the game is over.
"""

from __future__ import annotations

from companion.core.codec import to_json
from companion.core.doubts import doubts_view
from companion.core.rules import over
from companion.core.types import JSON, CardId, JSONObject, Seat
from companion.core.views import own_view, revealed, table_view
from companion.games.themessage.cards import CARDS, Colour, Method
from companion.games.themessage.effects import shown
from companion.games.themessage.hops import next_hop
from companion.games.themessage.probes import obligation
from companion.games.themessage.rules import pending
from companion.games.themessage.setup import mix_for
from companion.games.themessage.state import Moment, Play, ProbeAnswer, Responding, State


def _play(play: Play) -> JSONObject:
    """A play as the table sees it: its function always, its card unless a probe."""
    body = to_json(play)
    assert isinstance(body, dict)
    return {**body, "card": shown(play)}


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
_COLOUR = {card: c.colour.value for card, c in CARDS.items()}
"""Each card's colour by name, looked up once: every view counts every seat's intelligence."""


def _counts(intel: tuple[CardId, ...]) -> dict[str, JSON]:
    """Received intelligence by colour, the figures a face shows (§8)."""
    colours = [_COLOUR[card] for card in intel]
    return {c: colours.count(c) for c in COLOURS}


def public_view(state: State) -> JSONObject:
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
            "n": phase.n,
            "holding": [int(s) for s in phase.holding],
        }
    return {
        **table_view("themessage", pending(state), over(state)),
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
        "mix": _mix(state),
    }


def _mix(state: State) -> JSONObject:
    """How many identities of each camp were dealt (§2): the table's choice, known to all —
    a player weighs every guess by it."""
    mix = mix_for(state.options, len(state.players))
    return {"red": mix.red, "blue": mix.blue, "green": mix.green}


def private_view(state: State, seat: Seat) -> JSONObject:
    me, phase, t = state.player(seat), state.phase, state.transit
    known = t is not None and (t.method is Method.TEXT or seat in t.seen_by)
    declared = phase.declared if isinstance(phase, Responding) else ()
    return {
        **own_view(seat, me, pending(state), state.history, _duty(state, seat)),
        "status": me.status.value,
        "hand": list(me.hand),
        "transit_card": t.card if t is not None and known else None,
        "my_plays": [
            {"n": p.n, "card": p.card} for p in (*state.stack, *declared) if p.seat == seat
        ],
    }


def _duty(state: State, seat: Seat) -> dict[str, JSON]:
    """What a probe obliges this seat to answer (§6.8): the card, and its duty by its identity."""
    phase, identity = state.phase, state.player(seat).identity
    if not (isinstance(phase, ProbeAnswer) and phase.target == seat and identity is not None):
        return {}
    answer, count = obligation(identity, phase.card, state.options)
    return {"card": phase.card, "answer": answer.value, "count": count}


def revealed_view(state: State) -> JSONObject:
    """Everything, once the game is over: who was who, who held what, who learned what."""
    t = state.transit
    return {
        **revealed(public_view(state), state.players, state.history, over(state)),
        "deck": list(state.deck),
        "discard": list(state.discard),
        "removed": list(state.removed),
        "transit_card": None if t is None else t.card,
        "doubts": doubts_view(state),
    }
