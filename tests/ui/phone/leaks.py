"""What a phone is sent may depend only on what its seat may know.

A frame a phone received is rendered again, as the server renders it, in worlds its seat
cannot tell from this one — each group of cards hidden from the seat shuffled among their
places, hidden identities traded, look-alike copies traded wherever they lie
(:func:`testkit.oracle.world_for`). Every world must give the very frame the phone
was sent: its hand, its table, its prompts, its menu, its hand check. Whatever leaks (a
card's place, a count by colour, a teammate) differs between some two such worlds, so no
list of card names is needed. The feed is left out: it is public history, told as it was
told, the same in every world by construction (the rules' own suite checks each event).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from companion.core.types import Seat
from companion.i18n import Voice
from companion.service import TableService
from testkit.oracle import world_for
from ui.faces import face_of
from ui.seat_screen import HISTORY, history, view_message

WORLDS = 3
"""Worlds drawn for each frame checked."""


@contextmanager
def clock_stopped(service: TableService) -> Iterator[None]:
    """A window's countdown stands still while worlds are compared (it is public, and
    would otherwise tick between two renderings)."""
    clock = service._clock
    now = clock()
    service._clock = lambda: now
    try:
        yield
    finally:
        service._clock = clock


def assert_view_private_to(frame: dict[str, Any], seat: int, service: TableService) -> None:
    """``frame``, sent to ``seat``'s phone, is what the server makes of this world and of
    every world apart drawn for the seat."""
    table = service.table
    assert frame["type"] == "view" and frame["seq"] == table.seq
    assert frame["me"]["seat"] == seat
    voice = Voice.of(frame["lang"], service.spec, service.names)
    face = face_of(service.header.game)
    feed = history(voice, service.recent(HISTORY))  # public: where each secret is said

    def rendered() -> dict[str, Any]:
        made = view_message(service.seat_view(Seat(seat)), voice, face, feed)
        return {k: v for k, v in json.loads(json.dumps(made)).items() if k != "feed"}

    state, rng = table.state, random.Random(table.seq * 16 + seat)
    with clock_stopped(service):
        here = rendered()
        sent = {k: v for k, v in frame.items() if k != "feed"}
        assert _untimed(sent) == _untimed(here), "the frame is not this world's"
        try:
            for _ in range(WORLDS):
                world = world_for(table.spec, state, Seat(seat), rng)
                if world is state:
                    return
                table.state = world
                there = rendered()
                changed = {k: (here[k], there[k]) for k in here if here[k] != there.get(k)}
                assert there == here, f"seat {seat} cannot tell its world from this: {changed}"
        finally:
            table.state = state


def _untimed(frame: dict[str, Any]) -> dict[str, Any]:
    """``frame`` without the seconds its window had left when it was made."""
    window = frame.get("window")
    if isinstance(window, dict):
        return {**frame, "window": {**window, "closes_in": None}}
    return frame
