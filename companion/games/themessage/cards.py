"""The 81 game cards and 9 identity cards of 風聲 The Message (digest §1.1, §1.3).

Every game card is both a function card and a piece of intelligence: it has a
function, a colour and a printed transmission method. The sources disagree on
how many of each there are, so the deck is data: the FOOP manifest (which
matches the seed's stated colour totals 25/25/31) by default, the seed's own
per-card rows as a preset. A card id says what the card is, so a journal
reads without a lookup: ``LOCK-K-S-2`` is the second black 密電 鎖定 and
``PROBE-R-S-GREEN-PLUS`` the red 密電 probe that names 打醬油的 with the "+"
effect. Ids are the same in both presets; a preset only has more or fewer copies.
"""

from __future__ import annotations

import enum
from typing import Final

from companion.core import copies
from companion.core.types import CardId
from companion.core.values import Frozen


class Function(enum.StrEnum):
    LOCK = "lock"
    """鎖定 (§6.1)"""
    LURE = "lure"
    """調虎離山 (§6.2)"""
    INTERCEPT = "intercept"
    """截獲 (§6.3)"""
    RETURN = "return"
    """退回 (§6.4)"""
    DECODE = "decode"
    """破譯 (§6.5)"""
    BURN = "burn"
    """燒燬 (§6.6)"""
    COUNTER = "counter"
    """識破 (§6.7)"""
    PROBE = "probe"
    """試探 (§6.8)"""
    DISTRIBUTE = "distribute"
    """真偽莫辨 (§6.9)"""


class Colour(enum.StrEnum):
    RED = "red"
    BLUE = "blue"
    BLACK = "black"


class Method(enum.StrEnum):
    """How a card travels when sent as intelligence (§5.1)."""

    SECRET = "secret"
    """密電: face down, to the right, hop by hop."""
    DIRECT = "direct"
    """直達: face down, to one named player, who may refuse it."""
    TEXT = "text"
    """文本: face up, to the right, hop by hop."""


class Camp(enum.StrEnum):
    """An identity's side (§1.1); a probe names one of them (§1.3)."""

    RED = "red"
    """潛伏戰線 Undercover front: wins with three red intelligence."""
    BLUE = "blue"
    """軍情處 Military intelligence: wins with three blue intelligence."""
    GREEN = "green"
    """打醬油的 Bystander: wins only by a character's secret mission."""


class Sign(enum.StrEnum):
    """A probe's variant (§1.3)."""

    PLUS = "plus"
    """The named identity draws; anyone else says 「其實我是臥底」."""
    MINUS = "minus"
    """The named identity discards one hand card; anyone else says 「我是一個好人」."""


class Preset(enum.StrEnum):
    """Which manifest the box follows (§1.3)."""

    FOOP = "foop"
    """25/25/31, matching the seed's stated colour totals; confirmed by an independent count."""
    SEED = "seed"
    """The seed's per-card rows as printed (24/24/33)."""


class Card(Frozen):
    id: CardId
    function: Function
    colour: Colour
    method: Method
    names: Camp | None = None
    """For a probe: the identity it names."""
    sign: Sign | None = None
    """For a probe: + or −."""


METHOD: Final[dict[Function, Method]] = {
    Function.LOCK: Method.SECRET,
    Function.LURE: Method.SECRET,
    Function.INTERCEPT: Method.DIRECT,
    Function.RETURN: Method.TEXT,
    Function.DECODE: Method.SECRET,
    Function.BURN: Method.DIRECT,
    Function.COUNTER: Method.DIRECT,
    Function.PROBE: Method.SECRET,
    Function.DISTRIBUTE: Method.TEXT,
}
"""§1.3: every source but one agrees that a function's cards all travel one way."""

MANIFESTS: Final[dict[Preset, dict[Function, tuple[int, int, int]]]] = {
    Preset.FOOP: {
        Function.LOCK: (3, 3, 6),
        Function.LURE: (2, 2, 2),
        Function.INTERCEPT: (1, 1, 6),
        Function.RETURN: (3, 3, 2),
        Function.DECODE: (2, 2, 2),
        Function.BURN: (2, 2, 2),
        Function.COUNTER: (5, 5, 4),
        Function.DISTRIBUTE: (1, 1, 1),
    },
    Preset.SEED: {
        Function.LOCK: (5, 5, 4),
        Function.LURE: (2, 2, 4),
        Function.INTERCEPT: (1, 1, 6),
        Function.RETURN: (2, 2, 2),
        Function.DECODE: (3, 3, 1),
        Function.BURN: (1, 1, 4),
        Function.COUNTER: (3, 3, 6),
        Function.DISTRIBUTE: (1, 1, 0),
    },
}
"""Red/blue/black copies of each function but the probe; the 18 probes are the same in both."""

_LETTER = {Colour.RED: "R", Colour.BLUE: "B", Colour.BLACK: "K"}
_METHOD_LETTER = {Method.SECRET: "S", Method.DIRECT: "D", Method.TEXT: "T"}


def _plain(function: Function, colour: Colour, copy: int) -> Card:
    method = METHOD[function]
    cid = f"{function.name}-{_LETTER[colour]}-{_METHOD_LETTER[method]}-{copy}"
    return Card(CardId(cid), function, colour, method)


def _probe(colour: Colour, names: Camp, sign: Sign) -> Card:
    cid = f"PROBE-{_LETTER[colour]}-S-{names.name}-{sign.name}"
    return Card(CardId(cid), Function.PROBE, colour, Method.SECRET, names, sign)


PROBES: Final[tuple[Card, ...]] = tuple(
    _probe(colour, names, sign) for colour in Colour for names in Camp for sign in Sign
)
"""§1.3: one of each colour × named identity × sign."""


def _deck(preset: Preset) -> tuple[Card, ...]:
    plain = [
        _plain(function, colour, copy)
        for function, counts in MANIFESTS[preset].items()
        for colour, count in zip(Colour, counts, strict=True)
        for copy in range(1, count + 1)
    ]
    return (*plain, *PROBES)


DECKS: Final[dict[Preset, tuple[CardId, ...]]] = {
    preset: tuple(sorted(c.id for c in _deck(preset))) for preset in Preset
}
"""The 81 game cards of each preset, sorted."""

CARDS: Final[dict[CardId, Card]] = {c.id: c for preset in Preset for c in _deck(preset)}
"""Every game card either preset can hold, by id."""

ALIKE: Final = {preset: copies.alike(_deck(preset)) for preset in Preset}
"""Each preset's cards to their copies: ``LOCK-K-S-1`` to ``-6`` read alike; each probe is
one of a kind."""

IDENTITY: Final[dict[Camp, CardId]] = {camp: CardId(f"ID-{camp.name}") for camp in Camp}
"""The identity cards; the three copies of a camp are alike (§1.1)."""
CAMP_OF: Final[dict[CardId, Camp]] = {card: camp for camp, card in IDENTITY.items()}
IDENTITY_COPIES = 3
"""The box holds three identity cards of each camp (§1.1)."""

WINNING_COLOUR: Final[dict[Camp, Colour | None]] = {
    Camp.RED: Colour.RED,
    Camp.BLUE: Colour.BLUE,
    Camp.GREEN: None,
}
"""§1.1: the colour whose three copies in front of one member win for the camp."""


def function_of(card: CardId) -> Function:
    return CARDS[card].function


def colour_of(card: CardId) -> Colour:
    return CARDS[card].colour


def method_of(card: CardId) -> Method:
    return CARDS[card].method
