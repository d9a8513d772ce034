"""The shape of a game's face on the tablet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from companion.core.types import JSONObject


@dataclass(frozen=True)
class SeatFace:
    name: str
    lines: tuple[str, ...]
    active: bool = False
    out: bool = False
    highlight: str | None = None
    """A short badge (a revealed identity, "Clean"), shown in the accent colour."""


@dataclass(frozen=True)
class Alert:
    """Something nobody at the table may miss: a big banner until tapped away."""

    kind: str
    """``violation``, ``night``, ``limit`` or ``secret`` — it picks the colour."""
    text: str


class Face(Protocol):
    def seat(self, view: JSONObject, seat: int, lang: str, names: list[str]) -> SeatFace: ...

    def centre(self, view: JSONObject, lang: str, names: list[str]) -> list[str]: ...

    def alerts(
        self, events: list[JSONObject], view: JSONObject, lang: str, names: list[str]
    ) -> list[Alert]:
        """What these events bring that nobody may miss (a new night, a secret check)."""
        ...

    def standing(self, view: JSONObject, lang: str, names: list[str]) -> list[Alert]:
        """What holds until it is dealt with (a hand over its limit)."""
        ...
