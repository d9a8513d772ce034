"""The cards of 暗火线 (digest §1): identities, and the game cards by kind.

No card list of the box is known (§0): how many of each kind a box holds is
data, :class:`~companion.games.darkfireline.options.Box`, set by the group from
the box in front of it. A card id says what the card is, so that a journal reads
without a lookup: ``DOUBLE-2`` is the second double bullet, ``ID-SWAT`` a SWAT
identity card. The serums a player lays out as health are not cards of the game
(§1.2): health is a number, each point one serum face up.
"""

from __future__ import annotations

import enum
from typing import Final

from companion.core.types import CardId


class Role(enum.StrEnum):
    """The three identities (§1.1): SWAT and citizens on one side, terrorists on the other."""

    SWAT = "swat"
    CITIZEN = "citizen"
    TERRORIST = "terrorist"


IDENTITY: Final[dict[Role, CardId]] = {role: CardId(f"ID-{role.name}") for role in Role}
ROLE_OF: Final[dict[CardId, Role]] = {card: role for role, card in IDENTITY.items()}


class Kind(enum.StrEnum):
    """What a game card does (§1.3, §5)."""

    SINGLE = "single"
    """单发子弹: 1 damage to one player (§5.1)."""
    DOUBLE = "double"
    """双发子弹: 2 damage to one player, or 1 to each of two (§5.2)."""
    SERUM = "serum"
    """血清: heal oneself 1, any number a turn (§5.3)."""
    SMOKE = "smoke"
    """烟雾弹: another player only heals and cannot be attacked but by a grenade (§5.4)."""
    FLASH = "flash"
    """闪光弹: two adjacent players skip their play phase (§5.5)."""
    DISARM = "disarm"
    """武装解除: one card of a player to the discard pile (§5.6)."""
    FIRST_AID = "first_aid"
    """急救包: a dying player back to 1 health (§5.7, §6)."""
    GRENADE = "grenade"
    """手雷: 1 damage to a player and both their neighbours (§5.8)."""
    SUPERMARKET = "supermarket"
    """超市: draw one more, keep one more (§5.9)."""
    RESTAURANT = "restaurant"
    """餐厅: health up to 5 (§5.10)."""
    CONTROL_ROOM = "control_room"
    """主控室: only players at full health may target its holder (§5.11)."""
    STORAGE_ROOM = "storage_room"
    """储藏室: out of reach of grenades, smoke and flashbangs (§5.12)."""
    ARMOUR = "armour"
    """防弹衣: a bullet does one damage less (§5.13)."""
    WARRANT = "warrant"
    """搜查令: a private look at one identity, then out of the game (§5.14)."""


BULLETS: Final = frozenset({Kind.SINGLE, Kind.DOUBLE})
"""The shot of a turn (§4.2: once)."""
SKILLS: Final = frozenset(
    {Kind.SMOKE, Kind.FLASH, Kind.DISARM, Kind.FIRST_AID, Kind.GRENADE, Kind.WARRANT}
)
"""The skill of a turn (§4.2: once); first aid is played in another's dying, not a turn."""
ENVIRONMENTS: Final = frozenset(
    {Kind.SUPERMARKET, Kind.RESTAURANT, Kind.CONTROL_ROOM, Kind.STORAGE_ROOM}
)
"""One slot per player; a new one replaces the old (§1.3, §4.2)."""
EQUIPMENT: Final = ENVIRONMENTS | {Kind.ARMOUR}
"""What a player equips (§4.2: once a turn); armour has a slot of its own."""

_PREFIX: Final = {kind: kind.name for kind in Kind}
_KIND: Final = {prefix: kind for kind, prefix in _PREFIX.items()}


def card(kind: Kind, copy: int) -> CardId:
    """The id of copy ``copy`` (from 1) of a kind: ``card(Kind.DOUBLE, 2) == "DOUBLE-2"``."""
    return CardId(f"{_PREFIX[kind]}-{copy}")


def kind_of(card_id: CardId) -> Kind:
    """The kind of a game card; a ``KeyError`` for an id that is no game card."""
    prefix, _, copy = card_id.rpartition("-")
    if not copy.isdigit():
        raise KeyError(card_id)
    return _KIND[prefix]


def is_card(card_id: str) -> bool:
    try:
        kind_of(CardId(card_id))
    except KeyError:
        return False
    return True
