"""Which cards read alike: every copy of a kind (two single bullets are the same card)."""

from __future__ import annotations

import functools

from companion.core.copies import Alike
from companion.core.types import CardId
from companion.games.darkfireline import setup
from companion.games.darkfireline.cards import kind_of
from companion.games.darkfireline.options import Options
from companion.games.darkfireline.state import State


def alike(state: State) -> Alike:
    return _alike(state.options, len(state.players))


@functools.cache
def _alike(options: Options, players: int) -> Alike:
    groups: dict[str, list[CardId]] = {}
    for card in setup.box(options, players):
        groups.setdefault(kind_of(card), []).append(card)
    return Alike({
        card: (card, *(c for c in group if c != card))
        for group in groups.values() for card in group
    })  # fmt: skip
