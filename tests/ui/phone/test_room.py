"""The room's screen (``/room``): the public table for a TV, a laptop or a player out of
the game — sent after every change, never heard, and the same in every world a seat could
not tell apart, so it can never show what the tablet may not."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from companion.core import playout
from companion.core.types import Seat
from companion.i18n import LANGS, text
from companion.journal import Journal
from companion.table import Table
from testkit.oracle import world_for
from testkit.phone import Room
from tests.ui.phone.conftest import SEATS, Served, serve
from ui.phone.limits import Limits
from ui.phone.server import STATIC


async def room(served: Served, lang: str = "en") -> tuple[Room, dict[str, Any]]:
    """A room screen opened from the room page the server served, and its first frame."""
    screen = Room(served.session, served.base)
    return screen, await screen.watch(lang)


def play_one(served: Served, rng: random.Random) -> None:
    table = served.table
    seat = next(s for p in table.pending() for s in p.seats)
    served.service.submit(playout.choose(table.spec, table.state, Seat(seat), rng, {}))


async def test_the_room_page_is_served_as_the_phones_page_is(served: Served) -> None:
    async with served.session.get(served.base + "/room") as page:
        assert page.status == 200 and page.content_type == "text/html"
        assert page.headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert '<script type="module" src="/static/room.js">' in await page.text()
    assert "room.js" in STATIC


async def test_the_room_is_sent_the_public_table_after_every_move_and_nothing_it_says_counts(
    served: Served,
) -> None:
    screen, first = await room(served, "zh-Hant")
    assert first["type"] == "room" and first["lang"] == "zh-Hant"
    assert first["title"] == text("zh-Hant", "game.microfilms")
    assert [s["name"] for s in first["table"]["seats"]] == list(SEATS)
    assert not any(s["me"] for s in first["table"]["seats"]), "the room is nobody's seat"
    assert {"me", "actions", "secrets", "yours", "audit"}.isdisjoint(first), "no seat's own"
    before = served.table.seq
    action = served.table.spec.codec.encode(served.table.legal_actions(Seat(0))[0])
    await screen.send({"type": "act", "id": 1, "action": action})
    await screen.ws.send_str("not even JSON")
    play_one(served, random.Random(3))
    after = await screen.receive()
    assert after["seq"] == before + 1 == served.table.seq, "only the table's own move counted"
    assert len(after["feed"]) > len(first["feed"])
    await screen.close()


async def test_the_room_is_the_same_in_every_world_no_seat_can_tell_apart(served: Served) -> None:
    """The oracle's test (testkit.oracle.shown watches it with the tablet's words): all
    through a game, each seat's worlds apart give the room the very same bytes."""
    rng, table, server = random.Random(11), served.table, served.server
    while table.over() is None:
        frames = [server.room_frame(lang) for lang in LANGS]
        state = table.state
        for seat in range(len(SEATS)):
            world = world_for(table.spec, state, Seat(seat), rng)
            table.state = world
            try:
                assert [server.room_frame(lang) for lang in LANGS] == frames, f"seat {seat}"
            finally:
                table.state = state
        play_one(served, rng)
    over = json.loads(server.room_frame("en"))
    assert over["over"] and len(over["result"]["who"]) == len(SEATS), "who was who, at the end"


async def test_a_room_from_another_site_or_one_too_many_is_refused(served: Served) -> None:
    forged = {"Origin": "http://evil.example"}
    async with served.session.get(f"{served.base}/room/ws", headers=forged) as refused:
        assert refused.status == 403
    own = {"Origin": served.base}
    rooms = [(await room(served))[0] for _ in range(Limits().rooms_per_address)]
    async with served.session.get(f"{served.base}/room/ws", headers=own) as crowded:
        assert crowded.status == 429 and crowded.headers["Retry-After"], "one laptop, two"
    await rooms[0].close()
    last, shown = await room(served)  # a screen closed makes room for another
    assert shown["type"] == "room"
    for screen in (*rooms[1:], last):
        await screen.close()


async def test_the_room_screens_of_a_table_are_counted_together(tmp_path: Path) -> None:
    table = Table.start(Journal(tmp_path / "j.sqlite3"), "microfilms", SEATS, rng=random.Random(7))
    async for served in serve(table, limits=Limits(rooms=2, rooms_per_address=5)):
        rooms = [(await room(served))[0] for _ in range(2)]
        own = {"Origin": served.base}
        async with served.session.get(f"{served.base}/room/ws", headers=own) as crowded:
            assert crowded.status == 429
        for screen in rooms:
            await screen.close()
