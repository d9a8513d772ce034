"""``companion register``: walk a person through tapping every card of a deck once.

The walk itself is :class:`companion.registration.Walk`; this drives it from a
source and says each step through ``say(key, args)``, which the command line
prints in the person's language (and a test can listen to). With ``write``,
each card's sticker also gets the deck's sealed record, written while the card
still lies on the reader.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.types import CardId, JSONObject
from companion.games import GAMES
from companion.observations import Source, SourceState, SourceStatus, TagPlaced
from companion.registration import Bound, Duplicate, Walk
from companion.tagmap import Deck, TagMap
from hardware.nfc import NfcSource

Say = Callable[[str, JSONObject], None]


async def register(
    source: Source, tags: TagMap, deck: Deck, *, write: bool, say: Say
) -> dict[str, CardId] | None:
    """The UID → card map, stored in ``tags``; ``None`` if the reader gave out first."""
    writer = source if write and isinstance(source, NfcSource) else None
    if write and writer is None:
        say("register.error.cannot_write", {"reader": source.name})
        return None

    def owner(uid: str) -> str | None:
        other = tags.owner(uid)
        return None if other is None or other.id == deck.id else other.name

    walk = Walk(deck_cards(deck), owner, deck.tag)
    _next(walk, say)
    async for obs in source:
        if isinstance(obs, SourceStatus):
            said: JSONObject = {"source": obs.source, "reason": obs.reason, "kind": obs.kind}
            say(f"source.state.{obs.state}", said)
            if obs.state in (SourceState.FAILED, SourceState.CLOSED):
                return None
            continue
        if not isinstance(obs, TagPlaced):
            continue
        step = walk.tap(obs)
        if isinstance(step, Bound):
            record = deck.seal(step.uid, step.card)
            if writer is not None and not await writer.write(step.uid, (record,)):
                walk.untap(step.uid)
                say("register.write_failed", {"card": step.card})
            else:
                say("register.bound", {"card": step.card, "uid": step.uid})
        elif isinstance(step, Duplicate):
            say("register.duplicate", {"card": step.card, "uid": step.uid})
        else:
            say(step.why, {"deck": step.deck, "uid": step.uid})
        if walk.done:
            tags.store(deck, walk.bound)
            say("register.done", {"count": len(walk.bound), "deck": deck.name})
            await source.aclose()
            return dict(walk.bound)
        _next(walk, say)
    return None


def deck_cards(deck: Deck) -> tuple[CardId, ...]:
    """Every card a registration of ``deck`` asks for, in order: its box's manifest."""
    boxes = GAMES[deck.game].sensing.boxes
    return boxes[deck.box] if deck.box else next(iter(boxes.values()))


def _next(walk: Walk, say: Say) -> None:
    assert walk.next is not None
    say("register.next", {"card": walk.next, "n": len(walk.bound) + 1, "total": len(walk.cards)})
