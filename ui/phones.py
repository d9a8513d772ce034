"""What a face may know of the phones at its table, and ask of them — not how they are served.

The launcher (:mod:`ui.live`) builds the phones' server and hands it to a face as
:class:`Phones`; the tablet shows each seat's phones (:class:`DeviceStatus`), its QR codes,
who is connected, and gives a seat to another phone — without importing the server.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from companion.core.types import Seat

DEFAULT_PORT = 8737
"""Where a table's phones are served unless told otherwise."""


@dataclass(frozen=True)
class DeviceStatus:
    """One of a seat's phones, as the tablet shows it."""

    label: str
    holds: bool
    """It holds the seat; otherwise it asks the tablet for it."""
    connected: bool


class Phones(Protocol):
    """The phones of one live table, as the face that runs it sees them."""

    moved: tuple[str, int] | None
    """Where this game's phones were before, if the server could not be there again."""

    def url(self, seat: Seat) -> str:
        """What seat's QR code carries."""
        ...

    @property
    def room_url(self) -> str:
        """What the room screen's QR code carries: the public table, read-only."""
        ...

    def move(self) -> tuple[str, str] | None:
        """Where this game's phones were and where they are now, if they moved."""
        ...

    def connected(self) -> frozenset[Seat]: ...

    def phones_of(self, seat: Seat) -> list[DeviceStatus]:
        """The phone holding ``seat`` (first) and those asking for it."""
        ...

    def on_connections(self, listener: Callable[[frozenset[Seat]], None]) -> None: ...

    async def reseat(self, seat: Seat) -> str:
        """A new code for ``seat``: its phones are dropped, and the new QR address returned."""
        ...

    async def admit(self, seat: Seat, label: str) -> bool:
        """``seat`` given to the phone labelled ``label`` that asks for it."""
        ...

    async def revive(self) -> None:
        """Listen again, if the system closed the socket or the address changed."""
        ...
