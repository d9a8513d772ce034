"""The real deal, read off the readers (digest §2).

The players deal the cards as the rulebook says: the fourth Agent with its
Microfilm and letter and the unused Freelancers go back in the box unseen, one
identity and one action card to each player, and one Alliance letter of the
three in play is set aside unseen. The app learns that deal without anyone
seeing more than their own cards: each player lays their identity card and
their starting card on their own reader, and the set-aside letter is laid
face down on the centre reader. Once every part is there it is the ``deal``
chance action, as if the app had drawn it, with the start player drawn by the
app (§2 step 9). The rest of the box needs no reading: what was dealt and set
aside says which cards are in the deck and which were put back.

At a table without readers each player tells their phone the two cards instead
(:mod:`companion.core.dealing.told`), and the letter set aside — which nobody may see —
is the app's guess until the game shows which it is (:mod:`.letter`).
"""

from __future__ import annotations

import random
from dataclasses import replace

from companion.core.phases import Dealing
from companion.core.taps import DealTaps, Laid, Nothing, Place, Station
from companion.core.types import JSON, CardId, Seat
from companion.core.values import Frozen
from companion.games.microfilms import cards
from companion.games.microfilms.actions import Deal
from companion.games.microfilms.cards import Kind
from companion.games.microfilms.setup import MIN_SEATS
from companion.games.microfilms.state import State


class Seen(Frozen):
    """What the readers saw of the deal so far: each seat's two cards, the letter set aside."""

    identities: tuple[CardId | None, ...]
    hands: tuple[CardId | None, ...]
    letter_out: CardId | None = None
    letter_guessed: bool = False
    """``letter_out`` was drawn by the app, as no reader saw the letter set aside."""


def waits(state: State) -> bool:
    return isinstance(state.phase, Dealing)


def start(state: State) -> Seen:
    nobody = (None,) * len(state.players)
    return Seen(nobody, nobody)


def see(state: State, seen: Seen, station: Station, card: CardId) -> Seen | Nothing:
    """A card laid during the deal; one laid again elsewhere moves there (a card put right)."""
    known = cards.CARDS.get(card)
    if known is None:
        return Nothing("ingest.not_this_game", {"card": card})
    if station.place is Place.SEAT:
        assert station.seat is not None
        if cards.is_identity(card):
            if known.kind is Kind.FREELANCER and len(state.players) == MIN_SEATS:
                return Nothing("ingest.deal.no_freelancers")  # §2 step 4: three Agents only
            return replace(seen, identities=_put(seen.identities, station.seat, card))
        if known.kind is Kind.ACTION:
            return replace(seen, hands=_put(seen.hands, station.seat, card))
        return Nothing("ingest.deal.seat_cards", {"seat": station.seat})
    if station.place is Place.CENTRE and known.kind is Kind.LETTER:
        return replace(seen, letter_out=card)
    return Nothing("ingest.deal.centre_letter")


def _put(slots: tuple[CardId | None, ...], seat: Seat, card: CardId) -> tuple[CardId | None, ...]:
    return tuple(card if i == seat else None if s == card else s for i, s in enumerate(slots))


def missing(seen: Seen) -> list[tuple[str, dict[str, JSON]]]:
    """Who has still to lay a card, and whether the set-aside letter was laid."""
    seats: list[JSON] = [
        i for i, (a, b) in enumerate(zip(seen.identities, seen.hands, strict=True)) if not (a and b)
    ]
    said: list[tuple[str, dict[str, JSON]]] = []
    if seats:
        said.append(("ingest.deal.waiting_seats", {"seats": seats}))
    if seen.letter_out is None:
        said.append(("ingest.deal.waiting_letter", {}))
    return said


def owes(seen: Seen, seat: Seat) -> bool:
    return seen.identities[seat] is None or seen.hands[seat] is None


def guess_letter(state: State, seen: Seen, rng: random.Random) -> Seen:
    """The letter set aside, where no reader saw it: one of the nations dealt, drawn by the
    app and marked as a guess, which the rules never judge a claim by."""
    if seen.letter_out is not None:
        return seen
    nations = [cards.CARDS[c].nation for c in seen.identities if c is not None]
    letters = sorted(cards.letter(n) for n in nations if n is not None)
    return replace(seen, letter_out=rng.choice(letters), letter_guessed=True) if letters else seen


def deal(state: State, seen: Seen, rng: random.Random) -> Deal:
    """The deal the readers saw, with the start player drawn (§2 step 9); call it once
    nothing is :func:`missing`."""
    identities, hands = tuple(filter(None, seen.identities)), tuple(filter(None, seen.hands))
    assert seen.letter_out is not None and len(identities) == len(hands) == len(state.players)
    first = Seat(rng.randrange(len(state.players)))
    return Deal(
        first=first, identities=identities, letter_out=seen.letter_out, hands=hands,
        letter_seen=not seen.letter_guessed,
    )  # fmt: skip


def laid(action: Deal) -> list[Laid]:
    """Where each card of ``action`` is laid: a seat's two cards on its reader, the letter
    set aside face down on the centre reader."""
    seats = (Station(Place.SEAT, Seat(i)) for i in range(len(action.identities)))
    pairs = zip(seats, action.identities, action.hands, strict=True)
    return [
        *((station, card) for station, identity, hand in pairs for card in (identity, hand)),
        (Station(Place.CENTRE), action.letter_out),
    ]


TAPS = DealTaps(
    waits=waits, start=start, see=see, missing=missing, deal=deal, laid=laid,
    size=2, owes=owes, unseen=guess_letter,
)  # fmt: skip
"""What :mod:`companion.ingest` needs to read a Microfilms deal off the readers, and
:mod:`companion.core.dealing.told` to make it from what each player says they were dealt."""
