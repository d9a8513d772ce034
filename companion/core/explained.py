"""What each card of a game is, for a player reading it: a first-time player taps a card on
their phone, or holds to see their identity, and reads what it does, when it may be played
and what its answers mean — or which side an identity is on, what it wins by and how it
loses.

A game declares which kind of card each card is (copies of a face, and faces that only
differ by a nation or a colour, read alike) and the section of its rules digest each kind's
text says in our own words; the texts are the i18n catalog's ``help.<game>.<kind>``, in
every language. A test fails on any card of any game without one.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import field

from companion.core.types import CardId
from companion.core.values import Frozen


class Moments(Frozen):
    """What a first game explains the first time it comes (the deal, a turn, a response
    window, a night, a death, a claim): each kind of public event and each kind of prompt
    that starts a moment, and the moment's name — its text is the catalog's
    ``teach.<game>.<moment>``. Both kinds are public, so nothing explained can depend on a
    hidden fact; a phone explains its own prompts by the same names."""

    events: Mapping[str, str] = field(default_factory=dict)
    prompts: Mapping[str, str] = field(default_factory=dict)

    def key(self, game: str, moment: str) -> str:
        """The catalog key of ``moment``'s text."""
        return f"teach.{game}.{moment}"


class Explained(Frozen):
    """A game's cards by the kind their help text explains."""

    cards: frozenset[CardId]
    """Every card of the game, its identity cards too."""
    kind: Callable[[CardId], str]
    """The kind of each of ``cards``."""
    sections: Mapping[str, str]
    """Each kind, and the digest sections its text draws on ("§6.8", "§1.1, §8.2")."""
    camps: tuple[str, ...]
    """The kinds of identity one player may guess another is (the game's camps, or its
    roles): the marks a phone's notes offer for each other seat, beside "trusted"."""
    named: Mapping[str, str]
    """Each kind's short name, as a catalog key ("Probe", of the 18 probes): what a player
    picks first when telling a card, before its colour or variant."""
    moments: Moments = field(default_factory=Moments)
    """What a first game explains the first time it comes (:class:`Moments`)."""
    howto: tuple[str, ...] = ()
    """The game in two minutes, for a table that has never played: the digest sections
    each paragraph says in our own words, in order (the catalog's ``howto.<game>.<n>``)."""

    def key(self, game: str, card: CardId, text: str = "help") -> str:
        """The catalog key of ``card``'s ``text``: ``help``, what it does; ``when``, when it
        may be played, in a line (or that it never is)."""
        return f"{text}.{game}.{self.kind(card)}"

    def name_key(self, card: CardId) -> str:
        """The catalog key of the short name of ``card``'s kind."""
        return self.named[self.kind(card)]


def by_side(
    sides: Mapping[CardId, enum.Enum],
    others: Iterable[CardId],
    kind: Callable[[CardId], str],
    named: Mapping[str, str],
    prefix: str = "",
    *,
    sections: Mapping[str, str],
    moments: Moments,
    howto: tuple[str, ...],
) -> Explained:
    """A game whose identity cards read as the side each is on and whose ``others`` read
    as ``kind`` says, and name as ``named`` says: its sides are declared once, in ``sides``.
    Each side is one text for all its cards (``prefix`` and the side's value), named as its
    card, and one of the camps a phone's notes offer, in the order ``sides`` lists them.
    The rest is as :class:`Explained` has it."""

    def read(card: CardId) -> str:
        side = sides.get(card)
        return kind(card) if side is None else f"{prefix}{side.value}"

    own = {f"{prefix}{side.value}": f"card.{card}" for card, side in sides.items()}
    return Explained(
        cards=frozenset(sides) | frozenset(others),
        kind=read,
        camps=tuple(own),
        named={**own, **named},
        sections=sections,
        moments=moments,
        howto=howto,
    )
