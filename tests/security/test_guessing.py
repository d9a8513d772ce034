"""Guessing tokens from one address: each wrong answer waits longer, a valid token never does."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.clock import HandClock
from companion.core.types import Seat
from testkit.phone import Phone
from tests.security.conftest import from_address, new_table, socket_from
from tests.ui.phone.conftest import Served, serve
from ui.phone.limits import BadAttempts


@pytest.fixture
async def ticking(tmp_path: Path) -> AsyncIterator[Served]:
    """A server whose clock the test moves: a second a guess, all within one minute."""
    async for s in serve(new_table(tmp_path / "j.sqlite3"), clock=HandClock()):
        yield s


async def guess(served: Served, session: aiohttp.ClientSession, token: str) -> dict[str, Any]:
    phone = Phone(session, served.base)
    reply = await phone.join(token, "en")
    await phone.close()
    return reply


async def test_a_valid_token_gets_in_after_any_number_of_wrong_ones(ticking: Served) -> None:
    async with from_address("127.0.0.2") as guesser:
        for n in range(50):
            reply = await guess(ticking, guesser, f"guess-{n}")
            assert reply["code"] == "unknown_token"
            ticking.clock.now += 1.0
        token = ticking.server.tokens.token(Seat(0))
        assert (await guess(ticking, guesser, token))["type"] == "welcome"


async def test_a_wrong_token_waits_but_a_valid_one_from_the_same_address_does_not(
    tmp_path: Path,
) -> None:
    slow = BadAttempts(clock=HandClock(), pause=60.0, longest=60.0)
    async for served in serve(new_table(tmp_path / "j.sqlite3"), attempts=slow):
        async with from_address("127.0.0.2") as guesser:
            for n in range(3):  # the first few are answered at once
                assert (await guess(served, guesser, f"typo-{n}"))["code"] == "unknown_token"
            waiting = await socket_from(guesser, served)
            await waiting.send({"type": "hello", "token": "a-fourth-guess"})
            answer = asyncio.ensure_future(waiting.receive(timeout=None))
            token = served.server.tokens.token(Seat(2))
            assert (await guess(served, guesser, token))["type"] == "welcome"
            assert not answer.done()  # the guess sent first is still waiting for its answer
            answer.cancel()


def test_each_wrong_token_past_the_first_few_waits_twice_as_long_up_to_a_limit() -> None:
    clock = HandClock()
    attempts = BadAttempts(clock=clock, pause=0.5, longest=4.0)
    pauses = [attempts.fail("127.0.0.2")[1] for _ in range(9)]
    assert pauses == [0.0, 0.0, 0.0, 0.5, 1.0, 2.0, 4.0, 4.0, 4.0]
    assert attempts.fail("127.0.0.3") == (1, 0.0)  # another address is not slowed
    clock.now += 61
    assert attempts.fail("127.0.0.2") == (1, 0.0)  # an old mistake is forgotten
