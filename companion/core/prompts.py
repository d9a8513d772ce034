"""What the table waits for: the prompts every face is driven by.

A prompt names the seats that may answer it. One seat is the common case
(seat 2 must discard 1). Several seats make an open window: in 風聲 every seat
may respond to a card on the stack and the window closes when all have passed;
in 暗火线 every eligible seat may offer first aid at once. The rules keep who
has answered in their own state; a prompt only says who may act *now*.
Prompt arguments are public by contract — private details of a prompt (the
card a bribe offers) travel as :class:`~companion.core.outcome.Secret`\\s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from companion.core.types import JSON, Seat
from companion.core.values import Frozen


class Prompt(Frozen):
    """``seats`` may act; ``kind`` is the i18n key ``prompt.<game>.<kind>``."""

    kind: str
    seats: tuple[Seat, ...]
    args: Mapping[str, JSON] = field(default_factory=dict)


def drawing(left: int, of: int) -> dict[str, JSON]:
    """A told draw's prompt arguments: the draws still to tell (this one too), and which
    of how many this is — "card 1 of 2", where a drawer tells one card after another."""
    return {"count": left, "n": of - left + 1, "of": of}


def waiting_on(prompts: tuple[Prompt, ...]) -> frozenset[Seat]:
    """Every seat some prompt is waiting for."""
    return frozenset(s for p in prompts for s in p.seats)
