"""The rules at hand on the tablet: a tap on a line of the feed that names a card shows what
the card does (風聲 §6: each function's text), from the same texts as the phones; a tap
closes it. A line that names no card opens nothing."""

from __future__ import annotations

import random

import pytest

from companion.i18n import text
from testkit.tablet import Tablet, texts
from tests.ui.tablet.test_app import close_alerts, start_practice_game
from tests.ui.tablet.test_layout import play
from ui.seat_screen import cards_named


@pytest.mark.parametrize("tablet", ["en"], indirect=True)
async def test_a_tap_on_a_feed_line_naming_a_card_says_what_the_card_does(
    tablet: Tablet,
) -> None:
    lang = tablet.app.lang
    await tablet.press(text(lang, "game.themessage"))
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    voice, rng = session.voice, random.Random(3)
    events = session._events
    while not events or not cards_named(voice, [events[-1]]):
        assert session.service.table.over() is None
        if not play(session, rng):
            await tablet.frames(2)
    await tablet.frames(5)
    await close_alerts(tablet)
    screen = tablet.app.screens.get_screen("table")
    newest = screen.feed[0]
    card = cards_named(voice, [events[-1]])[0]
    help_text = voice.explain(card)
    assert help_text and help_text not in " ".join(texts())
    await tablet.tap(newest)
    await tablet.frames(3)
    assert any(help_text in line for line in texts()), "the card's text is shown"
    await tablet.screenshot("tablet-feed-card-en")
    await tablet.tap_at(8, 8)
    await tablet.frames(3)
    assert not any(help_text in line for line in texts())


@pytest.mark.parametrize("tablet", ["zh-Hans"], indirect=True)
async def test_a_tap_on_the_discard_pile_s_top_card_says_what_it_does(tablet: Tablet) -> None:
    """The card face up on the pile (風聲 §6: the last card played or burnt) is read with a
    tap, in the tablet's language; a tap closes it."""
    lang = tablet.app.lang
    await tablet.press(text(lang, "game.themessage"))
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    screen, rng = tablet.app.screens.get_screen("table"), random.Random(5)

    def top() -> list[str]:
        return [v.token.about for v in screen.pile.views if v.token and v.token.about]

    while not top():
        assert session.service.table.over() is None
        if not play(session, rng):
            await tablet.frames(2)
        await tablet.frames(1)
    await tablet.frames(5)
    await close_alerts(tablet)
    help_text = top()[0]
    assert help_text and not any(help_text in line for line in texts())
    await tablet.tap(next(v for v in screen.pile.views if v.token and v.token.about))
    await tablet.frames(3)
    assert any(help_text in line for line in texts())
    await tablet.tap_at(8, 8)
    await tablet.frames(3)
    assert not any(help_text in line for line in texts())
