"""The 25 cards of 微諜影 Microfilms (digest §1.3) and what each is for.

Card ids are ours; a registered deck maps each physical card to one. Blood
stains matter only to the Interpol claim: each action type has exactly one
clean copy, so 5 of the 8 action cards are stained.
"""

from __future__ import annotations

import enum
from typing import Final

from companion.core import copies
from companion.core.types import CardId
from companion.core.values import Frozen


class Nation(enum.StrEnum):
    CN = "CN"
    UK = "UK"
    US = "US"
    SU = "SU"


class Kind(enum.StrEnum):
    AGENT = "agent"
    FREELANCER = "freelancer"
    MICROFILM = "microfilm"
    LETTER = "letter"
    ACE = "ace"
    ACTION = "action"


class Use(enum.StrEnum):
    """What an action card can pay for; each card has two uses."""

    STEAL = "steal"
    BLACKMAIL = "blackmail"
    INTERROGATE = "interrogate"
    WITHDRAW = "withdraw"
    RESIST = "resist"


class Card(Frozen):
    id: CardId
    kind: Kind
    nation: Nation | None = None
    uses: frozenset[Use] = frozenset()
    blood: bool = False


def _agent(n: Nation) -> Card:
    return Card(CardId(f"R-{n}"), Kind.AGENT, nation=n)


def _action(cid: str, uses: set[Use], blood: bool) -> Card:
    return Card(CardId(cid), Kind.ACTION, uses=frozenset(uses), blood=blood)


_SB = {Use.STEAL, Use.BLACKMAIL}
_IB = {Use.INTERROGATE, Use.BLACKMAIL}
_WR = {Use.WITHDRAW, Use.RESIST}

ALL: Final[tuple[Card, ...]] = (
    *(_agent(n) for n in Nation),
    Card(CardId("R-INT"), Kind.FREELANCER),
    Card(CardId("R-IM"), Kind.FREELANCER),
    Card(CardId("R-JOU"), Kind.FREELANCER),
    Card(CardId("R-ASN"), Kind.FREELANCER),
    *(Card(CardId(f"M-{n}"), Kind.MICROFILM, nation=n) for n in Nation),
    *(Card(CardId(f"L-{n}"), Kind.LETTER, nation=n) for n in Nation),
    Card(CardId("ACE"), Kind.ACE),
    _action("A-SB1", _SB, blood=True),
    _action("A-SB2", _SB, blood=False),
    _action("A-IB1", _IB, blood=True),
    _action("A-IB2", _IB, blood=True),
    _action("A-IB3", _IB, blood=False),
    _action("A-WR1", _WR, blood=True),
    _action("A-WR2", _WR, blood=True),
    _action("A-WR3", _WR, blood=False),
)

CARDS: Final[dict[CardId, Card]] = {c.id: c for c in ALL}

INTERPOL = CardId("R-INT")
MANAGER = CardId("R-IM")
JOURNALIST = CardId("R-JOU")
ASSASSIN = CardId("R-ASN")
ACE = CardId("ACE")

AGENTS: Final = tuple(c.id for c in ALL if c.kind is Kind.AGENT)
FREELANCERS: Final = tuple(c.id for c in ALL if c.kind is Kind.FREELANCER)
ACTIONS: Final = tuple(c.id for c in ALL if c.kind is Kind.ACTION)


def agent(n: Nation) -> CardId:
    return CardId(f"R-{n}")


def microfilm(n: Nation) -> CardId:
    return CardId(f"M-{n}")


def letter(n: Nation) -> CardId:
    return CardId(f"L-{n}")


def pays_for(card: CardId, use: Use) -> bool:
    """True if ``card`` is an action card that can pay for ``use``."""
    c = CARDS.get(card)
    return c is not None and use in c.uses


def is_identity(card: CardId) -> bool:
    return CARDS[card].kind in (Kind.AGENT, Kind.FREELANCER)


ALIKE: Final = copies.alike(c for c in ALL if not is_identity(c.id))
"""Every hand card's copies: A-IB1 and A-IB2 read alike, as do A-WR1 and A-WR2 (§1.3)."""
