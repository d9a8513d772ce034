"""The tablet with NFC readers: cards tapped on emulated PN532 readers, through nfcpy, into
the session; what a card cannot say is asked on the tablet, or on one phone only."""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from sqlite3 import OperationalError
from typing import Any

import aiohttp
import pytest

from companion.core.actions import Discard, Pass
from companion.core.phases import Dealing
from companion.core.taps import Place, Station
from companion.core.types import CardId, Seat
from companion.fairness import fingerprint
from companion.games.microfilms import GAME, cards, dealing
from companion.games.microfilms.actions import ClaimAgent, Deal, Draw, GiveIn, Source, Steal
from companion.i18n import text
from companion.ingest import Recognise
from companion.journal import Journal
from companion.observations import SourceState, describe_status
from companion.service import TableService
from companion.table import Table, players_tell
from companion.tagmap import TagMap
from firmware_bridge.emulators.board import BoardEmulator
from firmware_bridge.emulators.ntag import sticker, sticker_uid
from firmware_bridge.emulators.pn532 import Pn532Emulator
from firmware_bridge.protocol import Health
from hardware.emulated import EmulatedTable
from hardware.sources import Watch
from hardware.stickers import places_of, stumbling
from testkit.phone import Phone, loopback
from testkit.tablet import Tablet, texts
from tests.ui.tablet.test_private import leave, private_turn
from ui.faces import face_of
from ui.live import LiveTable
from ui.seat_screen import view_message
from ui.tablet.app import TabletApp
from ui.tablet.session import Session

SEATS = ["Ann", "Ben", "Cat", "Dan"]
DEAL = Deal(
    first=Seat(0),
    identities=(CardId("R-CN"), CardId("R-UK"), CardId("R-US"), CardId("R-JOU")),
    letter_out=CardId("L-US"),
    hands=(CardId("A-SB1"), CardId("A-IB1"), CardId("A-WR1"), CardId("A-IB2")),
)
"""Ann (China) holds Steal/Blackmail; the US letter is out, so the US Agent stands alone."""


def home_deck(tmp_path: Path) -> Recognise:
    """A Microfilms deck registered on the spot, every card with its sticker: how it reads."""
    tags = TagMap(tmp_path / "tags.sqlite3")
    deck = tags.new_deck("home", "microfilms")
    tags.store(deck, {sticker_uid(c.id): c.id for c in cards.ALL})
    return functools.partial(tags.recognise, deck)


def attach_readers(session: Session, tmp_path: Path) -> dict[str, Station]:
    """A reader per seat and one in the centre, reading a deck registered on the spot."""
    stations = {f"seat{i + 1}": Station(Place.SEAT, Seat(i)) for i in range(4)}
    stations["centre"] = Station(Place.CENTRE)
    session.service.use_sensors(places_of(stations), home_deck(tmp_path))
    return stations


@asynccontextmanager
async def dealt_on_the_tablet(
    tmp_path: Path, centre: Watch, recognise: Recognise
) -> AsyncIterator[tuple[Tablet, Session]]:
    """A game dealt on the readers, opened by the tablet app with ``centre`` watched through
    its URL, up to the table screen; closed, app and phones, when the block ends."""
    journal = Journal(tmp_path / "j.sqlite3")
    dealt = TableService.start(journal, "microfilms", SEATS, readers=True, rng=random.Random(1))
    dealt.submit(DEAL)  # the real deal, as the seats' readers read it
    app = TabletApp(journal, "en", host="127.0.0.1", port=0, readers=[centre],
                    recognise=recognise)  # fmt: skip
    task = asyncio.ensure_future(app.async_run(async_lib="asyncio"))
    tablet = Tablet(app, journal)
    await tablet.until(lambda: app.root is not None)
    app.resume(dealt.game_id)
    await tablet.until(lambda: app.screens.current == "table" and app.session is not None)
    session = app.session
    assert session is not None
    yield tablet, session
    app.stop()
    await task
    await session.live.phones.stop()


def session_with_readers(tmp_path: Path) -> tuple[Session, dict[str, Station]]:
    told = players_tell(GAME, random.Random(1))

    def chance(state: Any) -> Any:
        return DEAL if isinstance(state.phase, Dealing) else told(state)

    table = Table.start(Journal(tmp_path / "j.sqlite3"), "microfilms", SEATS, chance=chance)
    session = Session(LiveTable(TableService(table), host="127.0.0.1", port=0), "en")
    return session, attach_readers(session, tmp_path)


