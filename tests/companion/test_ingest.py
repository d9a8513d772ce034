"""Taps become Microfilms actions; what a tap cannot say is asked; the record never changes
behind anyone's back."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.actions import Discard, Pick
from companion.core.audit import AuditHand
from companion.core.phases import Discarding
from companion.core.taps import Place, Station
from companion.core.types import CardId, Seat
from companion.games.microfilms import GAME, cards
from companion.games.microfilms.actions import Blackmail, Draw, GiveIn, Source
from companion.games.microfilms.state import Choosing
from companion.ingest import Feedback, Ingest
from companion.journal import Journal
from companion.observations import CardSeen, SourceState, SourceStatus, TagPlaced, TagRemoved
from companion.table import Table, players_tell
from firmware_bridge.emulators.ntag import sticker_uid
from hardware.stickers import places_of, reader_stations, recogniser

SEATS = ["Ann", "Ben", "Cat", "Dan"]
PLACES = places_of(reader_stations(4))
recognise = recogniser(cards.CARDS)


@pytest.fixture
def table(tmp_path: Path) -> Table:
    readers_see_draws = players_tell(GAME, random.Random(3))
    return Table.start(Journal(tmp_path / "j.sqlite3"), "microfilms", SEATS,
                       chance=readers_see_draws)  # fmt: skip


@pytest.fixture
def ingest(table: Table) -> Ingest:
    return Ingest(table, PLACES, recognise)


def reader_of(seat: Seat) -> str:
    return f"seat{seat + 1}"


def tap(ingest: Ingest, reader: str, card: CardId, at: float = 0.0) -> Feedback:
    return ingest.observe(TagPlaced(reader, sticker_uid(card), (), at))


def lift(ingest: Ingest, reader: str, card: CardId, at: float) -> None:
    ingest.observe(TagRemoved(reader, sticker_uid(card), at))


def given(table: Table, kinds: tuple[str, ...]) -> CardId:
    """A card of one of ``kinds`` from the deck, put into the active seat's hand by its audit."""
    seat = table.state.active
    card = next(c for c in table.state.deck if c.startswith(kinds))
    table.submit(AuditHand(seat=seat, cards=(*table.state.player(seat).hand, card)))
    return card


def journal(table: Table) -> list[object]:
    return [e.action for e in table.journal.entries(table.game_id)]


def test_a_deck_card_on_the_active_seats_reader_is_a_draw_only_the_drawer_learns(
    table: Table, ingest: Ingest
) -> None:
    seat, card = table.state.active, table.state.deck[0]
    updates = []
    table.subscribe(updates.append)
    feedback = tap(ingest, reader_of(seat), card)
    assert feedback.committed == (Draw(seat=seat, source=Source.DECK), Pick(card=card))
    assert card in table.state.player(seat).hand
    assert card not in str(table.public_view()) and card not in str(updates[-1].public())
    assert [s["args"]["card"] for s in updates[-1].private(seat)] == [card]


def test_the_discard_piles_top_card_on_a_seats_reader_draws_it_from_the_pile(
    table: Table, ingest: Ingest
) -> None:
    card = given(table, ("A-WR",))
    assert [a.act for a in tap(ingest, "centre", card).committed] == ["withdraw"]
    drawer = table.state.active
    feedback = tap(ingest, reader_of(drawer), card)
    assert feedback.committed == (Draw(seat=drawer, source=Source.DISCARD),)


def test_a_dual_card_in_the_centre_asks_which_use_and_which_target(
    table: Table, ingest: Ingest
) -> None:
    seat = table.state.active
    card = given(table, ("A-SB", "A-IB"))
    before = journal(table)
    feedback = tap(ingest, "centre", card)
    question = feedback.question
    assert question is not None and not question.private and journal(table) == before
    first_use = "steal" if card.startswith("A-SB") else "interrogate"
    assert {a.act for a in question.options} == {first_use, "blackmail"}
    assert {a.target for a in question.options if isinstance(a, Blackmail)} == {
        Seat(s) for s in range(4) if s != seat
    }
    chosen = Blackmail(seat=seat, target=Seat((seat + 1) % 4), card=card)
    assert ingest.answer(question.id, chosen).committed == (chosen,)
    assert ingest.questions == []


