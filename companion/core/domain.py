"""A game's options declared once: the values a new game may take, what an option left at
``None`` stands for at each table size, and why a combination cannot deal a table.

The game's setup refuses what the domain finds wrong, and the new-game screen offers the
domain's choices and shows its problems, in the reader's words (each problem is a catalog
key with its arguments): one list of rules, not one per side. The conformance suite
draws random games' options from the same choices, so every value a table may pick is
played.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from typing import Any

from companion.core.errors import RuleViolation
from companion.core.types import JSON
from companion.core.values import Frozen


class Problem(Frozen):
    """Why options cannot deal a table: a catalog key and its arguments."""

    key: str
    args: Mapping[str, JSON] = field(default_factory=dict)


class UnfitOptions(RuleViolation):
    """Options that cannot deal this table; the first problem says why."""

    code = "unfit_options"

    def __init__(self, problem: Problem) -> None:
        super().__init__(**problem.args)
        self.problem = problem

    @property
    def key(self) -> str:
        return self.problem.key


def _none(options: Any, seats: int) -> list[Problem]:
    return []


class OptionDomain(Frozen):
    """Every option of a game's options type (a frozen dataclass of its INFERRED and UNKNOWN
    rules) and what values it may take."""

    type: type[Any]
    own_choices: Mapping[str, Callable[[int], Sequence[Any]]] = field(default_factory=dict)
    """Where the type alone cannot say: the values an option offers at a table size (an
    identity mix for this many players, a hand limit among a few)."""
    defaults: Mapping[str, Callable[[int], Any]] = field(default_factory=dict)
    """What an option left at ``None`` stands for at a table size: the game's default for
    the table. An option that has one is set per size (and saved so in a named box)."""
    counted: frozenset[str] = frozenset()
    """Options a group edits count by count (the cards of a box, a mix, a number of serums):
    they have no short list of choices."""
    check: Callable[[Any, int], list[Problem]] = _none
    """Why options cannot deal a table of a size; nothing when they can."""

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(self.type))

    def choices(self, name: str, seats: int) -> list[Any] | None:
        """The values option ``name`` offers at a table of ``seats``, its default first:
        the game's own list, else every value of its type (a flag, an enum's members, a
        number and the next two); ``None`` for an option counted one by one."""
        if name in self.counted:
            return None
        if name in self.own_choices:
            return list(self.own_choices[name](seats))
        default = next(f.default for f in dataclasses.fields(self.type) if f.name == name)
        if isinstance(default, bool):
            return [default, not default]
        if isinstance(default, enum.Enum):
            return list(type(default))
        assert isinstance(default, int), f"{name}: say its choices or count it"
        return [default + i for i in range(3)]

    def default(self, name: str, seats: int) -> Any:
        """What option ``name`` left at ``None`` stands for at a table of ``seats``, or
        ``None`` where the game has no default per size."""
        per_size = self.defaults.get(name)
        return None if per_size is None else per_size(seats)

    def problems(self, options: Any, seats: int) -> list[Problem]:
        return self.check(options, seats)

    def fitting(self, seats: int) -> Any:
        """The options as a group at the new-game screen would leave them: the defaults, or,
        where they cannot deal this many seats (風聲 from seven needs green identities), the
        first choice of an option that can."""
        options = self.type()
        if not self.problems(options, seats):
            return options
        for name in self.names():
            for value in self.choices(name, seats) or []:
                tried = dataclasses.replace(options, **{name: value})
                if not self.problems(tried, seats):
                    return tried
        raise ValueError(f"no options deal {seats} seats")

    def refuse_unfit(self, options: Any, seats: int) -> None:
        """Raise :class:`UnfitOptions` with the first problem, if any."""
        found = self.check(options, seats)
        if found:
            raise UnfitOptions(found[0])
