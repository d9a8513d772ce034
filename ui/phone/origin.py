"""Which requests are meant for this server: the Host it answers to, the Origin it trusts.

A page anywhere on the internet can make a player's browser open a WebSocket
to the tablet; the browser says where the page came from in ``Origin``. And
with DNS rebinding a hostile page can make its own name point at the tablet,
so that ``Origin`` and ``Host`` agree and both name the attacker
(``http://evil.example:8737``). So both are checked: ``Host`` must name this
server — one of its own addresses, as :mod:`ui.lan` finds them, loopback,
or the host it was started with — with its port, and ``Origin`` must be exactly
``http://`` and that host and port. The page is only ever served over plain
HTTP, so no other scheme is ours.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ui import lan

LOOPBACK_NAMES = frozenset({"localhost"})
REFRESH_S = 10.0
"""An unknown Host looks at the machine's addresses again, at most this often (DHCP moves)."""


def split_host(header: str) -> tuple[str, int | None] | None:
    """``"192.168.1.2:8737"`` → ``("192.168.1.2", 8737)``; ``"[::1]:80"`` → ``("::1", 80)``;
    ``None`` for what is not a host and optional port."""
    name, port = header, None
    if header.startswith("["):
        close = header.find("]")
        if close < 0:
            return None
        name, rest = header[1:close], header[close + 1 :]
        if rest:
            if not rest.startswith(":"):
                return None
            port = _port(rest[1:])
            if port is None:
                return None
    elif ":" in header:
        name, _, digits = header.rpartition(":")
        port = _port(digits)
        if port is None or ":" in name:
            return None
    if not name:
        return None
    return name.lower(), port


def _port(digits: str) -> int | None:
    """A port in ASCII digits only: ``int`` would also read full-width ones (``８０``)."""
    plain = digits.isascii() and digits.isdigit()
    return int(digits) if plain and 0 < int(digits) < 65536 else None


def _loopback(name: str) -> bool:
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@dataclass
class OwnHosts:
    """The names this server answers to, on one port."""

    port: int
    named: frozenset[str] = frozenset()
    """The host it was started with and the address it binds, if not every address."""
    find: Callable[[], list[str]] = field(default=lambda: [a.ip for a in lan.candidates()])
    clock: Callable[[], float] = time.monotonic
    _lan: frozenset[str] = field(init=False, default=frozenset())
    _looked: float = field(init=False, default=float("-inf"))

    def __post_init__(self) -> None:
        self.named = frozenset(n.lower() for n in self.named)
        self._look()

    def _look(self) -> None:
        self._lan = frozenset(self.find())
        self._looked = self.clock()

    def _ours(self, name: str) -> bool:
        return name in self.named or name in self._lan or _loopback(name)

    def allows(self, host: str | None) -> bool:
        """Whether a request whose ``Host`` header is ``host`` is meant for this server."""
        found = split_host(host) if host else None
        if found is None:
            return False
        name, port = found
        if (port if port is not None else 80) != self.port:
            return False
        if self._ours(name):
            return True
        if self.clock() - self._looked >= REFRESH_S:
            self._look()
            return self._ours(name)
        return False

    def trusts(self, origin: str | None, host: str | None) -> bool:
        """Whether a WebSocket from a page of ``origin`` may open on ``host``: exactly our page."""
        return (
            origin is not None and self.allows(host) and origin.lower() == f"http://{host}".lower()
        )
