"""Which text explains each 暗火线 card (:mod:`companion.core.explained`): an identity by
its role, a game card by its kind — whatever number of copies of it a box holds (an option:
the counts are unknown), each reads as its kind."""

from __future__ import annotations

from companion.core.explained import Moments, by_side
from companion.core.types import CardId
from companion.games.darkfireline.cards import ROLE_OF, Kind, kind_of

EXPLAINED = by_side(
    ROLE_OF,
    {CardId(f"{k.name}-1") for k in Kind},  # copies read alike
    lambda card: kind_of(card).value,
    {kind.value: f"card.{kind.name}" for kind in Kind},
    sections={
        "swat": "§1.1, §6, §8",
        "citizen": "§1.1, §6, §8",
        "terrorist": "§1.1, §6, §8",
        "single": "§4.2, §5.1, §5.13",
        "double": "§4.2, §5.2, §5.13",
        "serum": "§1.2, §5.3",
        "smoke": "§4.2, §5.4",
        "flash": "§4.2, §4.4, §5.5, §6",
        "disarm": "§4.2, §5.6",
        "first_aid": "§5.7, §6",
        "grenade": "§4.2, §5.8",
        "supermarket": "§1.3, §4.2, §4.3, §5.9",
        "restaurant": "§5.10",
        "control_room": "§5.11",
        "storage_room": "§5.12",
        "armour": "§1.3, §4.2, §5.13",
        "warrant": "§4.2, §5.14",
    },
    moments=Moments(
        events={
            "dealt": "deal",
            "turn_began": "turn",
            "shot": "shot",
            "rescue_asked": "dying",
            "died": "death",
            "warrant": "warrant",
        },
        prompts={
            "play": "turn",
            "rescue": "dying",
            "may_draw": "supermarket",
            "discard": "hand_limit",
            "tell_draw": "tell_draw",
            "tell_taken": "tell_taken",
        },
    ),
    howto=(
        "§1.1, §3, §8",
        "§1.2, §2",
        "§4",
        "§1.2, §5.1, §5.2, §5.13",
        "§6.1, §6.2, §6.4",
        "§6.3",
        "§8, §9",
    ),
)
