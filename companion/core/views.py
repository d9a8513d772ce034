"""The only exits for events: what the whole table may hear, what one seat may.

Each game writes its own state views; events are generic, so their filtering
lives here, once.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.outcome import Event
from companion.core.types import JSONObject, Seat


def public_event(event: Event) -> JSONObject:
    """The part of an event anyone at the table may see."""
    return {"kind": event.kind, "args": dict(event.args)}


def private_events(event: Event, seat: Seat) -> list[JSONObject]:
    """The secrets of an event addressed to ``seat``, and nothing else."""
    return secrets_for((event,), seat)


def secrets_for(events: Iterable[Event], seat: Seat) -> list[JSONObject]:
    """Every secret ``seat`` was told in ``events``, in order."""
    return [
        {"kind": s.kind, "args": dict(s.args)} for e in events for s in e.secrets if s.seat == seat
    ]
