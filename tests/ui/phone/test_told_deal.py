"""A deal told on the phones, through the real server and real WebSocket clients.

風聲 digest §2: three cards each, identities from the app. Each phone is asked for its
own cards only, hears who is still to tell, and sees its hand once the deal is whole.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from companion.journal import Journal
from companion.policy import Dealer, Draws
from companion.service import TableService
from tests.ui.phone.conftest import SEATS, Served, serve_service

WORDS = [
    ["LOCK-R-S-1", "LOCK-R-S-2", "DISTRIBUTE-B-T-1"],
    ["LOCK-R-S-3", "BURN-B-D-1", "INTERCEPT-R-D-1"],
    ["DISTRIBUTE-K-T-1", "BURN-K-D-1", "COUNTER-B-D-1"],
    ["DISTRIBUTE-R-T-1", "BURN-R-D-1", "COUNTER-K-D-1"],
]


@pytest.fixture
async def dealing(tmp_path: Path) -> AsyncIterator[Served]:
    service = TableService.start(
        Journal(tmp_path / "j.sqlite3"), "themessage", SEATS, draws=Draws.TOLD,
        dealer=Dealer.TABLE, rng=random.Random(5),
    )  # fmt: skip
    async for s in serve_service(service):
        yield s


async def test_each_phone_tells_its_own_cards_and_then_holds_them(dealing: Served) -> None:
    phones = [await dealing.join(seat, "en") for seat in range(4)]
    first = phones[0][1]
    deal = first["deal"]
    assert deal["size"] == 3 and not deal["told"]
    assert first["yours"] == [
        "Look at the 3 cards you were dealt, then mark them just below and send."
    ]
    assert deal["waiting"] == "Still to tell: Ann, Ben, Cat, Dan."
    names = {f["name"] for f in deal["faces"]}
    assert len(names) == len(deal["faces"]) > 10  # one row per face, copies together
    assert first["me"]["hand"] == []
    for seat, (phone, _) in enumerate(phones[:3]):
        await phone.act({"act": "tell_dealt", "seat": seat, "cards": WORDS[seat]}, 1)
    view = await phones[3][0].receive("view")
    while view["deal"]["waiting"] != "Still to tell: Dan.":
        view = await phones[3][0].receive("view")
    assert view["yours"], "Dan is still asked"
    told = await phones[0][0].receive("view")
    assert told["deal"]["told"] and told["yours"] == [], "Ann has told: asked no more"
    dan, _ = phones[3]
    await dan.act({"act": "tell_dealt", "seat": 3, "cards": WORDS[3]}, 2)
    view = await dan.receive("view")
    while view["deal"] is not None:
        view = await dan.receive("view")
    assert sorted(c["card"] for c in view["me"]["hand"]) == sorted(WORDS[3])
    assert view["me"]["identity"]["card"]  # the app dealt it


async def test_a_word_another_phone_could_not_make_is_refused_in_its_language(
    dealing: Served,
) -> None:
    phone, _ = await dealing.join(1, "zh-Hant")
    await phone.act({"act": "tell_dealt", "seat": 1, "cards": WORDS[1][:2]}, 7)
    reply = await phone.receive()
    assert reply["type"] == "error" and reply["id"] == 7
    assert "3" in reply["text"] and "勾選" in reply["text"]
    assert dealing.service.seat_view(1).telling.told == ()  # type: ignore[union-attr,arg-type]
