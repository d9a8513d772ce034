"""Four phones play a whole Microfilms game on a bad Wi-Fi: a fifth of their packets lost
(and sent again, as TCP does) and the rest delayed 100–300 ms each way
(:class:`testkit.lossy.Lossy`, on loopback), and now and then a socket cut outright — once
before the tablet read the answer, once after it made the move but before the phone heard.

Every seat's answers come from its own phone, which behaves as the page does: one answer
in flight, sent again unchanged on its next socket when its acknowledgement did not come.
After each move every phone's view comes to be the seat's view as the tablet renders it;
at the end the journal holds each seat's moves exactly once, in the order sent, and
nothing else done by any seat — so no answer was made twice, none was lost, and no one
else played a seat while its phone came back.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.core.actions import SeatAction
from companion.core.types import JSONObject, Seat
from companion.games.microfilms.bot import Bot
from companion.journal import Journal
from companion.table import Table
from testkit.lossy import Lossy
from testkit.phone import Phone, loopback
from tests.ui.phone.conftest import SEATS, Served, serve
from ui.phone.server import HEARTBEAT_S

CONVERGED_S = 15.0
"""How long every phone may take to show a move: seconds, not the moment (a chunk lost
three times running waits 1.4 s more), and far from never."""
LANGS = ["zh-Hant", "en", "zh-Hans", "en"]


class Page:
    """One seat's phone as its page behaves, through its own bad link to the tablet."""

    def __init__(self, served: Served, link: Lossy, seat: Seat) -> None:
        self.served, self.link, self.seat = served, link, seat
        self.phone = Phone(served.session, loopback(link.port))
        self.view: JSONObject | None = None
        self.answers: dict[int, JSONObject] = {}
        self.sockets = 0
        self._ids = itertools.count(1)
        self._reading: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()

    async def connect(self) -> None:
        """A socket through the link, the seat's code said, and its frames read from then on
        (the page's Origin and Host are the tablet's, whatever the link's port)."""
        server = loopback(self.served.server.port)
        host = f"127.0.0.1:{self.served.server.port}"
        await self.phone.open(origin=server, headers={"Host": host})
        self.sockets += 1
        token = self.served.server.tokens.token(self.seat)
        welcome = await self.phone.hello(token, LANGS[self.seat])
        assert welcome["type"] == "welcome", welcome
        self._reading = asyncio.ensure_future(self._read())

    async def answer(self, action: JSONObject, cut: str = "") -> JSONObject:
        """Send ``action`` as the answer to the view shown, and its outcome, once heard —
        cutting the link ``before`` the tablet could read it or ``after`` it made the move,
        if asked; a socket that dies meanwhile is opened again and the answer sent again."""
        assert self.view is not None
        ident = next(self._ids)
        message = {"type": "act", "id": ident, "action": action, "seq": self.view["seq"]}
        before = self.served.table.seq
        await self.phone.send(message)
        if cut == "before":
            self.link.cut()
        elif cut == "after":
            await until(lambda: self.served.table.seq > before)
            self.link.cut()
        while ident not in self.answers:
            if self.phone.closed:
                await self.connect()
                await self.phone.send(message)
            await self._wait()
        return self.answers[ident]

    async def _read(self) -> None:
        """Every frame until the socket dies (a cut is as good as a close here)."""
        with contextlib.suppress(aiohttp.ClientError, ConnectionError):
            async for frame in self.phone.frames():
                if frame["type"] == "view":
                    self.view = frame
                elif frame["type"] in ("ok", "error"):
                    self.answers[frame["id"]] = frame
                self._changed.set()
        self._changed.set()

    async def _wait(self) -> None:
        self._changed.clear()
        await asyncio.wait_for(self._changed.wait(), CONVERGED_S)

    async def close(self) -> None:
        await self.phone.close()
        if self._reading is not None:
            await self._reading


async def until(done: Callable[[], bool], timeout: float = CONVERGED_S) -> None:
    async def wait() -> None:
        while not done():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(wait(), timeout)


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    """The table as the demo has it, its server at its own heartbeat (a pong on a bad link
    takes its time)."""
    table = Table.start(Journal(tmp_path / "j.sqlite3"), "microfilms", SEATS, rng=random.Random(7))
    async for s in serve(table, heartbeat=HEARTBEAT_S):
        yield s


@pytest.mark.long(60)
async def test_phones_on_a_bad_wifi_play_a_whole_game_each_move_made_once(
    served: Served,
) -> None:
    table, server = served.table, served.server
    links = [Lossy(server.port, random.Random(40 + i)) for i in range(len(SEATS))]
    for link in links:
        await link.start()
    pages = [Page(served, links[i], Seat(i)) for i in range(len(SEATS))]
    for page in pages:
        await page.connect()
    bots = [Bot(Seat(i), random.Random(70 + i)) for i in range(len(SEATS))]
    table.subscribe(lambda u: [b.hear(u.public()) for b in bots])
    sent: list[Any] = []
    cuts = itertools.cycle(["", "", "", "before", "", "", "after"])
    try:
        while table.over() is None:
            seat = table.pending()[0].seats[0]
            choice = bots[seat].choose(
                table.public_view(), table.private_view(seat), table.legal_actions(seat)
            )
            body = table.spec.codec.encode(choice)
            await until(lambda seat=seat: _current(pages[seat], table.seq))
            outcome = await pages[seat].answer(body, next(cuts))
            assert outcome["type"] == "ok", outcome
            sent.append(body)
            await until(lambda: all(_shows(p, served) for p in pages))
    finally:
        for page in pages:
            await page.close()
        for link in links:
            await link.stop()

    codec = table.spec.codec
    journal = served.service.journal.actions(served.service.game_id)
    made = [a for a in journal if isinstance(codec.decode(a), SeatAction)]
    assert made == sent and len(sent) > 40
    assert sum(p.sockets for p in pages) > len(pages) + 10  # the cuts were felt
    # And so was the loss: a fifth of the chunks, each lost again a fifth of the time — a
    # quarter as many losses as chunks, if only chance took a tenth or more (a fixed count
    # failed once at exactly its bound: how the bytes are chunked varies from run to run).
    chunks, lost = sum(link.chunks for link in links), sum(link.lost for link in links)
    assert chunks > 200 and lost > chunks / 10, (lost, chunks)


def _current(page: Page, seq: int) -> bool:
    return page.view is not None and page.view["seq"] == seq


def _shows(page: Page, served: Served) -> bool:
    """The page shows the seat's view as the tablet renders it now."""
    frame = json.loads(served.server.frame(page.seat, LANGS[page.seat]))
    return page.view == frame
