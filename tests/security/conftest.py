"""Attacks on the phones' server: the real server on loopback, real WebSocket clients.

The server listens on 127.0.0.1; an attacker connects from another loopback
address (127.0.0.2, 127.0.0.3, …), so that it is a different address to the
server, as another phone on the Wi-Fi would be, and limits kept per address can
be seen to hold for it and not for the players.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.journal import Journal
from companion.table import Table
from testkit.phone import Phone
from tests.ui.phone.conftest import SEATS, Served, serve


def new_table(path: Path) -> Table:
    return Table.start(Journal(path), "microfilms", SEATS, rng=random.Random(7))


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    async for s in serve(new_table(tmp_path / "j.sqlite3")):
        yield s


@asynccontextmanager
async def from_address(address: str) -> AsyncIterator[aiohttp.ClientSession]:
    """An HTTP client whose connections come from ``address`` (another machine, to the server)."""
    connector = aiohttp.TCPConnector(local_addr=(address, 0), limit=0, force_close=True)
    async with aiohttp.ClientSession(connector=connector) as session:
        yield session


async def socket_from(session: aiohttp.ClientSession, served: Served) -> Phone:
    """A phone at ``session``'s address, its socket opened as the server's own page opens it
    (same Host, same Origin) — and nothing said yet."""
    phone = Phone(session, served.base)
    await phone.open()
    return phone


async def closed(phone: Phone) -> list[dict[str, Any]]:
    """Everything ``phone`` is told until the server closes it — or drops it while the client
    answers its ping (aiohttp then raises where it would end the loop)."""
    said = []
    with contextlib.suppress(aiohttp.ClientConnectionResetError):
        async for frame in phone.frames():
            said.append(frame)
    return said


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(wait(), timeout)
