"""Printable sticker sheets: each card's marker with its name, and the table's corners (PDF).

A sticker is 30 mm square — a 20 mm marker in a white quiet zone — with the card's name
under it, on a sheet of A4 or Letter with dashed cut lines. Each page carries a 100 mm
scale bar: if it does not measure 100 mm, the printer scaled the page and the markers
are not the size the camera expects. The last page holds the four 40 mm corner markers,
numbered in the order they go round the table. Markers are drawn cell by cell as vector
squares, so they print sharp at any resolution.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from companion.core.types import CardId
from hardware.camera.markers import CORNER_MM, CORNERS, STICKER_MM, marker_image

PAPERS = {"a4": A4, "letter": LETTER}
CELL_MM = (STICKER_MM + 6, STICKER_MM + 12)
"""One sticker's place on the sheet: the sticker, its name under it, room to cut."""
MARGIN_MM = 12.0


def write(
    path: Path, cards: Mapping[int, CardId], names: Mapping[CardId, str], say: Callable[..., str],
    *, paper: str = "a4", font_file: Path | None = None,
) -> int:  # fmt: skip
    """The sheets for ``cards`` (marker id → card), each named by ``names``, the sheet's own
    words (``markers.scale``, ``markers.corner``) from ``say``, written in ``font_file``
    (embedded: Chinese names print on any printer; ``None``: Helvetica, Latin only); the
    pages written."""
    font = "Helvetica"
    if font_file is not None:
        font = "CJK"
        pdfmetrics.registerFont(TTFont(font, str(font_file), subfontIndex=0))
    width, height = PAPERS[paper]
    sheet = Canvas(str(path), pagesize=(width, height))
    cols = int((width / mm - 2 * MARGIN_MM) // CELL_MM[0])
    rows = int((height / mm - 2 * MARGIN_MM - 20) // CELL_MM[1])
    ids = sorted(cards)
    pages = 0
    for first in range(0, len(ids), cols * rows):
        _scale(sheet, font, say("markers.scale"), height)
        for i, marker in enumerate(ids[first : first + cols * rows]):
            col, row = i % cols, i // cols
            x = MARGIN_MM + col * CELL_MM[0]
            top = height / mm - MARGIN_MM - 20 - row * CELL_MM[1]
            _cut(sheet, x, top - CELL_MM[1], *CELL_MM)
            _sticker(sheet, marker, x + 3, top - 3 - STICKER_MM, STICKER_MM)
            sheet.setFont(font, 7)
            sheet.drawCentredString((x + CELL_MM[0] / 2) * mm, (top - CELL_MM[1] + 3.5) * mm,
                                    names[cards[marker]])  # fmt: skip
        sheet.showPage()
        pages += 1
    _scale(sheet, font, say("markers.scale"), height)
    side = CORNER_MM * 1.5
    for i, corner in enumerate(CORNERS):
        x = MARGIN_MM + (i % 2) * (side + 20)
        top = height / mm - MARGIN_MM - 30 - (i // 2) * (side + 25)
        _cut(sheet, x, top - side, side, side)
        _sticker(sheet, corner, x, top - side, side)
        sheet.setFont(font, 10)
        sheet.drawString(x * mm, (top - side - 6) * mm, say("markers.corner", n=i + 1))
    sheet.showPage()
    sheet.save()
    return pages + 1


def _sticker(sheet: Canvas, marker: int, x: float, y: float, side: float) -> None:
    """The marker in the middle two thirds of a white square ``side`` mm at (x, y), cell by
    cell, the image's top row printed at the top."""
    cells = marker_image(marker, 6)  # the 4×4 bits and their black border, a pixel a cell
    cell = side * 2 / 3 / 6
    left, bottom = x + side / 6, y + side / 6
    sheet.setFillGray(0)
    for r in range(6):
        for c in range(6):
            if cells[r, c] < 128:
                sheet.rect((left + c * cell) * mm, (bottom + (5 - r) * cell) * mm,
                           cell * mm, cell * mm, stroke=0, fill=1)  # fmt: skip


def _cut(sheet: Canvas, x: float, y: float, w: float, h: float) -> None:
    sheet.setStrokeGray(0.6)
    sheet.setDash(2, 2)
    sheet.setLineWidth(0.3)
    sheet.rect(x * mm, y * mm, w * mm, h * mm, stroke=1, fill=0)
    sheet.setDash()


def _scale(sheet: Canvas, font: str, words: str, height: float) -> None:
    """A 100 mm bar at the top of a page ``height`` points high, and what it is for."""
    y = height - MARGIN_MM * mm
    sheet.setStrokeGray(0)
    sheet.setLineWidth(1)
    sheet.line(MARGIN_MM * mm, y, (MARGIN_MM + 100) * mm, y)
    for end in (0, 100):
        sheet.line((MARGIN_MM + end) * mm, y - 2 * mm, (MARGIN_MM + end) * mm, y + 2 * mm)
    sheet.setFont(font, 8)
    sheet.drawString((MARGIN_MM + 104) * mm, y - 1 * mm, words)
