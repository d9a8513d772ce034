"""A deal of one identity card and a hand to each seat, and who starts: 風聲's and 暗火线's.

Both games deal the same way — an identity each from the mix, the same number of game
cards each, the rest the deck — so the deal's action and its check are shared; a game
says what its box holds and how many cards a hand gets.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Sequence
from typing import TypeVar

from companion.core.actions import ChanceAction
from companion.core.errors import BadChance
from companion.core.outcome import Event, Secret
from companion.core.players import Player
from companion.core.types import CardId, Seat
from companion.core.values import evolve

P = TypeVar("P", bound=Player)


class Deal(ChanceAction, act="deal"):
    """The whole deal, stating an exact game: ``identities[i]`` is seat i's identity card,
    ``hands[i]`` its hand; every other card of the box is the deck, in no known order;
    ``first`` starts."""

    first: Seat
    identities: tuple[CardId, ...]
    hands: tuple[tuple[CardId, ...], ...]


def check(deal: Deal, identities: Sequence[CardId], box: Collection[CardId], hand: int) -> None:
    """Refuse a deal the box could not have given: the identities must be ``identities``
    in some order, and each of the seats ``hand`` distinct cards of ``box``.

    :raises BadChance: with a ``detail`` for the developer reading a broken scenario;
        players see "deal".
    """
    n = len(identities)

    def bad(why: str) -> BadChance:
        return BadChance(what="deal", detail=why)

    if not 0 <= deal.first < n:
        raise bad("first")
    if Counter(deal.identities) != Counter(identities):
        raise bad("identities: one per seat, as the mix says")
    if len(deal.hands) != n or any(len(h) != hand for h in deal.hands):
        raise bad(f"hands: {hand} cards per seat")
    dealt = [c for cards in deal.hands for c in cards]
    if len(set(dealt)) != len(dealt) or not set(dealt) <= set(box):
        raise bad("hands: distinct cards of the box")


def dealt(deal: Deal) -> Event:
    """Who starts, for the table; each seat's identity and hand, for that seat alone."""
    return Event(
        "dealt",
        {"first": deal.first},
        secrets=tuple(
            Secret(Seat(i), "dealt", {"identity": identity, "hand": list(deal.hands[i])})
            for i, identity in enumerate(deal.identities)
        ),
    )


def roll(
    identities: Sequence[CardId], box: Sequence[CardId], hand: int, rng: random.Random
) -> Deal:
    """A deal as the box is dealt: the identities shuffled, ``hand`` cards each from the
    box, a random first player."""
    ids = list(identities)
    rng.shuffle(ids)
    n = len(ids)
    cards = rng.sample(box, hand * n)
    return Deal(
        first=Seat(rng.randrange(n)),
        identities=tuple(ids),
        hands=tuple(tuple(cards[i * hand : (i + 1) * hand]) for i in range(n)),
    )


def seated(players: Sequence[P], deal: Deal) -> tuple[P, ...]:
    """The players with the identity and the hand the deal gave each."""
    return tuple(
        evolve(p, identity=deal.identities[i], hand=deal.hands[i]) for i, p in enumerate(players)
    )


def deck(box: Sequence[CardId], deal: Deal) -> tuple[CardId, ...]:
    """What the deal left of the box: the deck, in the box's order."""
    dealt = {c for cards in deal.hands for c in cards}
    return tuple(c for c in box if c not in dealt)
