"""A round: several seats may answer one moment at once, and it closes when all have.

風聲's response windows ask every seat that could play a card; 暗火线's rescue
asks every seat that could offer a first-aid kit. Each seat answers once —
with something declared, or a pass — in whatever order the phones send their
answers; what was declared is kept in arrival order, and the game decides
what a closed round means (風聲 stacks the plays in seat order, 暗火线 takes
the kit of the dying player's next seat). A round names only the seats that
may answer it by public facts, so who is asked gives nothing away.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.core.types import Seat
from companion.core.values import evolve

T = TypeVar("T")


@dataclass(frozen=True)
class Round(Generic[T]):
    """Every seat in ``seats`` answers once; ``declared`` holds what the answers declared."""

    seats: tuple[Seat, ...]
    answered: frozenset[Seat] = frozenset()
    declared: tuple[T, ...] = ()

    @property
    def waiting(self) -> tuple[Seat, ...]:
        """The seats still to answer, in the round's order."""
        return tuple(s for s in self.seats if s not in self.answered)

    def asks(self, seat: Seat) -> bool:
        return seat in self.seats and seat not in self.answered

    @property
    def closed(self) -> bool:
        """Every seat named has answered."""
        return self.answered.issuperset(self.seats)

    def answer(self, seat: Seat, *declared: T) -> Round[T]:
        """The round once ``seat`` has answered, declaring ``declared`` (nothing: a pass)."""
        return evolve(self, answered=self.answered | {seat}, declared=(*self.declared, *declared))
