"""Frozen values: declared as records, copied with a few fields changed, fast.

Every value the rules keep — a state, a player, a phase, a play waiting — is a frozen
dataclass, so that a state is never changed, only replaced, and any two can be compared.
A :class:`Frozen` subclass is one, without a decorator on each of the games' many.

Rules build a new state for every action, mostly by changing one or two
fields. ``dataclasses.replace`` re-runs ``__init__`` and costs about ten
times more than copying the instance dictionary, which is all a frozen
dataclass without ``__post_init__`` needs. Players and hands are tuples, so
changing one of them is a tuple rebuilt around it: :func:`evolve_at` and
:func:`without`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
class Frozen:
    """Base of the rules' frozen values: each subclass is a frozen dataclass."""

    def __init_subclass__(cls, *, kw_only: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True, kw_only=kw_only)(cls)


def evolve(value: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``value`` with ``changes`` applied."""
    new = object.__new__(type(value))
    fields = new.__dict__
    fields.update(value.__dict__)
    fields.update(changes)
    if len(fields) != len(value.__dict__):
        raise TypeError(
            f"{type(value).__name__} has no field {sorted(fields - value.__dict__.keys())}"
        )
    return new


def evolve_at(items: tuple[T, ...], index: int, **changes: Any) -> tuple[T, ...]:
    """``items`` with the value at ``index`` evolved (a player among the players)."""
    return (*items[:index], evolve(items[index], **changes), *items[index + 1 :])


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` less the first copy of ``item`` (a card out of a hand); it must be there."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]
