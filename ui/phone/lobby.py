"""Sockets that have not yet proved a seat: few at a time, and the oldest give way.

Anyone on the Wi-Fi can open a WebSocket; until it presents a seat's token
it is nobody, and must not be able to hold the server's sockets (and file
descriptors) so that a real phone cannot get in. So each address may hold
only a few such sockets, and all of them together only so many: when a new
one would pass that, the oldest socket of the address holding the most gives
way — never the one just opened, so a real phone's hello, which follows its
socket at once, always has its turn. Each must also say hello within a few
seconds (the server's deadline, see :class:`~ui.phone.limits.Limits`).
"""

from __future__ import annotations

from collections import Counter
from typing import Generic, Protocol, TypeVar


class Addressed(Protocol):
    @property
    def address(self) -> str: ...


S = TypeVar("S", bound=Addressed)


class Lobby(Generic[S]):
    def __init__(self, most: int, per_address: int) -> None:
        self.most = most
        self.per_address = per_address
        self._in: dict[S, None] = {}
        """In the order they came: the first is the oldest."""

    def __len__(self) -> int:
        return len(self._in)

    def full_for(self, address: str) -> bool:
        """Whether ``address`` already holds as many sockets as it may."""
        return sum(s.address == address for s in self._in) >= self.per_address

    def enter(self, socket: S) -> S | None:
        """Let ``socket`` in; returns the one that must give way for it, if any."""
        self._in[socket] = None
        if len(self._in) <= self.most:
            return None
        counts = Counter(s.address for s in self._in if s is not socket)
        heaviest = max(counts.values())
        out = next(s for s in self._in if s is not socket and counts[s.address] == heaviest)
        del self._in[out]
        return out

    def leave(self, socket: S) -> None:
        self._in.pop(socket, None)
