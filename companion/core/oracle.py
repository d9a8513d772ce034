"""The leak oracle: does what a seat receives depend on anything it may not know?

For a state and a seat, :func:`world_apart` builds another state that differs
only in what the game says that seat may not know (``GameSpec.secrecy``): two
cards of each group of hidden cards trade places, two other seats whose
identities it may not know trade identities. :func:`received` is everything
the seat is given — its private view and legal actions, what it may name in
a hand audit, the prompts and the public view every seat sees, and what the
shared tablet shows for whoever acts (the actions it offers, the kinds of
action it leaves to that seat's phone). If the two worlds give the seat
different things, the difference is a leak: :func:`leaks` names it.

Nothing here searches a view for a card's name, so a leak by a count (how many
blood-stained cards a hand holds), a colour (of a card in transit) or a word
(a teammate's camp) is caught the same way as a card named outright.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.actions import Action
from companion.core.game import GameSpec
from companion.core.prompts import Prompt, waiting_on
from companion.core.types import CardId, JSONObject, Seat
from companion.core.worlds import relabel


@dataclass(frozen=True)
class Received:
    """Everything one seat is given of a state."""

    private: JSONObject
    legal: tuple[Action, ...]
    audit: tuple[tuple[CardId, ...], ...]
    shared: Shared


@dataclass(frozen=True)
class Shared:
    """What every seat is given alike: the table's view and its prompts."""

    public: JSONObject
    pending: tuple[Prompt, ...]


def shared(spec: GameSpec[Any], state: Any) -> Shared:
    return Shared(spec.public_view(state), spec.pending(state))


def received(spec: GameSpec[Any], state: Any, seat: Seat, common: Shared) -> Received:
    """What ``seat`` is given of ``state``; ``common`` is :func:`shared` of the same state."""
    return Received(
        spec.private_view(state, seat),
        tuple(spec.legal_actions(state, seat)),
        tuple(spec.audit_faces(state, seat)),
        common,
    )


def world_apart(spec: GameSpec[Any], state: Any, seat: Seat, rng: random.Random) -> Any | None:
    """A state ``seat`` cannot tell from ``state``, or ``None`` if it may know everything.

    From each group of cards hidden from the seat, two (drawn, not every pair tried) trade
    places; two other seats whose identities it may not know trade them.
    """
    hidden = spec.secrecy.hidden(state, seat)
    swap: dict[CardId, CardId] = {}
    for group in hidden.cards:
        free = sorted(group - swap.keys())
        if len(free) >= 2:
            a, b = rng.sample(free, 2)
            swap[a], swap[b] = b, a
    world = relabel(state, swap) if swap else state
    trade = spec.secrecy.swap_identities
    if trade is not None and len(hidden.seats) >= 2:
        one, other = rng.sample(hidden.seats, 2)
        world = trade(world, one, other)
    return None if world is state else world


def leaks(spec: GameSpec[Any], state: Any, seats: Sequence[Seat], rng: random.Random) -> list[str]:
    """Every way in which one of ``seats`` is given something that depends on what it may
    not know, in a world apart built for it.

    The views are computed once for the state and once for each world. The tablet's
    menus, the dearest to list and the same whoever looks, are compared for one seat the
    table waits for, in the world of one seat, both drawn at each call: what leaks into
    them is hidden from every other seat, so any seat's world finds it.
    """
    common = shared(spec, state)
    witness = rng.choice(seats)
    waiting = sorted(waiting_on(common.pending))
    menu = rng.choice(waiting) if waiting else None
    found = []
    for seat in seats:
        world = world_apart(spec, state, seat, rng)
        if world is None:
            continue
        here = received(spec, state, seat, common)
        there = received(spec, world, seat, shared(spec, world))
        found += [f"seat {seat}: {part}" for part in _differ(here, there)]
        if seat == witness and menu is not None and _menus_differ(spec, state, world, menu):
            found.append(f"seat {seat}: the tablet's menus for seat {menu} differ")
    return found


def _menus_differ(spec: GameSpec[Any], state: Any, world: Any, seat: Seat) -> bool:
    return spec.table_menu(state, seat) != spec.table_menu(world, seat)


def _differ(here: Received, there: Received) -> list[str]:
    parts = [
        ("its private view", here.private, there.private),
        ("its legal actions", here.legal, there.legal),
        ("its hand audit", here.audit, there.audit),
        ("the public view", here.shared.public, there.shared.public),
        ("the prompts", here.shared.pending, there.shared.pending),
    ]
    return [f"{name} differs: {_first_difference(a, b)}" for name, a, b in parts if a != b]


def _first_difference(a: object, b: object, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys(), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list | tuple) and isinstance(b, list | tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path or 'it'}: {a!r} / {b!r}"
