"""A real deal of the same number of game cards to each seat, read off the seats' readers
or told on the phones: 風聲's and 暗火线's (:mod:`companion.core.dealing.deal`).

The players shuffle the game cards and deal each player their hand, the rest face down
as the deck; each player lays the cards they were dealt on their own reader, or names
them on their phone. Identity cards stay in the box: the app deals the identities itself,
from the mix the group chose, and each phone tells its player who they are — a physical
identity card would be a secret the app could not keep nor check. Once every seat has
its hand, the deal is the ``deal`` chance action, with the identities and the start
player drawn by the app.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Protocol, TypeVar

from companion.core.dealing.deal import Deal
from companion.core.phases import Dealing
from companion.core.taps import DealTaps, Laid, Nothing, Place, Station
from companion.core.types import JSON, CardId, Seat
from companion.core.values import Frozen


class Seated(Protocol):
    """A state of a game dealt this way: its phase, and a player for each seat."""

    @property
    def phase(self) -> object: ...

    @property
    def players(self) -> Sequence[object]: ...


S = TypeVar("S", bound=Seated)


class Seen(Frozen):
    """The cards each seat laid on its reader, or told, so far."""

    hands: tuple[tuple[CardId, ...], ...]


def hands_dealt(
    size: int,
    box: Callable[[S], Collection[CardId]],
    roll: Callable[[S, random.Random], Deal],
) -> DealTaps:
    """How a deal of ``size`` cards a seat is read: ``box(state)`` is every card a hand may
    hold, ``roll`` the game's own random deal (whose identities and start player are kept)."""

    def see(state: S, seen: Seen, station: Station, card: CardId) -> Seen | Nothing:
        """A card a seat was dealt; one laid again elsewhere moves there (a card put right)."""
        if card not in box(state):
            return Nothing("ingest.not_this_game", {"card": card})
        if station.place is not Place.SEAT:
            return Nothing("ingest.deal.seats_only")
        assert station.seat is not None
        hands = tuple(tuple(c for c in hand if c != card) for hand in seen.hands)
        if len(hands[station.seat]) >= size:
            return Nothing("ingest.deal.hand_laid", {"seat": station.seat, "count": size})
        mine = (*hands[station.seat], card)
        return Seen(tuple(mine if i == station.seat else hand for i, hand in enumerate(hands)))

    def missing(seen: Seen) -> list[tuple[str, dict[str, JSON]]]:
        seats: list[JSON] = [i for i, hand in enumerate(seen.hands) if len(hand) < size]
        return [("ingest.deal.waiting_hands", {"seats": seats, "count": size})] if seats else []

    def deal(state: S, seen: Seen, rng: random.Random) -> Deal:
        """The hands the readers saw, with identities and the start player drawn by the app."""
        drawn = roll(state, rng)
        return Deal(first=drawn.first, identities=drawn.identities, hands=seen.hands)

    return DealTaps(
        waits=_waits, start=_start,
        see=see, missing=missing, deal=deal, laid=_laid, size=size,
        owes=lambda seen, seat: len(seen.hands[seat]) < size,
    )  # fmt: skip


def _waits(state: Seated) -> bool:
    return isinstance(state.phase, Dealing)


def _start(state: Seated) -> Seen:
    return Seen(((),) * len(state.players))


def _laid(action: Deal) -> list[Laid]:
    """Each seat's hand, on its own reader."""
    return [(Station(Place.SEAT, Seat(i)), c) for i, hand in enumerate(action.hands) for c in hand]
