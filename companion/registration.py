"""Registering a deck: every card tapped once, in an order the app announces.

The walk is plain values and one method, :meth:`Walk.tap`, so the command
line, the tablet and the tests drive the same logic. It says which card
comes next, refuses a sticker tapped twice (naming the card it already is)
and a stranger's sticker (another deck's, or a phone's random ID), and ends
with the whole UID → card map, which is stored at once or not at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from companion import tagrecord
from companion.core.types import CardId
from companion.observations import TagPlaced


@dataclass(frozen=True)
class Bound:
    """The sticker is now this card."""

    uid: str
    card: CardId


@dataclass(frozen=True)
class Duplicate:
    """This sticker was already tapped, as ``card``; the walk waits for the same card still."""

    uid: str
    card: CardId


@dataclass(frozen=True)
class Stranger:
    """Not a sticker of this deck: ``why`` is the i18n key (another deck, a phone…)."""

    uid: str
    why: str
    deck: str = ""


Step = Bound | Duplicate | Stranger

Owner = Callable[[str], str | None]
"""The name of the other deck a UID is registered in, if any."""


@dataclass
class Walk:
    """One registration in progress, for the cards of a game."""

    cards: tuple[CardId, ...]
    owner: Owner
    deck_tag: bytes
    bound: dict[str, CardId] = field(default_factory=dict)

    @property
    def next(self) -> CardId | None:
        """The card to tap now, or ``None`` when every card has been tapped."""
        return self.cards[len(self.bound)] if len(self.bound) < len(self.cards) else None

    @property
    def done(self) -> bool:
        return self.next is None

    def tap(self, placed: TagPlaced) -> Step:
        """Take one tap as the card announced, unless it is a duplicate or a stranger."""
        card = self.next
        if card is None:
            raise ValueError("every card is registered already")
        if placed.uid in self.bound:
            return Duplicate(placed.uid, self.bound[placed.uid])
        other = self.owner(placed.uid)
        if other is not None:
            return Stranger(placed.uid, "register.stranger.other_deck", other)
        if any(tagrecord.deck_tag_of(r) not in (None, self.deck_tag) for r in placed.records):
            return Stranger(placed.uid, "register.stranger.foreign_record")
        if _random_uid(placed.uid):
            return Stranger(placed.uid, "register.stranger.random_id")
        self.bound[placed.uid] = card
        return Bound(placed.uid, card)

    def untap(self, uid: str) -> None:
        """Forget the last binding (its record could not be written): tap that card again."""
        if self.bound and list(self.bound)[-1] == uid:
            del self.bound[uid]


def _random_uid(uid: str) -> bool:
    """ISO/IEC 14443-3: a 4-byte UID starting 08 is drawn afresh at every tap (phones do this)."""
    return len(uid) == 8 and uid.startswith("08")
