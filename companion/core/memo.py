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

What is kept is the game's own: its states, its actions, its hands. :func:`forget` lets go
of all of it at once when a game is closed — a tablet plays game after game in one
process, and answers about a game that is over would otherwise live on into the next,
each a few objects pinning the memory the larger game left (it cannot be handed back
while anything in it lives). Every store of answers here is known to it:
:func:`per_state`, :func:`per_value`, :func:`held` and :func:`forgets`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

S = TypeVar("S")
R = TypeVar("R")
P = ParamSpec("P")
H = TypeVar("H", bound=dict[Any, Any])
C = TypeVar("C", bound=Callable[[], None])

_STORES: list[Callable[[], None]] = []
"""How to empty each store of answers (:func:`forget`)."""

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

    _STORES.append(kept.clear)
    return answer


def per_value(most: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``fn(*values)`` answered once for each of the last ``most`` hashable arguments
    (:func:`functools.lru_cache`), forgotten with the game."""

    def keep(fn: Callable[P, R]) -> Callable[P, R]:
        kept = functools.lru_cache(maxsize=most)(fn)
        _STORES.append(kept.cache_clear)
        return cast(Callable[P, R], kept)

    return keep


def held(store: H) -> H:
    """``store``, a module's own dict of answers, forgotten with the game."""
    _STORES.append(store.clear)
    return store


def forgets(clear: C) -> C:
    """``clear``, which empties answers kept where none of the stores above fits (in each
    object of a kind, say), called with the others by :func:`forget`."""
    _STORES.append(clear)
    return clear


def forget() -> None:
    """Every answer kept let go: the game they were about is closed. The next question
    is answered afresh."""
    for empty in _STORES:
        empty()
