"""Every action a seat may take now — for the phones, the tablet's manual entry, bots and tests.

Actions come in families named for their act (``send``, ``lock``, ``pass``…),
each listed lazily, so a face can offer the families first and a random player
need not build every possible action to pick one. The rules never consult this
list; a property test checks that ``apply`` accepts what it contains.

A list goes to the seat's own phone, so it may depend only on what that seat
knows: its hand and identity, and public facts. A probed player is offered
only the answer their identity owes — their phone tells them their duty — and
``tell_draw`` offers every card the drawer could have drawn as far as they know.

The families of plays are :class:`~companion.core.legal.Sparing`: the tablet lists them
with every card not face up as the hand, and needs one play of a family at most.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.core import copies
from companion.core.actions import Action, Discard, Pass, TellDraw
from companion.core.legal import Families, Family, Moot, Sparing
from companion.core.memo import per_state, per_value
from companion.core.phases import Discarding
from companion.core.rounds import Hold
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at
from companion.games.themessage import cards, timing
from companion.games.themessage.actions import (
    Answer,
    AnswerProbe,
    Burn,
    Counter,
    Decline,
    Decode,
    Distribute,
    Draw,
    EndTurn,
    Intercept,
    Lock,
    Lure,
    Probe,
    Receive,
    Return,
    Send,
    TellPlacement,
)
from companion.games.themessage.cards import Function, Method
from companion.games.themessage.hops import must_receive
from companion.games.themessage.probes import obligation
from companion.games.themessage.rules import TURNS, sendable
from companion.games.themessage.state import (
    Acting,
    Deciding,
    Drawing,
    Moment,
    Placing,
    ProbeAnswer,
    Responding,
    State,
)


@per_state
def _families(state: State, seat: Seat) -> dict[str, Family[State]]:
    """The families of this moment: asked again for the same state by a list of moves, its
    open families and the rules' refusals, and dear to work out (the cards playable now);
    kept per state, so a caller must not change what it is given."""
    phase = state.phase
    if not TURNS.waits_for(state, seat):
        return {}
    if isinstance(phase, Acting | Responding):
        plays = {f.value: _PLAYS[f] for f in sorted(timing.functions_now(state, seat))}
        if isinstance(phase, Responding):
            hold = {} if seat in phase.held else {"hold": _hold}
            return {"pass": _pass, **hold, **plays}
        return {**plays, **_ACTING[state.moment]}
    return _BY_PHASE[type(phase)]


MOVES = Families(_families)
legal_actions = MOVES.actions


def _mine(state: State, seat: Seat, function: Function, moot: Moot) -> Iterator[CardId]:
    """The seat's cards of ``function``, but none that is ``moot`` when it is reached."""
    return (c for c in _by_function(state.player(seat).hand).get(function, ()) if not moot(c))


@per_value(4096)
def _by_function(hand: tuple[CardId, ...]) -> dict[Function, tuple[CardId, ...]]:
    """A hand's cards by function: every family of plays asks, so each hand is sorted once."""
    found: dict[Function, list[CardId]] = {}
    for card in hand:
        found.setdefault(cards.function_of(card), []).append(card)
    return {f: tuple(cs) for f, cs in found.items()}


