"""How the arguments of the rules' sentences read: declared by each game, rendered by i18n.

Rules speak in catalog keys and arguments — an event ``{"seat": 2, "card":
"A-SB1", "francs": 3}``, a refusal ``not_enough_francs {need: 2, have: 1}``.
Each argument is read as the kind its name is declared with: a seat as its
player's name, a card as the card's name, a number of francs as a counted
unit. The names every game uses alike are declared here (:data:`COMMON`);
a game declares its own (``GameSpec.words``), so nothing is guessed from a
name, and a new game needs no new rendering code — only its catalog entries.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from companion.core.values import Frozen


class SeatName(Frozen):
    """A seat number, read as its player's name (a list of them, each one).

    Every kind reads a list as each of its items, and a missing value as its ``none``
    key: in a sentence, "nothing" when it has none; as a step of an action's menu path,
    nothing at all unless it has one (the card of a cost paid in francs).
    """

    none: str = ""


class CardName(Frozen):
    """A card id, read as the card's name (catalog ``card.<id>``).

    ``numbered``: the game numbers each copy of a face at the end of its id (``SINGLE-7``),
    as many as the group's own box holds, so a card is named by its id without the number
    (catalog ``card.SINGLE``); an id that ends in no number is named whole.
    """

    none: str = ""
    numbered: bool = False
    fees: Mapping[str, int] = field(default_factory=dict)
    """What paying instead of the card costs, by action (Microfilms' Interrogate, 1 franc):
    that action's menu path says it as its ``none`` step (catalog ``<none>.fee``, ``{fee}``
    counted as ``fee``), so a player confirms knowing what it takes."""
    fee: Count | None = None

    def key(self, card: str) -> str:
        """The catalog key of ``card``'s name."""
        face, _, copy = card.rpartition("-")
        return f"card.{face}" if self.numbered and face and copy.isdigit() else f"card.{card}"


class Word(Frozen):
    """A value that is itself a key: ``status=clean`` reads catalog ``status.clean``.

    ``prefix`` is the first part of the key (the argument's own name by default).
    """

    prefix: str = ""
    none: str = ""


class Count(Frozen):
    """A number of things: catalog ``unit.<unit>.one`` for 1, ``unit.<unit>.other`` else."""

    unit: str
    none: str = ""


class Either(Frozen):
    """A value read by its type: a text one way, a number another (a card, or francs paid)."""

    text: Kind
    number: Kind
    none: str = ""


class Record(Frozen):
    """An object, read through template ``key`` with each of its ``fields`` read by kind.

    A field that is absent or ``None`` fills its placeholder with nothing.
    """

    key: str
    fields: Mapping[str, Kind] = field(default_factory=dict)
    none: str = ""


class OnTable(Frozen):
    """A play's number on the table (風聲's stack): read as the play itself — who played
    what — where the reader knows the table (:meth:`companion.i18n.Voice.seeing`), else as
    catalog ``word.play`` with the number: never a bare "2" a player cannot follow."""

    none: str = ""


Kind = SeatName | CardName | Word | Count | Either | Record | OnTable
Words = Mapping[str, Kind]
"""Each argument name to the kind it is read as; names not listed read as they are."""

SEAT = SeatName()
CARD = CardName()
WORD = Word()

COMMON: Words = {
    "seat": SEAT,
    "seats": SEAT,
    "holding": SEAT,
    "target": SEAT,
    "first": SEAT,
    "winners": SEAT,
    "card": CARD,
    "cards": CARD,
    "hand": CARD,
    "identity": CARD,
    "lost": CARD,
    "got": CARD,
    "told": CARD,
    "held": CARD,
    "reason": WORD,
    "act": WORD,
    "what": WORD,
    "status": WORD,
}
"""What every game's sentences name alike: who acts, on whom, which cards, why it ended."""
