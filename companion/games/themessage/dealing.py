"""The real deal, read off the readers (digest §2).

The players shuffle the 81 game cards and deal three to each player, the rest
face down as the deck; each player lays the three cards they were dealt on
their own reader. Identity cards carry no sticker and stay in the box: the app
deals the identities itself, from the mix the group chose, and each phone tells
its player who they are — the app keeps identities anyway and shows one only
when its player dies or the game ends. Once every seat has laid its three
cards, the deal is the ``deal`` chance action, with the identities and the
start player drawn by the app.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.core.deal import Deal
from companion.core.phases import Dealing
from companion.core.taps import DealTaps, Laid, Nothing, Place, Role
from companion.core.types import JSON, CardId, Seat
from companion.games.themessage import cards
from companion.games.themessage.setup import HAND, roll_deal
from companion.games.themessage.state import State


@dataclass(frozen=True)
class Seen:
    """The cards each seat laid on its reader so far."""

    hands: tuple[tuple[CardId, ...], ...]


def waits(state: State) -> bool:
    return isinstance(state.phase, Dealing)


def start(state: State) -> Seen:
    return Seen(((),) * len(state.players))


def see(state: State, seen: Seen, role: Role, card: CardId) -> Seen | Nothing:
    """A card a seat was dealt; one laid again elsewhere moves there (a card put right)."""
    if card not in cards.DECKS[state.options.deck]:
        return Nothing("ingest.not_this_game", {"card": card})
    if role.place is not Place.SEAT:
        return Nothing("ingest.deal.seats_only")
    assert role.seat is not None
    hands = tuple(tuple(c for c in hand if c != card) for hand in seen.hands)
    if len(hands[role.seat]) >= HAND:
        return Nothing("ingest.deal.three_cards", {"seat": role.seat})
    mine = (*hands[role.seat], card)
    return Seen(tuple(mine if i == role.seat else hand for i, hand in enumerate(hands)))


def missing(seen: Seen) -> list[tuple[str, dict[str, JSON]]]:
    seats: list[JSON] = [i for i, hand in enumerate(seen.hands) if len(hand) < HAND]
    return [("ingest.deal.waiting_hands", {"seats": seats})] if seats else []


def owes(seen: Seen, seat: Seat) -> bool:
    return len(seen.hands[seat]) < HAND


def deal(state: State, seen: Seen, rng: random.Random) -> Deal:
    """The hands the readers saw, with identities and the start player drawn by the app."""
    drawn = roll_deal(state, rng)
    return Deal(first=drawn.first, identities=drawn.identities, hands=seen.hands)


def laid(action: Deal) -> list[Laid]:
    """Each seat's three cards, on its own reader."""
    return [(Role(Place.SEAT, Seat(i)), c) for i, hand in enumerate(action.hands) for c in hand]


TAPS = DealTaps(
    waits=waits, start=start, see=see, missing=missing, deal=deal, laid=laid, size=HAND, owes=owes
)
"""What :mod:`companion.ingest` needs to read a 風聲 deal off the readers, and
:mod:`companion.core.dealt` to make it from what each player says they were dealt."""
