"""The fairness seal as arithmetic anyone can redo: the canonical form of a hidden setup, its
fingerprint, and the one shell line that checks it (``docs/fairness.md``).

At the deal the table is shown a *fingerprint* of the hidden setup — the chance
actions applied while the game waited for its deal: who is who, the starting
hands, the card set aside unseen — mixed with a secret random *salt*. Without
the salt nobody can work the setup out of the fingerprint (a deal has few enough
possibilities to try them all); with it, once the game is over, anyone can redo
the hash and see that the setup revealed is the one sealed at the start.

The text hashed is ``SALT DEAL``: the salt in lower-case hex, one space, and the
deal as one JSON array of its actions in UTF-8 with no spaces and the keys sorted
(as ``jq -cS`` writes it); the fingerprint is the first :data:`DIGITS` hex digits
of its SHA-256. Nothing here draws, reads or keeps anything: the salt is drawn and
kept with the game by :mod:`companion.seal`.
"""

from __future__ import annotations

import hashlib
import json
import shlex
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.actions import ChanceAction
from companion.core.game import GameSpec
from companion.core.phases import Dealing
from companion.core.types import JSONObject

DIGITS = 16
"""Hex digits of the fingerprint: 64 bits, short enough to read out, far too many to forge."""


def sealed_text(salt: str, deal: Sequence[JSONObject]) -> str:
    """Exactly what is hashed: the salt, a space, the deal in its canonical JSON."""
    canonical = json.dumps(list(deal), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return f"{salt} {canonical}"


def fingerprint(salt: str, deal: Sequence[JSONObject]) -> str:
    """The seal shown at the deal."""
    digest = hashlib.sha256(sealed_text(salt, deal).encode("utf-8")).hexdigest()
    return digest[:DIGITS]


def check_command(salt: str, deal: Sequence[JSONObject]) -> str:
    """The one line that prints the seal again in any POSIX shell, ready to copy and paste."""
    quoted = shlex.quote(sealed_text(salt, deal))
    return f"printf '%s' {quoted} | sha256sum | cut -c1-{DIGITS}"


def deal_of(
    spec: GameSpec[Any], state: Any, actions: Iterable[JSONObject]
) -> tuple[JSONObject, ...] | None:
    """The hidden setup: the chance actions applied while the game waited for its deal, from
    ``state`` (the table before it) and the game's actions in journal order — or ``None``
    while the deal is not whole (or the game ended without one)."""
    deal: list[JSONObject] = []
    for body in actions:
        if not isinstance(state.phase, Dealing):
            break
        action = spec.codec.decode(body)
        if isinstance(action, ChanceAction):
            deal.append(body)
        state = spec.apply(state, action).state
    return tuple(deal) if deal and not isinstance(state.phase, Dealing) else None


@dataclass(frozen=True)
class Opened:
    """A seal opened at the end: its salt and the setup it sealed, for anyone to check."""

    salt: str
    deal: tuple[JSONObject, ...]

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.salt, self.deal)

    @property
    def command(self) -> str:
        return check_command(self.salt, self.deal)

    def to_json(self) -> JSONObject:
        """The seal as an export of a finished game states it."""
        return {
            "fingerprint": self.fingerprint,
            "salt": self.salt,
            "deal": list(self.deal),
            "check": self.command,
        }
