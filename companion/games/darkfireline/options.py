"""Every point the 暗火线 digest marks INFERRED or UNKNOWN, as a named option.

The seed points to two tables — identities and serums per table size — that
are missing, and gives no card counts (§0): all three are options here, with
defaults marked unverified, that a group sets to the box in front of it. Each
default is the digest's recommendation; ``docs/games/darkfireline.md`` says what
each choice means at the table. A game keeps its options in its journal header,
so a later change of default never changes an old game.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from companion.core.types import CardId
from companion.games.darkfireline.cards import Kind, card


@dataclass(frozen=True, kw_only=True)
class Mix:
    """How many identity cards of each kind are dealt (§2 step 3); one per player."""

    swat: int
    citizen: int
    terrorist: int

    @property
    def total(self) -> int:
        return self.swat + self.citizen + self.terrorist


DEFAULT_MIXES: dict[int, Mix] = {
    4: Mix(swat=1, citizen=1, terrorist=2),
    5: Mix(swat=2, citizen=1, terrorist=2),
    6: Mix(swat=2, citizen=2, terrorist=2),
    7: Mix(swat=2, citizen=3, terrorist=2),
    8: Mix(swat=3, citizen=2, terrorist=3),
    9: Mix(swat=3, citizen=3, terrorist=3),
    10: Mix(swat=3, citizen=4, terrorist=3),
}
"""§2: the seed's table is missing; only 6 = 2/2/2 is sourced (its worked example).
The rest are the digest's INFERRED defaults: SWAT about as many as terrorists,
citizens the rest, at least one of each so that every side can lose."""

DEFAULT_DECK_SERUMS: dict[int, int] = {n: n + 2 for n in DEFAULT_MIXES}
"""§1.2, §2 step 2: serums shuffled into the deck per table size — UNKNOWN (the seed's
table is missing); a guess that grows with the table."""


@dataclass(frozen=True, kw_only=True)
class Box:
    """How many cards of each kind the box holds (§1.3: UNKNOWN), serums apart: those
    shuffled into the deck depend on the table size (``Options.deck_serums``).

    The defaults are a guess, flagged as unverified wherever the app shows them: a
    group counts its own box and sets these from the new-game screen.
    """

    single: int = 14
    double: int = 6
    smoke: int = 4
    flash: int = 4
    disarm: int = 5
    first_aid: int = 5
    grenade: int = 3
    supermarket: int = 2
    restaurant: int = 2
    control_room: int = 2
    storage_room: int = 2
    armour: int = 3
    warrant: int = 2
    """搜查令 is for learning the game (§5.14); a group that knows it sets 0."""

    def count(self, kind: Kind) -> int:
        return int(getattr(self, kind.value))

    @functools.cache  # noqa: B019 -- a frozen box and a count: few, and kept for every look
    def cards(self, serums: int) -> tuple[CardId, ...]:
        """Every game card in the deck at the start, ``serums`` of them serums, sorted (asked
        for at every look at what a seat has not seen)."""
        ids = [
            card(kind, i + 1)
            for kind in Kind
            for i in range(serums if kind is Kind.SERUM else self.count(kind))
        ]
        return tuple(sorted(ids))


class GrenadeBullet(enum.StrEnum):
    """§4.2: "a grenade may go with one single bullet" — which reading."""

    EXTRA = "extra"
    """A single bullet besides the turn's shot, in a turn whose skill was a grenade: the
    seed's 還能再使用 ("may use one more"), an exception only as an addition (INFERRED)."""
    AS_SHOT = "as_shot"
    """The narrow reading: the turn's one shot may be a single bullet, never a double."""


class StorageGrenade(enum.StrEnum):
    """§5.8, §5.12: a grenade near a Storage Room holder."""

    SKIP = "skip"
    """The holder is out of the ring: the target's neighbours are the next players past
    them, and the holder cannot be the target (INFERRED)."""
    PASS_CLOCKWISE = "pass_clockwise"
    """The holder's damage passes to the next player clockwise, against the turn order."""


class RestaurantEquip(enum.StrEnum):
    """§5.10: what equipping the Restaurant gives a player below full health."""

    POINT_AND_HEAL = "point_and_heal"
    """The fifth serum laid face up is a point, and below full health one more comes back:
    both of the seed's sentences, each as it reads (INFERRED)."""
    ONE_POINT = "one_point"
    """The fifth serum face up is the one point gained, at full health or not."""


class FirstAidPriority(enum.StrEnum):
    """§5.7, §6: whose kit takes effect when several are offered: the dying player's 下家."""

    NEXT_IN_TURN = "next_in_turn"
    """The first offering player after the dying one in turn order (INFERRED)."""
    NEXT_CLOCKWISE = "next_clockwise"
    """The first offering player the other way round, clockwise."""


