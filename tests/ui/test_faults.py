"""An error nobody foresaw reaches a person as words in their language, never a traceback;
the journal keeps every move made before it, and the game goes on from there."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
from pathlib import Path

import pytest

from companion.core.types import JSONObject
from companion.i18n import LANGS, text
from companion.journal import Journal
from ui import faults
from ui.cli import main
from ui.terminal import TableScreen


def committed(db: Path) -> list[str]:
    """The journal's rows, read on a connection of their own."""
    with contextlib.closing(sqlite3.connect(db)) as con:
        return [row[0] for row in con.execute("SELECT action FROM actions ORDER BY seq")]


@pytest.mark.parametrize("lang", LANGS)
def test_an_error_in_the_middle_of_a_demo_is_said_in_words_and_the_game_resumed(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    lang: str,
) -> None:
    """The terminal fails while it draws the table, a few turns in: the person reads that
    nothing is lost, the line that continues the game and where the report is — in their
    language, with no traceback — and the journal holds exactly what was committed before.
    ``companion resume`` then plays the game to its end from there."""
    db = tmp_path / "journal.sqlite3"
    drawn: list[list[str]] = []
    table = TableScreen.table

    def failing(screen: TableScreen, view: JSONObject) -> None:
        if len(drawn) == 3:
            drawn.append(committed(db))
            raise RuntimeError("a fault nobody foresaw")
        drawn.append([])
        table(screen, view)

    monkeypatch.setattr(TableScreen, "table", failing)
    argv = ["--fast", "--no-phones", "--no-readers", "--db", str(db), "--lang", lang]

    code = main(["demo", *argv])

    said = capsys.readouterr()
    assert code == 70
    assert "Traceback" not in said.out + said.err
    assert text(lang, "fault.said", error="RuntimeError") in said.out
    assert text(lang, "fault.resume", command=faults.resume_command(db, 1)) in said.out
    report = Path(said.out.split(text(lang, "fault.report", path=""))[1].splitlines()[0])
    assert "RuntimeError: a fault nobody foresaw" in report.read_text(encoding="utf-8")
    before = drawn[-1]
    assert len(before) > 3 and committed(db) == before, "nothing lost, nothing more"

    monkeypatch.setattr(TableScreen, "table", table)
    assert main(["resume", *argv]) == 0
    assert committed(db)[: len(before)] == before
    (game,) = Journal(db).games()
    assert game.result is not None and game.result["winners"]


def test_a_thread_that_dies_of_an_error_logs_it_to_the_app_s_file_not_the_screen(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A reader's thread or a library's dies: its traceback goes to the log file."""

    faults.keep_logs(tmp_path)

    def die() -> None:
        raise ValueError("a reader thread's death")

    thread = threading.Thread(target=die, name="reader seat1")
    thread.start()
    thread.join()
    for handler in logging.getLogger().handlers:
        handler.flush()

    said = capfd.readouterr()
    assert "Traceback" not in said.out + said.err
    logged = (tmp_path / faults.LOG).read_text(encoding="utf-8")
    assert "thread reader seat1 died" in logged and "ValueError: a reader thread's death" in logged
