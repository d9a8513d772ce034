"""The phone client speaks as the page does: its key kept and presented again, its actions
numbered from 1, a frame of one kind found past the others."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from companion.core.types import Seat
from companion.journal import Journal
from companion.table import Table
from testkit.phone import Phone
from tests.ui.phone.conftest import SEATS, Served, serve


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    table = Table.start(Journal(tmp_path / "j.sqlite3"), "microfilms", SEATS, rng=random.Random(7))
    async for s in serve(table):
        yield s


async def test_a_phone_joining_again_is_the_same_phone_coming_back(served: Served) -> None:
    phone = Phone(served.session, served.base)
    token = served.server.tokens.token(Seat(1))
    first = await phone.sit(token, "en")
    key = phone.device
    assert key is not None
    again = await phone.sit(token, "en")  # the page reloaded: its old socket dropped
    assert phone.device == key and again["me"] == first["me"]
    assert [p.holds for p in served.server.phones_of(Seat(1))] == [True]


async def test_a_phone_told_its_seat_is_taken_keeps_the_key_it_asks_with(served: Served) -> None:
    await served.join(0)
    other = Phone(served.session, served.base)
    taken = await other.join(served.server.tokens.token(Seat(0)), "en")
    assert taken["type"] == "taken" and other.device == taken["device"]
    assert other.device != served.keys[0]


async def test_actions_are_numbered_from_one_as_the_page_numbers_them(served: Served) -> None:
    idle = Seat((served.table.pending()[0].seats[0] + 1) % 4)
    phone, _ = await served.join(idle)
    for expected in (1, 2):
        assert await phone.act({"act": "pass", "seat": idle}) == expected
        reply = await phone.receive()
        assert (reply["type"], reply["id"]) == ("error", expected)


async def test_a_frame_of_one_kind_is_found_past_the_others(served: Served) -> None:
    phone, _ = await served.join(2)
    await phone.send({"type": "lang", "lang": "zh-Hant"})  # answered with a view first
    await phone.send({"type": "ping"})
    assert await phone.receive("pong") == {"type": "pong"}
    await phone.close()
    assert phone.closed
