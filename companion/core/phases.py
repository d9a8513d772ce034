"""The phases every game has: waiting for its deal, a seat over its hand limit, the end.

A game's phase says whom the table waits for; these three mean the same in
every game, so the faces, the table and :mod:`companion.core.rules` may know
them. Everything else a game waits for is a phase of its own.
"""

from __future__ import annotations

from companion.core.outcome import GameOver
from companion.core.prompts import Prompt
from companion.core.types import CardId, Seat
from companion.core.values import Frozen


class Dealing(Frozen):
    """Waiting for the deal: a chance action, drawn by the app or read off the table.

    At a table that deals its real cards and tells the app (:mod:`companion.core.dealing.told`),
    ``words[i]`` is what seat i said it was dealt — ``()`` until it has said — a secret
    of that seat's until the deal is whole.
    """

    words: tuple[tuple[CardId, ...], ...] = ()
    aside: CardId | None = None
    """The card a reader read where no player may look (Microfilms' letter set aside, on
    the centre reader), at a table that tells the rest of its deal."""


class Discarding(Frozen):
    """``seat`` is over its hand limit and lays cards down, one at a time."""

    seat: Seat

    def prompt(self, over_by: int) -> Prompt:
        """What the table waits for: ``over_by`` cards from ``seat``, one at a time."""
        return Prompt("discard", (self.seat,), {"count": over_by})


class Finished(Frozen):
    """The game is over; nothing more can be played."""

    result: GameOver
