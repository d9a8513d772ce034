"""Other worlds a seat cannot tell from this one: what a seat may not know, as values.

Our one promise is that what a seat receives — its view, its prompts, its
legal actions, the table's view — depends only on what that seat may know.
So each game says, for any state and any seat, what the seat may not know
(:class:`Hidden`): groups of cards whose places are hidden from it, and the
other seats whose identities are. Any two cards of one group may trade
places, and any two of those seats their identities, without the seat being
able to tell; if what it receives changes, something leaked.

:func:`relabel` makes such a world: two cards trade places everywhere in the
state (a hand, the deck, the card in transit, a probe on the stack, a bribe
on offer), found by the state's annotations, while its history — what each
seat was told, as it was told — stays as it is. The leak oracle of the
conformance suite (``tests/companion/games/test_every_game.py``) builds these worlds at
every step of every game and compares what each seat receives in both.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from companion.core import memo
from companion.core.types import CardId, Seat
from companion.core.values import Frozen, evolve

S = TypeVar("S")
T = TypeVar("T")
Swap = Mapping[CardId, CardId]


class Hidden(Frozen):
    """What one seat may not know of one state."""

    cards: tuple[frozenset[CardId], ...] = ()
    """Groups of cards whose places the seat may not know. A group holds cards that look
    alike from the seat's chair — a probe face down on the stack is still a probe to all,
    an identity card is never a hand card — so any two of a group may trade places."""
    seats: tuple[Seat, ...] = ()
    """Other seats whose identities the seat may not know; any two may trade them."""
    unseen: frozenset[CardId] = frozenset()
    """Cards also out of the seat's sight that no single trade could move without making a
    table that cannot be (a card put out of the game with others, as one set); only a
    trade of whole :attr:`sets` moves them, but the seat's word may still name them
    (:mod:`companion.core.doubts`)."""
    sets: tuple[tuple[tuple[CardId, ...], ...], ...] = ()
    """Groups of sets of cards whose places the seat may not know, where any two sets of a
    group may trade places whole, card for card in order — a nation put out of the game
    with its Agent, Microfilm and letter, and a nation in play whose three the seat has
    not seen: which of them is out, the seat cannot tell. Each card of a set is in
    :attr:`cards` or :attr:`unseen` too."""

    def out_of_sight(self) -> frozenset[CardId]:
        """Every card whose place the seat may not know."""
        return self.unseen.union(*self.cards)  # every set's cards are in these too


@dataclass(frozen=True)
class Secrecy(Generic[S]):
    """A game's account of what each seat may not know, for the leak oracle."""

    hidden: Callable[[S, Seat], Hidden]
    swap_identities: Callable[[S, Seat, Seat], S] | None = None
    """The state with the identities of two seats exchanged, and nothing else; ``None``
    for a game whose identity cards are each one of a kind (trading their places, as
    :attr:`Hidden.cards` allows, is the same thing)."""


def relabel(value: T, swap: Swap) -> T:
    """``value`` with every card id that ``swap`` names replaced by its image.

    ``value`` is a frozen dataclass; every field whose annotation can hold a card id
    (``CardId``, tuples and sets of them, optional ones, nested dataclasses) is
    rebuilt where it holds one of the cards, and nothing else — so a history of
    events, whose arguments are plain JSON, stays exactly as it was told, and a part
    of the state that holds none of the cards is the very same object.
    """
    cls: type = type(value)
    relabelled: T = _relabeller(cls)(value, swap)
    return relabelled


@memo.per_value(1 << 16)
def named_cards(value: object) -> frozenset[CardId]:
    """Every card id ``value`` (a frozen dataclass: an action, say) holds in its card fields,
    nested dataclasses and collections of them included. An action is asked again and again
    — every menu of the tablet, at every redraw — so each answer is kept."""
    found: set[CardId] = set()
    _collect(value, found)
    return frozenset(found)


