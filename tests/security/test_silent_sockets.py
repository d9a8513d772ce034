"""Hundreds of sockets that never say who they are: few are kept, none for long, and a real
phone still gets in."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import aiohttp

from tests.security.conftest import closed, from_address, socket_from
from tests.ui.phone.conftest import Served
from ui.phone.limits import Limits

SILENT = 400
LIMITS = Limits()


Told = asyncio.Future[list[dict[str, Any]]]


async def open_silently(
    session: aiohttp.ClientSession, served: Served, n: int
) -> tuple[list[Told], list[int]]:
    """``n`` WebSockets that say nothing: what each the server let in is told until it is closed
    (read from the moment it opens, answering pings as a page does, so that only the server's
    rules close it), and the refusals' statuses."""
    kept: list[Told] = []
    refused = []
    for _ in range(n):
        try:
            kept.append(asyncio.ensure_future(closed(await socket_from(session, served))))
        except aiohttp.WSServerHandshakeError as err:
            refused.append(err.status)
    return kept, refused


async def test_one_address_may_hold_only_a_few_silent_sockets_and_only_for_seconds(
    served: Served,
) -> None:
    async with from_address("127.0.0.2") as attacker:
        kept, refused = await open_silently(attacker, served, SILENT)
        assert len(kept) == LIMITS.unauthenticated_per_address
        assert set(refused) == {429} and len(refused) == SILENT - len(kept)
        phone, view = await served.join(0)  # a player's phone, meanwhile
        assert view["me"]["seat"] == 0
        listening = asyncio.ensure_future(closed(phone))  # as the page does, answering pings
        told = await asyncio.wait_for(asyncio.gather(*kept), 10)
        assert all(t and t[-1]["code"] == "hello_timeout" for t in told)
    assert served.server.connected() == {0} and not listening.done()
    listening.cancel()


async def test_many_addresses_together_are_capped_and_a_real_phone_still_gets_in(
    served: Served,
) -> None:
    addresses = [f"127.0.0.{10 + i}" for i in range(SILENT // 4)]
    kept: list[Told] = []
    async with contextlib.AsyncExitStack() as stack:
        for address in addresses:
            session = await stack.enter_async_context(from_address(address))
            kept += (await open_silently(session, served, 4))[0]
        assert len(kept) == SILENT  # none refused at the door: each address opened only four
        phone, view = await served.join(1)  # the newest socket is never the one to give way
        assert view["me"]["seat"] == 1
        listening = asyncio.ensure_future(closed(phone))
        told = await asyncio.wait_for(asyncio.gather(*kept), 10)
    codes = [t[-1]["code"] for t in told]
    assert codes.count("busy") >= SILENT - LIMITS.unauthenticated
    assert set(codes) == {"busy", "hello_timeout"}
    assert served.server.connected() == {1} and not listening.done()
    listening.cancel()
