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
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from companion.core.types import CardId

Alike = Mapping[CardId, tuple[CardId, ...]]
"""Each card id to every id with its face, itself first."""


def alike(cards: Iterable[Any]) -> dict[CardId, tuple[CardId, ...]]:
    """Group frozen card values (dataclasses with an ``id``) by everything but their id."""
    faces: dict[object, list[CardId]] = {}
    for card in cards:
        face = dataclasses.replace(card, id=CardId(""))
        faces.setdefault(face, []).append(card.id)
    return {
        cid: (cid, *sorted(c for c in group if c != cid))
        for group in faces.values()
        for cid in group
    }


def copy_in(card: CardId, pool: Collection[CardId], copies: Alike) -> CardId | None:
    """``card`` if ``pool`` holds it, else a copy of its face that ``pool`` holds, else None."""
    return next((c for c in copies.get(card, (card,)) if c in pool), None)


def faces(cards: Iterable[CardId], copies: Alike) -> list[tuple[CardId, ...]]:
    """``cards`` grouped by face, in the order each face first appears.

    Each group holds the copies among ``cards`` — what a person could mean by that face.
    """
    wanted = list(dict.fromkeys(cards))
    within = set(wanted)
    groups: list[tuple[CardId, ...]] = []
    placed: set[CardId] = set()
    for card in wanted:
        if card not in placed:
            group = (card, *(c for c in copies.get(card, ()) if c in within and c != card))
            placed.update(group)
            groups.append(group)
    return groups
