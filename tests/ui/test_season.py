"""``companion stats`` as a group types it: the season's tables in the chosen language,
two spellings made one player and kept, the games narrowed by day and by players."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.i18n import text
from companion.season import Line
from tests.companion.test_season import TABLES, season_journal
from ui.cli import main
from ui.season import player_row


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("stats") / "journal.sqlite3"
    season_journal(path)
    return path


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal wide enough that no title is folded across lines."""
    monkeypatch.setenv("COLUMNS", "240")


def stats(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["stats", *argv]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_season_is_printed_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], journal: Path, lang: str
) -> None:
    out = stats(capsys, "--db", str(journal), "--lang", lang)
    assert text(lang, "stats.players", games=len(TABLES)) in out
    for game in ("microfilms", "themessage", "darkfireline"):
        assert text(lang, "stats.camps", game=text(lang, f"game.{game}")) in out
    assert text(lang, "stats.col.checked") in out
    assert "Benjamin" in out and "Fay" in out


def test_two_spellings_typed_as_the_group_writes_them_become_one_player_and_stay_so(
    capsys: pytest.CaptureFixture[str], journal: Path, tmp_path: Path
) -> None:
    db = tmp_path / "journal.sqlite3"
    db.write_bytes(journal.read_bytes())
    out = stats(capsys, "--db", str(db), "--lang", "en", "--same", "Ben=Benjamin")
    assert text("en", "stats.same_kept", name="Ben", others="Benjamin") in out
    again = stats(capsys, "--db", str(db), "--lang", "en", "--players", "ben")
    assert "Benjamin" in again  # Ben's row says he was also written so
    assert text("en", "stats.players", games=len(TABLES)) in again  # Ben played every game
    stats(capsys, "--db", str(db), "--lang", "en", "--apart", "Benjamin")
    apart = stats(capsys, "--db", str(db), "--lang", "en", "--players", "ben")
    assert text("en", "stats.players", games=len(TABLES) - 1) in apart


def test_a_merge_that_names_one_spelling_is_refused_in_words(
    capsys: pytest.CaptureFixture[str], journal: Path
) -> None:
    assert main(["stats", "--db", str(journal), "--lang", "en", "--same", "Ben"]) == 2
    assert text("en", "stats.bad_same", given="Ben") in capsys.readouterr().out


def test_the_season_narrows_to_a_day_and_to_the_games_some_players_shared(
    capsys: pytest.CaptureFixture[str], journal: Path
) -> None:
    later = stats(capsys, "--db", str(journal), "--lang", "en", "--since", "2999-01-01")
    assert text("en", "stats.none") in later
    shared = stats(capsys, "--db", str(journal), "--lang", "en", "--players", "Fay, ANN")
    assert text("en", "stats.players", games=2) in shared
    rows = [line.split("│")[1].strip() for line in shared.splitlines() if line.startswith("│")]
    assert {"Ann (also written ann)", "Fay"} <= set(rows)
    assert "Cat" not in rows
    with pytest.raises(SystemExit):
        main(["stats", "--db", str(journal), "--lang", "zh-Hant", "--since", "last friday"])
    assert text("zh-Hant", "stats.bad_date", given="last friday") in capsys.readouterr().err


def test_a_journal_with_no_finished_game_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = stats(capsys, "--db", str(tmp_path / "none.sqlite3"), "--lang", "zh-Hans")
    assert text("zh-Hans", "stats.none") in out


@pytest.mark.parametrize(
    ("minutes", "shown"), [(None, "—"), (0, "<1"), (0.9, "<1"), (1.2, "1"), (12.6, "13")]
)
def test_a_player_s_minutes_a_game_are_whole_minutes_and_a_short_game_is_under_one(
    minutes: float | None, shown: str
) -> None:
    line = Line("Ann", ("Ann",), 1, 0, (), 12.0, minutes, ())
    assert player_row(line, "en")[5] == shown
