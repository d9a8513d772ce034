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

from companion.core.actions import AimedPlay, CardPlay, SeatAction, TellDraw
from companion.core.dealing.deal import Deal
from companion.core.every_game import ROUNDS, game_codec
from companion.core.types import Seat


class TellTaken(TellDraw, act="tell_taken"):
    """§5.6: the card a Disarm took from this seat's hand, told by its owner's phone."""


class Shoot(CardPlay, act="shoot"):
    """§5.1, §5.2: a bullet. A single bullet has one target; a double bullet one (2
    damage) or two different ones (1 each)."""

    targets: tuple[Seat, ...]


class Heal(CardPlay, act="serum"):
    """§5.3: a serum from the hand heals its player by 1."""


class SmokeOn(AimedPlay, act="smoke"):
    """§5.4: a smoke grenade in front of another player."""


class FlashOn(CardPlay, act="flash"):
    """§5.5: a flashbang between two adjacent players."""

    pair: tuple[Seat, Seat]


class Removal(enum.StrEnum):
    """What a Disarm removes (§5.6)."""

    ENVIRONMENT = "environment"
    """Their environment (from oneself, only a Restaurant of an earlier turn)."""
    ARMOUR = "armour"
    """Their body armour."""
    HAND = "hand"
    """One card of the hand, taken blind."""
    SMOKE = "smoke"
    """The smoke on a smoked player: the only thing a Disarm may take from them."""


class Disarm(AimedPlay, act="disarm"):
    """§5.6: one card of ``target``'s, as ``what`` names, to the discard pile."""

    what: Removal


class Grenade(AimedPlay, act="grenade"):
    """§5.8: 1 damage to ``target`` and both its neighbours."""


class Warrant(AimedPlay, act="warrant"):
    """§5.14: a private look at ``target``'s identity; the card leaves the game."""


class Equip(CardPlay, act="equip"):
    """§4.2: an environment or body armour into play in front of its player."""


class LeaveRestaurant(SeatAction, act="leave_restaurant"):
    """§5.10: the Restaurant's holder removes it, not on the turn it was equipped."""


class DrawExtra(SeatAction, act="draw_extra"):
    """§5.9: the card the Supermarket gives on the turn it is equipped, drawn at once — where
    the table reads 可立即补摸 as "may" (else it is drawn by itself)."""


class EndPlay(SeatAction, act="end_play"):
    """The active player ends the play phase; the discard phase follows (§4)."""


class FirstAid(CardPlay, act="first_aid"):
    """§5.7, §6.2: a first-aid kit offered in a rescue round."""


PLAYS = (Shoot, Heal, SmokeOn, FlashOn, Disarm, Grenade, Warrant, Equip)
"""The actions that play a card from the hand in the play phase."""

Playing = Shoot | Heal | SmokeOn | FlashOn | Disarm | Grenade | Warrant | Equip

CODEC = game_codec(
    [Deal, TellTaken, *PLAYS, LeaveRestaurant, DrawExtra, EndPlay, FirstAid, *ROUNDS]
)
