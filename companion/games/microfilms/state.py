"""The whole truth of a Microfilms game: every card's place, francs, statuses.

Immutable: rules return a new :class:`State`, so a refused action cannot
leave a half-changed table behind. Every one of the 25 cards is in exactly
one of: a hand, an identity slot, the deck, the discard pile, or ``removed``
(out of the game unseen).
"""

from __future__ import annotations

import enum

from companion.core import players
from companion.core.outcome import Event
from companion.core.phases import Dealing, Discarding, Finished
from companion.core.state import GameState
from companion.core.types import CardId, Seat
from companion.core.values import Frozen
from companion.games.microfilms.cards import Nation
from companion.games.microfilms.options import Options


class Ending(enum.StrEnum):
    """How a Microfilms game ends (§7, §8)."""

    CLAIM = "claim"
    """A victory claim came true (§7)."""
    LAST_STANDING = "last_standing"
    """One player is left in the game (§8)."""


class Player(players.Player):
    francs: int = 0
    clean: bool = False
    eliminated: bool = False
    revealed: bool = False
    """The identity card was shown to everyone (in a claim)."""

    @property
    def limit(self) -> int:
        """Hand limit (§1.2, §5.1): 2 when Clean, 1 when Suspicious."""
        return 2 if self.clean else 1


class Choosing(Frozen):
    """The active seat chooses its one action of the turn (§4)."""


class BribeOffered(Frozen):
    """The target accepts or refuses the offered card (§6.1)."""

    target: Seat
    card: CardId


class Interrogating(Frozen):
    """Chance: one card of the target's identity + hand is drawn (§6.4)."""

    target: Seat


class BlackmailDeclared(Frozen):
    """The target resists, buys off, or gives in (§6.5)."""

    target: Seat


class BlackmailTaking(Frozen):
    """Chance: a random card of the target's hand goes to the blackmailer (§6.5)."""

    target: Seat


class Drawing(Frozen):
    """Chance: the card ``seat`` drew from the deck — seen by a reader, told by its phone,
    or, when the app deals, drawn at random (§4.1)."""

    seat: Seat


Phase = (
    Dealing
    | Choosing
    | BribeOffered
    | Interrogating
    | Drawing
    | BlackmailDeclared
    | BlackmailTaking
    | Discarding
    | Finished
)
"""Whom the table waits for; ``Dealing`` (§2), ``Discarding`` (§5.1) and ``Finished`` are
the core's, the same in every game."""


class State(GameState[Options, Player, Phase]):
    """A Microfilms game, as the app knows it. The discard pile lies face up; ``removed``
    holds what the deal put out of the game, unseen by anyone (§2 steps 3, 4, 6)."""

    bank: int
    lone: Nation | None = None
    """The nation of the Alliance letter set aside at the deal: its Agent stands alone for
    the whole game (§2 step 6), wherever a player's word later puts the card itself."""
    letter_known: bool = True
    """Whether the app knows which letter was set aside; ``False`` after a deal told with no
    reader for it, until the two other letters have been seen (:mod:`.letter`)."""
    night: int = 1

    def in_game(self) -> tuple[Seat, ...]:
        """Seats not eliminated, in turn order from seat 0."""
        return tuple(Seat(i) for i, p in enumerate(self.players) if not p.eliminated)


Step = tuple[State, list[Event]]
"""A rule's result: the new state and what the table hears of it, in order."""
