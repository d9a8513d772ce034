"""The leak oracle at the bytes: what each seat is sent, compared across worlds it cannot
tell apart.

The rules' oracle (:mod:`companion.core.oracle`) compares the rules' views. A seat is
sent something else: its phone's frames, rendered in its language from the table
service's :class:`~companion.service.SeatView`; the answer to whatever it sends; the
tablet's words, which every seat reads; and, for a seat without its phone, the screen of
its private turn on the tablet. Here those bytes are made by the very functions that send
them — :meth:`PhoneServer.frame`, :meth:`PhoneServer.answer`, :meth:`Session.words`,
:meth:`Session.seat_message` — for the table as it is and for a world apart, put under
the same service for a moment (:func:`under`), and every difference is named.

A world apart for a seat (:func:`world_for`) moves everything that seat may not know at
once: each group of cards hidden from it dealt again among their places and hidden
identities traded (:func:`companion.core.oracle.world_apart`, shuffled), and every card's
look-alike copies traded wherever they lie — a copy's id, which no player can read off a
card, must never reach a phone. The tablet's words must be the same in any seat's world:
one seat's, drawn at each call, is compared (a leak onto the tablet is hidden from every
seat but one at most, so any other seat's world finds it).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.actions import SeatAction
from companion.core.game import GameSpec
from companion.core.oracle import Apart, world_apart
from companion.core.types import CardId, Seat
from companion.core.worlds import relabel
from companion.i18n import LANGS
from companion.service import TableService
from ui.tablet.session import Session


@dataclass(frozen=True)
class Sent:
    """Everything one seat is sent of the table now, as the bytes that reach it."""

    phone: str
    """The view frame its phone is sent."""
    turn: str | None
    """The screen of its private turn on the tablet, in the tablet's words; ``None`` for a
    seat whose phone is with it."""
    answers: tuple[str, ...]
    """Its phone's answer to each thing it might send now (legal or not), judged, not made."""


def sent(
    session: Session, seat: Seat, lang: str, tries: Sequence[SeatAction], *, phoneless: bool
) -> Sent:
    """What ``seat`` is sent now, its phone speaking ``lang``."""
    phones = session.live.phones
    assert phones is not None
    turn = json.dumps(session.seat_message(seat), ensure_ascii=False) if phoneless else None
    answers = tuple(phones.answer(seat, action, lang) for action in tries)
    return Sent(phones.frame(seat, lang), turn, answers)


def shown(session: Session) -> str:
    """What the whole room is shown, as one canonical text: the tablet's words
    (:class:`~ui.tablet.session.TableWords`) and the room screen's frame (``/room``)."""
    phones = session.live.phones
    assert phones is not None
    room = [phones.room_frame(lang) for lang in LANGS]
    return json.dumps([session.words(), room], ensure_ascii=False, default=_fields)


def _fields(value: object) -> object:
    """A dataclass as its fields, for :func:`json.dumps` to go on into (``asdict`` would
    copy every nested value first, to be thrown away at once); anything else as text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    return str(value)


def copies_traded(spec: GameSpec[Any], state: Any, rng: random.Random) -> Mapping[CardId, CardId]:
    """Every face's copies dealt again among their places, wherever each lies — a hand,
    the deck, the pile, face up: nobody can tell two copies of a face apart. A copy a
    seat's word stands for, or that stands in for it (:mod:`companion.core.doubts`), stays:
    the word is the seat's own, and no world changes it."""
    alike = spec.copies(state)
    pinned = {c for d in getattr(state, "doubts", ()) for c in (d.told, d.held)}
    swap: dict[CardId, CardId] = {}
    for copies in sorted({tuple(sorted(c for c in g if c not in pinned)) for g in alike.values()}):
        swap.update((a, b) for a, b in zip(copies, rng.sample(copies, len(copies)), strict=True)
                    if a != b)  # fmt: skip
    return swap


def world_for(spec: GameSpec[Any], state: Any, seat: Seat, rng: random.Random) -> Any:
    """A world ``seat`` cannot tell from ``state``, as far from it as it may be: what the seat
    may not know moved at once, and the look-alike copies traded; ``state`` itself if
    nothing can move."""
    apart: Apart | None = world_apart(spec, state, seat, rng, shuffled=True)
    world = state if apart is None else apart.world
    swap = copies_traded(spec, world, rng)
    return relabel(world, swap) if swap else world


@contextlib.contextmanager
def under(service: TableService, world: Any) -> Iterator[None]:
    """``world`` put under the service for the moment the bytes are made, and taken out."""
    table = service.table
    state = table.state
    table.state = world
    try:
        yield
    finally:
        table.state = state


def leaks(
    session: Session,
    seats: Sequence[Seat],
    rng: random.Random,
    *,
    langs: Mapping[Seat, str],
    tries: Mapping[Seat, Sequence[SeatAction]],
    phoneless: frozenset[Seat] = frozenset(),
) -> list[str]:
    """Every way in which one of ``seats`` is sent something that depends on what it may not
    know: its frames (in its phone's language), its answers, its private turn if it has no
    phone — and, in one of their worlds, the tablet's words."""
    service = session.service
    spec, state = service.spec, service.table.state
    witness = rng.choice(list(seats))
    tablet = shown(session)
    found = []
    for seat in seats:
        world = world_for(spec, state, seat, rng)
        if world is state:
            continue
        mine = tries.get(seat, ())
        here = sent(session, seat, langs[seat], mine, phoneless=seat in phoneless)
        with under(service, world):
            there = sent(session, seat, langs[seat], mine, phoneless=seat in phoneless)
            words = shown(session) if seat == witness else tablet
        found += [f"seat {seat}: {d}" for d in _differ(here, there, mine)]
        if words != tablet:
            found.append(f"seat {seat}'s world: the tablet's words differ: "
                         f"{_first_difference(tablet, words)}")  # fmt: skip
    return found


def _differ(here: Sent, there: Sent, tries: Sequence[SeatAction]) -> list[str]:
    found = []
    if here.phone != there.phone:
        found.append(f"its phone's frame differs: {_first_difference(here.phone, there.phone)}")
    if here.turn != there.turn:
        found.append(f"its private turn differs: {_first_difference(here.turn, there.turn)}")
    for action, a, b in zip(tries, here.answers, there.answers, strict=True):
        if a != b:
            found.append(f"the answer to {action} differs: {a} / {b}")
    return found


def _first_difference(a: str | None, b: str | None) -> str:
    """Where two texts part, with a little of each around it."""
    a, b = a or "", b or ""
    parted = (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)
    at = next(parted, min(len(a), len(b)))
    return f"…{a[max(0, at - 60) : at + 60]}… / …{b[max(0, at - 60) : at + 60]}…"
