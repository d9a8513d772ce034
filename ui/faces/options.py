"""What a new game's options say on the start screen: the catalog key of a value and what
its words may name, for any game — each face adds only what its own options need."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from companion.games import GAMES
from ui.faces import face_of


def option_words(game: str, name: str, value: Any, seats: int) -> tuple[str, dict[str, Any]]:
    """The key under ``option.<game>.<name>.`` of ``value``, and its words' arguments:
    ``true``, an enum's value, ``n`` for a number past 1, ``counts`` for a set of counts
    (each count by name, and their total); ``None`` — the default for this many players —
    names what the default is, where the game says."""
    own = face_of(game).option_words(name, value)
    if own is not None:
        return own
    if value is None:
        default = GAMES[game].options.default(name, seats)
        return "None", ({} if default is None else option_words(game, name, default, seats)[1])
    if isinstance(value, bool):
        return ("true" if value else "false"), {}
    if isinstance(value, enum.Enum):
        return str(value.value), {}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        counts = dataclasses.asdict(value)
        return "counts", {**counts, "total": sum(counts.values())}
    return ("n" if isinstance(value, int) and value > 1 else str(value)), {"n": value}


def counted(value: Any) -> bool:
    """Whether an option's value is a set of counts a group edits one by one (the cards of a
    box, an identity mix) rather than a choice among a few."""
    return (
        dataclasses.is_dataclass(value)
        and not isinstance(value, type)
        and all(isinstance(getattr(value, f.name), int) for f in dataclasses.fields(value))
    )
