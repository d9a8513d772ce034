"""How much any one phone, or any one address, may ask of the table's server.

Every phone shares one asyncio loop with the tablet and every other phone, so
whatever one socket makes the server do — a view rendered in another language,
an action judged and journaled, a refusal written — is time the others wait.
The numbers here bound that work: each socket draws its messages from its own
:class:`Bucket` and is closed when it runs dry; each address draws its new
sockets from another, so a flooder cut off cannot simply reconnect and go on.

Guessing tokens is slowed, never locked out: a lockout per address would lock
out a real phone at that address with its valid token, so a valid token always
gets in, and only the answers to wrong ones wait longer (:class:`BadAttempts`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

Clock = Callable[[], float]


@dataclass(frozen=True)
class Limits:
    """What the server allows, in one place; the defaults are what a table needs.

    A player's page sends a message per tap and a heartbeat every 15 s, so a
    burst of 20 and 5 a second are far beyond what a person does, and far below
    what costs the table anything.
    """

    messages_per_s: float = 5.0
    message_burst: int = 20
    hello_s: float = 5.0
    """A new socket must say ``hello`` within this long, or it is closed."""
    unauthenticated: int = 64
    """Sockets that have not yet proved a seat, at once, in all; past it the oldest goes."""
    unauthenticated_per_address: int = 8
    sockets_per_device: int = 1
    """Live sockets of one device; a newer one closes the oldest (a second tab, a reload)."""
    asking_per_seat: int = 3
    """Devices waiting for the tablet to admit them to one seat; past it the oldest is forgotten."""
    sockets_per_s: float = 1.0
    """New sockets an address may open, after a burst of ``socket_burst``."""
    socket_burst: int = 20
    flood_pause_s: float = 10.0
    """An address whose socket was closed for flooding may open none for this long."""
    rooms: int = 8
    """Room screens (``/room``: a television, a laptop, a player out of the game) open at
    once; the ninth is asked to come back later."""
    rooms_per_address: int = 2
    """Room screens one address may hold open: one laptop cannot take every place."""
    connections_per_address: int = 128
    """Connections one address may hold open at once, sockets and page loads alike
    (:mod:`ui.phone.gate`): a phone's browser opens at most six, so even nine phones behind
    one router's NAT stay far below it, and one machine's flood holds an eighth of the
    descriptors a desktop process has."""


@dataclass
class Bucket:
    """A token bucket: ``burst`` at once, then ``rate`` a second."""

    rate: float
    burst: float
    clock: Clock = time.monotonic
    _level: float = field(init=False)
    _at: float = field(init=False)

    def __post_init__(self) -> None:
        self._level = self.burst
        self._at = self.clock()

    def _refill(self) -> None:
        now = self.clock()
        self._level = min(self.burst, self._level + (now - self._at) * self.rate)
        self._at = now

    def take(self) -> bool:
        """Spend one token if there is one."""
        self._refill()
        if self._level < 1:
            return False
        self._level -= 1
        return True

    def wait(self) -> float:
        """Seconds until a token will be there."""
        self._refill()
        return max(0.0, (1 - self._level) / self.rate)

    def empty(self, for_s: float) -> None:
        """Owe tokens, so that none is there for ``for_s`` seconds (a penalty)."""
        self._refill()
        self._level = min(self._level, 1 - for_s * self.rate)

    @property
    def full(self) -> bool:
        self._refill()
        return self._level >= self.burst


@dataclass
class Doors:
    """One :class:`Bucket` of new sockets per address, forgotten once full again."""

    limits: Limits = field(default_factory=Limits)
    clock: Clock = time.monotonic
    _buckets: dict[str, Bucket] = field(default_factory=dict)

    def _bucket(self, address: str) -> Bucket:
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) > 1024:  # many addresses: drop the idle ones
                self._buckets = {a: b for a, b in self._buckets.items() if not b.full}
            bucket = Bucket(self.limits.sockets_per_s, self.limits.socket_burst, self.clock)
            self._buckets[address] = bucket
        return bucket

    def open(self, address: str) -> float | None:
        """Let ``address`` open a socket (``None``), or the seconds it must wait first."""
        bucket = self._bucket(address)
        return None if bucket.take() else bucket.wait()

    def flooded(self, address: str) -> float:
        """``address`` flooded a socket: it may open none for a while; that while, in seconds."""
        self._bucket(address).empty(self.limits.flood_pause_s)
        return self.limits.flood_pause_s


MAX_FAILURES_TRACKED = 4096
WINDOW_S = 60.0


@dataclass
class BadAttempts:
    """Wrong tokens per address: each one past the first few waits longer for its answer.

    Only wrong tokens wait. Nothing here refuses a token before it is checked,
    so a real phone sharing an address with a guesser still gets in at once.
    """

    window: float = WINDOW_S
    clock: Clock = time.monotonic
    pause: float = 0.1
    """The first slowed-down answer waits this long; each further one twice as long."""
    longest: float = 5.0
    _failures: dict[str, list[float]] = field(default_factory=dict)

    def _recent(self, who: str) -> list[float]:
        now = self.clock()
        if len(self._failures) > MAX_FAILURES_TRACKED:
            self._failures = {
                w: ts for w, ts in self._failures.items() if ts and now - ts[-1] < self.window
            }
        return [t for t in self._failures.get(who, []) if now - t < self.window]

    def fail(self, who: str) -> tuple[int, float]:
        """Record a wrong token from ``who``: how many in the window, and the pause (seconds)
        before it is answered."""
        recent = [*self._recent(who), self.clock()]
        self._failures[who] = recent
        n = len(recent)
        return n, (min(self.longest, self.pause * 2 ** (n - 4)) if n > 3 else 0.0)
