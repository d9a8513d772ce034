"""Who can be reached: the ring of players, neighbours, and what may be aimed at whom.

Every answer here comes from public facts only — who is alive, what lies in front
of each player, their health, the markers — so a refusal built on them tells the
acting seat nothing it could not see.
"""

from __future__ import annotations

from companion.core.errors import BadTarget
from companion.core.types import Seat
from companion.games.darkfireline.cards import Kind
from companion.games.darkfireline.errors import NeedsFullHealth, OutOfReach, Protected
from companion.games.darkfireline.state import State

ATTACKS = frozenset({Kind.SINGLE, Kind.DOUBLE, Kind.GRENADE, Kind.DISARM})
"""§5: what counts as an attack (a Disarm too, for breaking a flashbang, §5.5)."""
STORAGE_PROOF = frozenset({Kind.GRENADE, Kind.SMOKE, Kind.FLASH})
"""§5.12: what a Storage Room keeps its holder out of."""


def ring(state: State, kind: Kind | None = None) -> tuple[Seat, ...]:
    """The living players in turn order; for a card a Storage Room is proof against,
    without its holders — they count as out of the game for its targets (§5.12)."""
    seats = state.living()
    if kind in STORAGE_PROOF:
        seats = tuple(s for s in seats if not state.player(s).has(Kind.STORAGE_ROOM))
    return seats


def neighbours(seats: tuple[Seat, ...], seat: Seat) -> tuple[Seat, ...]:
    """The players either side of ``seat`` on ``seats``: before it, then after it; fewer
    when the ring is too small to have two others."""
    if seat not in seats or len(seats) < 2:
        return ()
    i = seats.index(seat)
    around = (seats[i - 1], seats[(i + 1) % len(seats)])
    return tuple(dict.fromkeys(s for s in around if s != seat))


def check_target(state: State, user: Seat, target: Seat, kind: Kind) -> None:
    """Refuse ``user`` aiming a card of ``kind`` at ``target``, as the rules would.

    :raises BadTarget: not a player in the game.
    :raises OutOfReach: a Storage Room holder, for a grenade, smoke or flashbang.
    :raises NeedsFullHealth: a Control Room holder, by a player not at full health.
    :raises Protected: a smoked player, by a bullet.
    """
    if not 0 <= target < len(state.players) or not state.player(target).alive:
        raise BadTarget(target=target)
    holder = state.player(target)
    if kind in STORAGE_PROOF and holder.has(Kind.STORAGE_ROOM):
        raise OutOfReach(target=target)
    if (
        kind is not Kind.GRENADE
        and target != user
        and holder.has(Kind.CONTROL_ROOM)
        and not state.player(user).full
    ):
        raise NeedsFullHealth(target=target)
    if kind in (Kind.SINGLE, Kind.DOUBLE) and state.smoked(target):
        raise Protected(target=target)
