"""Microfilms-specific reasons to refuse an action (beside the core's generic ones)."""

from __future__ import annotations

from companion.core.errors import RuleViolation


class NotEnoughFrancs(RuleViolation):
    """A cost or payment exceeds the francs the seat holds (§6)."""

    code = "not_enough_francs"


class CardCannotPay(RuleViolation):
    """The card played is not an action card with the needed use (§1.3)."""

    code = "card_cannot_pay"


class PileEmpty(RuleViolation):
    """A draw from an empty deck or discard pile (§5.4)."""

    code = "pile_empty"


class AceFeeUnaffordable(RuleViolation):
    """Discarding the Ace costs 2 francs the seat does not have (§5.3)."""

    code = "ace_fee_unaffordable"


class ClaimNeedsClean(RuleViolation):
    """Only a Clean player may claim victory (§7)."""

    code = "claim_needs_clean"


class ClaimTooEarly(RuleViolation):
    """This identity may only claim from a later night (§7.4, §7.5)."""

    code = "claim_too_early"


class ClaimNotYourIdentity(RuleViolation):
    """A claim reveals the identity card: it must be the claimant's own (§7)."""

    code = "claim_not_your_identity"


class ClaimNeedsMicrofilm(RuleViolation):
    """The proof must be a Microfilm from the claimant's own hand (§7.1, §7.2)."""

    code = "claim_needs_microfilm"


class ClaimNeedsLetter(RuleViolation):
    """The app does not know the letter set aside (a deal no reader saw): an Agent's claim
    turns it face up and says which it is (:mod:`companion.games.microfilms.letter`)."""

    code = "claim_needs_letter"


class BadLetterPlace(RuleViolation):
    """A Manager claim names each of two different letters once, each in one place (§7.4)."""

    code = "bad_letter_place"
