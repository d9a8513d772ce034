"""風聲's response windows on real phones (§5.2, §7): nobody has to pass, nobody is kept waiting.

The real server, real WebSocket clients, and the app's own window timer on the test's
asyncio loop. The table's time is one second: the test waits for what the phones are
sent — it never measures how long anything took.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import aiohttp

from companion.core import playout
from companion.core.rounds import Hold, open_round
from companion.core.types import Seat
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService
from companion.windows import WindowTimer
from testkit.phone import Phone, loopback
from tests.ui.phone.conftest import SEATS
from ui.phone.server import PhoneServer


async def a_table_in_a_window(tmp_path: Path) -> tuple[TableService, PhoneServer]:
    service = TableService.start(
        Journal(tmp_path / "j.sqlite3"), "themessage", SEATS, draws=Draws.APP,
        rng=random.Random(3), window=1,
    )  # fmt: skip
    rng = random.Random(3)
    while open_round(service.table.state) is None:
        seat = service.acting()
        assert seat is not None
        action = playout.choose(service.spec, service.table.state, seat, rng, {"hold": 0.0})
        service.submit(action)
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    return service, server


async def joined(
    http: aiohttp.ClientSession, server: PhoneServer, seat: int
) -> tuple[Phone, dict[str, Any]]:
    phone = Phone(http, loopback(server.port))
    return phone, await phone.sit(server.tokens.token(Seat(seat)), "en")


async def test_a_window_nobody_answers_closes_by_itself_on_every_phone(tmp_path: Path) -> None:
    service, server = await a_table_in_a_window(tmp_path)
    timer = WindowTimer(service, asyncio.get_running_loop())
    window = service.window()
    assert window is not None
    async with aiohttp.ClientSession() as session:
        phones = [await joined(session, server, s) for s in range(len(SEATS))]
        for _, view in phones:
            assert view["window"]["closes_in"] is not None, "every phone counts it down"
            assert view["window"]["holding"] is None
        # Nobody sends anything: the window closes for all, as the app's journalled action.
        after = [await phone.receive("view") for phone, _ in phones]
        assert all("Time is up" in " ".join(v["feed"]) for v in after)
        actions = [e.action for e in service.journal.entries(service.game_id)]
        assert {"act": "close_round", "n": window.n} in actions
        for phone, _ in phones:
            await phone.close()
    timer.stop()
    await server.stop()


async def test_a_seat_holding_the_window_is_shown_to_all_and_its_pass_lets_it_go(
    tmp_path: Path,
) -> None:
    service, server = await a_table_in_a_window(tmp_path)
    timer = WindowTimer(service, asyncio.get_running_loop())
    window = service.window()
    assert window is not None
    holder = window.waiting[0]
    async with aiohttp.ClientSession() as session:
        phones = [await joined(session, server, s) for s in range(len(SEATS))]
        phone, view = phones[holder]
        hold = next(a["action"] for a in view["actions"] if a["action"]["act"] == "hold")
        assert hold == service.spec.codec.encode(Hold(seat=holder))
        await phone.act(hold)
        for other, _ in phones:
            seen = await other.receive("view")
            assert seen["window"] == {"closes_in": None, "holding": f"Waiting for {SEATS[holder]}"}
        await phone.act({"act": "pass", "seat": holder})
        # Its answer given, the window closes: by the others' answers or by its time.
        watcher = phones[(holder + 1) % len(SEATS)][0]
        while (w := service.window()) is not None and w.n == window.n:
            await watcher.receive("view")
        for phone, _ in phones:
            await phone.close()
    timer.stop()
    await server.stop()
