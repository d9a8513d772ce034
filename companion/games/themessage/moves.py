"""Small moves of cards between places, each keeping every card in exactly one place."""

from __future__ import annotations

from typing import Any

from companion.core.outcome import Event
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at, without
from companion.games.themessage.state import State

Step = tuple[State, list[Event]]


def update(state: State, seat: Seat, **changes: Any) -> State:
    return evolve(state, players=evolve_at(state.players, seat, **changes))


def from_hand(state: State, seat: Seat, card: CardId) -> State:
    return update(state, seat, hand=without(state.player(seat).hand, card))


def to_hand(state: State, seat: Seat, card: CardId) -> State:
    return update(state, seat, hand=(*state.player(seat).hand, card))


def to_intel(state: State, seat: Seat, card: CardId) -> State:
    return update(state, seat, intel=(*state.player(seat).intel, card))


def to_discard(state: State, *cards: CardId) -> State:
    return evolve(state, discard=(*state.discard, *cards))


def from_deck(state: State, card: CardId) -> State:
    """Take ``card`` out of the deck; the caller rebuilds an emptied deck at once (§4 step 2)."""
    return evolve(state, deck=without(state.deck, card))


def refill(state: State, events: list[Event]) -> State:
    """§4 step 2: an empty deck is the discard pile, shuffled — a set has no order to draw."""
    if state.deck or not state.discard:
        return state
    state = evolve(state, deck=tuple(sorted(state.discard)), discard=())
    events.append(Event("reshuffled", {"count": len(state.deck)}))
    return state
