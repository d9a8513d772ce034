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

So are the answers: to whatever a seat sends, legal or not (a refusal names its
reason; an acceptance may be undone or not), to the move the table makes next
(another seat's, as that seat would make it in the other world), and to what the
shared tablet enters for the seat it waits for. An answer that may be undone showed
nothing, and one whose events showed this seat nothing (a card another seat drew, a card
another saw in a check) showed it nothing either: everything the seat is given after
either must be alike too — or what followed the move told it what no event did.

Nothing here searches a view for a card's name, so a leak by a count (how many
blood-stained cards a hand holds), a colour (of a card in transit) or a word
(a teammate's camp) is caught the same way as a card named outright.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.actions import Action
from companion.core.errors import RuleViolation
from companion.core.game import GameSpec
from companion.core.outcome import Event, Outcome, Shown
from companion.core.phases import Dealing
from companion.core.prompts import Prompt, waiting_on
from companion.core.types import CardId, JSONObject, Seat
from companion.core.values import Frozen, evolve
from companion.core.worlds import relabel


class Received(Frozen):
    """Everything one seat is given of a state."""

    private: JSONObject
    legal: tuple[Action, ...]
    audit: tuple[tuple[CardId, ...], ...]
    shared: Shared


class Shared(Frozen):
    """What every seat is given alike: the table's view and its prompts — and whom the open
    round's matter is aimed at, which decides when the table passes for a seat that stands
    aside (:mod:`companion.core.standing`), so how soon a round closes."""

    public: JSONObject
    pending: tuple[Prompt, ...]
    aimed: frozenset[Seat]


def shared(spec: GameSpec[Any], state: Any) -> Shared:
    return Shared(spec.public_view(state), spec.pending(state), spec.aimed(state))


def received(spec: GameSpec[Any], state: Any, seat: Seat, common: Shared) -> Received:
    """What ``seat`` is given of ``state``; ``common`` is :func:`shared` of the same state."""
    return Received(
        spec.private_view(state, seat),
        tuple(spec.legal_actions(state, seat)),
        tuple(spec.audit_faces(state, seat)),
        common,
    )


class Apart(Frozen):
    """A world a seat cannot tell from the state, and the cards traded to make it."""

    world: Any
    swap: Mapping[CardId, CardId]


def world_apart(
    spec: GameSpec[Any], state: Any, seat: Seat, rng: random.Random, *, shuffled: bool = False
) -> Apart | None:
    """A state ``seat`` cannot tell from ``state``, or ``None`` if it may know everything.

    From each group of cards hidden from the seat, two (drawn, not every pair tried) trade
    places — or, ``shuffled``, the whole group is dealt again among its places (trade after
    trade), for a caller that compares few worlds and wants each to move much; two whole
    sets of each group of sets (:attr:`Hidden.sets`) trade places, where neither holds a
    card already traded; two other seats whose identities it may not know trade them; two
    other seats that told their part of a deal made by hand told each other's. A
    stand-in for another seat's word (:mod:`companion.core.doubts`) stays: it must look
    like the card that seat named, wherever the record has that card.

    A game that is over hides nothing: its end shows every seat who was who and what each
    was told (the revealed view, on the tablet and on every phone).
    """
    if spec.over(state) is not None:
        return None
    hidden = spec.secrecy.hidden(state, seat)
    swap: dict[CardId, CardId] = {}
    pinned = {d.held for d in getattr(state, "doubts", ()) if d.seat != seat}
    for group in hidden.cards:
        free = sorted(group - swap.keys() - pinned)
        if len(free) >= 2:
            images = rng.sample(free, len(free) if shuffled else 2)
            places = free if shuffled else images[::-1]
            swap.update((a, b) for a, b in zip(places, images, strict=True) if a != b)
    for sets in hidden.sets:
        whole = [one for one in sets if swap.keys().isdisjoint(one) and pinned.isdisjoint(one)]
        if len(whole) >= 2:
            first, second = rng.sample(whole, 2)
            swap.update(zip(first, second, strict=True))
            swap.update(zip(second, first, strict=True))
    world = relabel(state, swap) if swap else state
    trade = spec.secrecy.swap_identities
    if trade is not None and len(hidden.seats) >= 2:
        one, other = rng.sample(hidden.seats, 2)
        world = trade(world, one, other)
    world = _words_traded(world, seat, rng)
    return None if world is state else Apart(world, swap)


def _words_traded(state: Any, seat: Seat, rng: random.Random) -> Any:
    """``state`` with two other seats' words of a deal told by hand traded: a seat hears
    nobody's word but its own (:mod:`companion.core.dealing.told`)."""
    phase = state.phase
    if not isinstance(phase, Dealing):
        return state
    told = [s for s, word in enumerate(phase.words) if s != seat and word]
    if len(told) < 2:
        return state
    one, other = rng.sample(told, 2)
    words = list(phase.words)
    words[one], words[other] = words[other], words[one]
    return evolve(state, phase=evolve(phase, words=tuple(words)))


def leaks(
    spec: GameSpec[Any],
    state: Any,
    seats: Sequence[Seat],
    rng: random.Random,
    *,
    tries: Mapping[Seat, Sequence[Action]] | None = None,
    move: Action | None = None,
    tablet: bool = True,
) -> list[str]:
    """Every way in which one of ``seats`` is given something that depends on what it may
    not know, in a world apart built for it: in what it is given of ``state``, in the
    answers to ``tries`` (what each seat may send), and in the answer to ``move`` (the
    action the table makes next).

    The views are computed once for the state and once for each world. The tablet's
    menus, the dearest to list and the same whoever looks, are compared for one seat the
    table waits for, in the world of one seat, both drawn at each call: what leaks into
    them is hidden from every other seat, so any seat's world finds it; so is the answer
    to one action of the menu (unless ``tablet`` is false: a caller that checks them at
    some steps only).
    """
    common = shared(spec, state)
    waiting = sorted(waiting_on(common.pending))
    menu = rng.choice(waiting) if waiting else None
    witness = rng.choice([s for s in seats if s != menu] or list(seats))
    found = []
    for seat in seats:
        apart = world_apart(spec, state, seat, rng)
        if apart is None:
            continue
        here = received(spec, state, seat, common)
        there = received(spec, apart.world, seat, shared(spec, apart.world))
        found += [f"seat {seat}: {part}" for part in _differ(here, there)]
        twins = _Twins(spec, state, apart, seat)
        for action in (tries or {}).get(seat, ()):
            found += twins.answered(action, action)
        if move is not None:
            own = getattr(move, "seat", None) == seat
            found += twins.answered(move, move if own else relabel(move, apart.swap), own=own)
        if tablet and seat == witness and menu is not None and menu != seat:
            found += twins.tablet(menu, rng)
    return found


class _Twins(Frozen):
    """One seat, the state and its world apart: the answers it is given in both."""

    spec: GameSpec[Any]
    state: Any
    apart: Apart
    seat: Seat

    def answered(self, action: Action, theirs: Action, *, own: bool = True) -> list[str]:
        """How the answer to ``action`` (``theirs`` in the world apart) differs for the seat:
        refused alike, or accepted alike — and if it may be undone, all alike after.

        Not ``own``, the action is another seat's choice, guessed for a world that seat may
        see otherwise (its own cards traded, or its identity): refused there, it would have
        chosen something else, so only what both worlds accept is compared."""
        spec, seat = self.spec, self.seat
        here, there = _answer(spec, self.state, action), _answer(spec, self.apart.world, theirs)
        if isinstance(here, RuleViolation) or isinstance(there, RuleViolation):
            if not own or (type(here) is type(there) and _said(here) == _said(there)):
                return []
            return [f"seat {seat}: the answer to {action} differs: {here!r} / {there!r}"]
        undoable = spec.undoable(here.events)
        if undoable != spec.undoable(there.events):
            return [f"seat {seat}: whether {action} may be undone differs"]
        if not (
            undoable or (_unseen(spec, here.events, seat) and _unseen(spec, there.events, seat))
        ):
            return []
        after = received(spec, here.state, seat, shared(spec, here.state))
        world = received(spec, there.state, seat, shared(spec, there.state))
        return [f"seat {seat}: after {action}, {part}" for part in _differ(after, world)]

    def tablet(self, menu: Seat, rng: random.Random) -> list[str]:
        """The tablet's menu for ``menu``, and its answer to one entry, alike for the seat."""
        offered = self.spec.table_menu(self.state, menu)
        if offered != self.spec.table_menu(self.apart.world, menu):
            return [f"seat {self.seat}: the tablet's menus for seat {menu} differ"]
        if not offered.actions:
            return []
        entry = rng.choice(offered.actions)
        return [f"the tablet, entering it: {d}" for d in self.answered(entry, entry)]


def _unseen(spec: GameSpec[Any], events: Sequence[Event], seat: Seat) -> bool:
    """Whether ``events`` show ``seat`` nothing: none shows the table anything, and what any
    tells privately (a card drawn, a card seen in a check) is told to other seats."""
    for event in events:
        shown = spec.showing(event.kind)
        if shown is Shown.TABLE or (
            shown is Shown.SEAT and any(s.seat == seat for s in event.secrets)
        ):
            return False
    return True


def _said(err: object) -> object:
    return getattr(err, "details", None)


def _answer(spec: GameSpec[Any], state: Any, action: Action) -> Outcome[Any] | RuleViolation:
    try:
        return spec.apply(state, action)
    except RuleViolation as err:
        return err


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
