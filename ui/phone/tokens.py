"""One secret token per seat: what a seat's QR code carries.

A token is 128 bits from the operating system (``secrets.token_urlsafe(16)``).
It opens exactly one seat until the host re-seats that player, which revokes
it for good. Tokens are compared in constant time and never logged.
"""

from __future__ import annotations

import hmac
import secrets

from companion.core.types import Seat

TOKEN_BYTES = 16


class SeatTokens:
    def __init__(self, seats: int) -> None:
        self._tokens = [secrets.token_urlsafe(TOKEN_BYTES) for _ in range(seats)]
        self._revoked: set[str] = set()

    def token(self, seat: Seat) -> str:
        return self._tokens[seat]

    def seat_of(self, token: str) -> Seat | None:
        """The seat ``token`` opens, or ``None``; every token is compared, in constant time."""
        found = None
        for seat, known in enumerate(self._tokens):
            if hmac.compare_digest(known.encode(), token.encode()):
                found = Seat(seat)
        return found

    def revoked(self, token: str) -> bool:
        return any(hmac.compare_digest(r.encode(), token.encode()) for r in self._revoked)

    def reissue(self, seat: Seat) -> str:
        """Revoke ``seat``'s token and give it a new one (re-seating a player)."""
        self._revoked.add(self._tokens[seat])
        self._tokens[seat] = secrets.token_urlsafe(TOKEN_BYTES)
        return self._tokens[seat]
