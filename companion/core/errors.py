"""Rule violations: why an action was refused, as a value a face can translate.

Every refusal is a :class:`RuleViolation` subclass carrying a machine ``code``
(stable, for tests and clients) and an i18n key (``violation.<code>``) with its
arguments. A refused action never changes the state: rules work on immutable
values and only return a new state on success.
"""

from __future__ import annotations

from typing import ClassVar

from companion.core.types import JSON


class RuleViolation(ValueError):
    """An action the rules do not allow now; the state is unchanged."""

    code: ClassVar[str] = "rule_violation"

    def __init__(self, **args: JSON) -> None:
        self.details: dict[str, JSON] = args
        super().__init__(f"{self.code} {args}" if args else self.code)

    @property
    def key(self) -> str:
        """The i18n key of the message a person reads."""
        return f"violation.{self.code}"


class MalformedAction(RuleViolation):
    """The action is not one this game knows, or a field has the wrong type."""

    code = "malformed_action"


class NotYourTurn(RuleViolation):
    """Someone acted who is not among the seats the table waits for."""

    code = "not_your_turn"


class WrongMoment(RuleViolation):
    """The action is a real one, but not what the table waits for now."""

    code = "wrong_moment"


class BadTarget(RuleViolation):
    """The named seat cannot be chosen for this action."""

    code = "bad_target"


class NotInHand(RuleViolation):
    """The acting seat does not hold the card it played or offered."""

    code = "not_in_hand"


class GameIsOver(RuleViolation):
    """The game has ended; nothing more can be played."""

    code = "game_over"


class BadChance(RuleViolation):
    """A recorded chance result is not one the game could have produced."""

    code = "bad_chance"


class NotInDeck(RuleViolation):
    """The card told as drawn lies where the drawer can see it (in their hand, face up).

    A card the record has anywhere the drawer cannot see is taken on their word
    (:mod:`companion.core.doubts`): refusing it would tell them where it is.
    """

    code = "not_in_deck"


class AuditConflict(RuleViolation):
    """A hand audit names a card that lies where its owner can see it, face up elsewhere.

    As with :class:`NotInDeck`, a card the record has where the owner cannot see is
    taken on their word, never refused.
    """

    code = "audit_conflict"


class NothingToUndo(RuleViolation):
    """Undo was asked for, but the last action revealed a secret or there is none."""

    code = "nothing_to_undo"
