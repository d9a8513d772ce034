"""Copies of one card: alike to every player, distinct to the record.

A box may hold several cards that read the same — the two blood-stained
Interrogate/Blackmail cards of Microfilms, the six black 密電 鎖定 of 風聲.
The record follows each by its own id (a reader sees each sticker), but a
person telling what they drew or what they hold can only name the face. A
rule that takes a person's word therefore takes whichever copy of that face
is where the word can put it; these say which.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import weakref
from collections.abc import Collection, Iterable, Mapping
from typing import Any, TypeVar

from companion.core import memo
from companion.core.errors import NotInDeck
from companion.core.types import JSON, CardId
from companion.core.worlds import named_cards, relabel

T = TypeVar("T")
A = TypeVar("A")


GROUPINGS_KEPT = 64
"""Groupings each :class:`Alike` keeps. The same hand is asked about within a few states:
over 150 random 暗火线 games, keeping 64 answers instead of 4,096 groups 0.1 % more
often (62,146 times, not 62,080), and the run holds 12 MB, not 78 MB."""

_GROUPING: weakref.WeakValueDictionary[int, Alike] = weakref.WeakValueDictionary()
"""Every :class:`Alike` alive (a dict, so by its id), whose groupings go with the game
(:func:`_forget_groupings`)."""


class Alike(dict[CardId, tuple[CardId, ...]]):
    """Each card id to every id with its face, itself first; ``face`` names each card's face
    by its first id, so that cards can be grouped by face at a glance."""

    def __init__(self, copies: Mapping[CardId, tuple[CardId, ...]]) -> None:
        super().__init__(copies)
        self.face: dict[CardId, CardId] = {c: min(group) for c, group in copies.items()}
        self._grouped = functools.lru_cache(maxsize=GROUPINGS_KEPT)(self._group)
        _GROUPING[id(self)] = self

    def grouped(self, cards: tuple[CardId, ...]) -> tuple[tuple[CardId, ...], ...]:
        """``cards`` grouped by face (see :func:`faces`); a hand check asks the same of the
        same cards again and again while a state lasts, so the last answers are kept."""
        return self._grouped(cards)

    def _group(self, cards: tuple[CardId, ...]) -> tuple[tuple[CardId, ...], ...]:
        face = self.face.get
        groups: dict[CardId, list[CardId]] = {}
        for card in dict.fromkeys(cards):
            groups.setdefault(face(card, card), []).append(card)
        return tuple(tuple(g) if len(g) < 3 else (g[0], *sorted(g[1:])) for g in groups.values())


@memo.forgets
def _forget_groupings() -> None:
    """A game's hands let go with it: a box's :class:`Alike` lives as long as the app (a
    game module's constant), and the hands it last grouped would pin the memory the game
    left (:mod:`companion.core.memo`)."""
    for copies in list(_GROUPING.values()):
        copies._grouped.cache_clear()


def alike(cards: Iterable[Any]) -> Alike:
    """Group frozen card values (dataclasses with an ``id``) by everything but their id."""
    faces: dict[object, list[CardId]] = {}
    for card in cards:
        face = dataclasses.replace(card, id=CardId(""))
        faces.setdefault(face, []).append(card.id)
    return Alike({
        cid: (cid, *sorted(c for c in group if c != cid))
        for group in faces.values()
        for cid in group
    })  # fmt: skip


def copy_in(card: CardId, pool: Collection[CardId], copies: Alike) -> CardId | None:
    """``card`` if ``pool`` holds it, else a copy of its face that ``pool`` holds, else None."""
    return next((c for c in copies.get(card, (card,)) if c in pool), None)


def told_draw(card: CardId, deck: Collection[CardId], copies: Alike) -> CardId:
    """The card a seat said it drew: a person names a face, so any copy of it the deck holds
    is the card drawn.

    :raises NotInDeck: the deck holds no copy of that face.
    """
    drawn = copy_in(card, deck, copies)
    if drawn is None:
        raise NotInDeck(card=card)
    return drawn


def faces(cards: Iterable[CardId], copies: Alike) -> list[tuple[CardId, ...]]:
    """``cards`` grouped by face, in the order each face first appears.

    Each group holds the copies among ``cards`` — what a person could mean by that face:
    the one that came first, then the others in the order of the face's copies.
    """
    return list(copies.grouped(tuple(cards)))


def by_face(value: JSON, copies: Alike) -> JSON:
    """``value`` (plain JSON: a view, an action's body) with every copy named by its face.

    What a seat is sent names faces only: which copy the record gave a seat follows from
    where the other copies are (a told card takes the first one the deck holds), so a copy's
    id would tell the seat something of other hands. A body sent back by face is matched to
    the action it stands for by :func:`matching`.
    """
    if isinstance(value, str):
        return copies.face.get(CardId(value), value)
    if isinstance(value, list):
        return [by_face(v, copies) for v in value]
    if isinstance(value, dict):
        return {k: by_face(v, copies) for k, v in value.items()}
    return value


def readings(action: A, copies: Alike, most: int) -> list[A] | None:
    """``action`` with the cards it names read as each choice of copies of their faces
    (distinct copies, as many as each face has), itself first; ``None`` if there are more
    than ``most`` (a whole hand stated card by card: see :func:`held_copies`).

    A person names faces, and one action may name two cards of a face (a Burn played on an
    intelligence of its own face): which copies they mean is whatever the record holds
    where they point, and that depends on where the other copies lie. The set of readings
    does not: two worlds that trade copies give the same readings, traded."""
    named = sorted(named_cards(action))
    choices = [copies.get(card, (card,)) for card in named]
    if math.prod(len(c) for c in choices) > most:
        return None
    found = [action]
    for chosen in itertools.product(*choices):
        swap = {card: copy for card, copy in zip(named, chosen, strict=True) if card != copy}
        if swap and len(set(chosen)) == len(chosen):
            found.append(relabel(action, swap))
    return found


def held_copies(action: A, hand: Collection[CardId], copies: Alike) -> A:
    """``action`` with each card it names that ``hand`` does not hold, but holds another copy
    of, read as that copy. A person names a face: what the rules answer them must not depend
    on which copy the record gave them (a card they hold is never "not in your hand"), or
    the answer would tell them where the other copies are."""
    named = named_cards(action)
    swap: dict[CardId, CardId] = {}
    for card in sorted(named):
        if card not in hand:
            free = [c for c in hand if c not in named and c not in swap.values()]
            held = copy_in(card, free, copies)
            if held is not None:
                swap[card] = held
    return relabel(action, swap) if swap else action


def matching(wanted: JSON, listed: Iterable[tuple[JSON, T]], copies: Alike) -> T | None:
    """The listed item whose body, named by faces, is ``wanted``: the action a face names."""
    face = by_face(wanted, copies)
    return next((item for body, item in listed if by_face(body, copies) == face), None)
