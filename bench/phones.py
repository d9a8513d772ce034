"""How fast a committed action reaches every phone: prints ``name: value unit`` lines.

A real table service and phone server on loopback, with real WebSocket clients
in this process (as phones on a LAN, minus the radio), at a 4-seat table of the
first registered game. For each action: the time from its commit to the moment
the last measured client has received its view. The measured clients sit at
seats 1–3, several sockets of one device a seat (the server's per-device and
per-address socket limits are raised: every client here shares one address).
Seat 4's phone runs in a process of its own, so that its sending does not share
the server's loop, and is never measured.

- ``push_p50_ms`` / ``push_p99_ms``: 12 clients, seat 4's phone connected and quiet.
- ``flood_push_p99_ms``: the same while seat 4's phone sends 5,000 ``lang`` messages
  (each, if served, a view rendered again) as fast as it can, with the server's
  limits as they ship; ``flood_answered`` is how many of them the server answered
  before it closed that socket.
- ``flood_unlimited_push_p99_ms``: the same flood with the message limit lifted —
  what the limit saves the other phones.
- ``clients_12_p99_ms`` and ``clients_200_p99_ms``: the p99 with 12 and with 200 clients.

Run: ``python bench/phones.py`` (figures go in docs/benchmarks.md); ``--smoke`` pushes a few
actions and a small flood, as CI does so that the script never rots unseen.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from companion.core import playout
from companion.core.types import Seat
from companion.games import GAMES
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService
from testkit.phone import Phone, loopback
from ui.phone.limits import Limits
from ui.phone.server import PhoneServer

SEATS = ["Ann", "Ben", "Cat", "Dan"]
MEASURED = 3
"""Seats whose clients are timed; the last seat is the flooder's."""
FLOODER = Seat(len(SEATS) - 1)
ACTIONS = 300
WARM_UP = 50
FLOOD = 5000
ENDLESS = {"claim": 0.0}
UNLIMITED = 10.0**9


async def measure(
    clients: int, actions: int = ACTIONS, flood: int = 0, message_limit: bool = True
) -> tuple[list[float], int]:
    """Push times (ms) to ``clients`` sockets at seats 1–3, and how many of ``flood``
    messages from the last seat's phone the server answered."""
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp) / "b.sqlite3")
        game = next(iter(GAMES))
        service = TableService.start(journal, game, SEATS, draws=Draws.APP, rng=random.Random(1))
        table = service.table
        committed: list[float] = []
        service.subscribe(lambda change: committed.append(time.perf_counter()))
        limits = Limits(  # one machine plays every phone: as many sockets as it needs
            sockets_per_device=clients, socket_burst=clients + 2,
            connections_per_address=clients + 2,
        )  # fmt: skip
        if not message_limit:
            limits = dataclasses.replace(limits, messages_per_s=UNLIMITED, message_burst=FLOOD)
        server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1", limits=limits)
        await server.start()
        base = loopback(server.port)
        arrivals: list[list[float]] = [[] for _ in range(clients)]
        flooder = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--flood", base, server.tokens.token(FLOODER), str(flood),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert flooder.stdout is not None and flooder.stdin is not None
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            phones: list[Phone] = []
            keys: dict[Seat, str | None] = {}
            for i in range(clients):
                seat = Seat(i % MEASURED)
                phone = Phone(session, base, keys.get(seat))  # the seat's device, once it has one
                await phone.sit(server.tokens.token(seat))
                keys[seat] = phone.device
                phones.append(phone)

            async def listen(i: int, phone: Phone) -> None:
                while len(arrivals[i]) < actions:
                    await phone.receive_text(timeout=None)
                    arrivals[i].append(time.perf_counter())

            await flooder.stdout.readline()  # seated; its flood starts now
            listeners = [asyncio.create_task(listen(i, p)) for i, p in enumerate(phones)]
            rng = random.Random(2)
            for n in range(actions):
                seat = table.pending()[0].seats[0]
                service.submit(playout.choose(table.spec, table.state, seat, rng, ENDLESS))
                while min(len(a) for a in arrivals) <= n:
                    await asyncio.sleep(0)
            await asyncio.gather(*listeners)
            flooder.stdin.close()
            answered = int(await flooder.stdout.readline())
            await flooder.wait()
            for phone in phones:
                await phone.close()
        await server.stop()
    return [(max(a[n] for a in arrivals) - committed[n]) * 1000 for n in range(actions)], answered


async def flood(base: str, token: str, n: int) -> None:
    """The last seat's phone: join, say so, send ``n`` ``lang`` messages as fast as the socket
    takes them while reading what comes back, and, told to stop (stdin closed), print how
    many of them the server answered with a view."""
    async with aiohttp.ClientSession() as session:
        phone = Phone(session, base)
        first = await phone.sit(token)
        print("seated", flush=True)
        answered = [0]
        reading = asyncio.create_task(_count_views(phone, answered, first["seq"]))
        with contextlib.suppress(ConnectionError, aiohttp.ClientError):
            for lang in itertools.islice(itertools.cycle(["en", "zh-Hans", "zh-Hant"]), n):
                await phone.send({"type": "lang", "lang": lang})
        await asyncio.to_thread(sys.stdin.read)
        reading.cancel()
        print(answered[0], flush=True)
        await phone.close()


async def _count_views(phone: Phone, answered: list[int], seq: int) -> None:
    """Count the views that answer a ``lang`` message: those that repeat the last view's
    ``seq`` (a committed action's push always brings a new one)."""
    async for message in phone.frames():
        if message.get("type") == "view":
            answered[0] += message["seq"] == seq
            seq = message["seq"]


def p99(times: list[float]) -> float:
    return statistics.quantiles(times, n=100)[98]


async def main(smoke: bool) -> None:
    actions, flood, wide = (20, 200, 5) if smoke else (ACTIONS, FLOOD, 100)
    await measure(12, WARM_UP)  # the first table in a process pays for warming up; not counted
    twelve, _ = await measure(12, actions)
    print(f"push_p50_ms: {statistics.median(twelve):.2f} ms")
    print(f"push_p99_ms: {p99(twelve):.2f} ms")
    flooded, answered = await measure(12, actions, flood=flood)
    print(f"flood_push_p99_ms: {p99(flooded):.2f} ms")
    print(f"flood_answered: {answered} of {flood} messages")
    unlimited, answered = await measure(12, actions, flood=flood, message_limit=False)
    print(f"flood_unlimited_push_p99_ms: {p99(unlimited):.2f} ms")
    print(f"flood_unlimited_answered: {answered} of {flood} messages")
    print(f"clients_12_p99_ms: {p99(twelve):.2f} ms")
    clients_200, _ = await measure(200, wide)
    print(f"clients_200_p99_ms: {p99(clients_200):.2f} ms")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--flood"]:
        asyncio.run(flood(sys.argv[2], sys.argv[3], int(sys.argv[4])))
    else:
        asyncio.run(main(smoke="--smoke" in sys.argv[1:]))
