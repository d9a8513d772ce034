"""Domain names for the values every game passes around."""

from __future__ import annotations

from typing import NewType, TypeAlias

Seat = NewType("Seat", int)
"""A place at the table, 0-based in turn order of the setup; faces show names."""

CardId = NewType("CardId", str)
"""One physical card, e.g. ``"A-SB1"``; a game's catalogue says what it is."""

JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"
"""A value that survives ``json.dumps`` / ``json.loads`` unchanged."""

JSONObject: TypeAlias = "dict[str, JSON]"
