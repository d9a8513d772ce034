"""The tablet meets an error nobody foresaw: the table reads it in words, in the tablet's
language, every move made so far is kept, and the game is resumed where it was."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.i18n import text
from testkit.tablet import Tablet, texts
from tests.ui.tablet.test_app import start_practice_game
from ui.tablet.screens.table import TableScreen


@pytest.mark.parametrize("tablet", ["zh-Hans"], indirect=True)
async def test_an_error_drawing_the_table_is_said_and_the_game_resumed_where_it_was(
    tablet: Tablet, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table screen fails to draw a move a phone made: the tablet does not close. It
    says, in its language, that nothing is lost and how to go on; the start screen offers
    the game again; the journal holds every move, that one included; resumed, the table
    goes on from there."""
    lang = tablet.app.lang
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    service, rng = session.service, random.Random(3)
    for _ in range(5):
        seat = service.acting()
        assert seat is not None
        service.submit(rng.choice(service.table.legal_actions(seat)))
    await tablet.frames(3)
    drawn = TableScreen.refresh

    def failing(screen: TableScreen, *args: Any) -> None:
        raise RuntimeError("a fault nobody foresaw")

    monkeypatch.setattr(TableScreen, "refresh", failing)
    seat = service.acting()
    assert seat is not None
    service.submit(rng.choice(service.table.legal_actions(seat)))
    made = service.seq
    await tablet.until(lambda: tablet.app.screens.current == "start")
    monkeypatch.setattr(TableScreen, "refresh", drawn)

    shown = " ".join(texts())
    assert text(lang, "fault.said", error="RuntimeError") in shown
    assert text(lang, "fault.tablet_resume", resume=text(lang, "tablet.resume")) in shown
    assert tablet.app.session is None
    assert len(tablet.journal.entries(service.game_id)) == made, "every move kept"
    await tablet.tap_at(8, 8)  # the banner tapped away
    await tablet.press(text(lang, "tablet.resume"))
    await tablet.until(lambda: tablet.app.screens.current in ("table", "join"))
    resumed = tablet.app.session
    assert resumed is not None and resumed.service.seq == made
