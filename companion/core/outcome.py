"""What an applied action produced: the new state, events, and the end of a game.

Events have a public part, which any face may show, and secret parts, each
addressed to one seat. The filtering happens in :mod:`companion.core.views`;
nothing else should read ``Event.secrets``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from companion.core.types import JSON, Seat
from companion.core.values import Frozen

S = TypeVar("S")


class Secret(Frozen):
    """A fact only ``seat`` learns, e.g. the card an interrogation drew."""

    seat: Seat
    kind: str
    args: Mapping[str, JSON] = field(default_factory=dict)


class Shown(enum.Enum):
    """What an event of a kind may have shown anyone: each game declares it for every kind
    of event it makes (:mod:`companion.core.kinds`), and an undo stops at any that shows something —
    what a player saw cannot be taken back."""

    NOTHING = "nothing"
    """A move that shows no hidden fact to anyone (a pass, a draw asked for)."""
    TABLE = "table"
    """It may turn a hidden fact public: a card played face up, a claim, an answer."""
    SEAT = "seat"
    """It may tell a seat a hidden fact privately: a card drawn, a card seen in a check."""


class Event(Frozen):
    """Something that happened, told to the whole table as ``kind`` + ``args``.

    ``secrets`` go to their seats only. ``reveals`` marks an event that turned
    hidden information public (an identity shown in a claim). Whether an event
    can be undone is its kind's (:class:`Shown`), never its own: the same kind is
    undone alike whatever was hidden, so that undo tells nobody anything.
    """

    kind: str
    args: Mapping[str, JSON] = field(default_factory=dict)
    secrets: tuple[Secret, ...] = ()
    reveals: bool = False


class Stopped(enum.StrEnum):
    """The ending every game has besides its own: the table stopped a game nobody could win
    any more (:class:`~companion.core.actions.EndGame`); nobody wins."""

    ENDED = "ended"


class GameOver(Frozen):
    """How a game ended and who won.

    ``reason`` is a member of the game's own closed enum of endings, each named
    for the rule that produces it, or :attr:`Stopped.ENDED` (i18n ``reason.<value>``).
    """

    reason: enum.StrEnum
    winners: tuple[Seat, ...] = ()


@dataclass(frozen=True)
class Outcome(Generic[S]):
    """The result of one successful ``apply``."""

    state: S
    events: tuple[Event, ...] = ()
