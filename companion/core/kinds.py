"""Each game's one table of the kinds of event it makes: everything the app knows of a kind.

A game declares every kind of event it makes once, in its ``events.py``, and all that the
rest of the app reads about events comes from that table (``GameSpec.events``): what an
event may show anyone (an undo stops at whatever shows something), whom it tells a secret
and of which kind (a bot pairs each secret with the event it heard), whether it is one
seat checking another in secret (who checked whom over a season), whether the secret it
tells is a look at something hidden (the game's story marks each), and whether the
table's voice reads it out. The conformance suite holds each table to the events its
game makes: none undeclared, none declared that its games never make.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.hearing import DREW, Tells, Told
from companion.core.outcome import Shown
from companion.core.values import Frozen


class Kind(Frozen):
    """What the app knows of one kind of event."""

    shown: Shown
    """What an event of the kind may show anyone; an undo stops at any that shows something."""
    tells: tuple[Tells, ...] = ()
    """Whom it tells a secret, and of which kind."""
    check: bool = False
    """Its ``seat`` looks in secret at its ``target`` (an interrogation, a probe, a warrant)."""
    spoken: bool = False
    """The table's voice reads it out: few enough kinds that the table still hears itself."""
    folds: bool = False
    """A seat's answer to a round that says nothing (a pass): a run of them reads as one
    line of a history, ``<its key>.many`` naming the ``seats``."""


Events = Mapping[str, Kind]
"""A game's table: every kind of event it makes, by name."""

CORE: Events = {
    "game_over": Kind(Shown.TABLE, spoken=True),  # who won tells whose side they were on
    "hand_checked": Kind(Shown.SEAT),  # its owner is told the hand the record now gives them
    "undone": Kind(Shown.NOTHING),
    "deal_told": Kind(Shown.NOTHING),  # a seat's own word tells it nothing new
    "deal_clash": Kind(Shown.TABLE),  # the words of a told deal did not add up
    "deal_aside_read": Kind(Shown.NOTHING),  # a card read face down, named to nobody
    "dealt": Kind(Shown.SEAT, spoken=True),  # each seat told its own deal
    "drew": Kind(Shown.SEAT, tells=DREW),  # the drawer alone told the card
}
"""The kinds of event every game makes alike: the deal, a draw, a told deal
(:mod:`companion.core.dealing.told`), an audit, an undo."""

UNDECLARED = Kind(Shown.TABLE)
"""What a kind nobody declared is taken for: it may show all, so it is never undone."""


def look(seat: str, secret: str) -> Tells:
    """The event tells the seat named by ``seat`` a look at what someone hid."""
    return Tells(seat, secret, look=True)


def told(events: Events) -> Told:
    """Each kind that tells someone a secret, and whom it tells what (for the bots): among a
    game's ``events`` and those every game makes."""
    return {name: kind.tells for name, kind in {**CORE, **events}.items() if kind.tells}


def looks(events: Events) -> frozenset[str]:
    """The kinds of secret that are a look at what someone hid."""
    return frozenset(t.secret for kind in events.values() for t in kind.tells if t.look)
