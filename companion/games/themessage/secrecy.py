"""What each 風聲 seat may not know (digest §3, §10), for the leak oracle.

Hidden from a seat: every other player's hand and living identity, what the
deck holds, the face of a card in transit it neither sent nor decoded (its
method is public), probes others played face down (that they are probes is
public) and the probes out of the game (and any card a player's word put out of the game
in a probe's place, :mod:`companion.core.doubts`). Cards that look alike from the seat's
chair form a group: any card face down in a hand or the deck; a probe among the
probes; a card in transit among the cards of its method.

The discard pile is in no group even when discards are face down (it is out of
sight, but no trade may move it): some of its cards went there face up (a dead
player's intelligence, a burned card, a resolved play), and where those are is known
to all — trading one of them for a hidden card would
change what the table rightly remembers, such as the card a 燒燬 on the stack names.
"""

from __future__ import annotations

from companion.core.types import Seat
from companion.core.values import evolve, evolve_at
from companion.core.worlds import Hidden, Secrecy
from companion.games.themessage.cards import CARDS, Function, Method, function_of, method_of
from companion.games.themessage.state import ProbeAnswer, Responding, State

PROBES = frozenset(c for c in CARDS if function_of(c) is Function.PROBE)
BY_METHOD = {m: frozenset(c for c in CARDS if method_of(c) is m) for m in Method}


def hidden(state: State, seat: Seat) -> Hidden:
    others = [Seat(i) for i in range(len(state.players)) if i != seat]
    out = frozenset(state.removed)
    face_down = frozenset(state.deck).union(*(state.player(s).hand for s in others))
    face_down |= out - PROBES  # a stand-in a player's word put out of the game
    phase = state.phase
    plays = (*state.stack, *(phase.declared if isinstance(phase, Responding) else ()))
    probes = {p.card for p in plays if p.face_down and p.seat != seat}
    if isinstance(phase, ProbeAnswer) and seat not in (phase.target, phase.prober):
        probes.add(phase.card)
    groups = [face_down, frozenset({*probes, *(out & PROBES), *(face_down & PROBES)})]
    t = state.transit
    if t is not None and t.method is not Method.TEXT and seat not in t.seen_by:
        groups.append(frozenset({t.card, *(face_down & BY_METHOD[t.method])}))
    living = tuple(s for s in others if state.player(s).alive)
    face_down_discards = frozenset() if state.options.discard_face_up else frozenset(state.discard)
    return Hidden(cards=tuple(groups), seats=living, unseen=face_down_discards)


def swap_identities(state: State, a: Seat, b: Seat) -> State:
    ia, ib = state.player(a).identity, state.player(b).identity
    return evolve(
        state, players=evolve_at(evolve_at(state.players, a, identity=ib), b, identity=ia)
    )


SECRECY: Secrecy[State] = Secrecy(hidden, swap_identities)
