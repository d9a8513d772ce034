"""What one seat has heard at the table, in order, each event with the secret it was told.

A player (a bot in a demo) learns from the public events in the order they
happened, and from the secrets its own view lists — but the view lists its
secrets apart from the events. This pairs them back: an event that tells
this seat a secret (``secret_kind`` names the kind it expects) takes the next
unread secret of that kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from companion.core.types import JSONObject, Seat

SecretKind = Callable[[JSONObject, Seat], str | None]
"""The kind of secret ``seat`` is told with this public event, or ``None``."""


class Hearing:
    def __init__(self, seat: Seat, secret_kind: SecretKind) -> None:
        self.seat = seat
        self.secret_kind = secret_kind
        self.secrets_read = 0
        """How many of the seat's secrets have been paired with their events."""
        self._heard: list[JSONObject] = []
        self._read = 0

    def hear(self, public_events: Sequence[JSONObject]) -> None:
        """Remember what the whole table saw (``Update.public()``)."""
        self._heard.extend(public_events)

    def unread(
        self, secrets: Sequence[JSONObject]
    ) -> Iterator[tuple[JSONObject, JSONObject | None]]:
        """Each event not yet read, with the secret this seat was told about it.

        A seat that joined a game under way skips the secrets of events it never
        heard: out of their place among the events, they could mislead it.
        """
        new = self._heard[self._read :]
        self._read = len(self._heard)
        owed = sum(1 for e in new if self.secret_kind(e, self.seat) is not None)
        self.secrets_read = max(self.secrets_read, len(secrets) - owed)
        for event in new:
            wanted, secret = self.secret_kind(event, self.seat), None
            due = secrets[self.secrets_read] if self.secrets_read < len(secrets) else None
            if wanted is not None and due is not None and due["kind"] == wanted:
                secret = due
                self.secrets_read += 1
            yield event, secret
