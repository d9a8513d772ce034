"""``companion markers``: the sticker sheets printed (as a PDF rasterised at 300 dpi by
poppler) read back through the camera's own detector as the ids the deck's cards were
given, and the corners as the corners — the printed art is what the camera expects."""

from __future__ import annotations

import subprocess
from pathlib import Path

import cv2
import pytest

from companion.games import GAMES
from hardware.camera.detect import Detector
from hardware.camera.markers import CORNERS, FIRST_CARD
from ui.cli import main


@pytest.mark.parametrize(("lang", "paper"), [("zh-Hant", "a4"), ("en", "letter")])
def test_the_printed_sheets_read_back_as_the_decks_markers_and_the_corners(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, paper: str
) -> None:
    pdf = tmp_path / "stickers.pdf"
    code = main(["markers", "--game", "microfilms", "--paper", paper, "-o", str(pdf),
                 "--tags", str(tmp_path / "tags.sqlite3"), "--lang", lang])  # fmt: skip
    out = capsys.readouterr().out
    (cards,) = GAMES["microfilms"].sensing.boxes.values()
    assert code == 0 and str(len(cards)) in out
    subprocess.run(["pdftoppm", "-r", "300", "-gray", "-png", str(pdf), str(tmp_path / "page")],
                   check=True)  # fmt: skip
    read: set[int] = set()
    for page in sorted(tmp_path.glob("page-*.png")):
        read |= {f.marker for f in Detector().find(cv2.imread(str(page), cv2.IMREAD_GRAYSCALE))}
    assert read == {*CORNERS, *range(FIRST_CARD, FIRST_CARD + len(cards))}
