"""What each function card does when it resolves (digest §6).

A play leaves the stack when every seat has passed on it; then its effect
happens here, and the card goes to the discard pile — a probe leaves the game
instead (§4). Most effects are immediate; a probe waits for its target's
answer and 真偽莫辨 for chance to place its cards, which the flow then finishes.
A play whose target is gone by then (a cancelled play, a burned card, a dead
player) does nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.outcome import Event, Secret
from companion.core.types import JSON, Seat
from companion.core.values import evolve, without
from companion.games.themessage.actions import Answer
from companion.games.themessage.cards import Function
from companion.games.themessage.moves import to_discard, update
from companion.games.themessage.probes import obligation
from companion.games.themessage.state import Placing, Play, ProbeAnswer, State


def resolve(state: State, play: Play, events: list[Event]) -> State:
    """The effect of ``play``, already off the stack."""
    return _EFFECTS[play.function](state, play, events)


def shown(play: Play) -> JSON:
    """The card of a play as the table sees it: a probe is played face down (§6.8)."""
    return None if play.face_down else play.card


def _whose(play: Play, **args: JSON) -> dict[str, JSON]:
    """An effect's public arguments: who played it, its number, and what it acted on."""
    return {"seat": play.seat, "n": play.n, **args}


def _lock(state: State, play: Play, events: list[Event]) -> State:
    assert play.target is not None
    events.append(Event("locked", _whose(play, target=play.target)))
    return to_discard(evolve(state, locked=state.locked | {play.target}), play.card)


def _lure(state: State, play: Play, events: list[Event]) -> State:
    assert play.target is not None
    events.append(Event("lured", _whose(play, target=play.target)))
    return to_discard(evolve(state, lured=state.lured | {play.target}), play.card)


def _intercept(state: State, play: Play, events: list[Event]) -> State:
    assert state.transit is not None
    events.append(Event("intercepted", _whose(play)))
    state = evolve(state, transit=evolve(state.transit, at=play.seat, forced=True))
    return to_discard(state, play.card)


def _return(state: State, play: Play, events: list[Event]) -> State:
    t = state.transit
    assert t is not None
    events.append(Event("returned", _whose(play)))
    state = evolve(state, transit=evolve(t, direction=-t.direction, returned=True))
    return to_discard(state, play.card)


def _fizzled(state: State, play: Play, events: list[Event]) -> State:
    """What the play would act on is gone: it does nothing, and is discarded."""
    events.append(Event("fizzled", _whose(play)))
    return to_discard(state, play.card)


def _decode(state: State, play: Play, events: list[Event]) -> State:
    t = state.transit
    assert t is not None
    state = evolve(state, transit=evolve(t, seen_by=t.seen_by | {play.seat}))
    seen = Secret(play.seat, "decoded", {"card": t.card, "sender": t.sender})
    events.append(Event("decoded", _whose(play), (seen,)))
    return to_discard(state, play.card)


def _burn(state: State, play: Play, events: list[Event]) -> State:
    assert play.target is not None and play.intel is not None
    target = state.player(play.target)
    if not target.alive or play.intel not in target.intel:
        return _fizzled(state, play, events)
    events.append(Event("burned", _whose(play, target=play.target, intel=play.intel)))
    state = update(state, play.target, intel=without(target.intel, play.intel))
    return to_discard(state, play.intel, play.card)


def _counter(state: State, play: Play, events: list[Event]) -> State:
    cancelled = next((p for p in state.stack if p.n == play.on), None)
    if cancelled is None:
        return _fizzled(state, play, events)
    state = evolve(state, stack=tuple(p for p in state.stack if p is not cancelled))
    if cancelled.face_down and state.options.countered_probe_removed:
        state = evolve(state, removed=(*state.removed, cancelled.card))
    else:
        state = to_discard(state, cancelled.card)
    args = _whose(play, target=cancelled.seat, on=cancelled.n)
    card = shown(cancelled)
    if card is not None:
        args["card"] = card
    events.append(Event("cancelled", args))
    return to_discard(state, play.card)


def _probe(state: State, play: Play, events: list[Event]) -> State:
    assert play.target is not None
    target = state.player(play.target)
    if not target.alive:
        events.append(Event("fizzled", _whose(play)))
        return evolve(state, removed=(*state.removed, play.card))
    assert target.identity is not None
    answer, count = obligation(target.identity, play.card, state.options)
    duty: dict[str, JSON] = {"card": play.card, "prober": play.seat, "answer": answer.value}
    if answer is Answer.DRAW:
        duty["draws"] = count
    told = Secret(play.target, "probed", duty)
    events.append(Event("probe_arrives", {"seat": play.seat, "target": play.target}, (told,)))
    return evolve(state, phase=ProbeAnswer(play.target, play.seat, play.card))


def _distribute(state: State, play: Play, events: list[Event]) -> State:
    n = len(state.players)
    order = tuple(
        Seat((play.seat + i) % n) for i in range(n) if state.player(Seat((play.seat + i) % n)).alive
    )
    events.append(Event("distributing", _whose(play, count=len(order))))
    return evolve(state, phase=Placing(play.seat, play.card, order))


_EFFECTS: dict[Function, Callable[[State, Play, list[Event]], State]] = {
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
