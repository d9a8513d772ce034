"""The new-game screen's options for 暗火线 by touch: a box's counts set one by one, saved as
a named box, used again, and a box file loaded — rules digest §1.3 and §2 (the counts, the
mixes and the serums are UNKNOWN, so a group sets them to the box in front of it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from kivy.uix.button import Button
from kivy.uix.filechooser import FileChooserListView
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

from companion import boxes
from companion.core.codec import to_json
from companion.games.darkfireline.options import DEFAULT_DECK_SERUMS, Box
from companion.i18n import text
from testkit.tablet import Tablet, widgets

LANG = "en"


def t(key: str, **args: object) -> str:
    return text(LANG, key, **args)


def row_of(label: str) -> list[Button]:
    """The buttons on the row a label heads (a count's − and +)."""
    (found,) = [w for w in widgets() if isinstance(w, Label) and w.text == label
                and not isinstance(w, Button)]  # fmt: skip
    return [w for w in found.parent.children[::-1] if isinstance(w, Button)]


async def step(tablet: Tablet, label: str, sign: str, times: int = 1) -> None:
    for _ in range(times):
        (tap,) = [b for b in row_of(label) if b.text == sign]
        await tablet.tap(tap)


def count_shown(label: str) -> str:
    (found,) = [w for w in widgets() if isinstance(w, Label) and w.text == label]
    return next(w.text for w in found.parent.children[::-1] if w.text.isdigit())


async def load(tablet: Tablet, path: Path) -> None:
    """Load a box file → the file chooser, pointed at ``path`` → Load."""
    await tablet.press(t("tablet.box_load"))
    (chooser,) = [w for w in widgets() if isinstance(w, FileChooserListView)]
    chooser.path, chooser.selection = str(path.parent), [str(path)]
    sheet = chooser.parent
    (go,) = [w for w in sheet.walk() if isinstance(w, Button) and w.text == t("tablet.box_load")]
    await tablet.tap(go)


@pytest.mark.parametrize("tablet", [LANG], indirect=True)
async def test_a_group_counts_its_box_saves_it_uses_it_again_and_loads_one_from_a_file(
    tablet: Tablet, tmp_path: Path
) -> None:
    screen = tablet.app.screens.get_screen("start")
    await tablet.press(t("game.darkfireline"))
    while screen.count < 6:
        await step(tablet, t("tablet.players", count=screen.count), "+")
    single, serums = t("option.darkfireline.box.single"), t("option.darkfireline.deck_serums.count")

    await step(tablet, single, "+", 2)
    await step(tablet, serums, "−")
    assert screen.options["box"].single == 16 and count_shown(single) == "16"
    assert screen.options["deck_serums"] == DEFAULT_DECK_SERUMS[6] - 1
    (name,) = [
        w for w in widgets() if isinstance(w, TextInput) and w.hint_text == t("tablet.box_name")
    ]
    name.text = "俱樂部"  # what the on-screen keyboard types
    await tablet.press(t("tablet.box_save"))
    assert t("tablet.box_saved", name="俱樂部", seats=6) in [
        w.text for w in widgets() if isinstance(w, Label)
    ]

    await step(tablet, single, "−", 5)
    assert screen.options["box"].single == 11
    await tablet.press(t("tablet.box_use", name="俱樂部"))
    assert screen.options["box"].single == 16, "the saved box brings its counts back"
    assert screen.options["deck_serums"] == DEFAULT_DECK_SERUMS[6] - 1

    not_a_box = tmp_path / "notes.json"
    not_a_box.write_text(json.dumps({"shopping": ["milk"]}), encoding="utf-8")
    await load(tablet, not_a_box)
    said = [w.text for w in widgets() if isinstance(w, Label)]
    assert t("box_file.not_a_box", file="notes.json") in said
    assert screen.options["box"].single == 16, "a file that is no box changes nothing"

    theirs = tmp_path / "friends.json"
    boxes.write(boxes.NamedBox("darkfireline", "朋友家", {"box": to_json(Box(single=18))}, {}),
                theirs)  # fmt: skip
    await load(tablet, theirs)
    assert screen.options["box"].single == 18
    assert t("tablet.box_loaded", name="朋友家") in [
        w.text for w in widgets() if isinstance(w, Label)
    ]
    assert tablet.button(t("tablet.box_use", name="朋友家")), "kept among the saved boxes"

    await tablet.press(t("tablet.draws.told"))  # practice: the app draws, no cards needed
    await tablet.press(t("tablet.start"))
    await tablet.until(lambda: tablet.app.session is not None)
    assert tablet.app.session is not None
    assert tablet.app.session.service.table.state.options.box.single == 18, "the game plays it"
