"""One seat, one device: which phone holds each seat, and which ones ask for it.

A seat's token (its QR code) says which seat; it does not say which phone. A
QR can be photographed across the table, so the token alone must not open a
seat that a phone already holds. The first phone to present a seat's token
takes the seat and is given a **device key** — 128 bits from the operating
system, which its page keeps in local storage and presents with the token
every time it reconnects (a reload, a phone woken from its lock screen, a
Wi-Fi blip), so the same phone gets its seat back with nobody's help. Any
other phone that presents the token is given a key of its own and a short
**label** (four letters and digits, shown large on its screen) and waits: only
the tablet can move the seat to it, by that label, and the phone that held the
seat is then told and loses it.

The holder of each seat is kept in the journal beside the game's tokens, so a
restarted app still knows its phones; only a digest of each key is kept, so the
journal alone opens nothing. Phones waiting to be admitted are kept in memory:
they ask again on their own if the app restarts.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

from companion.core.types import Seat
from companion.journal import Journal

KEY_BYTES = 16
MAX_KEY = 64
LABEL_ALPHABET = "ACDEFHJKLMNPRTUVWXY3479"
"""Letters and digits no one confuses when reading them off a phone (no O/0, I/1, S/5, B/8)."""
LABEL_LENGTH = 4


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass(frozen=True)
class Device:
    """A phone, as the server knows it: the label people read, the digest of its key."""

    label: str
    digest: str

    def opens(self, key: str | None) -> bool:
        return (
            isinstance(key, str)
            and len(key) <= MAX_KEY
            and hmac.compare_digest(_digest(key), self.digest)
        )


@dataclass(frozen=True)
class Claim:
    """What a phone presenting a seat's token is: the seat's holder, or one that asks for it.

    ``key`` is its device key — the one it presented, or a new one for it to keep.
    """

    device: Device
    key: str
    holds: bool
    withdrawn: tuple[Device, ...] = ()
    """The phones that asked for the seat from the same address before this one, and ask
    no more: one address, one place on the seat's list (:meth:`SeatDevices.claim`)."""


@dataclass
class SeatDevices:
    """The holder of every seat of one game, and the phones asking for each."""

    journal: Journal
    game_id: int
    seats: int
    asking_per_seat: int = 3
    _holders: list[Device | None] = field(init=False)
    _asking: list[list[Device]] = field(init=False)
    _from: dict[Device, str] = field(init=False, default_factory=dict)
    """The address each phone asking for a seat asked from."""

    def __post_init__(self) -> None:
        self._holders = [None] * self.seats
        self._asking = [[] for _ in range(self.seats)]
        for seat, digest, label in self.journal.seat_devices(self.game_id):
            self._holders[seat] = Device(label, digest)

    def holder(self, seat: Seat) -> Device | None:
        return self._holders[seat]

    def asking(self, seat: Seat) -> list[Device]:
        """Phones waiting for the tablet to give them ``seat``, oldest first."""
        return list(self._asking[seat])

    def claim(self, seat: Seat, key: str | None, address: str) -> Claim:
        """A phone presented ``seat``'s token with ``key`` (``None`` if it has none yet), from
        ``address``.

        A free seat goes to the first phone that asks; the holder is recognised by its
        key; any other phone is put on the seat's list of phones asking for it, in the place
        of any that asked from its address before: one laptop saying a seat's code again and
        again, its sockets closed or not, cannot push a phone of another address off the
        list, nor have the holder told again and again.
        """
        holder = self._holders[seat]
        if holder is None:
            key, device = self._new()
            self._hold(seat, device)
            return Claim(device, key, holds=True)
        if holder.opens(key):
            assert key is not None
            return Claim(holder, key, holds=True)
        known = next((d for d in self._asking[seat] if d.opens(key)), None)
        if known is not None:
            assert key is not None
            return Claim(known, key, holds=False)
        key, device = self._new()
        withdrawn = tuple(d for d in self._asking[seat] if self._from.get(d) == address)
        self._ask(seat, [*(d for d in self._asking[seat] if d not in withdrawn), device])
        self._from[device] = address
        return Claim(device, key, holds=False, withdrawn=withdrawn)

    def _ask(self, seat: Seat, devices: list[Device]) -> None:
        """The phones asking for ``seat`` are the last few of ``devices``."""
        kept = devices[-self.asking_per_seat :]
        for device in self._asking[seat]:
            if device not in kept:
                self._from.pop(device, None)
        self._asking[seat] = kept

    def admit(self, seat: Seat, label: str) -> tuple[Device, Device | None] | None:
        """The tablet gives ``seat`` to the phone labelled ``label`` that asks for it.

        Returns that phone and the one that held the seat (now holding nothing), or
        ``None`` if no phone of that label asks for this seat.
        """
        device = next((d for d in self._asking[seat] if d.label == label), None)
        if device is None:
            return None
        self._ask(seat, [d for d in self._asking[seat] if d != device])
        before = self._holders[seat]
        self._hold(seat, device)
        return device, before

    def release(self, seat: Seat | None = None) -> None:
        """Forget who holds ``seat`` (every seat if ``None``): the next phone takes it.

        Re-seating a player does this to one seat; a server that had to move to
        another port does it to all, since a page at a new address has lost its key.
        """
        for s in range(self.seats) if seat is None else (seat,):
            self._holders[s] = None
            self._ask(Seat(s), [])
        self.journal.drop_seat_devices(self.game_id, seat)

    def _hold(self, seat: Seat, device: Device) -> None:
        self._holders[seat] = device
        self.journal.keep_seat_device(self.game_id, seat, device.digest, device.label)

    def _new(self) -> tuple[str, Device]:
        taken = {d.label for d in self._holders if d is not None}
        taken |= {d.label for asking in self._asking for d in asking}
        while True:
            label = "".join(secrets.choice(LABEL_ALPHABET) for _ in range(LABEL_LENGTH))
            if label not in taken:
                key = secrets.token_urlsafe(KEY_BYTES)
                return key, Device(label, _digest(key))
