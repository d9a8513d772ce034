"""The table service: one live game for every face — one event, one commit, one publication."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.core import playout
from companion.core.actions import Pass, Pick, TellDraw
from companion.core.errors import BadChance, NothingToUndo
from companion.core.prompts import waiting_on
from companion.core.rounds import open_round
from companion.core.taps import Place, Station
from companion.core.types import CardId, Seat
from companion.core.values import evolve
from companion.games.darkfireline.setup import DOMAIN, apply_deal, roll_deal, setup
from companion.games.microfilms import GAME, cards
from companion.games.microfilms.actions import Draw, Source
from companion.ingest import Feedback, Notice
from companion.journal import Journal
from companion.observations import SourceState, SourceStatus, TagPlaced
from companion.policy import Draws
from companion.sensors import Sensors
from companion.service import Change, StaleAnswer, TableService
from firmware_bridge.emulators.ntag import sticker_uid
from hardware.script import ScriptSource
from hardware.stickers import recogniser, stumbling

SEATS = ["Ann", "Ben", "Cat", "Dan"]


recognise = recogniser(cards.CARDS)


@pytest.fixture
def service(tmp_path: Path) -> TableService:
    return TableService.start(Journal(tmp_path / "j.sqlite3"), "microfilms", SEATS,
                              rng=random.Random(3))  # fmt: skip


class Counted:
    """Every change the service publishes, and every journal transaction it makes."""

    def __init__(self, service: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
        self.changes: list[Change] = []
        self.commits = 0
        service.subscribe(self.changes.append)
        append = Journal.append

        def counting(journal: Journal, *args: Any, **kw: Any) -> int:
            self.commits += 1
            return append(journal, *args, **kw)

        monkeypatch.setattr(Journal, "append", counting)


def test_a_draw_laid_on_a_reader_is_one_commit_and_one_publication(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card from the deck on the drawer's reader is the draw and the card it turned out to be
    (§4.1): two actions, judged once, committed in one transaction, published once."""
    seat = service.acting()
    assert seat is not None
    service.use_sensors({("board", str(seat)): Station(Place.SEAT, seat)}, recognise)
    card = service.table.state.deck[0]
    counted = Counted(service, monkeypatch)
    feedback = service.observe(TagPlaced("board", sticker_uid(card), zone=str(seat)))
    assert feedback.committed == (Draw(seat=seat, source=Source.DECK), Pick(card=card))
    assert counted.commits == 1 and len(counted.changes) == 1
    update = counted.changes[0].update
    assert update is not None and [e["kind"] for e in update.public()] == ["drew"]
    assert [s["args"]["card"] for s in update.private(seat)] == [card]


def test_a_zone_no_place_watches_is_said_and_changes_nothing(service: TableService) -> None:
    service.use_sensors({("board", "1"): Station(Place.CENTRE)}, recognise)
    before = service.seq
    feedback = service.observe(TagPlaced("board", sticker_uid(CardId("ACE")), zone="7"))
    assert feedback.notices[0].key == "ingest.no_role" and service.seq == before
    assert feedback.notices[0].args == {"reader": "board 7"}


