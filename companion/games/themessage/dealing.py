"""The real deal, read off the readers or told (digest §2): three game cards to each
player, the identities drawn by the app (:mod:`companion.core.dealing.by_hand`)."""

from __future__ import annotations

from companion.core.dealing.by_hand import hands_dealt
from companion.core.types import CardId
from companion.games.themessage import cards
from companion.games.themessage.setup import HAND, roll_deal
from companion.games.themessage.state import State


def _box(state: State) -> tuple[CardId, ...]:
    return cards.DECKS[state.options.deck]


TAPS = hands_dealt(HAND, _box, roll_deal)
"""What :mod:`companion.ingest` needs to read a 風聲 deal off the readers, and
:mod:`companion.core.dealing.told` to make it from what each player says they were dealt."""