async def test_taps_become_actions_and_questions_go_where_they_belong(tmp_path: Path) -> None:
    session, stations = session_with_readers(tmp_path)
    table = session.service.table
    await session.live.phones.start()
    async with (
        EmulatedTable(stations, tmp_path, session.service.observe) as readers,
        aiohttp.ClientSession() as http,
    ):
        assert all(s.state is SourceState.CONNECTED for s in session.statuses.values())
        assert len(session.statuses) == 5

        # A Steal/Blackmail card laid face up in the centre: the tablet asks what it does.
        await readers.tap("centre", sticker("A-SB1"))
        question = session.question()
        assert question is not None and not question.private
        options = session.describe_options(question.options)
        blackmail = next(
            c for c in options if c.actions[0].act == "blackmail" and c.actions[0].target == 1
        )
        assert Steal(seat=Seat(0), target=Seat(1), card=CardId("A-SB1")) in question.options
        session.answer(question, blackmail.actions[0])
        assert table.state.phase.__class__.__name__ == "BlackmailDeclared"
        session.submit(GiveIn(seat=Seat(1)))  # as Ben's phone sends it
        for seat in (1, 2, 3):
            session.submit(Pass(seat=Seat(seat)))

        # Ann draws: her reader sees the card, which only she may know.
        before = len(table.journal.entries(table.game_id))
        session.submit(Draw(seat=Seat(0), source=Source.DECK))
        await readers.tap("seat1", sticker("M-US"))
        assert "M-US" in table.state.players[0].hand
        assert len(table.journal.entries(table.game_id)) == before + 2  # draw, then the pick
        for seat in (1, 2, 3):
            session.submit(Pass(seat=Seat(seat)))

        # Ann shows her identity in the centre: the claims would show her hand, so her
        # phone alone is asked — and answers there.
        ann = Phone(http, loopback(session.phones.port))
        await ann.sit(session.phones.tokens.token(Seat(0)), "en")
        await readers.tap("centre", sticker("R-CN"))
        assert session.question() is None and session.service.question_for(Seat(0)) is not None
        view = await ann.receive("view")
        while not view["yours"] or "M-US" not in str(view["actions"]):
            view = await ann.receive("view")
        claim = ClaimAgent(seat=Seat(0), microfilm=CardId("M-US"))
        offered = [a["action"] for a in view["actions"]]
        assert GAME.codec.encode(claim) in offered
        await ann.act(GAME.codec.encode(claim), 1)
        reply = await ann.receive()
        while reply.get("type") not in ("ok", "error"):
            reply = await ann.receive()
        assert reply["type"] == "ok"
        over = table.over()
        assert over is not None and over.reason == "claim" and 0 in over.winners
        await ann.close()
    await session.live.phones.stop()


async def test_a_card_drawn_on_a_reader_redraws_the_tablet_once_and_each_phone_once(
    tmp_path: Path,
) -> None:
    """The draw and the card it turned out to be are one tap: one redraw, one view a phone."""
    session, stations = session_with_readers(tmp_path)
    await session.live.phones.start()
    redraws: list[None] = []
    session.subscribe(lambda: redraws.append(None))
    async with (
        EmulatedTable(stations, tmp_path, session.service.observe) as readers,
        aiohttp.ClientSession() as http,
    ):
        ben = Phone(http, loopback(session.phones.port))
        await ben.sit(session.phones.tokens.token(Seat(1)), "en")
        session.submit(Draw(seat=Seat(0), source=Source.DECK))
        await ben.receive("view")
        redraws.clear()
        await readers.tap("seat1", sticker("M-US"))
        assert len(redraws) == 1
        drawn = await ben.receive("view")
        assert session.submit(Discard(seat=Seat(0), card=CardId("A-SB1")))  # over her limit
        assert await ben.receive("view") != drawn  # the next push is the discard, not the tap again
        await ben.close()
    await session.live.phones.stop()


async def test_a_card_that_asks_the_table_redraws_the_tablet_to_ask_it(tmp_path: Path) -> None:
    """Nothing is committed yet, but the tablet must show the question now, not at whatever
    redraw happens to come next."""
    session, stations = session_with_readers(tmp_path)
    redraws: list[None] = []
    session.subscribe(lambda: redraws.append(None))
    async with EmulatedTable(stations, tmp_path, session.service.observe) as readers:
        redraws.clear()
        await readers.tap("centre", sticker(CardId("A-SB1")))
        assert session.question() is not None and len(redraws) == 1


