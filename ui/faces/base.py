"""The shape of a game's face: what the table shows of a seat and the centre, and alerts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from companion.core.types import JSONObject
from companion.i18n import Voice


@dataclass(frozen=True)
class SeatFace:
    name: str
    lines: tuple[str, ...]
    active: bool = False
    out: bool = False
    highlight: str | None = None
    """A short badge (a revealed identity, "Clean"), shown in the accent colour."""


@dataclass(frozen=True)
class Stat:
    """One figure of a seat's own, on its phone: francs, status, intelligence received."""

    key: str
    label: str
    value: str
    tone: str | None = None
    """``good`` or ``warn`` colours the figure (Clean, Suspicious); ``None`` leaves it plain."""


@dataclass(frozen=True)
class Mark:
    """Something printed on a card that its holder's phone shows beside its name."""

    key: str
    """Its kind (``phone.mark.<key>`` styles it on the page)."""
    label: str
    symbol: str


@dataclass(frozen=True)
class HandCard:
    """One card of a seat's hand, as its phone shows it."""

    card: str
    name: str
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True)
class Alert:
    """Something nobody at the table may miss: a big banner until tapped away."""

    kind: str
    """``violation``, ``journal`` (it could not be saved), ``night``, ``limit``, ``secret``
    or ``reader`` — it picks the colour."""
    text: str


class Face(Protocol):
    def seat(self, view: JSONObject, seat: int, voice: Voice) -> SeatFace: ...

    def centre(self, view: JSONObject, voice: Voice) -> list[str]: ...

    def alerts(self, events: list[JSONObject], view: JSONObject, voice: Voice) -> list[Alert]:
        """What these events bring that nobody may miss (a new night, a secret check)."""
        ...

    def standing(self, view: JSONObject, voice: Voice) -> list[Alert]:
        """What holds until it is dealt with (a hand over its limit)."""
        ...

    def me(self, private: JSONObject, public: JSONObject, voice: Voice) -> list[Stat]:
        """A seat's own figures, from its private view (and the public one), for its phone."""
        ...

    def hand(self, private: JSONObject, voice: Voice) -> list[HandCard]:
        """A seat's own cards, from its private view, for its phone."""
        ...

    def hand_limit(self, private: JSONObject) -> int | None:
        """How many cards the seat may keep, if the game has a limit now."""
        ...

    def option_choices(self, name: str, seats: int) -> list[Any] | None:
        """The values a new game may take for option ``name`` with this many players,
        where the option's type alone cannot say (``None``: every value of the type)."""
        ...
