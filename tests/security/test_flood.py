"""One phone sends as fast as it can: it is closed and told why; every other phone is served.

The server's clock stands still here, so a socket's bucket never refills and
exactly the burst it starts with is answered: what happens is the same on a fast
machine and a slow one.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from companion.clock import HandClock
from companion.core import playout
from companion.core.types import Seat
from testkit.phone import Phone
from tests.security.conftest import closed, from_address, new_table, socket_from
from tests.ui.phone.conftest import Served, serve
from ui.phone.limits import Limits

FLOOD = 5000
LIMITS = Limits()


@pytest.fixture
async def still(tmp_path: Path) -> AsyncIterator[Served]:
    """A table whose phones' server keeps a clock that does not move."""
    async for s in serve(new_table(tmp_path / "j.sqlite3"), clock=HandClock(), heartbeat=10.0):
        yield s


async def flood(ws: aiohttp.ClientWebSocketResponse, message: str | bytes, n: int = FLOOD) -> int:
    """Send ``message`` ``n`` times or until the server hangs up; how many went out."""
    sent = 0
    try:
        for _ in range(n):
            if isinstance(message, bytes):
                await ws.send_bytes(message)
            else:
                await ws.send_str(message)
            sent += 1
    except (ConnectionError, aiohttp.ClientError):
        pass
    return sent


async def seated(
    session: aiohttp.ClientSession, served: Served, seat: int, device: str | None = None
) -> Phone:
    """The phone at ``seat`` (holding ``device``'s key, if given), from ``session``'s address,
    joined."""
    phone = Phone(session, served.base, device)
    await phone.sit(served.server.tokens.token(Seat(seat)), "en")
    return phone


@pytest.mark.parametrize(
    ("message", "answer"),
    [
        ('{"type": "lang", "lang": "zh-Hant"}', "view"),  # each one a view rendered anew
        ('{"type": "hello", "token": "x", "lang": "en"}', "error"),
        ('{"type": "ping"}', "pong"),
        ("{not json", "error"),
        (b"\x00" * 100, "error"),
    ],
)
async def test_a_flooding_phone_is_answered_for_its_burst_then_closed_and_told_why(
    still: Served, message: str | bytes, answer: str
) -> None:
    async with from_address("127.0.0.2") as attacker:
        flooder = await seated(attacker, still, 0)
        sent = await flood(flooder.ws, message)
        told = await closed(flooder)
    assert told[-1]["type"] == "denied" and told[-1]["code"] == "too_fast"
    assert told[-1]["retry_after"] == LIMITS.flood_pause_s
    assert str(told[-1]["retry_after"]) in told[-1]["text"]  # when it will try again, in words
    assert [m["type"] for m in told[:-1]] == [answer] * (LIMITS.message_burst - 1)  # and hello
    assert sent > LIMITS.message_burst


async def test_every_other_phone_gets_every_view_while_one_floods(still: Served) -> None:
    table = still.table
    others = [(await still.join(seat))[0] for seat in (1, 2, 3)]
    async with from_address("127.0.0.2") as attacker:
        flooder = await seated(attacker, still, 0)
        flooding = asyncio.ensure_future(flood(flooder.ws, '{"type": "lang", "lang": "zh-Hans"}'))
        rng = random.Random(3)
        committed = []
        for _ in range(10):
            seat = table.pending()[0].seats[0]
            table.submit(playout.choose(table.spec, table.state, seat, rng, {"claim": 0.0}))
            committed.append(table.seq)
            await asyncio.sleep(0)
        await flooding
        told = await closed(flooder)
    assert told[-1]["code"] == "too_fast"
    for phone in others:
        views = [await phone.receive() for _ in range(10)]
        assert [v["seq"] for v in views] == committed


async def test_a_flood_of_websocket_pings_is_cut_off_too(still: Served) -> None:
    async with from_address("127.0.0.2") as attacker:
        flooder = await seated(attacker, still, 0)
        for _ in range(FLOOD):
            if flooder.closed:
                break
            await flooder.ws.ping()
        told = await closed(flooder)
    assert [m["code"] for m in told if m["type"] == "denied"] == ["too_fast"]


async def test_a_flooder_cannot_come_straight_back_but_everyone_else_can(still: Served) -> None:
    async with from_address("127.0.0.2") as attacker:
        flooder = await seated(attacker, still, 0)
        await flood(flooder.ws, '{"type": "ping"}')
        await closed(flooder)
        with pytest.raises(aiohttp.WSServerHandshakeError) as err:
            await socket_from(attacker, still)
        assert err.value.status == 429
        assert int(err.value.headers["Retry-After"]) == LIMITS.flood_pause_s  # type: ignore[index]
        await still.join(1)  # another phone, another address
        still.clock.now += LIMITS.flood_pause_s
        back = await seated(attacker, still, 0, flooder.device)
        await back.close()


async def test_a_socket_that_never_says_hello_may_not_flood_either(still: Served) -> None:
    async with from_address("127.0.0.2") as attacker:
        phone = await socket_from(attacker, still)
        await flood(phone.ws, "[]")
        told = await closed(phone)
    assert told[-1]["code"] == "too_fast"
    assert [m["code"] for m in told[:-1]] == ["malformed_message"] * LIMITS.message_burst
