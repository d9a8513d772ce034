"""風聲-specific reasons to refuse an action (beside the core's generic ones).

A refusal goes back only to whoever submitted the action, so a message may
speak of that seat's own hand or identity — but of nothing hidden from it.
"""

from __future__ import annotations

from companion.core.errors import RuleViolation


class WrongFunction(RuleViolation):
    """The card played is not a card of that function (§1.3)."""

    code = "wrong_function"


class NotNow(RuleViolation):
    """That card's timing is not met now, or not for this player (§6, §5.2)."""

    code = "card_timing"


class NoSuchPlay(RuleViolation):
    """識破 names a play that is not waiting on the stack (§6.7)."""

    code = "no_such_play"


class NotBlackIntel(RuleViolation):
    """燒燬 must name a black intelligence in front of its target (§6.6)."""

    code = "not_black_intel"


class MustSend(RuleViolation):
    """A player with a card they can send must send one (§4 step 4)."""

    code = "must_send"


class NeedsAddressee(RuleViolation):
    """A 直達 card names one other player still in the game; other methods name none (§5.1)."""

    code = "needs_addressee"


class MustReceive(RuleViolation):
    """This player may not pass the card on: locked, intercepted, or its sender (§5.2)."""

    code = "must_receive"


class ProbeAnswerWrong(RuleViolation):
    """The answer is not what this player's identity obliges for this probe (§6.8).

    Told only to the probed player's phone; it names neither the identity nor the card.
    """

    code = "probe_answer_wrong"