async def test_the_tablet_says_what_the_real_deal_still_needs_and_never_a_card(
    tmp_path: Path,
) -> None:
    """§2 dealt by hand: the tablet says who has still to lay their cards, never which."""
    journal = Journal(tmp_path / "j.sqlite3")
    service = TableService.start(journal, "microfilms", SEATS, readers=True, rng=random.Random(1))
    session = Session(LiveTable(service, port=0), "en")
    stations = attach_readers(session, tmp_path)
    intro = text("en", "ingest.deal.intro.microfilms")
    assert session.waiting() == [
        intro,
        "Still to lay their two cards: Ann, Ben, Cat, Dan.",
        "Still to lay: the set-aside Alliance letter, face down on the centre reader.",
    ]
    phone = view_message(service.seat_view(Seat(2)), session.voice, face_of("microfilms"), [])
    assert phone["waiting"] == [intro]
    assert session.seal() is None, "nothing to seal before the deal"
    names = {station: name for name, station in stations.items()}
    async with EmulatedTable(stations, tmp_path, session.service.observe) as readers:
        *cards_dealt, letter = dealing.laid(DEAL)
        for station, card in cards_dealt:
            await readers.tap(names[station], sticker(card))
        assert session.waiting()[1:] == [
            "Still to lay: the set-aside Alliance letter, face down on the centre reader."
        ]
        await readers.tap("centre", sticker(letter[1]))
    state = session.service.table.state
    assert [p.identity for p in state.players] == list(DEAL.identities)
    salt, (read, *_) = journal.salt(service.game_id), journal.entries(service.game_id)
    assert salt is not None and read.action["identities"] == list(DEAL.identities)
    sealed = fingerprint(salt, (read.action,))
    assert session.seal() == text("en", "tablet.seal", seal=sealed), "the deal read is sealed"
    assert session.waiting() == [text("en", "prompt.microfilms.turn", seat=SEATS[state.active])]
    shown = " ".join([*session.waiting(), *session.feed(), *(a.text for a in session.alerts)])
    hidden = {*DEAL.identities, *DEAL.hands, DEAL.letter_out}
    assert not [c for c in hidden if session.voice.render("card", c) in shown]


