"""The journal keeps games on disk, durably, and gives them back exactly."""

from __future__ import annotations

import contextlib
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.journal import SCHEMA, Journal
from companion.journal_errors import JournalError, Lost
from companion.journal_file import APPLICATION_ID, VERSION
from companion.table import Table
from companion.tagmap import TagMap
from companion.transcript import new_header
from tests.journals import SEATS, damage_rows_page, digest, play, two_games


def test_the_journal_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    mode = journal._db.execute("PRAGMA journal_mode").fetchone()[0]
    sync = journal._db.execute("PRAGMA synchronous").fetchone()[0]
    assert (mode, sync) == ("wal", 2)  # 2 = FULL


def test_an_appended_action_is_visible_to_another_connection_at_once(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    game = journal.create(new_header("microfilms", ["A", "B", "C"]))
    journal.append(game, [({"act": "pass", "seat": 0}, True)])
    with sqlite3.connect(path) as other:
        assert other.execute("SELECT action FROM actions").fetchall() == [
            ('{"act":"pass","seat":0}',)
        ]


def test_games_are_listed_with_their_seats_actions_and_result(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "nested" / "dir" / "j.sqlite3")
    first = journal.create(new_header("microfilms", ["阿明", "小美", "大偉"]))
    second = journal.create(new_header("microfilms", ["A", "B", "C", "D"]))
    journal.append(first, [({"act": "pass", "seat": 0}, True)], {"reason": "ended", "winners": []})
    games = journal.games()
    assert [(g.id, g.seats, g.actions) for g in games] == [
        (first, ("阿明", "小美", "大偉"), 1),
        (second, ("A", "B", "C", "D"), 0),
    ]
    assert games[0].result == {"reason": "ended", "winners": []}
    assert journal.latest_unfinished() == second
    assert journal.header(first).seats == ("阿明", "小美", "大偉")


def test_dropping_actions_reopens_a_finished_game(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    game = journal.create(new_header("microfilms", ["A", "B", "C"]))
    passes = [({"act": "pass", "seat": seat}, True) for seat in range(3)]
    assert journal.append(game, passes, {"reason": "ended", "winners": []}) == 3
    journal.drop_from(game, 2)
    assert [e.seq for e in journal.entries(game)] == [1]
    assert journal.latest_unfinished() == game


def test_the_actions_of_one_event_are_one_transaction(tmp_path: Path) -> None:
    """A draw and the card it turned out to be, and the end they bring, are stored together:
    a failure in the middle of the write stores none of them."""
    journal = Journal(tmp_path / "j.sqlite3")
    game = journal.create(new_header("microfilms", ["A", "B", "C"]))
    journal.append(game, [({"act": "pass", "seat": 0}, True)])
    broken = [({"act": "draw", "seat": 1}, True), ({"act": "pick", "card": object()}, False)]
    with pytest.raises(TypeError):
        journal.append(game, broken, {"reason": "ended", "winners": []})  # type: ignore[list-item]
    assert [e.seq for e in journal.entries(game)] == [1]
    assert journal.latest_unfinished() == game


# --- a file that is not a journal, or not a sound one -----------------------------------


def another_programs_database(path: Path) -> None:
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, taken TEXT)")
        db.execute("INSERT INTO photos (taken) VALUES ('2026-12-01')")


def our_tag_map(path: Path) -> None:
    TagMap(path).new_deck("home", "microfilms", "base")


def another_application_id(path: Path) -> None:
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.executescript(SCHEMA)
        db.execute("PRAGMA application_id = 1")


def damaged_beyond_telling(path: Path) -> None:
    path.write_bytes(b"SQLite format 3\x00" + random.Random(1).randbytes(4080))


def from_a_later_version(path: Path) -> None:
    Journal(path).close()
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {VERSION + 1}")


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda p: p.write_text("shopping: rice, tofu, 青菜\n", encoding="utf-8"), "not_journal"),
        (lambda p: p.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(range(256)) * 8),
         "not_journal"),
        (another_programs_database, "not_journal"),
        (our_tag_map, "not_journal"),
        (another_application_id, "not_journal"),
        (damaged_beyond_telling, "unreadable"),
        (from_a_later_version, "newer"),
    ],
    ids=["text", "jpeg", "other_database", "tag_map", "other_application", "unreadable", "newer"],
)  # fmt: skip
@pytest.mark.parametrize("write", [True, False], ids=["to_write", "to_read"])
def test_a_file_that_is_not_a_journal_this_app_can_trust_is_refused_and_left_untouched(
    tmp_path: Path, make: Callable[[Path], None], code: str, write: bool
) -> None:
    path = tmp_path / "chosen.file"
    make(path)
    before = digest(path)
    with pytest.raises(JournalError) as refused:
        Journal(path, write=write)
    assert (refused.value.key, refused.value.details["path"]) == (
        f"journal.error.{code}",
        str(path),
    )
    assert digest(path) == before