def test_an_answer_that_was_not_offered_is_refused_and_the_question_stays(
    table: Table, ingest: Ingest
) -> None:
    seat = table.state.active
    question = tap(ingest, "centre", given(table, ("A-SB", "A-IB"))).question
    assert question is not None
    refused = ingest.answer(question.id, GiveIn(seat=seat))
    assert refused.committed == () and refused.notices[0].key == "ingest.not_an_option"
    assert ingest.questions == [question]


def test_a_question_lapses_when_the_game_moves_on_first(table: Table, ingest: Ingest) -> None:
    seat = table.state.active
    question = tap(ingest, "centre", given(table, ("A-SB", "A-IB"))).question
    assert question is not None
    table.submit(Draw(seat=seat, source=Source.DECK))  # from the phone, meanwhile
    lapsed = ingest.answer(question.id, question.options[0])
    assert lapsed.notices[0].key == "ingest.question_lapsed" and ingest.questions == []


def test_a_card_the_record_has_in_another_hand_opens_a_reconcile_and_changes_nothing(
    table: Table, ingest: Ingest
) -> None:
    seat = table.state.active
    other = Seat((seat + 1) % 4)
    (theirs,) = table.state.player(other).hand
    before = (table.state, journal(table))
    feedback = tap(ingest, reader_of(seat), theirs)
    found = feedback.reconcile
    assert found is not None and feedback.committed == ()
    assert (table.state, journal(table)) == before
    assert found.public.seat is None and "card" not in found.public.args, "hidden: not named"
    assert found.private is not None and found.private.seat == seat
    assert found.private.args["card"] == theirs and ingest.reconciles == [found]


def test_a_camera_seeing_a_card_where_the_record_cannot_have_it_opens_the_same_reconcile(
    table: Table,
) -> None:
    """A camera's zone is a place as a reader is: the same card seen in the active seat's
    zone as the one another seat holds opens the reader's reconcile, named to no one else."""
    seat = table.state.active
    (theirs,) = table.state.player(Seat((seat + 1) % 4)).hand
    zone = f"seat:{seat + 1}"
    camera = Ingest(table, {("camera:0", zone): Station(Place.SEAT, seat, seen=True)}, recognise)
    by_reader = tap(Ingest(table, PLACES, recognise), reader_of(seat), theirs).reconcile
    before = (table.state, journal(table))
    found = camera.observe(CardSeen("camera:0", theirs, zone=zone)).reconcile
    assert found is not None and by_reader is not None
    assert found.public.key == by_reader.public.key and found.public.seat is None
    assert found.private is not None and by_reader.private is not None
    mine = (found.private.key, found.private.seat, found.private.args["card"])
    assert mine == (by_reader.private.key, by_reader.private.seat, theirs)
    assert (table.state, journal(table)) == before


def test_a_reconcile_is_read_again_once_a_hand_audit_mended_the_record(
    table: Table, ingest: Ingest
) -> None:
    seat = table.state.active
    other = Seat((seat + 1) % 4)
    (theirs,) = table.state.player(other).hand
    found = tap(ingest, reader_of(seat), theirs).reconcile
    assert found is not None
    table.submit(AuditHand(seat=other, cards=()))  # "I don't hold it": back to the deck
    assert ingest.retry(found.id).committed == (
        Draw(seat=seat, source=Source.DECK),
        Pick(card=theirs),
    )
    assert ingest.reconciles == []


def test_a_played_card_not_in_the_players_hand_is_named_on_the_tablet(
    table: Table, ingest: Ingest
) -> None:
    seat = table.state.active
    card = next(c for c in cards.ACTIONS if c not in table.state.player(seat).hand)
    found = tap(ingest, "centre", card).reconcile
    assert found is not None and found.private is None
    assert found.public.key == "ingest.reconcile.hand"
    assert found.public.args == {"reader": "centre", "seat": seat, "card": card}


