"""A first game needs no rulebook (issue: the table teaches): with "first game" on, the
tablet explains each moment the first time it comes — the deal, a turn (rules digest
themessage.md §2–§4) — in a banner the whole table reads, tapped away; each moment once.
Without it, nothing is explained by itself."""

from __future__ import annotations

import asyncio
import random

import pytest

from companion.core.actions import EndGame
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


@pytest.mark.parametrize("tablet", ["en"], indirect=True)
async def test_a_lesson_waits_through_a_language_switch_and_a_rematch_teaches_nothing(
    tablet: Tablet,
) -> None:
    """A lesson goes only when tapped: switching the tablet's language redraws it in the
    new words; and "Play again" is the group's second game, no longer a first game."""
    await tablet.press(text("en", "game.themessage"))
    await tablet.press(text("en", "tablet.teach.off"))
    await start_practice_game(tablet)
    deal = "teach.themessage.deal"
    assert lessons(tablet) == [f"{text('en', 'tablet.teach.title')}\n{text('en', deal)}"]
    tablet.app.set_lang("zh-Hans")
    await tablet.frames(5)
    said = f"{text('zh-Hans', 'tablet.teach.title')}\n{text('zh-Hans', deal)}"
    assert lessons(tablet) == [said], "still the deal, in the new words"
    assert any(text("zh-Hans", deal) in line for line in texts()), "and still on the screen"
    session = tablet.app.session
    assert session is not None
    session.service.submit(EndGame())
    await tablet.until(lambda: tablet.app.screens.current == "over")
    await tablet.press(text("zh-Hans", "tablet.play_again"))
    await tablet.until(lambda: tablet.app.session not in (None, session))
    again = tablet.app.session
    assert again is not None and not again.service.header.policy.teach
    assert not lessons(tablet)


@pytest.mark.parametrize("tablet", ["en"], indirect=True)
async def test_a_resumed_first_game_explains_only_what_it_had_not_come_to(tablet: Tablet) -> None:
    await tablet.press(text("en", "game.themessage"))
    await tablet.press(text("en", "tablet.teach.off"))
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    rng = random.Random(5)
    while not any(e.kind == "sent" for e in session.service.table.state.history):
        play(session, rng)
    game = session.service.game_id
    tablet.app.leave_game()
    await tablet.until(lambda: tablet.app.screens.current == "start")
    tablet.app.resume(game)
    await tablet.until(lambda: tablet.app.session is not None)
    past = {text("en", f"teach.themessage.{m}") for m in ("deal", "turn", "send")}
    assert not any(line.split("\n", 1)[1] in past for line in lessons(tablet)), lessons(tablet)


@pytest.mark.parametrize("tablet", ["en"], indirect=True)
async def test_a_window_waits_while_its_lesson_is_read_and_then_has_its_whole_time(
    tablet: Tablet,
) -> None:
    """風聲 §5.2 in a first game: the first response window comes with the lesson on what a
    window is; its seconds do not run while the table reads it (a newcomer group once saw
    the window close, and the next open, behind the lesson)."""
    await tablet.press(text("en", "game.themessage"))
    await tablet.press(text("en", "tablet.teach.off"))
    tablet.app.screens.get_screen("start").window = 1  # the shortest a test can wait out
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    service, rng = session.service, random.Random(5)
    window = text("en", "teach.themessage.window")
    while service.window() is None or not any(window in line for line in lessons(tablet)):
        if not any(window in line for line in lessons(tablet)):
            session.dismiss()  # the lessons before the window's, read and tapped away
        if service.window() is None and not play(session, rng):
            await tablet.frames(2)
    opened = service.window()
    assert opened is not None
    await asyncio.sleep(2.5)  # twice its time and more, the lesson up
    still = service.window()
    assert still is not None and (still.n, still.waiting) == (opened.n, opened.waiting), (
        "still open, the same window, while it is explained"
    )
    while lessons(tablet):
        session.dismiss()
    await tablet.until(lambda: (w := service.window()) is None or w.n != opened.n)
