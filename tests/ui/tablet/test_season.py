"""The season screen: reached from the start screen, the same tables as ``companion stats``,
and two spellings of one player made one with two taps — kept in the journal."""

from __future__ import annotations

from pathlib import Path

from companion import season
from companion.i18n import text
from testkit.tablet import run_tablet, texts
from tests.companion.test_season import TABLES, season_journal


async def test_the_season_is_shown_and_two_spellings_are_merged_by_touch(
    tmp_path: Path, shots: Path
) -> None:
    db = tmp_path / "journal.sqlite3"
    season_journal(db)
    async for tablet in run_tablet(db, "en", shots=shots):
        await tablet.press(text("en", "tablet.season.open"))
        assert tablet.app.screens.current == "season"
        shown = texts()
        assert text("en", "stats.players", games=len(TABLES)) in shown
        ben = "Ben (also written BEN)"  # "ben", whatever its case, is Ben
        assert {"Ann (also written ann)", ben, "Benjamin", "Fay"} <= set(shown)
        await tablet.screenshot("tablet-season-en")
        await tablet.press("Benjamin")
        assert text("en", "tablet.season.merge_into", name="Benjamin") in texts()
        await tablet.press(ben)
        await tablet.press(text("en", "tablet.season.merge_yes"))
        kept = "Ben (also written BEN, Benjamin)"
        assert kept in texts() and "Benjamin" not in texts()
        read = season.tally(season.played(tablet.journal), tablet.journal.same_names())
        assert [ln.games for ln in read.players if ln.name == "Ben"] == [len(TABLES)]
        await tablet.press(kept)
        await tablet.press(text("en", "tablet.season.apart", name="Ben"))
        assert "Benjamin" in texts()
        await tablet.press(text("en", "tablet.season.back"))
        assert tablet.app.screens.current == "start"


async def test_the_season_screen_reads_in_chinese(tmp_path: Path, shots: Path) -> None:
    db = tmp_path / "journal.sqlite3"
    season_journal(db)
    async for tablet in run_tablet(db, "zh-Hant", shots=shots):
        await tablet.press(text("zh-Hant", "tablet.season.open"))
        shown = texts()
        assert text("zh-Hant", "stats.players", games=len(TABLES)) in shown
        assert text("zh-Hant", "stats.col.checked") in shown
        await tablet.screenshot("tablet-season-zh-Hant")
