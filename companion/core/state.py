"""What every game's state holds, declared once.

Every game keeps its options, its players, the phase that says whom the table waits for,
a face-down deck, a discard pile, the cards out of the game, whose turn it is, everything
that happened, and the doubts a player's word left (:mod:`companion.core.doubts`). A
game's ``State`` subclasses :class:`GameState` with its own options, player and phase
types, says in its docstring what its piles hold, and adds what is its own (Microfilms'
bank and night, 風聲's stack and intelligence in transit, 暗火线's smokes and flashes).
"""

from __future__ import annotations

from typing import Generic, TypeVar

from companion.core.doubts import Doubt
from companion.core.outcome import Event
from companion.core.players import Player
from companion.core.types import CardId, Seat
from companion.core.values import Frozen

Opts = TypeVar("Opts")
P = TypeVar("P", bound=Player)
Ph = TypeVar("Ph")


class GameState(Frozen, Generic[Opts, P, Ph], kw_only=True):
    """The fields every game's state has; a game starts with ``phase=Dealing()``."""

    options: Opts
    players: tuple[P, ...]
    phase: Ph
    deck: tuple[CardId, ...] = ()
    """What the face-down deck holds, sorted: the app never knows its order, only what a
    draw turns out to be (a physical deck is shuffled by hand)."""
    discard: tuple[CardId, ...] = ()
    """Oldest first: ``discard[-1]`` is the top card."""
    removed: tuple[CardId, ...] = ()
    """Out of the game: which cards, and whether anyone sees them, is each game's."""
    turn: int = 0
    active: Seat = Seat(0)
    history: tuple[Event, ...] = ()
    doubts: tuple[Doubt, ...] = ()
    """Cards a player named that the record has elsewhere (:mod:`companion.core.doubts`)."""

    def player(self, seat: Seat) -> P:
        return self.players[seat]
