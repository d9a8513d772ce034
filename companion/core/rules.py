"""The shape every game's ``apply`` takes: a table of handlers, one per phase and action.

Every game refuses the same things the same way — anything once the game is
over, a seat acting out of turn, an action its phase does not take — and
records what happened the same way: the events of an action are appended to
the state's history, the only place a seat's secrets are kept. A game gives
:class:`Turns` its handlers and what it waits for; the hand audit and the end of a
game nobody can win are the same for every game and need no handler.

A handler returns the new state and the events the table hears, or raises a
:class:`~companion.core.errors.RuleViolation` before changing anything; the
state is immutable, so a refusal leaves nothing half-done.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from companion.core.actions import Action, EndGame, SeatAction
from companion.core.audit import AuditHand
from companion.core.errors import GameIsOver, NotYourTurn, RuleViolation, WrongMoment
from companion.core.outcome import Event, GameOver, Outcome, Stopped
from companion.core.phases import Finished
from companion.core.prompts import Prompt
from companion.core.types import JSON, Seat
from companion.core.values import evolve


class Staged(Protocol):
    """A game state as the skeleton sees it: a phase, and everything that happened."""

    @property
    def phase(self) -> object: ...

    @property
    def history(self) -> tuple[Event, ...]: ...


S = TypeVar("S", bound=Staged)
Handler = Callable[[S, Any], tuple[S, list[Event]]]
"""One rule: the state after the action, and the events the table hears, in order."""

ANY_PHASE = object
"""The phase of a handler that takes its action in any phase (the action checks its moment)."""


@dataclass(frozen=True)
class Turns(Generic[S]):
    """A game's rules as handlers: for each phase, the actions it takes and their rule.

    ``pending`` is what the table waits for now: the seats its prompts name are the only
    ones that may act (a seat action from any other seat is refused), so no game says
    twice who that is. ``audit`` says whether a hand audit may be made now and mends the
    hand. A game the table stops ends the same way in every game
    (:attr:`~companion.core.outcome.Stopped.ENDED`).
    """

    handlers: Mapping[type, Mapping[type[Action], Handler[S]]]
    """Phase type → action type → rule; a rule under :data:`ANY_PHASE` takes its action in
    every phase (the action checks its own moment)."""
    pending: Callable[[S], tuple[Prompt, ...]]
    audit: Handler[S]

    def waits_for(self, state: S, seat: Seat) -> bool:
        """Whether the table waits for ``seat`` now: whether a prompt names it."""
        return any(seat in prompt.seats for prompt in self.pending(state))

    def apply(self, state: S, action: Action) -> Outcome[S]:
        """Apply one action, or raise a RuleViolation and change nothing.

        :raises GameIsOver: the game has ended.
        :raises NotYourTurn: a seat the table does not wait for acted.
        :raises WrongMoment: the phase takes no action of this kind.
        """
        new, events = self._step(state, action)
        return Outcome(evolve(new, history=(*new.history, *events)), tuple(events))

    def accepts(self, state: S, action: Action) -> bool:
        """Whether the rules take ``action`` now: :meth:`apply` without keeping its history,
        for a game that lists a move by trying it (many tries a step, a history each)."""
        try:
            self._step(state, action)
        except RuleViolation:
            return False
        return True

    def _step(self, state: S, action: Action) -> tuple[S, list[Event]]:
        phase = state.phase
        if isinstance(phase, Finished):
            raise GameIsOver()
        kind = type(action)
        handler = self.handlers.get(type(phase), _NONE).get(kind) or self._anywhere.get(kind)
        if kind is EndGame:
            events: list[Event] = []
            new = finish(state, GameOver(Stopped.ENDED), events)
        elif kind is AuditHand:
            new, events = self.audit(state, action)
        else:
            if isinstance(action, SeatAction) and not self.waits_for(state, action.seat):
                raise NotYourTurn(seat=action.seat)
            if handler is None:
                raise WrongMoment(act=action.act)
            new, events = handler(state, action)
        return new, events

    @property
    def _anywhere(self) -> Mapping[type[Action], Handler[S]]:
        return self.handlers.get(ANY_PHASE, _NONE)


_NONE: Mapping[type[Action], Any] = {}


def finish(state: S, result: GameOver, events: list[Event]) -> S:
    """The game ends now, as ``result`` says; ``events`` gains why, and who won."""
    winners: list[JSON] = list(result.winners)
    events.append(Event("game_over", {"reason": result.reason.value, "winners": winners}))
    return evolve(state, phase=Finished(result))


def over(state: Staged) -> GameOver | None:
    """How the game ended, or ``None`` while it goes on."""
    phase = state.phase
    return phase.result if isinstance(phase, Finished) else None
