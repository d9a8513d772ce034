"""The real deal, read off the readers (each game's digest §2). Microfilms: each seat lays
its identity and starting card on its own reader, the set-aside Alliance letter goes face
down on the centre reader. 風聲: each seat lays its three cards; the app deals the
identities. Either way the app learns the deal without anyone seeing more than their own."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.phases import Dealing
from companion.core.taps import Place, Station
from companion.core.types import CardId, Seat
from companion.games import GAMES
from companion.games.microfilms import GAME, dealing
from companion.games.microfilms.actions import Deal
from companion.games.microfilms.setup import roll_deal
from companion.games.microfilms.state import Choosing
from companion.games.themessage import dealing as message_dealing
from companion.games.themessage.setup import roll_deal as roll_message_deal
from companion.ingest import Feedback, Ingest, Notice
from companion.journal import Journal
from companion.observations import TagPlaced
from companion.table import Table, dealt_by_hand, players_tell
from firmware_bridge.emulators.ntag import sticker_uid
from hardware.stickers import places_of, reader_stations, recogniser

SEATS = ["Ann", "Ben", "Cat", "Dan"]
STATIONS = reader_stations(4)
PLACES = places_of(STATIONS)
NAMES = {station: name for name, station in STATIONS.items()}
recognise = recogniser(c for g in GAMES.values() for box in g.sensing.boxes.values() for c in box)


def lay(ingest: Ingest, station: Station, card: CardId) -> Feedback:
    return ingest.observe(TagPlaced(NAMES[station], sticker_uid(card), (), 0.0))


@pytest.fixture
def table(tmp_path: Path) -> Table:
    chance = dealt_by_hand(GAME, players_tell(GAME, random.Random(3)))
    return Table.start(Journal(tmp_path / "j.sqlite3"), "microfilms", SEATS, chance=chance)


@pytest.fixture
def ingest(table: Table) -> Ingest:
    return Ingest(table, PLACES, recognise, rng=random.Random(8))


def shuffled(table: Table, seed: int = 5) -> Deal:
    """A deal as real hands make it: the box shuffled and dealt (§2 steps 3–8)."""
    return roll_deal(table.state, random.Random(seed))


def test_a_table_dealt_by_hand_waits_for_its_deal(table: Table, ingest: Ingest) -> None:
    assert isinstance(table.state.phase, Dealing) and table.journal.entries(table.game_id) == []
    assert ingest.dealing() == [
        Notice("ingest.deal.waiting_seats", {"seats": [0, 1, 2, 3]}),
        Notice("ingest.deal.waiting_letter"),
    ]


def test_the_deal_laid_on_the_readers_is_the_game_and_no_card_shows(
    table: Table, ingest: Ingest
) -> None:
    """§2, §3: identities, starting cards and the removed letter are known to the app only."""
    deal = shuffled(table)
    updates = []
    table.subscribe(updates.append)
    *first, last = dealing.laid(deal)
    for station, card in first:
        assert lay(ingest, station, card) == Feedback(), (
            "nothing is committed before the whole deal"
        )
    assert ingest.dealing() == [Notice("ingest.deal.waiting_letter")]
    feedback = lay(ingest, *last)
    committed = feedback.committed
    assert len(committed) == 1 and isinstance(committed[0], Deal)
    assert (committed[0].identities, committed[0].hands, committed[0].letter_out) == (
        deal.identities, deal.hands, deal.letter_out
    )  # fmt: skip
    assert isinstance(table.state.phase, Choosing) and ingest.dealing() is None
    public = str(table.public_view()) + str(updates[-1].public())
    hidden = {*deal.identities, *deal.hands, deal.letter_out}
    assert not [c for c in hidden if c in public]
    for seat in range(4):
        told = updates[-1].private(Seat(seat))[0]["args"]
        assert told == {"identity": deal.identities[seat], "hand": [deal.hands[seat]]}


def test_a_card_with_no_place_in_the_deal_is_said_and_changes_nothing(
    table: Table, ingest: Ingest
) -> None:
    before = ingest.dealing()
    seat = Station(Place.SEAT, Seat(1))
    said = lay(ingest, seat, CardId("M-CN")).notices
    assert said == (Notice("ingest.deal.seat_cards", {"seat": 1}),)
    assert lay(ingest, Station(Place.CENTRE), CardId("R-CN")).notices == (
        Notice("ingest.deal.centre_letter"),
    )
    assert lay(ingest, Station(Place.DISCARD), CardId("A-SB1")).notices == (
        Notice("ingest.deal.centre_letter"),
    )
    assert ingest.dealing() == before and isinstance(table.state.phase, Dealing)


def test_a_card_laid_again_on_another_reader_moves_there(table: Table, ingest: Ingest) -> None:
    ann, ben = Station(Place.SEAT, Seat(0)), Station(Place.SEAT, Seat(1))
    for station, card in [(ann, "R-CN"), (ann, "A-SB1"), (ben, "A-IB1")]:
        lay(ingest, station, CardId(card))
    assert ingest.dealing() == [
        Notice("ingest.deal.waiting_seats", {"seats": [1, 2, 3]}),
        Notice("ingest.deal.waiting_letter"),
    ]
    lay(ingest, ben, CardId("R-CN"))  # Ann's identity was Ben's: it goes where it was laid last
    assert ingest.dealing() == [
        Notice("ingest.deal.waiting_seats", {"seats": [0, 2, 3]}),
        Notice("ingest.deal.waiting_letter"),
    ]


def test_a_deal_the_box_does_not_allow_is_said_and_mended_by_laying_the_right_card(
    table: Table, ingest: Ingest
) -> None:
    """§2 steps 3–5: 3 Agents and N−3 Freelancers; a fourth Agent cannot be in play."""
    deal = shuffled(table)
    agents = [c for c in deal.identities if c.startswith("R-") and len(c) == 4]
    freelancer = next(s for s, c in enumerate(deal.identities) if c not in agents)
    wrong = next(c for c in ("R-CN", "R-UK", "R-US", "R-SU") if c not in deal.identities)
    laid = dealing.laid(deal)
    for station, card in laid:
        mistaken = station == Station(Place.SEAT, Seat(freelancer)) and card in deal.identities
        feedback = lay(ingest, station, CardId(wrong) if mistaken else card)
    assert feedback.committed == ()
    assert feedback.notices == (Notice("violation.bad_chance", {"what": "deal", "detail": (
        "identities: 3 Agents and N−3 Freelancers, one per seat")}),)  # fmt: skip
    assert isinstance(table.state.phase, Dealing)
    mended = lay(ingest, Station(Place.SEAT, Seat(freelancer)), deal.identities[freelancer])
    assert len(mended.committed) == 1 and isinstance(table.state.phase, Choosing)


def test_the_start_player_is_drawn_by_the_app(tmp_path: Path) -> None:
    """§2 step 9: the deal read off the readers names no start player; the app draws one."""
    firsts = set()
    for seed in range(12):
        chance = dealt_by_hand(GAME, players_tell(GAME, random.Random(seed)))
        table = Table.start(Journal(tmp_path / f"{seed}.sqlite3"), "microfilms", SEATS,
                            chance=chance)  # fmt: skip
        ingest = Ingest(table, PLACES, recognise, rng=random.Random(seed))
        for station, card in dealing.laid(shuffled(table, seed)):
            lay(ingest, station, card)
        firsts.add(table.state.active)
    assert len(firsts) > 1


# --- 風聲 ---------------------------------------------------------------------------------


@pytest.fixture
def message(tmp_path: Path) -> Table:
    chance = dealt_by_hand(GAMES["themessage"], players_tell(GAMES["themessage"], random.Random(3)))
    return Table.start(Journal(tmp_path / "m.sqlite3"), "themessage", SEATS, chance=chance)


WAITING_FOR_ALL = Notice("ingest.deal.waiting_hands", {"seats": [0, 1, 2, 3], "count": 3})


def test_the_message_deal_is_three_cards_a_seat_and_the_app_deals_identities(
    message: Table,
) -> None:
    """§2: three cards each, the rest the deck; identities from the default mix (2 red, 2 blue)."""
    ingest = Ingest(message, PLACES, recognise, rng=random.Random(8))
    assert ingest.dealing() == [
        Notice("ingest.deal.waiting_hands", {"seats": [0, 1, 2, 3], "count": 3})
    ]
    dealt = roll_message_deal(message.state, random.Random(4))
    lays = message_dealing.TAPS.laid(dealt)
    assert len(lays) == 12 and all(station.place is Place.SEAT for station, _ in lays)
    for station, card in lays[:-1]:
        assert lay(ingest, station, card) == Feedback()
    committed = lay(ingest, *lays[-1]).committed
    assert len(committed) == 1 and committed[0].hands == dealt.hands  # type: ignore[attr-defined]
    state = message.state
    assert [p.hand for p in state.players] == list(dealt.hands) and len(state.deck) == 69
    assert sorted(p.identity for p in state.players) == ["ID-BLUE", "ID-BLUE", "ID-RED", "ID-RED"]
    assert ingest.dealing() is None


def test_a_fourth_card_or_a_card_in_the_centre_has_no_place_in_the_message_deal(
    message: Table,
) -> None:
    ingest = Ingest(message, PLACES, recognise, rng=random.Random(8))
    ann = Station(Place.SEAT, Seat(0))
    for card in ("LOCK-R-S-1", "LOCK-R-S-2", "LOCK-R-S-3"):
        assert lay(ingest, ann, CardId(card)) == Feedback()
    assert lay(ingest, ann, CardId("LOCK-B-S-1")).notices == (
        Notice("ingest.deal.hand_laid", {"seat": 0, "count": 3}),
    )
    assert lay(ingest, Station(Place.CENTRE), CardId("LOCK-B-S-1")).notices == (
        Notice("ingest.deal.seats_only"),
    )
    lay(ingest, Station(Place.SEAT, Seat(1)), CardId("LOCK-R-S-3"))  # laid again: it moves to Ben
    assert ingest.dealing() == [
        Notice("ingest.deal.waiting_hands", {"seats": [0, 1, 2, 3], "count": 3})
    ]
