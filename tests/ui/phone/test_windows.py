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
from companion.i18n import text
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TIMED_OUT, TableService
from companion.windows import WindowTimer
from testkit.phone import Phone, Room, loopback
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
        # Nobody sends anything: the window closes for all, as the app's journalled action,
        # and each seat it waited for is told it passed — before its new view comes.
        for seat, (phone, _) in enumerate(phones):
            if seat in window.waiting:
                notice = await phone.receive()
                assert notice == {"type": "notice", "text": text("en", TIMED_OUT)}, notice
        after = [await phone.receive("view") for phone, _ in phones]
        assert all("Time is up" in " ".join(line["text"] for line in v["feed"]) for v in after)
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


async def test_a_pass_is_one_tap_and_a_seat_may_leave_the_turn_s_windows_to_the_table(
    tmp_path: Path,
) -> None:
    """§7: a pass is made as sent (``now``: no confirming); "pass for me until this turn
    ends" answers the open window at once and shows on the seat's phone, with the way back;
    a standing answer the page never offers is refused in words and changes nothing."""
    service, server = await a_table_in_a_window(tmp_path)
    window = service.window()
    assert window is not None
    seat = window.waiting[0]
    async with aiohttp.ClientSession() as session:
        phone, view = await joined(session, server, seat)
        quick = {a["action"]["act"]: a["now"] for a in view["actions"]}
        assert quick["pass"] is True and quick["hold"] is False
        offered = [o["standing"] for o in view["standing"]["offers"]]
        assert offered == ["turn", "aimed"] and view["standing"]["said"] is None

        seq = service.seq
        ident = await phone.stand("sometimes", seen=view["seq"])
        refused = await phone.receive("error")
        assert refused["id"] == ident
        assert refused["text"] == "That action is not understood (standing)."
        assert service.seq == seq and service.standing(seat) is None

        ident = await phone.stand("turn", seen=view["seq"])
        assert (await phone.receive("ok"))["id"] == ident
        while True:
            view = await phone.receive("view")
            if view["standing"] is not None and view["standing"]["set"] == "turn":
                break
        assert view["standing"]["said"] == "The table passes for you until this turn ends."
        assert view["standing"]["cancel"] == "Ask me every time"
        now = service.window()
        assert now is None or now.n != window.n or seat not in now.waiting
        assert {"act": "pass", "seat": seat} in [
            e.action for e in service.journal.entries(service.game_id)
        ]
        await phone.stand(None)
        while (view := await phone.receive("view"))["standing"] is not None and view["standing"][
            "set"
        ]:
            pass
        assert service.standing(seat) is None
        await phone.close()
    await server.stop()


async def test_a_paused_table_s_window_waits_on_every_phone_and_then_has_its_whole_time(
    tmp_path: Path,
) -> None:
    """Paused (or reading a first game's lesson), the table closes no window: every phone and
    the room's screen are shown that it waits, not a countdown running down to nothing;
    going on, it counts its whole time again."""
    service, server = await a_table_in_a_window(tmp_path)
    window = service.window()
    assert window is not None
    async with aiohttp.ClientSession() as session:
        phones = [await joined(session, server, s) for s in range(len(SEATS))]
        room = Room(session, loopback(server.port))
        assert (await room.watch())["window"]["closes_in"] is not None, "it counts down"
        timer = WindowTimer(service, asyncio.get_running_loop())
        timer.pause(True)
        for phone, _ in phones:
            held = await phone.receive("view")
            assert held["window"]["closes_in"] is None, "it waits, and says so"
        assert (await room.receive("room"))["window"]["closes_in"] is None, "the room too"
        await asyncio.sleep(1.5)  # longer than the table's second: nothing closes
        assert (now := service.window()) is not None and now.n == window.n
        timer.pause(False)
        for phone, _ in phones:
            again = await phone.receive("view")
            assert again["window"]["closes_in"] > 0, "its time again (it had run out, held)"
        assert (await room.receive("room"))["window"]["closes_in"] > 0, "the room's again"
        for socket in (*(phone for phone, _ in phones), room):
            await socket.close()
    timer.stop()
    await server.stop()
