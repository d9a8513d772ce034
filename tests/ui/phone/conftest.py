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
from testkit.phone import Phone, loopback
from ui.phone.limits import BadAttempts
from ui.phone.server import PhoneServer

SEATS = ["Ann", "Ben", "Cat", "Dan"]


@dataclass
class Served:
    service: TableService
    server: PhoneServer
    session: aiohttp.ClientSession
    clock: HandClock
    keys: dict[int, str] = field(default_factory=dict)
    """Each seat's phone's device key, as its page keeps it."""

    @property
    def table(self) -> Table:
        return self.service.table

    @property
    def base(self) -> str:
        return loopback(self.server.port)

    def phone(self, seat: int | None = None) -> Phone:
        """A phone's page at this server: ``seat``'s own phone, if given, with the key it kept."""
        return Phone(self.session, self.base, None if seat is None else self.keys.get(seat))

    async def join(
        self, seat: int, lang: str = "en", token: str | None = None
    ) -> tuple[Phone, dict[str, Any]]:
        """Seat ``seat``'s phone, joined; returns it with the first view it got.

        Like the page, the phone keeps the device key it was given and presents it
        again, so joining the same seat twice is the same phone coming back.
        """
        phone = self.phone(seat)
        view = await phone.sit(token or self.server.tokens.token(Seat(seat)), lang)
        assert phone.device is not None
        self.keys[seat] = phone.device
        return phone, view


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
    local: dict[str, Any] = {"host": "127.0.0.1", "port": 0, "bind": "127.0.0.1"}
    server = PhoneServer(service, **(local | {"attempts": attempts, "heartbeat": 0.5} | options))
    await server.start()
    async with aiohttp.ClientSession() as session:
        yield Served(service, server, session, clock)
    await server.stop()
