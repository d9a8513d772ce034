"""The game's story on the game-over screen (``ui/tablet/story.py``): the same scene
``companion story`` draws, drawn with Kivy's canvas, its words the scene's (issue 31)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from kivy.uix.label import Label

from testkit.tablet import Tablet, widgets
from tests.ui.tablet.test_app import start_practice_game
from tests.ui.tablet.test_screens import waited_for
from ui.story.scene import scene
from ui.tablet.story import StoryView


@pytest.mark.parametrize("tablet", ["zh-Hant"], indirect=True)
async def test_the_game_over_screen_draws_the_game_s_story(tablet: Tablet) -> None:
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    service = session.service
    rng = random.Random(6)
    while service.over() is None:
        seat = await waited_for(tablet)
        session.submit(rng.choice(service.table.legal_actions(seat)))
    await tablet.until(lambda: tablet.app.screens.current == "over")
    await tablet.frames(5)
    [view] = [w for w in widgets() if isinstance(w, StoryView)]
    actions = (e.action for e in service.journal.entries(service.game_id))
    told = scene(service.header, actions, "zh-Hant", service.game_id)
    assert view.scene == told
    shown = [w.text for w in view.children if isinstance(w, Label)]
    words = {*(r.name for r in told.rows), *(r.identity for r in told.rows), told.axis,
             *(t.last for r in told.rows for t in r.tracks), *told.legend}  # fmt: skip
    assert {t for t in shown if not t.isdigit()} == words
    for label in view.children:  # every word inside the picture, none cut at its edge
        assert view.x <= label.x and label.right <= view.right + 1, label.text
    [drawing] = view.canvas.before.children
    drawn = Counter(type(i).__name__ for i in drawing.children)
    assert drawn["Rectangle"] == len(told.rows), "a band a seat"
    assert drawn["Ellipse"] == len(told.moves) + 1, "a dot a seat's turn, and the legend's"
    await tablet.screenshot("tablet-over-story-zh-Hant")
