"""The contract a game implements, so the table and the faces need no game code.

A game is a :class:`GameSpec`: pure functions over an immutable state type.
The live table (``companion.table``) journals and resolves chance through it;
faces render its views and post its actions; tests and benchmarks play it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from companion.core.actions import Action, ActionCodec
from companion.core.outcome import GameOver, Outcome
from companion.core.prompts import Prompt
from companion.core.types import CardId, JSONObject, Seat

S = TypeVar("S")


@dataclass(frozen=True)
class GameSpec(Generic[S]):
    """One game's rules and views.

    - ``setup(names, options)`` builds the state before the deal; the deal is a
      chance action like any other.
    - ``apply(state, action)`` returns an :class:`Outcome` or raises a
      :class:`~companion.core.errors.RuleViolation` (the state is immutable, so
      nothing changes on a refusal).
    - ``roll(state, rng)`` returns the chance action the state waits for, drawn
      from ``rng``, or ``None`` when no chance is pending.
    - ``pending(state)`` is what the table waits for from the players.
    - ``families(state, seat)`` names the kinds of action ``seat`` may take now
      (``draw``, ``bribe``, ``claim``…); ``legal_actions(state, seat, family)``
      lists them all, or one family's. These go to the seat's own phone.
      ``kinds(state, seat)`` names every family of the moment, open or not,
      without building an action: random play tries them instead of listing all.
    - ``table_actions(state, seat)`` is what the shared tablet may offer for that
      seat, built from public facts only; ``phone_only`` names the families the
      tablet never offers (a choice only the seat may know).
    - ``public_view`` / ``private_view`` are the only way state leaves the
      core; ``revealed_view`` tells everything and is refused before the end.
    """

    key: str
    min_seats: int
    max_seats: int
    codec: ActionCodec
    options_type: type[Any]
    setup: Callable[[Sequence[str], Any], S]
    apply: Callable[[S, Action], Outcome[S]]
    roll: Callable[[S, random.Random], Action | None]
    pending: Callable[[S], tuple[Prompt, ...]]
    families: Callable[[S, Seat], Sequence[str]]
    kinds: Callable[[S, Seat], Sequence[str]]
    legal_actions: Callable[[S, Seat, str | None], Sequence[Action]]
    table_actions: Callable[[S, Seat], Sequence[Action]]
    phone_only: frozenset[str]
    audit_faces: Callable[[S, Seat], Sequence[tuple[CardId, ...]]]
    """What a seat may name in a hand audit, from what it knows: each face as the copies
    it could mean, its own cards first."""
    over: Callable[[S], GameOver | None]
    public_view: Callable[[S], JSONObject]
    private_view: Callable[[S, Seat], JSONObject]
    revealed_view: Callable[[S], JSONObject]
