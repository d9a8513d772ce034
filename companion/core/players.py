"""What every game's players have: a name, the identity card they were dealt, a hand.

Each game's player adds what is its own (Microfilms' francs and status,
風聲's intelligence received); the rules, the hand audit and the leak oracle's
worlds read these three alike.
"""

from __future__ import annotations

from companion.core.types import CardId
from companion.core.values import Frozen


class Player(Frozen):
    name: str
    identity: CardId | None = None
    """``None`` until the deal."""
    hand: tuple[CardId, ...] = ()
