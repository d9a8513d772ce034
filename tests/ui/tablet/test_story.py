"""The game's story on the game-over screen (``ui/tablet/story.py``): the same scene
``companion story`` draws, drawn with Kivy's canvas, its words the scene's (issue 31)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from kivy.uix.label import Label

from companion.service import TableService
from testkit.tablet import Tablet, texts, widgets
from tests.ui.tablet.test_app import start_practice_game
from tests.ui.tablet.test_screens import waited_for
from ui.story.scene import scene
from ui.tablet import theme
from ui.tablet.scrolled import Lines
from ui.tablet.story import StoryView


async def played_to_the_end(tablet: Tablet) -> TableService:
    """A practice game played to its game-over screen; its table."""
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
    return service


@pytest.mark.parametrize("tablet", ["zh-Hant"], indirect=True)
async def test_the_game_over_screen_draws_the_game_s_story(tablet: Tablet) -> None:
    service = await played_to_the_end(tablet)
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


@pytest.mark.parametrize("tablet", ["en"], indirect=True)
async def test_a_narrow_story_wraps_its_legend_rather_than_shrinking_its_words(
    tablet: Tablet,
) -> None:
    """A tablet held upright leaves the story less width than its legend's words need on
    one line: they go on to more lines, at the size they are read at, and stay inside."""
    service = await played_to_the_end(tablet)
    actions = (e.action for e in service.journal.entries(service.game_id))
    told = scene(service.header, actions, "en", service.game_id)
    view = StoryView(told, size=(theme.TOUCH * 6, theme.TOUCH * 6))
    view.size = (theme.TOUCH * 6 + 1, theme.TOUCH * 6)  # drawn again at its size
    assert {label.font_size for label in view.legend} == {theme.TINY}
    assert len({label.center_y for label in view.legend}) > 1, "the legend on more lines"
    for label in view.legend:
        assert view.x <= label.x and label.right <= view.right, label.text


@pytest.mark.parametrize("tablet", ["en"], indirect=True)
async def test_the_whole_timeline_scrolls_to_its_end_while_only_the_lines_in_sight_are_drawn(
    tablet: Tablet,
) -> None:
    """Every move and what each look showed, a line each; a long game's are thousands, and
    drawn as a label each they took 500 MB of the tablet's memory: only those in sight are
    drawn, and the list is as long as its lines are, so it ends with the game's end."""
    service = await played_to_the_end(tablet)
    timeline = service.revealed_view()["timeline"]
    assert isinstance(timeline, list)
    secrets = sum(len(e["secrets"]) for e in timeline if isinstance(e, dict))
    [lines] = [w for w in widgets() if isinstance(w, Lines)]
    assert len(lines.rows) == len(timeline) + secrets
    drawn = lines.children[0].children
    assert 0 < len(drawn) < len(lines.rows) / 2, "the lines in sight, not the whole game"
    assert lines.rows[0].text in texts()
    lines.scroll_y = 0
    await tablet.frames(5)
    last = lines.rows[-1].text
    assert last in texts(), "scrolled to the end, the game's last line shows"
    [label] = [w for w in lines.children[0].children if isinstance(w, Label) and w.text == last]
    assert label.y == pytest.approx(0, abs=1), "at the list's foot (its own coordinates)"
    heights = [(row["height"], w.height) for w in lines.children[0].children for row in lines.data
               if isinstance(w, Label) and row["text"] == w.text]  # fmt: skip
    assert heights and all(h == pytest.approx(drawn_h, abs=2) for h, drawn_h in heights), (
        "each line as tall as worked out before it was drawn: the list scrolls as far as it is long"
    )
