"""Which function cards a seat may play now, and on whom (digest §5.2, §6, §7).

A card may be played when its timing is met and a valid target exists (§6,
general rule). Everything here reads only public facts — whose turn it is,
the moment, the stack, the card in transit and where it is, who is locked,
lured, alive, and the intelligence in front of each player — never a hand.
So the seats a round names (:func:`round_seats`) give nothing away, and the
same answers serve the rules (to refuse) and the legal-action lists (to offer).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.types import CardId, Seat
from companion.games.themessage.cards import CARDS, Colour, Function, Method
from companion.games.themessage.options import BurnTiming, LuredDirectTarget
from companion.games.themessage.state import Acting, Moment, Responding, State

PLAY_PHASE_CARDS = frozenset({Function.LOCK, Function.PROBE, Function.DISTRIBUTE})
"""§6.1, §6.8, §6.9: the active player's own cards, in their play phases."""


def functions_now(state: State, seat: Seat) -> frozenset[Function]:
    """The functions ``seat`` may play at this moment, each with a valid target somewhere."""
    phase = state.phase
    if isinstance(phase, Acting):
        return _acting(state, seat) if seat == state.active else frozenset()
    if isinstance(phase, Responding) and phase.asks(seat):
        return _responding(state, seat, _burn_anywhere(state))
    return frozenset()


BLACK = frozenset(c.id for c in CARDS.values() if c.colour is Colour.BLACK)


def round_seats(state: State) -> tuple[Seat, ...]:
    """The seats a new round names: those with something they could play, by public facts."""
    burn = _burn_anywhere(state)
    return tuple(s for s in state.living() if _responding(state, s, burn))


def _acting(state: State, seat: Seat) -> frozenset[Function]:
    found: set[Function] = set()
    if state.moment in (Moment.PLAY_1, Moment.PLAY_2):
        found |= {f for f in PLAY_PHASE_CARDS if f is Function.DISTRIBUTE or _others(state, seat)}
        if _black_in_play(state):
            found.add(Function.BURN)
    elif state.moment is Moment.TURN_START and _burn_anywhere(state):
        found.add(Function.BURN)
    return frozenset(found)


def _burn_anywhere(state: State) -> bool:
    return state.options.burn_timing is BurnTiming.ANY_WINDOW and _black_in_play(state)


def _black_in_play(state: State) -> bool:
    return any(not BLACK.isdisjoint(p.intel) for p in state.players)


def _responding(state: State, seat: Seat, burn: bool) -> frozenset[Function]:
    """What ``seat`` could play in a round; ``burn`` says whether 燒燬 has a target anywhere."""
    found: set[Function] = set()
    own = state.options.counter_own
    if any(own or p.seat != seat for p in state.stack):
        found.add(Function.COUNTER)
    if burn:
        found.add(Function.BURN)
    t = state.transit
    if t is None:
        return frozenset(found)
    if state.moment is Moment.TRANSMIT:
        if next(_lure_targets(state, seat), None) is not None:
            found.add(Function.LURE)
        if seat not in (t.sender, t.at):
            found.add(Function.INTERCEPT)
        if seat == state.active and _others(state, seat):
            found.add(Function.LOCK)
            if state.options.probe_while_sending:
                found.add(Function.PROBE)
    elif state.moment is Moment.ARRIVE and seat == t.at and seat != t.sender and not t.returned:
        found.add(Function.DECODE)
        if may_return(state, seat):
            found.add(Function.RETURN)
    return frozenset(found)


def may_return(state: State, seat: Seat) -> bool:
    """§6.4: not when locked (FOOP), not a 直達 card (LEO), not an intercepted one."""
    t = state.transit
    assert t is not None
    return seat not in state.locked and t.method is not Method.DIRECT and not t.forced


def _others(state: State, seat: Seat) -> tuple[Seat, ...]:
    return tuple(s for s in state.living() if s != seat)


def lock_targets(state: State, seat: Seat) -> tuple[Seat, ...]:
    """§6.1: one other player still in the game."""
    return _others(state, seat)


def probe_targets(state: State, seat: Seat) -> tuple[Seat, ...]:
    """§6.8: one other player still in the game."""
    return _others(state, seat)


def lure_targets(state: State, seat: Seat) -> tuple[Seat, ...]:
    """§6.2: not yourself, not the sender; a locked player or a 直達 addressee as options say."""
    return tuple(_lure_targets(state, seat))


def _lure_targets(state: State, seat: Seat) -> Iterator[Seat]:
    t = state.transit
    if t is None:
        return iter(())
    options = state.options
    return (
        s
        for s in _others(state, seat)
        if s != t.sender
        and (options.lure_locked or s not in state.locked)
        and (
            options.lured_direct_target is LuredDirectTarget.TO_SENDER
            or t.method is not Method.DIRECT
            or s != t.target
        )
    )


def burn_targets(state: State) -> dict[Seat, tuple[CardId, ...]]:
    """§6.6: each living player (the user too) with black intelligence, and those cards."""
    found = {}
    for i, p in enumerate(state.players):
        black = tuple(c for c in p.intel if c in BLACK) if p.alive else ()
        if black:
            found[Seat(i)] = black
    return found


def counter_targets(state: State, seat: Seat) -> tuple[int, ...]:
    """§6.7: the numbers of the plays on the stack ``seat`` may cancel."""
    own = state.options.counter_own
    return tuple(p.n for p in state.stack if own or p.seat != seat)
