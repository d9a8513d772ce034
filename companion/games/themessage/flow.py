"""How the table moves on by itself between choices (digest §4, §5.2, §7, §8).

Every handler changes the state for one action and then calls :func:`settle`,
which carries on until the table waits for someone: it closes a round that
everyone has answered (stacking what was declared, else resolving the top of
the stack, else closing the window), moves the card in transit hop by hop,
makes a forced receipt, draws or places a card when only one is possible,
and ends a turn. Nothing here reads a hand to decide what comes next.
"""

from __future__ import annotations

from companion.core.outcome import Event, Secret
from companion.core.phases import Discarding, Finished
from companion.core.types import CardId, Seat
from companion.core.values import evolve
from companion.games.themessage import checks, effects
from companion.games.themessage.cards import Function, colour_of
from companion.games.themessage.hops import must_receive, next_hop
from companion.games.themessage.moves import Step, from_deck, refill, to_discard, to_hand, to_intel
from companion.games.themessage.options import DistributeChecks, RoundOrder
from companion.games.themessage.state import (
    Acting,
    Deciding,
    Drawing,
    Moment,
    Placing,
    Play,
    Responding,
    State,
    Status,
)
from companion.games.themessage.timing import round_seats

TURN_DRAW = 2
"""§4 step 2: draw two cards."""


def settle(state: State, events: list[Event]) -> Step:
    """Carry on until the table waits for a player or for chance."""
    while True:
        phase = state.phase
        if isinstance(phase, Responding) and phase.closed:
            state = _close_round(state, events)
        elif isinstance(phase, Deciding) and must_receive(state, _holder(state)):
            state = receive(state, events)
        elif isinstance(phase, Drawing | Placing) and not state.deck and state.discard:
            state = refill(state, events)  # at once (§4 step 2), before chance is asked a card
        elif isinstance(phase, Drawing) and _draw_is_certain(state, phase):
            state = _draw_certain(state, phase, events)
        elif isinstance(phase, Placing) and _placing_is_certain(state, phase):
            state = _place_certain(state, phase, events)
        else:
            return state, events


# --- rounds and the stack (§7) -----------------------------------------------------------


def open_round(state: State) -> State:
    n = state.rounds + 1
    return evolve(state, phase=Responding(round_seats(state), n=n), rounds=n)


def seat_order(state: State, seat: Seat) -> int:
    """§7: seats count from the first to the right of the last user, going rightward."""
    return (seat - state.last_user - 1) % len(state.players)


def _close_round(state: State, events: list[Event]) -> State:
    phase = state.phase
    assert isinstance(phase, Responding)
    if phase.declared:
        return _stack_declared(state, phase.declared, events)
    if state.stack:
        top, state = state.stack[-1], evolve(state, stack=state.stack[:-1])
        state = effects.resolve(state, top, events)
        if isinstance(state.phase, Responding):
            return after_resolution(state, events)
        return state
    if state.moment is Moment.TRANSMIT:
        return _transmit_closes(state, events)
    return _arrive_closes(state, events)


def declare(state: State, phase: Responding, play: Play, events: list[Event]) -> State:
    """§7: a play declared in the open round, which passes over every seat ranked before its
    player that has not answered.

    Plays declared together count as used in seat order; that is, as if each seat were asked
    in turn (the digest's polling order) — and a seat asked before this one would have had to
    answer before seeing it. So a seat ranked earlier that plays once it has seen this play
    answers it: in the next round, and its card resolves first (後發先至, seed l.193). Else it
    could wait, see another's 截獲, declare its own "together" and take the card the seed
    gives to the first."""
    rank = seat_order(state, play.seat)
    before = [s for s in phase.waiting if s != play.seat and seat_order(state, s) < rank]
    answered = phase.answer(play.seat, play)
    if before:
        events.append(Event("passed_over", {"seat": play.seat, "seats": list(before)}))
    for seat in before:
        answered = answered.answer(seat)
    return evolve(state, phase=answered)


def _stack_declared(state: State, declared: tuple[Play, ...], events: list[Event]) -> State:
    """§7: plays declared together are used in seat order; 鎖定 resolves in that order,
    the last-in-first-out cards (截獲, 識破, …) in reverse — the two mixed as the table's
    :class:`RoundOrder` says. The stack's top, its last card, resolves first."""
    ordered = sorted(declared, key=lambda p: seat_order(state, p.seat))
    normal = [p for p in ordered if p.function is Function.LOCK]
    lifo = [p for p in ordered if p.function is not Function.LOCK]
    if state.options.round_order is RoundOrder.SEAT_ORDER and normal and lifo:
        pushed = tuple(reversed(ordered))
    else:
        pushed = (*lifo, *reversed(normal))
    state = evolve(state, stack=(*state.stack, *pushed), last_user=ordered[-1].seat)
    if len(pushed) > 1:
        events.append(Event("stacked", {"plays": [p.n for p in reversed(pushed)]}))
    return open_round(state)


def push(state: State, play: Play) -> State:
    """A play by the active player acting alone goes straight onto the stack."""
    return open_round(evolve(state, stack=(*state.stack, play), last_user=play.seat))


def after_resolution(state: State, events: list[Event]) -> State:
    """The next round on the stack; or, with the stack empty, back to the moment of the turn."""
    if isinstance(state.phase, Finished):
        return state
    if state.stack:
        return open_round(state)
    return resume(state, events)


def resume(state: State, events: list[Event]) -> State:
    if isinstance(state.phase, Finished):
        return state
    if not state.player(state.active).alive:
        return end_turn(state, events)
    if state.moment in (Moment.TRANSMIT, Moment.ARRIVE):
        return open_round(state)
    return evolve(state, phase=Acting())


