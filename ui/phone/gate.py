"""How many connections any one address may hold open at once, counted as TCP accepts them.

The server's other limits (:mod:`ui.phone.limits`) start at a connection's first request;
one that says nothing at all is closed only when it has been idle for seconds. A laptop on
the Wi-Fi opening thousands of such connections could meanwhile hold every descriptor the
process has, and no phone could load the page. So an address may hold only so many
connections open; one more is closed the moment it is accepted, before it is read or costs
the server anything. A phone's browser opens a handful of connections to one server, so
no player's phone comes near the limit, and others' floods never touch it.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable

from aiohttp import web

Factory = Callable[[], asyncio.Protocol]


class Gate:
    """The open connections of each address, and the door that keeps them to ``most``."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.turned_away = 0
        """Connections closed at once, their address holding ``most`` already."""
        self._open: Counter[str] = Counter()

    def open_from(self, address: str) -> int:
        return self._open[address]

    def protocols(self, make: Factory) -> Factory:
        """A protocol factory for the listening socket: ``make``'s protocol, behind the gate."""
        return lambda: _Counted(self, make)

    def admit(self, address: str) -> bool:
        if self._open[address] >= self.most:
            self.turned_away += 1
            return False
        self._open[address] += 1
        return True

    def leave(self, address: str) -> None:
        self._open[address] -= 1
        if not self._open[address]:
            del self._open[address]


class _Counted(asyncio.Protocol):
    """One accepted connection: counted against its address, and handed to the server's own
    protocol (made only then) — or, past the limit, closed unread."""

    def __init__(self, gate: Gate, make: Factory) -> None:
        self._gate, self._make = gate, make
        self._inner: asyncio.Protocol | None = None
        self._address = ""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if not self._gate.admit(address):
            assert isinstance(transport, asyncio.WriteTransport)
            transport.abort()
            return
        self._address, self._inner = address, self._make()
        self._inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._inner is not None:
            self._gate.leave(self._address)
            self._inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._inner is not None:
            self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()


class GatedSite(web.BaseSite):
    """aiohttp's TCP site, its connections let in through a :class:`Gate`."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, gate: Gate) -> None:
        super().__init__(runner)
        self._host, self._port, self._gate = host, port, gate

    @property
    def name(self) -> str:
        return f"http://{self._host}:{self._port}"

    async def start(self) -> None:
        await super().start()
        server = self._runner.server
        assert server is not None
        self._server = await asyncio.get_running_loop().create_server(
            self._gate.protocols(server), self._host, self._port, reuse_address=True
        )
