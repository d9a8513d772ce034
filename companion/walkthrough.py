"""Tapping every card of a deck once, each step said: ``companion register``'s walk, and
the tablet's (its own NFC, on Android).

The walk itself is :class:`companion.registration.Walk`; this drives it from a source and
says each step through ``say(key, args)``, which the command line prints and the tablet
shows in the person's language (:func:`worded`), and a test can listen to. Nothing here
loads a driver: the camera's and nfcpy's parts are :mod:`hardware.register`'s, on the desktop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from companion import boxes
from companion.core.types import CardId, JSONObject
from companion.games import GAMES
from companion.i18n import Voice
from companion.observations import (
    CardSeen,
    NdefRecord,
    Source,
    SourceState,
    SourceStatus,
    TagPlaced,
)
from companion.registration import Bound, Duplicate, Walk
from companion.tagmap import Deck, TagMap, TagMapError

Say = Callable[[str, JSONObject], None]


class Writer(Protocol):
    """A reader that writes on stickers (an NFC reader of nfcpy's)."""

    async def write(self, uid: str, records: tuple[NdefRecord, ...]) -> bool: ...


def worded(voice: Voice, key: str, said: JSONObject) -> str:
    """A registration's step in the person's language (``voice``'s): the card by its name, a
    source's status with its reason and kind in words — as the command line prints it and
    the tablet shows it."""
    said = dict(said)
    reason, kind = said.pop("reason", ""), said.pop("kind", None)
    why = voice.text(str(reason)) if reason else ""
    named = {} if kind is None else {"kind": voice.text(f"source.kind.{kind or 'any'}")}
    rendered = {k: voice.render(k, v) for k, v in said.items()}
    return voice.text(key, **rendered, why=why, **named)


async def walk(
    source: Source,
    tags: TagMap,
    deck: Deck,
    cards: Sequence[CardId],
    *,
    say: Say,
    camera: bool = False,
    writer: Writer | None = None,
) -> dict[str, CardId] | None:
    """The UID → card map of ``cards`` (:func:`deck_cards`), stored in ``tags``; ``None`` if
    the reader gave out first. Under a ``camera`` the UIDs are marker ids, stored as the
    deck's markers: ids are a deck's own, so no other deck can own one. A ``writer`` seals
    each sticker with the deck's record while it lies on the reader."""

    def owner(uid: str) -> str | None:
        other = None if camera else tags.owner(uid)
        return None if other is None or other.id == deck.id else other.name

    walk = Walk(tuple(cards), owner, deck.tag)
    words = "register.camera." if camera else "register."
    _next(walk, say, words)
    async for obs in source:
        if isinstance(obs, SourceStatus):
            said: JSONObject = {"source": obs.source, "reason": obs.reason, "kind": obs.kind}
            say(f"source.state.{obs.state}", said)
            if obs.state in (SourceState.FAILED, SourceState.CLOSED):
                return None
            continue
        if isinstance(obs, CardSeen):  # a marker under the camera: its id is the card's "UID"
            placed = TagPlaced(obs.source, obs.card, at=obs.at)
        elif isinstance(obs, TagPlaced):
            placed = obs
        else:
            continue
        step = walk.tap(placed)
        if isinstance(step, Bound):
            sealed = () if writer is None else (deck.seal(step.uid, step.card),)
            if writer is not None and not await writer.write(step.uid, sealed):
                walk.untap(step.uid)
                say("register.write_failed", {"card": step.card})
            else:
                say("register.bound", {"card": step.card, "uid": step.uid})
        elif isinstance(step, Duplicate):
            say(words + "duplicate", {"card": step.card, "uid": step.uid})
        else:
            say(step.why, {"deck": step.deck, "uid": step.uid})
        if walk.done:
            if camera:
                tags.store_markers(deck, {int(uid): card for uid, card in walk.bound.items()})
            else:
                tags.store(deck, walk.bound)
            say("register.done", {"count": len(walk.bound), "deck": deck.name})
            await source.aclose()
            return dict(walk.bound)
        _next(walk, say, words)
    return None


def deck_cards(deck: Deck, folder: Path) -> tuple[CardId, ...]:
    """Every card a registration of ``deck`` asks for, in order (:func:`box_cards`)."""
    return box_cards(deck.game, deck.box, folder)


def box_cards(game: str, box: str, folder: Path) -> tuple[CardId, ...]:
    """Every card of ``game``'s box ``box``, in order: a preset's manifest (``""``: the
    first), or the cards of the named box of that name saved in ``folder``.

    :raises TagMapError: the box is neither (a named box since deleted).
    """
    spec = GAMES[game]
    presets = spec.sensing.boxes
    if not box or box in presets:
        return presets[box] if box else next(iter(presets.values()))
    path = boxes.path_for(folder, game, box)
    if not path.exists():
        raise TagMapError("register.error.no_box", box=box, boxes=known_boxes(game, folder))
    try:
        return boxes.box_cards(boxes.read(path, game, spec.options_type), spec)
    except boxes.BoxFileError as err:
        raise TagMapError(err.key, file=str(path)) from None


def known_boxes(game: str, folder: Path) -> str:
    """The presets of ``game`` and the boxes saved for it, for a message."""
    saved = [b.name for b in boxes.listed(folder, game, GAMES[game].options_type)]
    return ", ".join([*GAMES[game].sensing.boxes, *saved])


def _next(walk: Walk, say: Say, words: str) -> None:
    assert walk.next is not None
    say(words + "next", {"card": walk.next, "n": len(walk.bound) + 1, "total": len(walk.cards)})
