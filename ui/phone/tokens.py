"""One secret token per seat: what a seat's QR code carries.

A token is 128 bits from the operating system (``secrets.token_urlsafe(16)``).
It opens exactly one seat until the host re-seats that player, which revokes
it for good. Tokens live in the journal beside their game, so a phone keeps
its seat when the app restarts; they are compared in constant time and never
logged or exported.
"""

from __future__ import annotations

import hmac
import secrets

from companion.core.types import Seat
from companion.journal import Journal

TOKEN_BYTES = 16


class SeatTokens:
    def __init__(self, journal: Journal, game_id: int, seats: int) -> None:
        self._journal = journal
        self._game = game_id
        self._tokens: list[str | None] = [None] * seats
        self._revoked: list[str] = []
        for seat, token, revoked in journal.seat_tokens(game_id):
            if revoked:
                self._revoked.append(token)
            else:
                self._tokens[seat] = token
        for seat, issued in enumerate(self._tokens):
            if issued is None:
                self._issue(Seat(seat))

    def _issue(self, seat: Seat) -> str:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self._journal.add_seat_token(self._game, seat, token)
        self._tokens[seat] = token
        return token

    def token(self, seat: Seat) -> str:
        token = self._tokens[seat]
        assert token is not None
        return token

    def seat_of(self, token: str) -> Seat | None:
        """The seat ``token`` opens, or ``None``; every token is compared, in constant time."""
        found = None
        for seat, known in enumerate(self._tokens):
            if known is not None and hmac.compare_digest(known.encode(), token.encode()):
                found = Seat(seat)
        return found

    def revoked(self, token: str) -> bool:
        return any(hmac.compare_digest(r.encode(), token.encode()) for r in self._revoked)

    def reissue(self, seat: Seat) -> str:
        """Revoke ``seat``'s token and give it a new one (re-seating a player).

        The new token is kept first: a journal that cannot keep it changes nothing.
        """
        old = self.token(seat)
        new = self._issue(seat)
        self._journal.revoke_seat_token(self._game, old)
        self._revoked.append(old)
        return new