async def test_a_tap_that_goes_wrong_is_an_alert_on_the_tablet_and_the_reader_keeps_listening(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The whole path a real table runs: an emulated PN532 opened by its URL, nfcpy's thread,
    the app's sensors, the table service, the window. The tag map fails on the first card
    (a disk error): the window says so, naming the reader and no card, the traceback is
    logged once, the reader still works — and the same card laid again is read."""
    failing = stumbling(home_deck(tmp_path), OperationalError("disk I/O error"))
    centre = Watch.parse(f"centre=nfc:tty:{tmp_path / 'tty-centre'}:pn532")
    with Pn532Emulator(tmp_path / "tty-centre") as reader:
        async with dealt_on_the_tablet(tmp_path, centre, failing) as (tablet, session):
            connected = text("en", "tablet.readers", working=1, total=1)
            await tablet.until(lambda: connected in texts())

            reader.place(sticker(CardId("A-SB1")))  # Ann's Steal/Blackmail, face up in the centre
            fault = text("en", "ingest.fault", reader="centre")
            await tablet.until(lambda: fault in texts())
            assert [a.text for a in session.alerts] == [fault]
            assert connected in texts()
            await tablet.tap_at(8, 8)  # the host taps the alert away

            reader.place(sticker(CardId("A-SB1")))  # laid again
            asked = session.voice.say("ingest.ask.choose", {"seat": 0, "card": "A-SB1"})
            await tablet.until(lambda: asked in texts())
    failures = [r for r in caplog.records if r.name.startswith("companion")]
    assert [r.levelno for r in failures] == [logging.ERROR] and failures[0].exc_info is not None


async def test_a_reader_board_plays_on_the_tablet_and_a_reader_not_answering_is_said(
    tmp_path: Path,
) -> None:
    """A reader board opened by its URL through the app's host: the tablet counts it as one
    working source, says (naming the reader, no card) that one of its readers does not
    answer, and a card laid on another of its readers is read."""
    link = tmp_path / "ttyACM-board"
    with BoardEmulator(link, readers=2) as board:
        board.health[1] = Health.SILENT
        centre = Watch.parse(f"centre=board:{link}#0")
        async with dealt_on_the_tablet(tmp_path, centre, home_deck(tmp_path)) as (tablet, session):
            connected = text("en", "tablet.readers", working=1, total=1)
            await tablet.until(lambda: connected in texts())
            unwell = "Reader board centre is connected, but reader 1 is not reading well"
            await tablet.until(lambda: any(a.text.startswith(unwell) for a in session.alerts))
            board.place(0, sticker(CardId("A-SB1")).uid)  # Ann's Steal/Blackmail in the centre
            asked = session.voice.say("ingest.ask.choose", {"seat": 0, "card": "A-SB1"})
            await tablet.until(lambda: asked in texts())


async def test_a_reader_missing_when_the_game_opens_is_said_at_once_and_counted_once_plugged(
    tmp_path: Path,
) -> None:
    """The centre reader is not plugged in when the tablet opens the game: its very first
    status is a fault, and the tablet says so at once (not only after it once worked);
    plugged in, it counts as working and is read."""
    port = tmp_path / "tty-centre"
    centre = Watch.parse(f"centre=nfc:tty:{port}:pn532")
    async with dealt_on_the_tablet(tmp_path, centre, home_deck(tmp_path)) as (tablet, session):
        await tablet.until(lambda: bool(session.alerts))
        [status] = session.statuses.values()
        assert status.state is SourceState.RECONNECTING
        assert [a.text for a in session.alerts] == [describe_status("en", status)]
        assert text("en", "tablet.readers", working=0, total=1) in texts()

        with Pn532Emulator(port) as reader:
            connected = text("en", "tablet.readers", working=1, total=1)
            await tablet.until(lambda: connected in texts())
            reader.place(sticker(CardId("A-SB1")))
            asked = session.voice.say("ingest.ask.choose", {"seat": 0, "card": "A-SB1"})
            await tablet.until(lambda: asked in texts())


async def test_a_card_that_contradicts_the_record_is_put_back_or_read_again_from_the_tablet(
    tmp_path: Path,
) -> None:
    """Ben's card laid in the centre in Ann's turn: the record has it in Ben's hand, so
    nothing changes and the tablet asks — one prompt, not an alert besides it, that only
    its two buttons close. "It is back in place" forgets the tap; "Read it again" reads the
    card still lying there against the record as it is now: still wrong, it asks again."""
    link = tmp_path / "ttyACM-board"
    with BoardEmulator(link, readers=1) as board:
        centre = Watch.parse(f"centre=board:{link}#0")
        async with dealt_on_the_tablet(tmp_path, centre, home_deck(tmp_path)) as (tablet, session):
            await tablet.until(lambda: text("en", "tablet.readers", working=1, total=1) in texts())
            before = session.service.table.state
            how = text("en", "tablet.reconcile.how")
            seen = {"reader": "centre 0", "seat": 0, "card": "A-IB1"}
            said = session.voice.say("ingest.reconcile.hand", seen)

            board.place(0, sticker(CardId("A-IB1")).uid)  # Ben's card, in Ann's turn
            await tablet.until(lambda: f"{said}\n\n{how}" in texts())
            assert session.alerts == [] and session.service.table.state == before
            await tablet.tap_at(8, 8)  # a stray tap beside it leaves the card asked about
            assert f"{said}\n\n{how}" in texts()

            first = session.service.reconciles()
            await tablet.press(text("en", "tablet.reconcile.again"))  # nothing was mended
            await tablet.until(lambda: f"{said}\n\n{how}" in texts())
            assert session.service.reconciles() != first and len(session.service.reconciles()) == 1

            await tablet.press(text("en", "tablet.reconcile.back"))
            await tablet.until(lambda: f"{said}\n\n{how}" not in texts())
            assert session.service.reconciles() == [] and session.service.table.state == before
            board.remove(0)


async def test_a_card_read_in_a_private_turn_is_asked_about_once_the_turn_is_left(
    tmp_path: Path,
) -> None:
    """The player at the tablet in their private turn is not the table: the prompt about a
    card that contradicts the record waits until the turn is left, then asks everyone."""
    link = tmp_path / "ttyACM-board"
    with BoardEmulator(link, readers=1) as board:
        centre = Watch.parse(f"centre=board:{link}#0")
        async with dealt_on_the_tablet(tmp_path, centre, home_deck(tmp_path)) as (tablet, session):
            await tablet.until(lambda: text("en", "tablet.readers", working=1, total=1) in texts())
            how = text("en", "tablet.reconcile.how")
            await private_turn(tablet, Seat(0))
            board.place(0, sticker(CardId("A-IB1")).uid)  # Ben's card, in Ann's turn
            await tablet.until(lambda: len(session.service.reconciles()) == 1)
            await tablet.frames(5)
            assert not any(how in line for line in texts())

            await leave(tablet)
            await tablet.until(lambda: any(how in line for line in texts()))
            await tablet.press(text("en", "tablet.reconcile.back"))
            board.remove(0)
