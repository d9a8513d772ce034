"""暗火线-specific reasons to refuse an action (beside the core's generic ones).

A refusal goes back only to whoever submitted the action, so a message may speak
of that seat's own hand — but of nothing hidden from it: every reason here is
decided by public facts (health, what lies in front of players, the markers,
what the turn has used) or by the acting seat's own cards.
"""

from __future__ import annotations

from companion.core.errors import RuleViolation


class WrongKind(RuleViolation):
    """The card is not of the kind its action plays (§1.3)."""

    code = "wrong_kind"


class AlreadyUsed(RuleViolation):
    """This turn's one equip, one shot or one skill is used (§4.2)."""

    code = "already_used"


class NotWithGrenade(RuleViolation):
    """A grenade and a double bullet are never used in the same turn (§4.2)."""

    code = "not_with_grenade"


class OnlySerum(RuleViolation):
    """A smoked player may only use serums in their play phase (§5.4)."""

    code = "only_serum"


class Protected(RuleViolation):
    """A smoked player cannot be attacked but by a grenade; a Disarm may only take the
    smoke (§5.4, §5.6)."""

    code = "protected"


class NeedsFullHealth(RuleViolation):
    """Only a player at full health may target a Control Room's holder (§5.11)."""

    code = "needs_full_health"


class OutOfReach(RuleViolation):
    """A Storage Room's holder is out of reach of grenades, smoke and flashbangs (§5.12)."""

    code = "out_of_reach"


class NotAdjacent(RuleViolation):
    """A flashbang falls between two adjacent players (§5.5)."""

    code = "not_adjacent"


class FullHealth(RuleViolation):
    """A serum cannot heal a player already at full health (§1.2, an option)."""

    code = "full_health"


class NothingThere(RuleViolation):
    """A Disarm must name something the player has (§5.6)."""

    code = "nothing_there"


class JustEquipped(RuleViolation):
    """A Restaurant cannot be removed on the turn it was equipped (§5.10)."""

    code = "just_equipped"


class OwnEnvironment(RuleViolation):
    """Of the environments, only the Restaurant may be removed by its holder (§5.10)."""

    code = "own_environment"
