"""A first game needs no rulebook (issue: the table teaches): with "first game" on, the
tablet explains each moment the first time it comes — the deal, a turn (rules digest
themessage.md §2–§4) — in a banner the whole table reads, tapped away; each moment once.
Without it, nothing is explained by itself."""

from __future__ import annotations

import random

import pytest

from companion.i18n import text
from testkit.tablet import Tablet, texts
from tests.ui.tablet.test_app import start_practice_game
from tests.ui.tablet.test_layout import play


def lessons(tablet: Tablet) -> list[str]:
    session = tablet.app.session
    assert session is not None
    return [a.text for a in session.words().alerts if a.kind == "lesson"]


@pytest.mark.parametrize("tablet", ["zh-Hant", "en"], indirect=True)
async def test_a_first_game_explains_each_moment_once_and_a_tap_moves_on(tablet: Tablet) -> None:
    lang = tablet.app.lang
    await tablet.press(text(lang, "game.themessage"))
    await tablet.press(text(lang, "tablet.teach.off"))
    assert text(lang, "tablet.teach.on") in texts()
    await start_practice_game(tablet)
    deal, turn = (text(lang, f"teach.themessage.{m}") for m in ("deal", "turn"))
    title = text(lang, "tablet.teach.title")
    assert lessons(tablet) == [f"{title}\n{deal}"], "the deal first, the whole table's"
    assert any(deal in line for line in texts())
    await tablet.screenshot(f"tablet-teach-{lang}")
    await tablet.tap_at(8, 8)
    await tablet.until(lambda: lessons(tablet) == [f"{title}\n{turn}"])
    await tablet.tap_at(8, 8)
    session = tablet.app.session
    assert session is not None
    seen: list[str] = []
    rng = random.Random(5)
    turns = 0
    while turns < 3 and session.service.over() is None:
        before = session.service.table.state.turn
        if not play(session, rng):
            await tablet.frames(2)
        turns += session.service.table.state.turn != before
        seen += [line for line in lessons(tablet) if line not in seen]
        session.dismiss()
    assert seen and all(deal not in line and turn not in line for line in seen), seen


@pytest.mark.parametrize("tablet", ["en"], indirect=True)
async def test_a_table_that_is_not_a_first_game_is_explained_nothing(tablet: Tablet) -> None:
    await tablet.press(text("en", "game.themessage"))
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    rng = random.Random(5)
    for _ in range(30):
        play(session, rng)
        assert not lessons(tablet)