def test_an_unknown_tag_is_reported_and_ignored(table: Table, ingest: Ingest) -> None:
    before = journal(table)
    feedback = ingest.observe(TagPlaced("seat1", "04FFFFFFFFFFFF"))
    assert [n.key for n in feedback.notices] == ["ingest.unknown_tag"]
    assert feedback.notices[0].args == {"reader": "seat1", "uid": "04FFFFFFFFFFFF"}
    assert journal(table) == before


def test_a_card_lingering_on_a_reader_counts_once(table: Table, ingest: Ingest) -> None:
    seat, card = table.state.active, table.state.deck[0]
    reader = reader_of(seat)
    assert tap(ingest, reader, card, at=1.0).committed
    after = journal(table)
    lift(ingest, reader, card, at=1.1)
    assert tap(ingest, reader, card, at=1.2).committed == ()  # a shaky hand: back at once
    assert tap(ingest, reader, card, at=1.3).committed == ()  # still lying there
    assert journal(table) == after


def test_end_of_turn_discards_go_on_the_discard_reader(table: Table, ingest: Ingest) -> None:
    seat = table.state.active
    tap(ingest, reader_of(seat), table.state.deck[0])
    assert isinstance(table.state.phase, Discarding), "a Suspicious seat holds one card"
    card = table.state.player(seat).hand[0]
    assert tap(ingest, "discard", card).committed == (Discard(seat=seat, card=card),)
    assert isinstance(table.state.phase, Choosing) and table.state.discard[-1] == card


def test_an_identity_in_the_centre_asks_for_the_claim_on_the_claimants_phone(
    table: Table, ingest: Ingest
) -> None:
    seat = table.state.active
    me = table.state.player(seat)
    assert me.identity is not None
    feedback = tap(ingest, "centre", me.identity)
    if feedback.question is None:  # a Suspicious seat may not claim
        assert feedback.notices[0].key == "ingest.cannot_claim"
        assert feedback.notices[0].seat == seat
        return
    assert feedback.question.private and feedback.question.seat == seat


def test_an_unplugged_reader_is_shown_to_the_tablet_and_changes_no_game(
    table: Table, ingest: Ingest
) -> None:
    before = (table.state, journal(table))
    status = SourceStatus("centre", SourceState.RECONNECTING, "port.reason.unplugged")
    assert ingest.observe(status).status == status
    assert ingest.statuses == {"centre": status}
    assert (table.state, journal(table)) == before


def test_a_reader_with_no_place_at_the_table_is_named(ingest: Ingest) -> None:
    feedback = ingest.observe(CardSeen("camera", CardId("ACE")))
    assert [(n.key, n.args) for n in feedback.notices] == [("ingest.no_role", {"reader": "camera"})]


def test_a_card_laid_is_read_as_the_copy_of_its_face_the_record_gives_the_player(
    table: Table, ingest: Ingest
) -> None:
    """Copies read alike (§1.3): a draw told by phone may have recorded the other copy.
    Laying the card plays it as the copy the record gives its holder — the game is the same."""
    seat = table.state.active
    recorded = next(
        c for c in table.state.player(seat).hand
        if any(o in table.state.deck for o in cards.ALIKE[c][1:])
    )  # fmt: skip
    laid = next(o for o in cards.ALIKE[recorded][1:] if o in table.state.deck)
    feedback = tap(ingest, "centre", laid)
    question = feedback.question
    acts = feedback.committed or (question.options if question else ())
    assert acts and all(getattr(a, "card", None) == recorded for a in acts)
    assert ingest.reconciles == []


def test_a_card_laid_when_the_journal_cannot_be_written_is_said_and_changes_nothing(
    table: Table,
) -> None:
    """SQLite opens a file the system will not let it write read-only (mode=ro is that
    state): the draw the card means is refused, said, and the table is as it was."""
    chance = players_tell(GAME, random.Random(3))
    stuck = Table.resume(Journal(table.journal.path, write=False), table.game_id, chance=chance)
    ingest = Ingest(stuck, PLACES, recognise)
    before = (stuck.state, journal(stuck))
    feedback = tap(ingest, reader_of(stuck.state.active), stuck.state.deck[0])
    assert feedback.committed == ()
    assert [n.key for n in feedback.notices] == ["journal.error.read_only"]
    assert (stuck.state, journal(stuck)) == before
