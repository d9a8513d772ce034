"""Answers kept for the states asked about last.

States are immutable, and some questions are asked of one state again and again: what
the table waits for, by every view of it and every rule (twenty times a step of the
leak oracle); the table as a seat's word has it, by every answer to that seat; the
outcome of one action, asked by the table that makes the move and by the oracle for
every seat it watches.
:func:`per_state` keeps a function's answers for the last few states, found by
identity — cheaper than hashing a state, and safe because each kept state is held, so
its id cannot be reused while its answers are kept. The bound keeps memory flat
however long the app or a test runs.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Concatenate, ParamSpec, TypeVar

S = TypeVar("S")
R = TypeVar("R")
P = ParamSpec("P")

KEPT = 16
"""States kept per function: a step of the leak oracle asks of the state, a world apart
per seat and the states its answers lead to, each many times before it moves on."""


def per_state(fn: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """``fn(state, *args)`` answered once per state (held) and hashable ``args``.

    ``fn`` must be pure and its answer immutable: every caller is given the same one.
    """
    kept: dict[int, tuple[S, dict[Hashable, R]]] = {}

    @functools.wraps(fn)
    def answer(state: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        entry = kept.get(id(state))
        if entry is None:
            if len(kept) >= KEPT:
                del kept[next(iter(kept))]
            entry = kept[id(state)] = (state, {})
        key = (args, tuple(kwargs.items())) if kwargs else args
        answers = entry[1]
        if key in answers:
            return answers[key]
        found = answers[key] = fn(state, *args, **kwargs)
        return found

    return answer