def test_an_action_posted_is_published_once_and_a_refusal_not_at_all(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    counted = Counted(service, monkeypatch)
    seat = service.acting()
    assert seat is not None
    idle = Seat((seat + 1) % 4)
    refused = service.submit_any([Draw(seat=idle, source=Source.DECK)])
    assert refused is not None and refused.code == "not_your_turn"
    assert counted.changes == [] and counted.commits == 0
    service.submit(Draw(seat=seat, source=Source.DECK))  # the app draws the card: chance
    assert counted.commits == 1 and len(counted.changes) == 1


def test_a_phone_sees_only_its_own_seat(service: TableService) -> None:
    """What a seat's phone receives: its private view and legal actions, nothing of another."""
    seat = service.acting()
    assert seat is not None
    mine, other = service.seat_view(seat), service.seat_view(Seat((seat + 1) % 4))
    assert mine.private == GAME.private_view(service.table.state, seat)
    assert mine.actions and other.actions == ()
    assert all(a["seat"] == seat for a in mine.actions)
    assert json.dumps(mine.public) == json.dumps(GAME.public_view(service.table.state))


def test_a_resumed_game_goes_on_with_the_policy_it_was_started_with(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    started = TableService.start(journal, "microfilms", SEATS, draws=Draws.APP,
                                 rng=random.Random(1))  # fmt: skip
    seat = started.acting()
    assert seat is not None
    started.submit(Draw(seat=seat, source=Source.DECK))
    assert started.pending()[0].kind != "tell_draw", "the app drew the card"
    resumed = TableService.resume(journal, started.game_id)
    assert resumed.header.meta["draws"] == "app" and resumed.seq == started.seq
    assert resumed.table.state == started.table.state


async def test_sensors_feed_the_game_they_are_attached_to(
    service: TableService, tmp_path: Path
) -> None:
    """Opened sources run for as long as the app does; their statuses are kept from the
    start, and once a game is attached what they see is laid at its table."""
    seat = service.acting()
    assert seat is not None
    card = service.table.state.deck[0]
    script = tmp_path / "board.jsonl"
    laid = {"kind": "tag_placed", "source": "board", "uid": sticker_uid(card), "zone": "a"}
    script.write_text(json.dumps(laid) + "\n")
    sensors = Sensors(
        [(ScriptSource("board", script), {"a": Station(Place.SEAT, seat)})], recognise
    )
    service.attach(sensors)
    await asyncio.wait_for(sensors.run(), 10)
    assert sensors.statuses["board"] == SourceStatus(
        "board", SourceState.CLOSED, at=sensors.statuses["board"].at, kind="script"
    )
    assert card in service.table.state.player(seat).hand


def test_a_deal_is_read_off_readers_only_where_every_seat_has_its_own(tmp_path: Path) -> None:
    """A table with readers at some seats only is dealt as a table without readers: a deal
    read off the readers would wait for cards no reader can see."""
    script = tmp_path / "board.jsonl"
    script.write_text("")
    zones = {f"s{i}": Station(Place.SEAT, Seat(i)) for i in range(3)}
    some = Sensors([(ScriptSource("board", script), zones)], recognise)
    every = Sensors(
        [(ScriptSource("board", script), {**zones, "s3": Station(Place.SEAT, Seat(3))})], recognise
    )
    assert not some.deal_on_readers(4) and some.deal_on_readers(3)
    assert every.deal_on_readers(4)


def test_a_tap_that_goes_wrong_is_said_to_the_table_and_the_next_one_counts(
    service: TableService, caplog: pytest.LogCaptureFixture
) -> None:
    """The tag map fails once (a disk error): the table is told on which reader, never which
    card, the traceback is logged once, and the same card laid again is the draw."""
    seat = service.acting()
    assert seat is not None
    error = sqlite3.OperationalError("disk I/O error")
    service.use_sensors({("board", "a"): Station(Place.SEAT, seat)}, stumbling(recognise, error))
    changes: list[Change] = []
    service.subscribe(changes.append)
    card = service.table.state.deck[0]
    laid = TagPlaced("board", sticker_uid(card), zone="a")
    feedback = service.observe(laid)
    said = Notice("ingest.fault", {"reader": "board a"})
    assert feedback == Feedback(notices=(said,)) and changes == [Change(notices=(said,))]
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(failures) == 1 and failures[0].exc_info is not None
    assert service.observe(laid).committed == (Draw(seat=seat, source=Source.DECK), Pick(card=card))


def test_an_undo_says_what_it_would_take_back_and_changes_nothing_until_it_is_made(
    service: TableService,
) -> None:
    seat = service.acting()
    assert seat is not None
    before = service.table.state
    service.submit(Pass(seat=seat))
    after, seq = service.table.state, service.seq
    said = service.to_undo()
    assert [e["kind"] for e in said] == [e.kind for e in after.history[len(before.history) :]]
    assert (service.table.state, service.seq) == (after, seq)
    service.undo()
    assert service.table.state == before
    service.submit(Draw(seat=seat, source=Source.DECK))
    service.submit(TellDraw(seat=seat, card=service.table.state.deck[0]))  # seen by the drawer
    with pytest.raises(NothingToUndo):
        service.to_undo()


def a_message_table_in_a_window(tmp_path: Path) -> TableService:
    """風聲 played by random moves until a response window opens (§7)."""
    service = TableService.start(
        Journal(tmp_path / "w.sqlite3"), "themessage", ["Ann", "Ben", "Cat", "Dan"],
        draws=Draws.APP, rng=random.Random(3), window=20,
    )  # fmt: skip
    rng = random.Random(3)
    while open_round(service.table.state) is None:
        seat = service.acting()
        assert seat is not None
        service.submit(playout.choose(service.spec, service.table.state, seat, rng, {"hold": 0}))
    return service


def test_passes_sent_at_once_to_one_window_are_each_taken(tmp_path: Path) -> None:
    """Every phone answers the view it was shown; the others' passes coming in first do not
    make a seat's own pass stale — what the table asks it is the same."""
    service = a_message_table_in_a_window(tmp_path)
    seen, window = service.seq, open_round(service.table.state)
    assert window is not None
    for seat in window.waiting:
        service.act(seat, Pass(seat=seat), seen)
    assert service.seq == seen + len(window.waiting)


def test_a_pass_sent_again_is_refused_not_applied_to_the_next_window(tmp_path: Path) -> None:
    """A pass that reaches the table twice (a slow Wi-Fi, a double tap) answers the window its
    player saw: once that window closed, the second is refused, and the window open now —
    which the player has not seen — is left to them."""
    service = a_message_table_in_a_window(tmp_path)
    rng = random.Random(5)
    for _ in range(200):
        window = open_round(service.table.state)
        if window is None:
            seat = service.acting()
            assert seat is not None
            service.submit(playout.choose(service.spec, service.table.state, seat, rng, {}))
            continue
        seen, first = service.seq, window.waiting[0]
        for seat in window.waiting:  # everyone passes: the window closes
            service.act(seat, Pass(seat=seat), seen)
        now = open_round(service.table.state)
        if now is not None and first in now.waiting:  # asked again at once
            before = (service.table.state, service.seq)
            with pytest.raises(StaleAnswer):
                service.act(first, Pass(seat=first), seen)
            assert (service.table.state, service.seq) == before
            service.act(first, Pass(seat=first), service.seq)  # the window it now sees
            return
    pytest.fail("no seat was asked in two windows running")


def test_play_again_at_dark_fire_line_is_started_by_the_last_shooter(tmp_path: Path) -> None:
    """暗火线 §2 step 6: the first player is whoever fired the last shot in the previous
    game. "Play again" carries it over (``GameSpec.rematch``); a game with the seat chosen
    is dealt with that seat first, and a told deal naming another first is refused."""
    journal, rng = Journal(tmp_path / "j.sqlite3"), random.Random(2)
    names = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
    first = TableService.start(journal, "darkfireline", names, rng=random.Random(1),
                               draws=Draws.APP)  # fmt: skip
    table = first.table
    while table.over() is None:
        seat = sorted(waiting_on(table.spec.pending(table.state)))[0]
        first.submit(playout.choose(table.spec, table.state, seat, rng, {}))
    shots = [e.args["seat"] for e in table.state.history if e.kind == "shot"]
    assert shots, "a game of 暗火线 with no shot fired"
    for n in range(3):  # whatever the draw, the last shooter starts
        again = TableService.again(journal, first.game_id, rng=random.Random(n))
        assert again.header.decoded_options().starter == shots[-1]
        dealt = next(e for e in again.table.state.history if e.kind == "dealt")
        assert dealt.args["first"] == shots[-1]
    options = again.header.decoded_options()
    chosen = setup(names, options)
    other = evolve(roll_deal(chosen, random.Random(0)), first=Seat((shots[-1] + 1) % 6))
    with pytest.raises(BadChance):
        apply_deal(chosen, other)
    assert DOMAIN.problems(evolve(options, starter=6), 6), "no seventh seat at a table of six"
