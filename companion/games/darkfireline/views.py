"""What each person may see of a 暗火线 game (digest §3, §9).

Public — the tablet: each player's health and its maximum, what lies in front of
them (environment, armour), their hand's size, whether they are alive, dying or
dead, and a dead player's identity; the smoke and flashbangs on the table, who
placed them and so when they end; the deck's size, the discard pile (face up,
§3; a card a Disarm laid face down is a ``null`` there), the warrants out of the
game; the open rescue round — who is dying, who is asked, who has answered (not
how); what the table waits for. Private to a seat:
its identity and hand, and every secret it was told (its deal and draws, an
identity it searched, the hand it took from a player it killed). Nothing else
leaves the engine before the game is over.
"""

from __future__ import annotations

from companion.core.doubts import doubts_view
from companion.core.rules import over
from companion.core.types import JSON, JSONObject, Seat
from companion.core.views import own_view, revealed, table_view
from companion.games.darkfireline.rules import pending
from companion.games.darkfireline.state import Rescuing, State


def public_view(state: State) -> JSONObject:
    seats: list[JSON] = [
        {
            "name": p.name,
            "status": p.status,
            "health": p.health,
            "most": p.most,
            "hand": len(p.hand),
            "environment": p.environment,
            "armour": p.armour,
            "identity": None if p.alive else p.identity,
            "smoked": state.smoked(Seat(i)),
            "flashed": state.flashed(Seat(i)),
            "limit": state.hand_limit(Seat(i)),
        }
        for i, p in enumerate(state.players)
    ]
    phase = state.phase
    rescue: JSON = None
    if isinstance(phase, Rescuing):
        rescue = {
            "dying": phase.dying,
            "attacker": phase.attacker,
            "seats": list(phase.seats),
            "answered": [int(s) for s in sorted(phase.answered)],
            "holding": [int(s) for s in phase.holding],
            "n": phase.n,
        }
    return {
        **table_view("darkfireline", pending(state), over(state)),
        "turn": state.turn,
        "active": state.active,
        "deck": len(state.deck),
        "discard": [None if c in state.face_down else c for c in state.discard],
        "removed": len(state.removed),
        "seats": seats,
        "smokes": [{"user": s.user, "target": s.target} for s in state.smokes],
        "flashes": [{"user": f.user, "seats": list(f.pair)} for f in state.flashes],
        "done": {
            "equipped": state.done.equipped is not None,
            "shot": state.done.shot is not None,
            "skill": state.done.skill is not None,
        },
        "rescue": rescue,
    }


def private_view(state: State, seat: Seat) -> JSONObject:
    me = state.player(seat)
    return {
        **own_view(seat, me, pending(state), state.history),
        "status": me.status,
        "hand": list(me.hand),
    }


def revealed_view(state: State) -> JSONObject:
    """Everything, once the game is over: who was who, who held what, who learned what."""
    return {
        **revealed(public_view(state), state.players, state.history, over(state)),
        "deck": list(state.deck),
        "removed": list(state.removed),
        "doubts": doubts_view(state),
    }
