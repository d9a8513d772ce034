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

from collections.abc import Callable, Mapping

from companion.core.types import CardId
from companion.core.values import Frozen


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

    def key(self, game: str, card: CardId, text: str = "help") -> str:
        """The catalog key of ``card``'s ``text``: ``help``, what it does; ``when``, when it
        may be played, in a line (or that it never is)."""
        return f"{text}.{game}.{self.kind(card)}"

    def name_key(self, card: CardId) -> str:
        """The catalog key of the short name of ``card``'s kind."""
        return self.named[self.kind(card)]
