"""What each 風聲 seat may not know (digest §3, §10), for the leak oracle.

Hidden from a seat: every other player's hand and living identity, what the
deck holds, the discard pile when discards are face down, the face of a card
in transit it neither sent nor decoded (its method is public), probes others
played face down (that they are probes is public) and the probes out of the
game. Cards that look alike from the seat's chair form a group: any card
face down in a hand or pile; a probe among the probes; a card in transit
among the cards of its method.
"""

from __future__ import annotations

from companion.core.types import Seat
from companion.core.values import evolve, evolve_at
from companion.core.worlds import Hidden, Secrecy
from companion.games.themessage.cards import Function, Method, function_of, method_of
from companion.games.themessage.state import ProbeAnswer, Responding, State


def hidden(state: State, seat: Seat) -> Hidden:
    others = [Seat(i) for i in range(len(state.players)) if i != seat]
    face_down = {*state.deck, *(c for s in others for c in state.player(s).hand)}
    if not state.options.discard_face_up:
        face_down |= set(state.discard)
    phase = state.phase
    plays = (*state.stack, *(phase.declared if isinstance(phase, Responding) else ()))
    probes = {p.card for p in plays if function_of(p.card) is Function.PROBE and p.seat != seat}
    if isinstance(phase, ProbeAnswer) and seat not in (phase.target, phase.prober):
        probes.add(phase.card)
    probes |= {*state.removed, *(c for c in face_down if function_of(c) is Function.PROBE)}
    groups = [frozenset(face_down), frozenset(probes)]
    t = state.transit
    if t is not None and t.method is not Method.TEXT and seat not in t.seen_by:
        groups.append(frozenset({t.card, *(c for c in face_down if method_of(c) is t.method)}))
    living = tuple(s for s in others if state.player(s).alive)
    return Hidden(cards=tuple(groups), seats=living)


def swap_identities(state: State, a: Seat, b: Seat) -> State:
    ia, ib = state.player(a).identity, state.player(b).identity
    return evolve(
        state, players=evolve_at(evolve_at(state.players, a, identity=ib), b, identity=ia)
    )


SECRECY: Secrecy[State] = Secrecy(hidden, swap_identities)
