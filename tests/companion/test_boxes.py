"""Named boxes (``companion/boxes.py``): a group counts its 暗火线 box once (rules digest §0,
§1.3, §2: the counts, the mixes and the serums are unknown) and finds it again, per table
size where the game sets a count per size; a bad file changes nothing and says why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import boxes
from companion.games.darkfireline.options import Box, Mix, Options

GAME = "darkfireline"
COUNTED = ["box", "identities", "deck_serums"]
PER_SIZE = ["identities", "deck_serums"]


def options(**changed: object) -> dict[str, object]:
    base = {"box": Options().box, "identities": None, "deck_serums": None}
    return {**base, **changed}


def test_a_saved_box_brings_back_its_counts_and_each_table_size_its_own_mix(tmp_path: Path) -> None:
    ours = Box(single=16, warrant=0)
    six = Mix(swat=1, citizen=3, terrorist=2)
    boxes.saved(tmp_path, GAME, "我們的盒子", options(box=ours, identities=six, deck_serums=5),
                counted=COUNTED, per_size=PER_SIZE, seats=6)  # fmt: skip
    five = Mix(swat=1, citizen=2, terrorist=2)
    boxes.saved(tmp_path, GAME, "我們的盒子", options(box=ours, identities=five),
                counted=COUNTED, per_size=PER_SIZE, seats=5)  # fmt: skip

    (box,) = boxes.listed(tmp_path, GAME, Options)
    assert box.name == "我們的盒子"
    at_six = box.applied(options(), 6, Options)
    assert at_six == {"box": ours, "identities": six, "deck_serums": 5}
    assert box.applied(options(), 5, Options) == {"box": ours, "identities": five,
                                                  "deck_serums": None}  # fmt: skip
    # A size the box says nothing of keeps the game's default for it.
    assert box.applied(options(identities=six), 8, Options)["identities"] is None


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ("not json", "box_file.unreadable"),
        (json.dumps({"kind": "something else"}), "box_file.not_a_box"),
        (json.dumps({"kind": boxes.KIND, "game": "themessage", "name": "x"}),
         "box_file.other_game"),
        (json.dumps({"kind": boxes.KIND, "game": GAME, "name": "x",
                     "options": {"box": {"single": -3}}}), "box_file.bad_counts"),
        (json.dumps({"kind": boxes.KIND, "game": GAME, "name": "x",
                     "options": {"box": {"single": "many"}}}), "box_file.bad_counts"),
    ],
)  # fmt: skip
def test_a_file_that_is_not_a_usable_box_is_refused_and_kept_out(
    tmp_path: Path, body: str, key: str
) -> None:
    path = tmp_path / f"{GAME}.bad.json"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(boxes.BoxFileError) as refused:
        boxes.read(path, GAME, Options)
    assert refused.value.key == key
    assert boxes.listed(tmp_path, GAME, Options) == []