@Sparing
def _lock(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    targets = timing.lock_targets(state, seat)
    for c in _mine(state, seat, Function.LOCK, moot):
        yield from (Lock(seat=seat, card=c, target=t) for t in targets)


@Sparing
def _lure(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    targets = timing.lure_targets(state, seat)
    for c in _mine(state, seat, Function.LURE, moot):
        yield from (Lure(seat=seat, card=c, target=t) for t in targets)


@Sparing
def _intercept(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    yield from (Intercept(seat=seat, card=c) for c in _mine(state, seat, Function.INTERCEPT, moot))


@Sparing
def _return(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    yield from (Return(seat=seat, card=c) for c in _mine(state, seat, Function.RETURN, moot))


@Sparing
def _decode(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    yield from (Decode(seat=seat, card=c) for c in _mine(state, seat, Function.DECODE, moot))


@Sparing
def _burn(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    targets = timing.burn_targets(state)
    for c in _mine(state, seat, Function.BURN, moot):
        for target, black in targets.items():
            yield from (Burn(seat=seat, card=c, target=target, intel=i) for i in black)


@Sparing
def _counter(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    targets = timing.counter_targets(state, seat)
    for c in _mine(state, seat, Function.COUNTER, moot):
        yield from (Counter(seat=seat, card=c, on=n) for n in targets)


@Sparing
def _probe(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    targets = timing.probe_targets(state, seat)
    for c in _mine(state, seat, Function.PROBE, moot):
        yield from (Probe(seat=seat, card=c, target=t) for t in targets)


@Sparing
def _distribute(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    made = _mine(state, seat, Function.DISTRIBUTE, moot)
    yield from (Distribute(seat=seat, card=c) for c in made)


def _pass(state: State, seat: Seat) -> Iterator[Action]:
    yield Pass(seat=seat)


def _hold(state: State, seat: Seat) -> Iterator[Action]:
    yield Hold(seat=seat)


def _draw(state: State, seat: Seat) -> Iterator[Action]:
    yield Draw(seat=seat)


def _send(state: State, seat: Seat) -> Iterator[Action]:
    others = [s for s in state.living() if s != seat]
    for c in state.player(seat).hand:
        if cards.method_of(c) is not Method.DIRECT:
            yield Send(seat=seat, card=c)
        else:
            yield from (Send(seat=seat, card=c, target=t) for t in others)


def _end_turn(state: State, seat: Seat) -> Iterator[Action]:
    if state.moment is Moment.PLAY_2 or not any(
        sendable(state, seat, c) for c in state.player(seat).hand
    ):
        yield EndTurn(seat=seat)


def _receive(state: State, seat: Seat) -> Iterator[Action]:
    yield Receive(seat=seat)


def _decline(state: State, seat: Seat) -> Iterator[Action]:
    if not must_receive(state, seat):
        yield Decline(seat=seat)


def _answer(state: State, seat: Seat) -> Iterator[Action]:
    """Only the answer this seat's identity owes: its phone tells it its duty (§6.8)."""
    phase = state.phase
    assert isinstance(phase, ProbeAnswer)
    me = state.player(seat)
    assert me.identity is not None
    owed, _ = obligation(me.identity, phase.card, state.options)
    if owed is not Answer.DISCARD:
        yield AnswerProbe(seat=seat, answer=owed)
    elif not me.hand:
        yield AnswerProbe(seat=seat, answer=owed, card=None)
    else:
        yield from (AnswerProbe(seat=seat, answer=owed, card=c) for c in me.hand)


def _tell_draw(state: State, seat: Seat) -> Iterator[Action]:
    """Any card of the box that this seat has not seen somewhere other than the deck."""
    for card in _unseen(state, seat):
        yield TellDraw(seat=seat, card=card)


def _tell_placement(state: State, seat: Seat) -> Iterator[Action]:
    """Any card 真偽莫辨 could have turned up, as far as the receiving seat knows."""
    for card in _unseen(state, seat):
        yield TellPlacement(seat=seat, card=card)


def _unseen(state: State, seat: Seat) -> list[CardId]:
    seen = {*state.player(seat).hand, *(c for p in state.players for c in p.intel)}
    seen |= {p.card for p in state.stack if not p.face_down}
    t = state.transit
    if t is not None and (t.method is Method.TEXT or seat in t.seen_by):
        seen.add(t.card)
    if state.options.discard_face_up:
        seen |= set(state.discard)
    return [c for c in cards.DECKS[state.options.deck] if c not in seen]


def audit_faces(state: State, seat: Seat) -> list[tuple[CardId, ...]]:
    """What ``seat`` could say it holds in a hand audit, face by face, its own cards first.

    Its own hand and every card of the box it has not seen somewhere other than the deck.
    """
    hand = state.player(seat).hand
    return copies.faces([*hand, *_unseen(state, seat)], cards.ALIKE[state.options.deck])


def _discard(state: State, seat: Seat) -> Iterator[Action]:
    yield from (Discard(seat=seat, card=c) for c in state.player(seat).hand)


PHONE_ONLY = frozenset({"send", "tell_draw", "answer_probe", "discard"})
"""Families whose choice only the acting seat may know — the card it sends face down, the
card it drew unseen, its duty to a probe and the card that duty may cost, a card it
discards face down: never entered on the shared tablet, only on that seat's phone."""


def masks(state: State, seat: Seat) -> Iterator[State]:
    """The state as the shared tablet sees it for ``seat``, to offer its actions.

    A seat's own legal list would show its hand on the shared screen. So the
    table treats every card not face up as one the seat might hold.
    """
    public = {c for p in state.players for c in p.intel}
    public |= {p.card for p in state.stack if not p.face_down}
    if state.options.discard_face_up:
        public |= set(state.discard)
    maybe = tuple(c for c in cards.DECKS[state.options.deck] if c not in public)
    yield evolve(state, players=evolve_at(state.players, seat, hand=maybe))


_PLAYS: dict[Function, Family[State]] = {
    Function.LOCK: _lock,
    Function.LURE: _lure,
    Function.INTERCEPT: _intercept,
    Function.RETURN: _return,
    Function.DECODE: _decode,
    Function.BURN: _burn,
    Function.COUNTER: _counter,
    Function.PROBE: _probe,
    Function.DISTRIBUTE: _distribute,
}

_ACTING: dict[Moment, dict[str, Family[State]]] = {
    Moment.TURN_START: {"draw": _draw},
    Moment.PLAY_1: {"send": _send, "end_turn": _end_turn},
    Moment.PLAY_2: {"end_turn": _end_turn},
}

_BY_PHASE: dict[type, dict[str, Family[State]]] = {
    Deciding: {"receive": _receive, "decline": _decline},
    ProbeAnswer: {"answer_probe": _answer},
    Drawing: {"tell_draw": _tell_draw},
    Placing: {"tell_placement": _tell_placement},
    Discarding: {"discard": _discard},
}
