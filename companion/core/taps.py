"""What a card seen by a reader means: the values a game's tap rules return.

Each reader watches one place at the table (:class:`Role`): a seat's own
spot, the centre where cards are played, or the discard pile. A game says
what a card seen there means now (``decide(state, role, card)``) with one of
four answers: a :class:`Plan` of actions, an :class:`Ask` for the arguments a
card cannot carry, a :class:`Contradiction` between the table and the record,
or :class:`Nothing` to do. The answers are plain values; ``companion.ingest``
carries them out on the live table.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.core.actions import Action
from companion.core.types import JSON, CardId, Seat


class Place(enum.StrEnum):
    SEAT = "seat"
    CENTRE = "centre"
    DISCARD = "discard"


@dataclass(frozen=True)
class Role:
    """The place a reader watches; ``seat`` for a seat's own reader."""

    place: Place
    seat: Seat | None = None

    @classmethod
    def parse(cls, text: str) -> Role:
        """``seat:2`` (1-based, as players count), ``centre`` or ``discard``."""
        place, _, number = text.partition(":")
        if place == Place.SEAT and number.isdigit() and int(number) >= 1:
            return cls(Place.SEAT, Seat(int(number) - 1))
        if place in (Place.CENTRE, Place.DISCARD) and not number:
            return cls(Place(place))
        raise ValueError(f"a reader's role is seat:N, centre or discard, not {text!r}")


@dataclass(frozen=True)
class Plan:
    """Apply these actions in order; the game checked that the rules accept them."""

    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Ask:
    """The card starts one of ``options``; ``seat`` chooses. ``private`` questions go to
    that seat's phone only (their options show what only the seat knows)."""

    seat: Seat
    options: tuple[Action, ...]
    private: bool = False


@dataclass(frozen=True)
class Contradiction:
    """The card is not where the record has it. ``seat`` is whose hand is in question;
    ``public`` says whether the card lies face up (so the table may be told its name)."""

    seat: Seat | None
    public: bool
    where: str
    """Where the tap says the card is (``hand``, ``identity``, ``deck``, ``discard``), though
    the record has it elsewhere; i18n ``ingest.where.*``."""


@dataclass(frozen=True)
class Nothing:
    """Nothing to do; ``key`` says why, for the seat alone when ``seat`` is set."""

    key: str = ""
    args: Mapping[str, JSON] = field(default_factory=dict)
    seat: Seat | None = None


Decision = Plan | Ask | Contradiction | Nothing


def names_card(action: Action, card: CardId) -> bool:
    """True if one of the action's fields is ``card`` (what a tapped card can start)."""
    return card in (getattr(action, "card", None), getattr(action, "microfilm", None))