# --- the card in transit (§5) -------------------------------------------------------------


def _holder(state: State) -> Seat:
    assert state.transit is not None
    return state.transit.at


def start_hop(state: State, events: list[Event]) -> State:
    """§5.2 step 1: the card leaves the player it is in front of; the transmit window opens."""
    state = evolve(state, moment=Moment.TRANSMIT)
    events.append(Event("travels", {"seat": _holder(state), "to": next_hop(state)}))
    return open_round(state)


def _transmit_closes(state: State, events: list[Event]) -> State:
    t = state.transit
    assert t is not None
    if t.forced:
        return evolve(state, moment=Moment.ARRIVE, phase=Deciding())
    dest = next_hop(state)
    if dest is None:
        events.append(Event("intel_discarded", {"sender": t.sender}))
        state = evolve(to_discard(state, t.card), transit=None, moment=Moment.PLAY_2)
        return resume(state, events)
    state = evolve(state, transit=evolve(t, at=dest), moment=Moment.ARRIVE)
    events.append(Event("arrived", {"seat": dest}))
    return open_round(state)


def _arrive_closes(state: State, events: list[Event]) -> State:
    t = state.transit
    assert t is not None
    if t.returned:
        return start_hop(evolve(state, transit=evolve(t, returned=False)), events)
    return evolve(state, phase=Deciding())


def receive(state: State, events: list[Event]) -> State:
    """§5.1: the card goes face up in front of its receiver; then death and victory (§8.4)."""
    t = state.transit
    assert t is not None
    seat, forced = t.at, must_receive(state, t.at)
    state = evolve(to_intel(state, seat, t.card), transit=None, moment=Moment.PLAY_2)
    colour = colour_of(t.card).value
    events.append(
        Event("received", {"seat": seat, "card": t.card, "colour": colour, "forced": forced})
    )
    return resume(checks.check(state, seat, events), events)


# --- draws and 真偽莫辨 -------------------------------------------------------------------


def _draw_is_certain(state: State, phase: Drawing) -> bool:
    """No chance is needed: the draws are done, the deck cannot give one, or holds one card."""
    state = refill(state, [])
    return phase.left == 0 or len(state.deck) <= 1


def _draw_certain(state: State, phase: Drawing, events: list[Event]) -> State:
    state = refill(state, events)
    if phase.left and state.deck:
        return drawn(state, phase, state.deck[0], events)
    if phase.left:
        events.append(Event("draw_skipped", {"seat": phase.seat, "count": phase.left}))
    if phase.probe:
        return after_resolution(state, events)
    return evolve(state, moment=Moment.PLAY_1, phase=Acting())


def drawn(state: State, phase: Drawing, card: CardId, events: list[Event]) -> State:
    """The draw turned out to be ``card``: only the drawer learns it (§3)."""
    state = to_hand(from_deck(state, card), phase.seat, card)
    secret = Secret(phase.seat, "drew", {"card": card})
    events.append(Event("drew", {"seat": phase.seat}, (secret,)))
    return evolve(refill(state, events), phase=evolve(phase, left=phase.left - 1))


def _placing_is_certain(state: State, phase: Placing) -> bool:
    return not phase.seats or len(refill(state, []).deck) <= 1


def _place_certain(state: State, phase: Placing, events: list[Event]) -> State:
    state = refill(state, events)
    if phase.seats and state.deck:
        return placed(state, phase, state.deck[0], events)
    if phase.seats:
        events.append(Event("distribution_short", {"seats": list(phase.seats)}))
    if state.options.distribute_checks is DistributeChecks.AFTER_ALL:
        for seat in phase.placed:
            state = checks.check(state, seat, events)
    state = to_discard(state, phase.card)
    return after_resolution(state, events)


def placed(state: State, phase: Placing, card: CardId, events: list[Event]) -> State:
    """§6.9: one card from the deck, face up, in front of the next player; checked at once."""
    seat = phase.seats[0]
    state = to_intel(from_deck(state, card), seat, card)
    events.append(Event("placed", {"seat": seat, "card": card, "colour": colour_of(card).value}))
    state = refill(state, events)
    rest = tuple(s for s in phase.seats[1:] if state.player(s).alive)
    state = evolve(state, phase=evolve(phase, seats=rest, placed=(*phase.placed, seat)))
    if state.options.distribute_checks is DistributeChecks.EACH:
        state = checks.check(state, seat, events)
    if isinstance(state.phase, Finished):
        state = to_discard(state, phase.card)  # a victory ends the game mid-distribution
    return state


# --- the end of a turn (§4 step 6, §8.3) ---------------------------------------------------


def end_turn(state: State, events: list[Event]) -> State:
    seat = state.active
    me = state.player(seat)
    limit = state.options.hand_limit
    if me.alive and limit and len(me.hand) > limit:
        return evolve(state, phase=Discarding(seat))
    if me.alive and state.cannot_send:
        state = checks.leave(state, seat, Status.LOST, events)
        if isinstance(state.phase, Finished):
            return state
    n = len(state.players)
    following = (Seat((seat + i) % n) for i in range(1, n + 1))
    nxt = next(s for s in following if state.player(s).alive)
    events.append(Event("turn_began", {"seat": nxt, "turn": state.turn + 1}))
    return evolve(
        state,
        turn=state.turn + 1,
        plays=0,
        active=nxt,
        last_user=nxt,
        moment=Moment.TURN_START,
        phase=Acting(),
        locked=frozenset(),
        lured=frozenset(),
        sent=False,
        cannot_send=False,
    )
