"""Every 暗火线 action, as it appears in the journal and on the wire.

Seat actions are the players' choices (§4–§6): each card played has its action,
carrying the card and what it needs (targets, the pair a flashbang falls
between, what a Disarm removes). Chance actions are the results no player
chooses: the deal (§2), the card a draw gives, the card a Disarm takes blind
from a hand (§5.6) — drawn by the app, read by a sensor, or told by the phone
of the player who saw it.

The core's actions mean here: ``pick`` (a card drawn, or taken by a Disarm),
``tell_draw`` (the drawer tells the card drawn), ``pass`` (no kit offered in a
rescue round, §6.2), ``discard`` (down to the hand limit, §4.3), ``close_round``
and ``hold`` (a rescue round closed by the app's timer, or asked to wait),
``audit_hand`` and ``end_game``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from companion.core.actions import (
    ActionCodec,
    AimedPlay,
    CardPlay,
    Discard,
    EndGame,
    Pass,
    Pick,
    SeatAction,
    TellDraw,
)
from companion.core.audit import AuditHand
from companion.core.dealing.deal import Deal
from companion.core.dealing.told import LaidAside, Redeal, TellDealt
from companion.core.rounds import CloseRound, Hold
from companion.core.types import Seat


@dataclass(frozen=True, kw_only=True)
class TellTaken(TellDraw):
    """§5.6: the card a Disarm took from this seat's hand, told by its owner's phone."""

    act = "tell_taken"


@dataclass(frozen=True, kw_only=True)
class Shoot(CardPlay):
    """§5.1, §5.2: a bullet. A single bullet has one target; a double bullet one (2
    damage) or two different ones (1 each)."""

    act = "shoot"
    targets: tuple[Seat, ...]


@dataclass(frozen=True, kw_only=True)
class Heal(CardPlay):
    """§5.3: a serum from the hand heals its player by 1."""

    act = "serum"


@dataclass(frozen=True, kw_only=True)
class SmokeOn(AimedPlay):
    """§5.4: a smoke grenade in front of another player."""

    act = "smoke"


@dataclass(frozen=True, kw_only=True)
class FlashOn(CardPlay):
    """§5.5: a flashbang between two adjacent players."""

    act = "flash"
    pair: tuple[Seat, Seat]


class Removal(enum.StrEnum):
    """What a Disarm removes (§5.6)."""

    ENVIRONMENT = "environment"
    ARMOUR = "armour"
    HAND = "hand"
    """One card of the hand, taken blind."""
    SMOKE = "smoke"
    """The smoke on a smoked player: the only thing a Disarm may take from them."""


@dataclass(frozen=True, kw_only=True)
class Disarm(AimedPlay):
    act = "disarm"
    what: Removal


@dataclass(frozen=True, kw_only=True)
class Grenade(AimedPlay):
    """§5.8: 1 damage to ``target`` and both its neighbours."""

    act = "grenade"


@dataclass(frozen=True, kw_only=True)
class Warrant(AimedPlay):
    """§5.14: a private look at ``target``'s identity; the card leaves the game."""

    act = "warrant"


@dataclass(frozen=True, kw_only=True)
class Equip(CardPlay):
    """§4.2: an environment or body armour into play in front of its player."""

    act = "equip"


@dataclass(frozen=True, kw_only=True)
class LeaveRestaurant(SeatAction):
    """§5.10: the Restaurant's holder removes it, not on the turn it was equipped."""

    act = "leave_restaurant"


@dataclass(frozen=True, kw_only=True)
class DrawExtra(SeatAction):
    """§5.9: the card the Supermarket gives on the turn it is equipped, drawn at once — where
    the table reads 可立即补摸 as "may" (else it is drawn by itself)."""

    act = "draw_extra"


@dataclass(frozen=True, kw_only=True)
class EndPlay(SeatAction):
    """The active player ends the play phase; the discard phase follows (§4)."""

    act = "end_play"


@dataclass(frozen=True, kw_only=True)
class FirstAid(CardPlay):
    """§5.7, §6.2: a first-aid kit offered in a rescue round."""

    act = "first_aid"


PLAYS = (Shoot, Heal, SmokeOn, FlashOn, Disarm, Grenade, Warrant, Equip)
"""The actions that play a card from the hand in the play phase."""

Playing = Shoot | Heal | SmokeOn | FlashOn | Disarm | Grenade | Warrant | Equip

CODEC = ActionCodec(
    [
        Deal, Pick, TellDraw, TellTaken, *PLAYS, LeaveRestaurant, DrawExtra, EndPlay, FirstAid,
        Pass,
        Discard, CloseRound, Hold, AuditHand, EndGame, TellDealt, LaidAside, Redeal,
    ]
)  # fmt: skip
