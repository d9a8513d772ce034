"""How fast a committed action reaches every phone: prints ``name: value unit`` lines.

A real table service and phone server on loopback, with real WebSocket clients
in this process (as phones on a LAN, minus the radio), at a 4-seat table of the
first registered game. For each action: the time from its commit to the moment
the last connected client has received its view.

- ``push_p50_ms`` / ``push_p99_ms``: 12 clients (three phones a seat at a 4-seat table).
- ``clients_12_p99_ms`` and ``clients_200_p99_ms``: the p99 with 12 and with 200 clients.

Run: ``python bench/phones.py`` (figures go in docs/benchmarks.md).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp

from companion.core import playout
from companion.core.types import Seat
from companion.games import GAMES
from companion.journal import Journal
from companion.service import Draws, TableService
from ui.phone.server import PhoneServer

SEATS = ["Ann", "Ben", "Cat", "Dan"]
ACTIONS = 300
ENDLESS = {"claim": 0.0}


async def measure(clients: int, actions: int = ACTIONS) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp) / "b.sqlite3")
        game = next(iter(GAMES))
        service = TableService.start(journal, game, SEATS, draws=Draws.APP, rng=random.Random(1))
        table = service.table
        committed: list[float] = []
        service.subscribe(lambda change: committed.append(time.perf_counter()))
        server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
        await server.start()
        base = f"http://127.0.0.1:{server.port}"
        arrivals: list[list[float]] = [[] for _ in range(clients)]
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            sockets = []
            for i in range(clients):
                ws = await session.ws_connect(f"{base}/ws", headers={"Origin": base})
                await ws.send_json({"type": "hello", "token": server.tokens.token(Seat(i % 4))})
                await ws.receive_json()  # welcome
                await ws.receive_json()  # the first view
                sockets.append(ws)

            async def listen(i: int, ws: aiohttp.ClientWebSocketResponse) -> None:
                while len(arrivals[i]) < actions:
                    await ws.receive_str()
                    arrivals[i].append(time.perf_counter())

            listeners = [asyncio.create_task(listen(i, ws)) for i, ws in enumerate(sockets)]
            rng = random.Random(2)
            for n in range(actions):
                seat = table.pending()[0].seats[0]
                service.submit(playout.choose(table.spec, table.state, seat, rng, ENDLESS))
                while min(len(a) for a in arrivals) <= n:
                    await asyncio.sleep(0)
            await asyncio.gather(*listeners)
            for ws in sockets:
                await ws.close()
        await server.stop()
    return [(max(a[n] for a in arrivals) - committed[n]) * 1000 for n in range(actions)]


def p99(times: list[float]) -> float:
    return statistics.quantiles(times, n=100)[98]


async def main() -> None:
    twelve = await measure(12)
    print(f"push_p50_ms: {statistics.median(twelve):.2f} ms")
    print(f"push_p99_ms: {p99(twelve):.2f} ms")
    print(f"clients_12_p99_ms: {p99(twelve):.2f} ms")
    print(f"clients_200_p99_ms: {p99(await measure(200, 100)):.2f} ms")


if __name__ == "__main__":
    asyncio.run(main())
