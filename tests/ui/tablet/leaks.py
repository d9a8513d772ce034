"""Nothing the tablet shows may depend on what any seat may not know.

For each seat, a world that seat cannot tell from this one — each group of cards hidden
from it shuffled among their places, hidden identities traded, as each game declares them
(:func:`companion.core.oracle.world_apart`) — is put under the tablet and the screen
redrawn from it; every word on the screen must stay as it was. Whatever leaks (a card's
place, a count by colour, a teammate) differs between some two such worlds, so it changes
a word; no list of card names is needed."""

from __future__ import annotations

import random

from companion.core.oracle import world_apart
from companion.core.types import Seat
from tests.ui.phone.leaks import clock_stopped
from tests.ui.tablet.conftest import Tablet, texts


async def assert_nothing_hidden_on(tablet: Tablet) -> None:
    """The screen, redrawn in each seat's world apart, reads word for word as it does now."""
    session = tablet.app.session
    assert session is not None
    table = session.service.table
    state, rng = table.state, random.Random(table.seq)
    with clock_stopped(session.service):
        tablet.app.refresh()
        await tablet.frames(1)
        shown = texts()
        try:
            for seat in map(Seat, range(len(session.names))):
                apart = world_apart(table.spec, state, seat, rng, shuffled=True)
                if apart is None:
                    continue
                table.state = apart.world
                tablet.app.refresh()
                await tablet.frames(1)
                there = texts()
                changed = [(a, b) for a, b in zip(shown, there, strict=False) if a != b]
                assert there == shown, f"seat {seat} cannot tell {dict(apart.swap)}: {changed}"
        finally:
            table.state = state
            tablet.app.refresh()
            await tablet.frames(1)
