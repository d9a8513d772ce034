"""The journal keeps games on disk, durably, and gives them back exactly."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.journal import Journal
from companion.transcript import new_header


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
