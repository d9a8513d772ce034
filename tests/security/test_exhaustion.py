"""Sockets opened until the server has no file descriptor left: said once, and it recovers.

The server runs in a child process whose descriptor limit is lowered to 64, so
that a few dozen connections exhaust it; the test opens many more.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import textwrap
from pathlib import Path

import aiohttp

from testkit.phone import Phone, loopback

CHILD = textwrap.dedent(
    """
    import asyncio, logging, random, resource, sys
    from companion.core.types import Seat
    from companion.journal import Journal
    from companion.service import TableService
    from companion.policy import Draws
    from ui.phone.server import PhoneServer

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")
    resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))

    async def main():
        service = TableService.start(Journal(sys.argv[1]), "microfilms", ["Ann", "Ben", "Cat"],
                                     draws=Draws.APP, rng=random.Random(1))
        server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
        await server.start()
        print(server.port, server.tokens.token(Seat(0)), flush=True)
        loop = asyncio.get_running_loop()
        while (line := await loop.run_in_executor(None, sys.stdin.readline)).strip() == "count":
            print(server.exhaustion.refused, flush=True)
        await server.stop()
        await asyncio.sleep(1.5)  # the app lives on after a game's server stops

    asyncio.run(main())
    """
)
FLOOD = 300
ADDRESSES = 10
"""Flooders, each under its own cap of connections (:mod:`ui.phone.gate`), all together
over the descriptors."""


class Child:
    """The server's process, commanded over its standard input."""

    def __init__(self, process: asyncio.subprocess.Process, port: int, token: str) -> None:
        self.process, self.port, self.token = process, port, token

    @classmethod
    async def start(cls, journal: Path) -> Child:
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", CHILD, str(journal), env=env,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert process.stdout
        port, token = (await asyncio.wait_for(process.stdout.readline(), 30)).decode().split()
        return cls(process, int(port), token)

    async def refused(self) -> int:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(b"count\n")
        return int(await self.process.stdout.readline())

    async def flood(self) -> list[asyncio.StreamWriter]:
        """Connections opened until the server has refused some; those it took."""

        async def connect(address: str) -> asyncio.StreamWriter | None:
            with contextlib.suppress(OSError, TimeoutError):
                opened = asyncio.open_connection("127.0.0.1", self.port, local_addr=(address, 0))
                return (await asyncio.wait_for(opened, 3))[1]
            return None

        async def refused_again_and_again() -> None:
            while await self.refused() < 3:
                await asyncio.sleep(0.2)

        opened = (connect(f"127.0.0.{2 + i % ADDRESSES}") for i in range(FLOOD))
        held = [w for w in await asyncio.gather(*opened) if w]
        await asyncio.wait_for(refused_again_and_again(), 30)
        return held

    async def stop(self) -> str:
        """Stop the server (the app lives on a while); what it logged."""
        assert self.process.stdin and self.process.stderr
        self.process.stdin.write(b"stop\n")
        logged = (await asyncio.wait_for(self.process.stderr.read(), 30)).decode()
        assert await self.process.wait() == 0
        return logged


async def test_running_out_of_descriptors_is_logged_once_and_the_server_recovers(
    tmp_path: Path,
) -> None:
    child = await Child.start(tmp_path / "j.sqlite3")
    for writer in await child.flood():
        writer.close()

    async with aiohttp.ClientSession() as session:
        phone = Phone(session, loopback(child.port))
        while phone.closed:  # the backlog drains as the held sockets close
            with contextlib.suppress(aiohttp.ClientError):
                await phone.open()
        assert (await phone.hello(child.token, "en"))["type"] == "welcome"
        await phone.close()
    logged = await child.stop()
    assert logged.count("cannot accept phones' connections") == 1, logged
    assert logged.count("accepting phones' connections again") == 1, logged
    assert "Traceback" not in logged


async def test_a_server_stopped_while_out_of_descriptors_stops_without_a_traceback(
    tmp_path: Path,
) -> None:
    """asyncio tries a refused accept again a second later, on the listening socket even if
    it was closed meanwhile; the server, stopped mid-flood, waits those tries out."""
    child = await Child.start(tmp_path / "j.sqlite3")
    held = await child.flood()
    logged = await child.stop()
    for writer in held:
        writer.close()
    assert logged.count("cannot accept phones' connections") == 1, logged
    assert "Traceback" not in logged, logged
