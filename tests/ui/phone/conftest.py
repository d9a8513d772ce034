"""A real table with its phone server on loopback, and real WebSocket clients."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.clock import HandClock
from companion.core.types import Seat
from companion.games import GAMES
from companion.journal import Journal
from companion.service import TableService
from companion.table import Table, players_tell
from ui.phone.limits import BadAttempts
from ui.phone.server import PhoneServer

SEATS = ["Ann", "Ben", "Cat", "Dan"]


@dataclass
class Served:
    service: TableService
    server: PhoneServer
    session: aiohttp.ClientSession
    clock: HandClock
    frames: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    keys: dict[int, str] = field(default_factory=dict)
    """Each seat's phone's device key, as its page keeps it."""

    @property
    def table(self) -> Table:
        return self.service.table

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    async def socket(self, origin: str | None = "same") -> aiohttp.ClientWebSocketResponse:
        headers = {} if origin is None else {"Origin": self.base if origin == "same" else origin}
        return await self.session.ws_connect(f"{self.base}/ws", headers=headers)

    async def join(
        self, seat: int, lang: str = "en", token: str | None = None
    ) -> tuple[aiohttp.ClientWebSocketResponse, dict[str, Any]]:
        """Seat ``seat``'s phone, joined; returns it with the first view it got.

        Like the page, the phone keeps the device key it was given and presents it
        again, so joining the same seat twice is the same phone coming back.
        """
        ws = await self.socket()
        token = token or self.server.tokens.token(Seat(seat))
        hello = {"type": "hello", "token": token, "lang": lang, "device": self.keys.get(seat)}
        await ws.send_json(hello)
        welcome = await ws.receive_json(timeout=5)
        assert welcome["type"] == "welcome", welcome
        self.keys[seat] = welcome["device"]
        view = await ws.receive_json(timeout=5)
        assert view["type"] == "view"
        return ws, view


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    """A table whose chance the app draws, as in the demo."""
    table = Table.start(Journal(tmp_path / "j.sqlite3"), "microfilms", SEATS, rng=random.Random(7))
    async for s in serve(table):
        yield s


@pytest.fixture
async def told(tmp_path: Path) -> AsyncIterator[Served]:
    """A table without readers: players tell the app what they drew."""
    journal = Journal(tmp_path / "j.sqlite3")
    spec = GAMES["microfilms"]
    chance = players_tell(spec, random.Random(7))
    table = Table.start(journal, "microfilms", SEATS, chance=chance)
    async for s in serve(table):
        yield s


async def serve(table: Table, **options: Any) -> AsyncIterator[Served]:
    """The table's phone server on loopback; ``options`` are the server's own.

    Wrong tokens are answered at once, on ``served.clock``; a ``clock`` given in
    ``options`` is that clock, and the server keeps all its time on it.
    """
    async for s in serve_service(TableService(table), **options):
        yield s


async def serve_service(service: TableService, **options: Any) -> AsyncIterator[Served]:
    """The service's phone server on loopback, as :func:`serve` makes it."""
    clock = options.get("clock") or HandClock()
    attempts = BadAttempts(clock=clock, pause=0.0)
    loopback: dict[str, Any] = {"host": "127.0.0.1", "port": 0, "bind": "127.0.0.1"}
    server = PhoneServer(service, **(loopback | {"attempts": attempts, "heartbeat": 0.5} | options))
    await server.start()
    async with aiohttp.ClientSession() as session:
        yield Served(service, server, session, clock)
    await server.stop()


async def next_view(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    """The next view a phone receives, past any other message."""
    while True:
        frame = await ws.receive_json(timeout=10)
        if frame["type"] == "view":
            return frame
