"""A game's legal moves as named families (draw, bribe, claim…), each listed lazily.

A face offers the families first and asks for the arguments next; random play
draws a family before listing it; so no caller needs every possible action at
once. A game says which families the moment has and how each lists its
actions; :class:`Families` answers the three questions a
:class:`~companion.core.game.GameSpec` asks of it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.core.actions import Action
from companion.core.types import Seat

S = TypeVar("S")
Family = Callable[[S, Seat], Iterator[Action]]
"""One family: every action of its kind ``seat`` may take in the state, lazily."""


@dataclass(frozen=True)
class Families(Generic[S]):
    """``of(state, seat)``: the families of this moment for ``seat`` (none if it may not act)."""

    of: Callable[[S, Seat], Mapping[str, Family[S]]]

    def open(self, state: S, seat: Seat) -> tuple[str, ...]:
        """The families with at least one action now."""
        return tuple(n for n, make in self.of(state, seat).items() if next(make(state, seat), None))

    def kinds(self, state: S, seat: Seat) -> tuple[str, ...]:
        """Every family of the moment, open or not — none of them listed."""
        return tuple(self.of(state, seat))

    def actions(self, state: S, seat: Seat, family: str | None = None) -> list[Action]:
        """Every action ``seat`` may take now, or only those of one ``family``."""
        makers = self.of(state, seat)
        chosen = makers.values() if family is None else [makers[family]] if family in makers else []
        return [a for make in chosen for a in make(state, seat)]

    def open_in(self, masks: Iterable[S], seat: Seat) -> tuple[str, ...]:
        """The families with an action for ``seat`` in any of ``masks``: what the shared
        tablet may say a seat could do, knowing no more than the table does."""
        found: dict[str, None] = {}
        for masked in masks:
            found.update(dict.fromkeys(self.open(masked, seat)))
        return tuple(found)

    def offered(self, masks: Iterable[S], seat: Seat, withheld: Collection[str]) -> list[Action]:
        """Every action of ``seat`` in any of ``masks``, but those of ``withheld`` families.

        The shared tablet enters actions for a seat without seeing its hand: each mask
        is the state with what the table cannot see replaced by all it could be (every
        card not face up in the hand, say), so the list shows nothing the seat holds,
        and the rules refuse what was not so, as they would a mistaken tap.
        """
        found: dict[Action, None] = {}
        for masked in masks:
            for name, make in self.of(masked, seat).items():
                if name not in withheld:
                    found.update(dict.fromkeys(make(masked, seat)))
        return list(found)
