"""How a table plays — who deals, who tells a draw, readers, a centre reader, how long a
window waits, the voice, who made the game — as one typed value kept in the game's header.

A resumed game goes on the same way because its policy is kept with it; every face and the
service read it from :attr:`companion.transcript.Header.policy`, never from the header's
raw ``meta`` strings. A header written by an older app lacks some keys, or holds a value
of the wrong type: each such key reads as its default.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields

from companion.core.types import JSONObject


class Draws(enum.StrEnum):
    """Who says what a draw from the deck turned out to be, when no reader saw it."""

    TOLD = "told"
    """The drawer, on their phone (the tablet for a seat without one)."""
    APP = "app"
    """The app draws it (a practice game, or a demo played without readers)."""


class Dealer(enum.StrEnum):
    """Who deals a game the readers cannot read the deal of (``readers``: they can)."""

    TABLE = "table"
    """The players deal the real cards and each tells their phone what they were dealt
    (:mod:`companion.core.dealing.told`): nobody sees more than their own."""
    APP = "app"
    """The app deals, and the real cards are laid out to match (a demo, or a table with a
    host who does not play)."""


WINDOW_SECONDS = 20
"""How long a round waits for answers unless the table sets otherwise (``0``: for all)."""


@dataclass(frozen=True)
class Policy:
    """How one table plays, chosen when its game is made."""

    draws: Draws = Draws.TOLD
    readers: bool = False
    """The deal is read off the readers (and a draw told by the reader that sees it)."""
    dealer: Dealer = Dealer.APP
    centre: bool = False
    """A centre reader reads the card no player may see, in a deal told by the players."""
    window: int = WINDOW_SECONDS
    """The seconds a round waits for answers; ``0``: until every seat has answered."""
    voice: bool = False
    """The tablet reads the table's news aloud."""
    teach: bool = False
    """A first game: the tablet explains each moment the first time it comes, and each
    phone its own prompts (:class:`companion.core.explained.Moments`)."""
    by: str = ""
    """What made the game: ``tablet``, ``demo``, a test."""

    @classmethod
    def of(cls, meta: JSONObject) -> Policy:
        """The policy a header's ``meta`` keeps; what it lacks or spoils, the default."""
        kept: dict[str, object] = {}
        for f in fields(cls):
            value, default = meta.get(f.name), getattr(cls, f.name)
            if isinstance(default, enum.Enum):
                kept[f.name] = next((m for m in type(default) if m.value == value), default)
            elif isinstance(default, bool):
                kept[f.name] = value if isinstance(value, bool) else default
            elif isinstance(default, int):
                good = isinstance(value, int) and not isinstance(value, bool) and value >= 0
                kept[f.name] = value if good else default
            else:
                kept[f.name] = value if isinstance(value, str) else default
        return cls(**kept)  # type: ignore[arg-type]

    def meta(self) -> JSONObject:
        """The policy as a header keeps it."""
        kept: JSONObject = {}
        for f in fields(self):
            value = getattr(self, f.name)
            kept[f.name] = value.value if isinstance(value, enum.Enum) else value
        return kept
