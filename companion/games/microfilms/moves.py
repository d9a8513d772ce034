"""The small state changes every Microfilms rule is made of: cards and francs moving.

Each returns a new :class:`~companion.games.microfilms.state.State` or raises a
rule violation before changing anything, so a rule built from them is as
safe to refuse as each of them is.
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import BadTarget, NotInHand
from companion.core.outcome import Event
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at, without
from companion.games.microfilms import cards
from companion.games.microfilms.cards import Use
from companion.games.microfilms.errors import CardCannotPay, NotEnoughFrancs
from companion.games.microfilms.options import FrancCosts
from companion.games.microfilms.state import State


def update(state: State, seat: Seat, **changes: Any) -> State:
    return evolve(state, players=evolve_at(state.players, seat, **changes))


def check_target(state: State, actor: Seat, target: Seat) -> None:
    """§6: a target is another player still in the game (INFERRED, fixed)."""
    if target == actor or not 0 <= target < len(state.players):
        raise BadTarget(target=target)
    if state.player(target).eliminated:
        raise BadTarget(target=target)


def set_clean(state: State, seat: Seat, clean: bool, events: list[Event]) -> State:
    if state.player(seat).clean == clean:
        return state
    events.append(Event("status", {"seat": seat, "status": "clean" if clean else "suspicious"}))
    return update(state, seat, clean=clean)


def move(state: State, card: CardId, src: Seat, dst: Seat) -> State:
    state = update(state, src, hand=without(state.player(src).hand, card))
    return update(state, dst, hand=(*state.player(dst).hand, card))


def to_discard(state: State, seat: Seat, card: CardId) -> State:
    state = update(state, seat, hand=without(state.player(seat).hand, card))
    return evolve(state, discard=(*state.discard, card))


def play(state: State, seat: Seat, card: CardId, use: Use) -> State:
    """Spend an action card for ``use``: it goes face up to the discard pile (§6.6)."""
    if card not in state.player(seat).hand:
        raise NotInHand(card=card)
    if not cards.pays_for(card, use):
        raise CardCannotPay(card=card, use=use.value)
    return to_discard(state, seat, card)


def pay_cost(
    state: State, seat: Seat, card: CardId | None, use: Use, francs: int, *, target: Seat
) -> tuple[State, CardId | int]:
    """An action on ``target`` paid with a card, or (``card=None``) with francs — to the
    bank or to the target, as the table's ``franc_costs_to`` says.

    Returns the cost as the table hears it: the card played, or the francs paid.
    """
    if card is not None:
        return play(state, seat, card, use), card
    have = state.player(seat).francs
    if have < francs:
        raise NotEnoughFrancs(need=francs, have=have)
    if state.options.franc_costs_to is FrancCosts.TARGET:
        return transfer(state, seat, target, francs), francs
    return to_bank(state, seat, francs), francs


def from_bank(state: State, seat: Seat, amount: int) -> State:
    francs = state.player(seat).francs + amount
    return evolve(
        state, bank=state.bank - amount, players=evolve_at(state.players, seat, francs=francs)
    )


def to_bank(state: State, seat: Seat, amount: int) -> State:
    return from_bank(state, seat, -amount)


def transfer(state: State, src: Seat, dst: Seat, amount: int) -> State:
    state = update(state, src, francs=state.player(src).francs - amount)
    return update(state, dst, francs=state.player(dst).francs + amount)
