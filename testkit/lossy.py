"""A bad Wi-Fi between phones and the tablet, on this machine: a TCP proxy that delays
every piece of data and, as a lost packet does under TCP, holds some back until they are
sent again.

A real link that drops a packet does not lose the bytes: TCP sends them again after its
retransmission timeout, doubling it each time it is lost again, and holds everything
behind it meanwhile (data arrives in order). So the proxy gives each chunk it reads a
one-way delay drawn from ``delay`` seconds, adds a retransmission wait for each time it is
"lost" (``loss`` a time, from ``RTO`` seconds, doubling), and never delivers a chunk before
the one before it. :meth:`Lossy.cut` ends every connection abruptly, as a phone that walks
out of range does: what was still on its way is gone, and neither end is told politely.

Everything stays on loopback; no packet leaves the machine, and no privileges are needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from typing import Final

RTO: Final = 0.2
"""TCP's first retransmission timeout on a fast link, in seconds (Linux's floor)."""
CHUNK: Final = 65_536


class Lossy:
    """Listens on loopback and relays each connection to ``upstream``'s port, badly."""

    def __init__(
        self,
        upstream: int,
        rng: random.Random,
        *,
        loss: float = 0.2,
        delay: tuple[float, float] = (0.1, 0.3),
    ) -> None:
        self.upstream, self.rng, self.loss, self.delay = upstream, rng, loss, delay
        self.port = 0
        self.chunks = 0
        """Chunks relayed, both ways."""
        self.lost = 0
        """Times a chunk was lost and sent again."""
        self._server: asyncio.Server | None = None
        self._links: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = int(self._server.sockets[0].getsockname()[1])

    def cut(self) -> None:
        """Every connection through the proxy ends now, without a word to either end."""
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()

    async def stop(self) -> None:
        """Every connection cut, and the proxy gone once each relay has seen its end."""
        self.cut()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await asyncio.gather(*self._links, return_exceptions=True)

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = asyncio.current_task()
        assert link is not None
        self._links.add(link)
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream)
        except OSError:
            writer.transport.abort()
            self._links.discard(link)
            return
        self._writers |= {writer, up_writer}
        try:
            await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer))
        finally:
            for end in (writer, up_writer):
                end.transport.abort()
                self._writers.discard(end)
            self._links.discard(link)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One direction: each chunk read is written at its delivery time, in order."""
        due: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        deliver = asyncio.ensure_future(self._deliver(due, writer))
        last = 0.0
        try:
            while chunk := await reader.read(CHUNK):
                last = max(last, time.monotonic() + self._wait())
                due.put_nowait((last, chunk))
        except ConnectionError:
            pass
        finally:
            due.put_nowait((last, b""))  # the end, after everything read
            with contextlib.suppress(ConnectionError):
                await deliver

    async def _deliver(
        self, due: asyncio.Queue[tuple[float, bytes]], writer: asyncio.StreamWriter
    ) -> None:
        while True:
            at, chunk = await due.get()
            await asyncio.sleep(max(0.0, at - time.monotonic()))
            if not chunk or writer.transport.is_closing():
                if not writer.transport.is_closing():
                    writer.write_eof()
                return
            writer.write(chunk)
            await writer.drain()

    def _wait(self) -> float:
        """One chunk's delay: the link's own, and a retransmission wait per loss."""
        self.chunks += 1
        wait, rto = self.rng.uniform(*self.delay), RTO
        while self.rng.random() < self.loss:
            self.lost += 1
            wait += rto
            rto *= 2
        return wait
