"""A round: several seats may answer one moment at once, and it closes when all have.

風聲's response windows ask every seat that could play a card; 暗火线's rescue
asks every seat that could offer a first-aid kit. Each seat answers once —
with something declared, or a pass — in whatever order the phones send their
answers; what was declared is kept in arrival order, and the game decides
what a closed round means (風聲 stacks the plays in seat order, 暗火线 takes
the kit of the dying player's next seat). A round names only the seats that
may answer it by public facts, so who is asked gives nothing away.

Nobody has to pass. A round nobody answers is closed by the app after a time
the table sets (:class:`CloseRound`, journalled like any action: the rules keep
no clock), as if every seat still to answer had passed; a seat that wants to
think asks for the round to wait for it (:class:`Hold`). A seat with nothing it
could play is asked, offered and timed exactly like one that chooses not to play.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from companion.core.actions import HostAction, SeatAction
from companion.core.errors import RuleViolation
from companion.core.outcome import Event
from companion.core.types import Seat
from companion.core.values import Frozen, evolve

T = TypeVar("T")
S = TypeVar("S")


class Round(Frozen, Generic[T]):
    """Every seat in ``seats`` answers once; ``declared`` holds what the answers declared."""

    seats: tuple[Seat, ...]
    answered: frozenset[Seat] = frozenset()
    declared: tuple[T, ...] = ()
    n: int = 0
    """Which round of the game this is: a close names it, so one sent late closes nothing."""
    held: frozenset[Seat] = frozenset()
    """Seats that asked the round to wait for their answer."""

    @property
    def waiting(self) -> tuple[Seat, ...]:
        """The seats still to answer, in the round's order."""
        return tuple(s for s in self.seats if s not in self.answered)

    @property
    def holding(self) -> tuple[Seat, ...]:
        """The seats still to answer that asked the round to wait for them."""
        return tuple(s for s in self.waiting if s in self.held)

    def asks(self, seat: Seat) -> bool:
        return seat in self.seats and seat not in self.answered

    @property
    def closed(self) -> bool:
        """Every seat named has answered."""
        return self.answered.issuperset(self.seats)

    def answer(self, seat: Seat, *declared: T) -> Round[T]:
        """The round once ``seat`` has answered, declaring ``declared`` (nothing: a pass)."""
        return evolve(self, answered=self.answered | {seat}, declared=(*self.declared, *declared))

    def hold(self, seat: Seat) -> Round[T]:
        """The round once ``seat`` has asked it to wait for its answer."""
        if not self.asks(seat) or seat in self.held:
            raise AlreadyHolding(seat=seat)
        return evolve(self, held=self.held | {seat})

    def close(self, n: int) -> Round[T]:
        """The round once the app closed it: every seat still to answer passes."""
        if n != self.n:
            raise RoundNotOpen(n=n)
        return evolve(self, answered=self.answered | set(self.seats))


class Hold(SeatAction, act="hold"):
    """The seat asks the round it is asked in to wait for its answer (a play or a pass)."""


class CloseRound(HostAction, act="close_round"):
    """The app closes round ``n``, which nobody answered in the time the table set."""

    n: int


class AlreadyHolding(RuleViolation):
    """The seat already asked this round to wait for it, or is not asked in it."""

    code = "already_holding"


class RoundNotOpen(RuleViolation):
    """The round to close is not the one open (it closed already)."""

    code = "round_not_open"


def hold(state: S, a: Hold) -> tuple[S, list[Event]]:
    """The rule of :class:`Hold`, the same in every game: the open round waits for the seat."""
    phase = open_round(state)
    assert phase is not None
    return evolve(state, phase=phase.hold(a.seat)), [Event("held", {"seat": a.seat})]


def open_round(state: Any) -> Round[Any] | None:
    """The round the table is in, if it is in one (a state whose phase may be a round)."""
    phase = getattr(state, "phase", None)
    return phase if isinstance(phase, Round) else None
