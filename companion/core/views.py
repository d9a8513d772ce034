"""The only exits for events: what the whole table may hear, what one seat may.

Each game writes its own state views; events are generic, so their filtering
lives here, once.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.outcome import Event
from companion.core.prompts import Prompt
from companion.core.types import JSON, JSONObject, Seat


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


def prompt_view(prompt: Prompt) -> JSONObject:
    """A prompt as views carry it: its kind, the seats it waits for, its arguments."""
    return {"kind": prompt.kind, "seats": list(prompt.seats), "args": dict(prompt.args)}


def timeline(history: Iterable[Event]) -> list[JSON]:
    """Every event with every secret told with it, numbered — for the end of a game only."""
    return [{"index": i, **public_event(e), "secrets": _told(e)} for i, e in enumerate(history)]


def _told(event: Event) -> list[JSON]:
    return [{"seat": s.seat, "kind": s.kind, "args": dict(s.args)} for s in event.secrets]