def test_a_new_journal_says_in_its_header_that_it_is_one(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    Journal(path).close()
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
        assert db.execute("PRAGMA user_version").fetchone() == (VERSION,)


def test_a_journal_made_before_journals_carried_an_id_goes_on_as_it_was(tmp_path: Path) -> None:
    """The schema alone says what it is: the file the app made before (the schema, WAL,
    no id) opens, its unfinished game resumes exactly, and it is stamped from then on."""
    path = tmp_path / "j.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.executescript(SCHEMA)
        db.execute("PRAGMA journal_mode=WAL")
    journal = Journal(path)
    table = Table.start(journal, "microfilms", SEATS, rng=random.Random(4))
    play(table, random.Random(4), moves=30)
    journal.close()
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA application_id = 0")
        db.execute("PRAGMA user_version = 0")
    again = Journal(path)
    assert again.latest_unfinished() == table.game_id
    assert Table.resume(again, table.game_id).state == table.state
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)


def test_reading_a_journal_that_is_not_there_makes_no_file(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "nowhere" / "j.sqlite3", write=False)
    assert journal.games() == [] and journal.latest_unfinished() is None
    assert not (tmp_path / "nowhere").exists()


# --- a damaged journal ------------------------------------------------------------------


def test_junk_over_the_last_page_shows_the_unfinished_game_and_says_its_end_may_be_lost(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.sqlite3"
    finished, unfinished = two_games(path)
    damage_rows_page(path)
    before = digest(path)
    with pytest.raises(JournalError) as refused:
        Journal(path)
    assert refused.value.code == "damaged"
    journal = Journal(path, write=False)
    assert journal.damage is not None and journal.damage.lost == refused.value.lost
    ((lost,),) = [journal.damage.lost]
    read = int(str(lost.args["read"]))
    assert lost == Lost("journal.lost.end", {"game": 2, "read": read})
    assert 0 < read < len(unfinished)
    assert journal.latest_unfinished() == 2
    assert [g.actions for g in journal.games()] == [len(finished), read]
    assert [e.action for e in journal.entries(1)] == finished
    assert [e.action for e in journal.entries(2)] == unfinished[:read]
    journal.close()
    assert digest(path) == before


def test_junk_in_the_middle_of_a_game_says_exactly_how_much_of_it_is_lost(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    finished, unfinished = two_games(path)
    damage_rows_page(path, from_end=2)
    before = digest(path)
    journal = Journal(path, write=False)
    assert journal.damage is not None
    ((lost,),) = [journal.damage.lost]
    read = int(str(lost.args["read"]))
    assert lost == Lost("journal.lost.actions", {"game": 2, "read": read, "known": len(unfinished)})
    assert [e.action for e in journal.entries(2)] == unfinished[:read]
    assert [e.action for e in journal.entries(1)] == finished
    journal.close()
    assert digest(path) == before


def test_nothing_can_be_written_into_a_damaged_journal(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    two_games(path)
    damage_rows_page(path)
    before = digest(path)
    journal = Journal(path, write=False)
    with pytest.raises(JournalError, match="damaged"):
        Table.start(journal, "microfilms", SEATS)
    with pytest.raises(JournalError, match="damaged"):
        journal.drop_from(1, 1)
    assert [g.id for g in journal.games()] == [1, 2]
    journal.close()
    assert digest(path) == before


def test_a_value_garbled_inside_a_whole_page_is_found_on_reading_and_stops_all_writing(
    tmp_path: Path,
) -> None:
    """quick_check sees pages, not what is written in them: a game's header whose bytes no
    longer read as text is damage all the same, found when it is read."""
    path = tmp_path / "j.sqlite3"
    two_games(path)
    path.write_bytes(path.read_bytes().replace(b'"seats"', b'"se\xff\xfes"', 1))
    journal = Journal(path)
    with pytest.raises(JournalError, match="damaged"):
        journal.games()
    before = digest(path)
    with pytest.raises(JournalError, match="damaged"):
        Table.start(journal, "microfilms", SEATS)
    journal.close()
    assert digest(path) == before


def on_a_read_only_card(path: Path) -> None:
    """What a read-only card does to SQLite: it cannot make the WAL file beside the journal.
    A folder where the WAL would go does the same, for any user, root included."""
    path.with_name(f"{path.name}-wal").mkdir()


def test_a_journal_on_a_read_only_card_is_read_in_full_and_never_written(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    table = Table.start(journal, "microfilms", SEATS, rng=random.Random(4))
    play(table, random.Random(4), moves=30)
    journal.close()
    on_a_read_only_card(path)
    before = digest(path)
    with pytest.raises(JournalError, match="read_only"):
        Journal(path)
    reading = Journal(path, write=False)
    assert reading.damage is None
    assert Table.resume(reading, table.game_id).state == table.state
    assert digest(path) == before
