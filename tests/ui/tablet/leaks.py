"""Nothing the tablet shows may depend on what any seat may not know.

A world one seat cannot tell from this one — each group of cards hidden from it shuffled
among their places, hidden identities traded, look-alike copies traded wherever they lie
(:func:`testkit.oracle.world_for`) — is put under the tablet and the screen redrawn from it;
every word on the screen must stay as it was. Whatever leaks (a card's place, a count by
colour, a teammate) differs between some two such worlds, so it changes a word; no list of
card names is needed. One seat's world is drawn at each call, not every seat's: what the
tablet shows every seat sees, so a leak onto it is hidden from all seats but one at most,
and any other seat's world finds it. The same comparison runs on the tablet's words, with
no window, at every step of the table suite (``tests/companion/games/test_every_table.py``); here
it proves that the screen draws those words and nothing else."""

from __future__ import annotations

import itertools
import random

from companion.core.types import Seat
from testkit.oracle import world_for
from testkit.tablet import Tablet, texts
from tests.ui.phone.leaks import clock_stopped

_CALLS = itertools.count()
"""Each call draws its own seat and world, though the table has not moved since the last."""


async def assert_nothing_hidden_on(tablet: Tablet) -> None:
    """The screen, redrawn in each seat's world apart, reads word for word as it does now."""
    session = tablet.app.session
    assert session is not None
    table = session.service.table
    state, rng = table.state, random.Random(f"{table.seq}:{next(_CALLS)}")
    with clock_stopped(session.service):
        tablet.app.refresh()
        await tablet.frames(1)
        shown = texts()
        try:
            seat = Seat(rng.randrange(len(session.names)))
            world = world_for(table.spec, state, seat, rng)
            if world is not state:
                table.state = world
                tablet.app.refresh()
                await tablet.frames(1)
                there = texts()
                changed = [(a, b) for a, b in zip(shown, there, strict=False) if a != b]
                assert there == shown, f"seat {seat}'s world: {changed}"
        finally:
            table.state = state
            tablet.app.refresh()
            await tablet.frames(1)
