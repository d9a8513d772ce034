"""What the server answered each phone's last actions, so that one sent again is answered
again, not made again.

On a bad Wi-Fi a phone's action can reach the tablet and its acknowledgement be lost with
the socket. The page then sends the very same message again on its next socket (the same
number, the same view answered, the same action): the tablet must give it the first one's
outcome — accepted, or refused and why — and never apply it a second time, which would
answer a question its player had not seen (a second "pass" to the next window).

An answer is known by the device that sent it (its key, which no other phone has), its
seat and the whole message, so a page that numbers its actions afresh after a reload, or a
test's phone counting from 1 again, is never mistaken for a resend.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, Final

from companion.core.errors import RuleViolation
from companion.core.types import Seat

KEPT: Final = 256
"""Answers remembered, over all phones: a resend follows its first within seconds, while a
table makes a few moves a minute."""

Message = Mapping[str, Any] | None
"""An action as a phone sent it, whole; ``None`` for one that cannot be told from a new one
(it has no number of its own)."""
Outcome = int | RuleViolation
"""Accepted (the number of the view the move made), or refused (the refusal)."""


class Answers:
    """The outcomes of the last :data:`KEPT` actions the phones sent."""

    def __init__(self, kept: int = KEPT) -> None:
        self._kept = kept
        self._outcomes: OrderedDict[tuple[Seat, str, str], Outcome] = OrderedDict()

    def first(self, seat: Seat, device: str | None, message: Message) -> Outcome | None:
        """The outcome of this very message, if the same device sent it for ``seat`` before."""
        key = self._key(seat, device, message)
        return None if key is None else self._outcomes.get(key)

    def keep(self, seat: Seat, device: str | None, message: Message, outcome: Outcome) -> None:
        """Remember ``outcome`` as the answer to ``message`` (not for a device without a key,
        which the server never leaves a seated phone, or a message without a number)."""
        key = self._key(seat, device, message)
        if key is None:
            return
        self._outcomes[key] = outcome
        while len(self._outcomes) > self._kept:
            self._outcomes.popitem(last=False)

    @staticmethod
    def _key(seat: Seat, device: str | None, message: Message) -> tuple[Seat, str, str] | None:
        if device is None or message is None:
            return None
        return seat, device, json.dumps(message, sort_keys=True, ensure_ascii=False)