def _collect(value: object, found: set[CardId]) -> None:
    if isinstance(value, str):
        found.add(CardId(value))
    elif isinstance(value, tuple | frozenset):
        for item in value:
            _collect(item, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        cards, runs, rest = _sorted_plan(type(value))
        fields = value.__dict__
        found.update(fields[name] for name in cards if fields[name] is not None)
        for name, _ in runs:
            found.update(fields[name])
        for name, _ in rest:
            _collect(fields[name], found)


Change = Callable[[Any, Swap], Any]


@functools.cache
def _plan_of(cls: type) -> tuple[tuple[str, Change], ...]:
    """The fields of dataclass ``cls`` that may hold card ids, each with how to relabel it."""
    hints = _resolved_hints(cls)
    found = []
    for f in dataclasses.fields(cls):
        change = _change_for(hints[f.name])
        if change is not None:
            found.append((f.name, change))
    return tuple(found)


@functools.cache
def _relabeller(cls: type) -> Change:
    """:func:`relabel` for the instances of ``cls``. Worlds are built by the thousand, so
    the plan is sorted once: a card field, or a run of plain card ids, is looked up in
    ``swap`` right here; only the rest (nested values) is handed on."""
    cards, runs, rest = _sorted_plan(cls)

    def relabelled(value: Any, swap: Swap) -> Any:
        fields, keys = value.__dict__, swap.keys()
        changed = {}
        for name in cards:
            old = fields[name]
            if old in keys:
                changed[name] = swap[old]
        for name, run in runs:
            old = fields[name]
            if not keys.isdisjoint(old):
                changed[name] = run.origin(map(swap.get, old, old))
        for name, change in rest:
            old = fields[name]
            new = change(old, swap)
            if new is not old:
                changed[name] = new
        return evolve(value, **changed) if changed else value

    return relabelled


@functools.cache
def _sorted_plan(
    cls: type,
) -> tuple[tuple[str, ...], tuple[tuple[str, _Run], ...], tuple[tuple[str, Change], ...]]:
    """:func:`_plan_of` sorted by what each field holds: a card (or ``None``), a run of plain
    card ids, or anything else that may hold one."""
    plan = _plan_of(cls)
    cards = tuple(name for name, change in plan if change is _card)
    runs = tuple((name, change) for name, change in plan if isinstance(change, _Run))
    rest = tuple((name, change) for name, change in plan if not isinstance(change, _Run)
                 and change is not _card)  # fmt: skip
    return cards, runs, rest


def _resolved_hints(cls: type) -> dict[str, Any]:
    """``cls``'s field annotations with the type parameters of its generic bases filled in: a
    rescue round's ``declared: tuple[T, ...]`` is a tuple of kits, each holding a card."""
    hints = typing.get_type_hints(cls)
    bound: dict[Any, Any] = {}
    for klass in reversed(cls.__mro__):
        for base in getattr(klass, "__orig_bases__", ()):
            origin = typing.get_origin(base)
            params = getattr(origin, "__parameters__", ())
            args = tuple(bound.get(a, a) for a in typing.get_args(base))
            bound.update(zip(params, args, strict=False))
    return {name: _bind(tp, bound) for name, tp in hints.items()}


def _bind(tp: Any, bound: Mapping[Any, Any]) -> Any:
    if isinstance(tp, TypeVar):
        return bound.get(tp, tp)
    params = getattr(tp, "__parameters__", ())
    if params and typing.get_origin(tp) is not None:
        return tp[tuple(bound.get(p, p) for p in params)]
    return tp


def _card(value: Any, swap: Swap) -> Any:
    return swap.get(value, value)


def _maybe(value: Any, swap: Swap) -> Any:
    return relabel(value, swap) if dataclasses.is_dataclass(value) else value


def _change_for(tp: Any) -> Change | None:
    if tp is CardId:
        return _card
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if any(isinstance(a, type) and dataclasses.is_dataclass(a) for a in args):
            return _maybe
        some = [c for a in args if a is not type(None) and (c := _change_for(a)) is not None]
        if not some:
            return None
        one = some[0]
        if one is _card:  # None is no card: ``swap`` leaves it as it is
            return _card
        return lambda v, swap: None if v is None else one(v, swap)
    if origin in (tuple, frozenset):
        items = [_change_for(a) for a in args if a is not Ellipsis]
        if not any(items):
            return None
        if origin is frozenset or (len(args) == 2 and args[1] is Ellipsis):
            each = items[0]
            assert each is not None
            if each is _card:
                return _Run(origin)
            return lambda v, swap: _each(origin, each, v, swap)
        return lambda v, swap: tuple(
            x if c is None else c(x, swap) for c, x in zip(items, v, strict=True)
        )
    if isinstance(tp, type) and dataclasses.is_dataclass(tp) and _plan_of(tp):
        return relabel
    return None


class _Run(Frozen):
    """How to relabel a tuple or set of plain card ids: rebuilt only if one of them is
    swapped."""

    origin: Callable[[Any], Any]

    def __call__(self, value: Any, swap: Swap) -> Any:
        if swap.keys().isdisjoint(value):
            return value
        return self.origin(map(swap.get, value, value))


def _each(origin: Any, each: Change, value: Any, swap: Swap) -> Any:
    """A tuple (or set) of values relabelled one by one: the same object if none changed."""
    new = [each(x, swap) for x in value]
    if all(a is b for a, b in zip(new, value, strict=True)):
        return value
    return origin(new)
