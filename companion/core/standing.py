"""A seat's standing answer to the table's rounds: "not this turn", or "only when something
is aimed at me".

Passing is most of a round-based game: a secret going round 風聲's table opens a window at
every hop, and each asks every seat. A player may leave an order with the table instead of
tapping Pass each time; the table then passes for that seat in every round the order
covers — so a window closes as soon as every seat it asks has passed or stands aside.

An order covers a round by public facts alone: whose turn it is (``GameState.turn``) and
what the round answers is aimed at (``GameSpec.aimed``, the same for every seat; the leak
oracle compares it across worlds). Nothing a seat holds makes the table pass for it or
not, so how soon a window closes tells nobody anything a pass by hand would not.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from companion.core.rounds import open_round
from companion.core.types import Seat
from companion.core.values import Frozen


class Standing(enum.StrEnum):
    """What a seat asked the table to pass for it."""

    TURN = "turn"
    """Every round until this turn ends."""
    AIMED = "aimed"
    """Every round but one whose matter is aimed at the seat, until the seat says otherwise."""


class Order(Frozen):
    """A seat's standing answer, and the turn it was given in (a ``TURN`` order ends with it)."""

    standing: Standing
    turn: int

    def lasts(self, state: Any) -> bool:
        """Whether the order still holds in ``state``."""
        return self.standing is not Standing.TURN or state.turn == self.turn


def stand_aside(
    state: Any, orders: Mapping[Seat, Order], aimed: frozenset[Seat]
) -> tuple[Seat, ...]:
    """The seats the table passes for now: each still to answer the open round whose order
    covers it — ``aimed`` being the seats the round's matter is aimed at."""
    round_ = open_round(state)
    if round_ is None:
        return ()
    return tuple(
        seat
        for seat in round_.waiting
        if (order := orders.get(seat)) is not None
        and order.lasts(state)
        and (order.standing is Standing.TURN or seat not in aimed)
    )
