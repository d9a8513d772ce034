"""Decks registered on the tablet itself: its own reader (the Android tablet's NFC), the
tag map the decks are kept in, and a deck registered there by tapping every card on it.

A desktop registers its decks with ``companion register``; an Android tablet has no
terminal, so its start screen does it (:class:`~ui.tablet.screens.register.RegisterScreen`)
with the same walk (:func:`companion.walkthrough.walk`). While a deck is registered the reader is
the walk's: the table's own sensors are closed, and opened again afterwards with every deck
the tablet now knows.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from companion import boxes
from companion.core.types import CardId
from companion.games import GAMES
from companion.ingest import Recognise
from companion.sensors import Sensors
from companion.tagmap import Deck, TagMap
from companion.walkthrough import Say, deck_cards, walk
from hardware.sources import Context, Watch, open_watched


@dataclass(frozen=True)
class OnTablet:
    """The tablet's own reader and the decks registered on it."""

    tags: TagMap
    reader: Watch
    """Where the reader watches (``centre=android:nfc``)."""
    context: Context

    def sensors(self) -> Sensors | None:
        """The table's sensors: the reader, once a deck is registered (with none, a tap
        could be no card; a walk given up leaves its deck without cards)."""
        decks = [deck for deck in self.tags.decks() if self.tags.cards(deck)]
        if not decks:
            return None
        recognise: Recognise = functools.partial(self.tags.recognise_in, decks)
        return Sensors(open_watched([self.reader], self.context), recognise)

    def cards(self, game: str) -> tuple[CardId, ...]:
        """What registering ``game``'s deck asks to be tapped, in order: its box's cards."""
        return deck_cards(self._deck(game), boxes.folder_beside(self.tags.path))

    async def register(self, game: str, say: Say) -> dict[str, CardId] | None:
        """Every card of ``game``'s deck tapped once on the reader (a deck registered before
        is registered afresh, whole or not at all); ``None`` if the reader gave out first."""
        deck = self._deck(game)
        [(source, _)] = open_watched([self.reader], self.context)
        try:
            return await walk(source, self.tags, deck, self.cards(game), say=say)
        finally:
            await source.aclose()  # cancelled, or given out: the reader is the table's again

    def _deck(self, game: str) -> Deck:
        """The tablet's deck of ``game``, named as ``companion register`` names it: the game."""
        box = next(iter(GAMES[game].sensing.boxes))
        return self.tags.deck(game) or self.tags.new_deck(game, game, box)