class GrenadeDeaths(enum.StrEnum):
    """§6, §8: a grenade leaves several dying — the last SWAT and the last terrorist, say;
    the rules are silent on which death counts first (UNKNOWN)."""

    IN_TURN = "in_turn"
    """Each is seen to in turn order from the attacker, and the first death that decides
    the game ends it (the others are not seen to)."""
    TOGETHER_NO_WINNER = "together_no_winner"
    """Every rescue round of the grenade is held first and its deaths weighed together: if
    they end both sides at once, nobody wins."""
    TOGETHER_ATTACKER_SIDE = "together_attacker_side"
    """The same, but both sides ended at once give the game to the attacker's side."""


class SupermarketDraw(enum.StrEnum):
    """§5.9: the card drawn on the turn the Supermarket is equipped (可立即补摸)."""

    MUST = "must"
    """It is drawn at once, as part of equipping (INFERRED: the seed's 可 read as a grant)."""
    MAY = "may"
    """The player may draw it at once, or let it go (可: "may")."""


@dataclass(frozen=True, kw_only=True)
class Options:
    box: Box = Box()
    """§1.3: the cards of the box, by kind (UNKNOWN)."""

    identities: Mix | None = None
    """§2 step 3: the identity cards dealt; ``None`` takes :data:`DEFAULT_MIXES`."""

    deck_serums: int | None = None
    """§2 step 2: serums shuffled into the deck; ``None`` takes :data:`DEFAULT_DECK_SERUMS`."""

    box_serums: int | None = None
    """§1.2, §2: every serum the box holds, for the health in front of each player (4 each)
    and the deck's; a table that needs more cannot be dealt. ``None``: not counted, and so
    not checked (UNKNOWN: the seed's table is missing)."""

    starter: int | None = None
    """§2 step 6: the seat that starts — whoever fired the last shot in the previous game,
    or else the player the table picks; ``None``: the app draws one at random. "Play again"
    sets it to the finished game's last shooter (:func:`~.setup.rematch`)."""

    grenade_bullet: GrenadeBullet = GrenadeBullet.EXTRA
    """§4.2: what a grenade allows besides itself."""

    storage_grenade: StorageGrenade = StorageGrenade.SKIP
    """§5.8: how a grenade treats a Storage Room holder."""

    restaurant_equip: RestaurantEquip = RestaurantEquip.POINT_AND_HEAL
    """§5.10: health a Restaurant gives when it is equipped."""

    first_aid_priority: FirstAidPriority = FirstAidPriority.NEXT_IN_TURN
    """§5.7: which of several kits offered at once takes effect."""

    grenade_deaths: GrenadeDeaths = GrenadeDeaths.IN_TURN
    """§6, §8: which of a grenade's deaths counts first for the end of the game."""

    supermarket_draw: SupermarketDraw = SupermarketDraw.MUST
    """§5.9: whether the card the Supermarket gives when it is equipped must be drawn."""

    serum_caps: bool = True
    """§1.2: a serum cannot raise health above its maximum (INFERRED)."""

    disarm_self: bool = True
    """§5.6: a player may disarm themselves (INFERRED)."""

    disarmed_card_shown: bool = True
    """§5.6, §9: a card disarmed out of a hand is discarded face up, for all to see
    (INFERRED); off, face down, and only its owner knows what it was."""

    grenade_at_self: bool = False
    """§5.8: a grenade may be thrown at one's own seat — the thrower and both neighbours
    hurt — as the seed bars only the smoke and the kit from oneself (手雷:指定一名玩家);
    off, it is thrown at another player (INFERRED)."""

    split_double_hits_armour: bool = False
    """§5.13: a double bullet split between two players does 1 to an armoured one, as the
    card says of every double bullet (双发子弹可造成一点伤害); off, armour stops the split
    half as it stops a single bullet (1 − 1 = 0, INFERRED)."""

    leaving_restaurant_is_equip: bool = False
    """§5.10, §4.2: removing one's own Restaurant is the turn's one equip (every action but
    serums once a turn), so it is refused after an equip and none may follow it; off, it
    is free (INFERRED)."""

    control_room_first_aid: bool = True
    """§5.11: a first-aid kit on a dying Control Room holder needs a rescuer at full health,
    as every card aimed at the holder does but a grenade (INFERRED from "only full-health
    players may target the holder")."""

    markers_end_with_user: bool = True
    """§5.4, §5.5: smoke and flashbangs a player placed end when that player dies (their
    "next turn" never comes; INFERRED). Off, they stay for the rest of the game."""

    dead_share_win: bool = True
    """§8: dead members of the winning side win too (INFERRED)."""
