"""Frames of a table with known truth, for the tests and the benchmark: the lens is the one
part of the camera that cannot be here, so this package draws what it would see.

A table (default 1,200 × 800 mm between the corner markers' centres) seen from above at
an angle, with cards of 63 × 88 mm each bearing a 30 mm sticker, laid at given places
and turns. Seeded, so a frame is the same every run. ``hard`` adds what a real table
does to a frame: blur, sensor noise, a lighting gradient, a lamp's glare, and a hand
passing over some of the cards. Without stickers (``Scene.stickers``), each card shows
printed art of its own instead (:func:`card_art`), as the markerless mode reads cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from hardware.camera.detect import Image
from hardware.camera.markers import CORNER_MM, CORNERS, STICKER_MM, marker_image

PX_PER_MM = 2.0
"""The top-down drawing's resolution, before the view's perspective."""
MARGIN_MM = 60.0
CARD_MM = (63.0, 88.0)


@dataclass(frozen=True)
class Laid:
    marker: int
    at_mm: tuple[float, float]
    turn: float = 0.0
    """Degrees."""


@dataclass(frozen=True)
class Scene:
    cards: Sequence[Laid]
    table_mm: tuple[float, float] = (1200.0, 800.0)
    frame: tuple[int, int] = (1920, 1080)
    tilt: float = 0.18
    """How much narrower the far edge looks than the near one (the camera's angle)."""
    jitter: float = 0.0
    """Pixels the view may shake by from frame to frame."""
    stickers: bool = True
    """Cards bear their marker stickers; else each its art (``Laid.marker`` picks it)."""
    seed: int = 0
    _rng: random.Random = field(default_factory=random.Random, compare=False)

    def view(self) -> np.ndarray:
        """Table millimetres → image pixels: the table fills most of the frame, its far
        edge narrower by ``tilt``."""
        w, d = self.table_mm
        fw, fh = self.frame
        span, inset = fw * 0.82, fw * 0.82 * self.tilt / 2
        left, near, far = (fw - span) / 2, fh * 0.92, fh * 0.1
        near_edge, far_edge = [(left, near), (left + span, near)], [(left + span - inset, far)]
        image = np.array([*near_edge, *far_edge, (left + inset, far)], dtype=np.float32)
        jitter = [[self._rng.uniform(-self.jitter, self.jitter) for _ in range(2)]
                  for _ in range(4)]  # fmt: skip
        image += np.array(jitter, dtype=np.float32)
        table = np.array([(0, 0), (w, 0), (w, d), (0, d)], dtype=np.float32)
        return cv2.getPerspectiveTransform(table, image)

    def render(self, rng: random.Random, *, hard: bool = False, hand: bool = False) -> Image:
        """One grey frame of the scene."""
        self._rng.seed(rng.random())
        w, d = self.table_mm
        top = _surface(w, d, rng)
        for i, c in enumerate(CORNERS):
            _paste(top, marker_image(c, _px(CORNER_MM)), [(0, 0), (w, 0), (w, d), (0, d)][i], d)
        for card in self.cards:
            _card(top, card, d, self.stickers)
        # The drawing's rows run from the far edge to the near one, as one looks down on
        # the table from the near side: drawing pixels → table millimetres.
        drawn_to_table = np.array([[1 / PX_PER_MM, 0, -MARGIN_MM],
                                   [0, -1 / PX_PER_MM, d + MARGIN_MM], [0, 0, 1]])  # fmt: skip
        h = self.view() @ drawn_to_table
        warped = cv2.warpPerspective(top, h, self.frame, flags=cv2.INTER_LINEAR, borderValue=60)
        frame: Image = np.asarray(warped, dtype=np.uint8)
        if hand:
            _hand(frame, rng)
        if hard:
            frame = _hardships(frame, rng)
        return frame


def _px(mm: float) -> int:
    return round(mm * PX_PER_MM)


def _surface(w: float, d: float, rng: random.Random) -> Image:
    size = (_px(d + 2 * MARGIN_MM), _px(w + 2 * MARGIN_MM))
    noise = np.random.default_rng(rng.randrange(2**32)).normal(0, 6, size)
    return np.clip(95 + noise, 0, 255).astype(np.uint8)


def _paste(top: Image, art: Image, at_mm: tuple[float, float], depth: float) -> None:
    """A corner marker centred at ``at_mm``, with a white quiet zone of a quarter of its
    side."""
    side = art.shape[0]
    quiet = side // 4
    border = cv2.copyMakeBorder(art, quiet, quiet, quiet, quiet, cv2.BORDER_CONSTANT, value=255)
    padded: Image = np.asarray(border, dtype=np.uint8)
    _place(top, padded, at_mm, 0.0, depth)


def _place(top: Image, art: Image, at_mm: tuple[float, float], turn: float, depth: float) -> None:
    """``art`` centred at table point ``at_mm``, turned ``turn`` degrees (``depth``: the
    table's, since the drawing's rows run from its far edge)."""
    h, w = art.shape
    cx, cy = _px(at_mm[0] + MARGIN_MM), _px(depth - at_mm[1] + MARGIN_MM)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), turn, 1.0)
    m[:, 2] += (cx - w / 2, cy - h / 2)
    mask = cv2.warpAffine(np.full_like(art, 255), m, top.shape[::-1])
    drawn = cv2.warpAffine(art, m, top.shape[::-1])
    np.copyto(top, drawn, where=mask > 127)


def _card(top: Image, card: Laid, depth: float, sticker: bool) -> None:
    if not sticker:
        _place(top, card_art(card.marker), card.at_mm, card.turn, depth)
        return
    face = np.full((_px(CARD_MM[1]), _px(CARD_MM[0])), 235, dtype=np.uint8)
    cv2.rectangle(face, (4, 4), (face.shape[1] - 5, face.shape[0] - 5), 120, 2)  # its print
    marker = np.asarray(marker_image(card.marker, _px(STICKER_MM * 2 / 3)), dtype=np.uint8)
    side, quiet = marker.shape[0], marker.shape[0] // 4
    y, x = (face.shape[0] - side) // 2, (face.shape[1] - side) // 2
    face[y - quiet : y + side + quiet, x - quiet : x + side + quiet] = 255
    face[y : y + side, x : x + side] = marker
    _place(top, face, card.at_mm, card.turn, depth)


def card_art(face: int) -> Image:
    """A card face's printed art, upright (``PX_PER_MM``): a title band, a picture of a few
    shapes and a text block, each face its own — seeded by ``face``, as no two faces of a
    real deck are printed alike."""
    rng = random.Random(f"face:{face}")
    w, h = _px(CARD_MM[0]), _px(CARD_MM[1])
    art = np.full((h, w), 232, dtype=np.uint8)
    cv2.rectangle(art, (5, 5), (w - 6, h - 6), 90, 2)
    cv2.rectangle(art, (10, 10), (w - 11, 34), rng.randrange(40, 160), -1)  # the title band
    for _ in range(5):  # the picture
        shade, x, y = rng.randrange(20, 200), rng.randrange(14, w - 14), rng.randrange(44, 120)
        if rng.random() < 0.5:
            cv2.circle(art, (x, y), rng.randrange(8, 26), shade, -1)
        else:
            half = rng.randrange(6, 30), rng.randrange(6, 22)
            cv2.rectangle(art, (x - half[0], y - half[1]), (x + half[0], y + half[1]), shade, -1)
    for line in range(4):  # the text: bars of words
        x = 14
        while x < w - 20:
            word = rng.randrange(6, 22)
            top = 130 + line * 10
            cv2.rectangle(art, (x, top), (min(x + word, w - 14), top + 4), 70, -1)
            x += word + 5
    return art


def _hand(frame: Image, rng: random.Random) -> None:
    """A hand and forearm reaching in from the near edge over part of the table."""
    fh, fw = frame.shape
    x = rng.uniform(0.2, 0.8) * fw
    reach = rng.uniform(0.35, 0.6) * fh
    arm = np.array([(x - 90, fh), (x + 90, fh), (x + 70, fh - reach), (x - 70, fh - reach)],
                   dtype=np.int32)  # fmt: skip
    cv2.fillConvexPoly(frame, arm, 150)
    cv2.ellipse(frame, (int(x), int(fh - reach)), (110, 80), 0, 0, 360, 160, -1)


def _hardships(frame: Image, rng: random.Random) -> Image:
    """Blur, a lighting gradient, a lamp's glare and sensor noise."""
    out = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.8, 1.6)).astype(np.float32)
    fh, fw = out.shape
    ramp = np.linspace(rng.uniform(0.55, 0.8), rng.uniform(1.0, 1.2), fw, dtype=np.float32)
    out *= ramp[None, :]
    gx, gy = rng.uniform(0.2, 0.8) * fw, rng.uniform(0.2, 0.8) * fh
    yy, xx = np.mgrid[0:fh, 0:fw].astype(np.float32)
    out += 140 * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * (fh * 0.07) ** 2))
    out += np.random.default_rng(rng.randrange(2**32)).normal(0, 7, out.shape)
    return np.clip(out, 0, 255).astype(np.uint8)


def spread(markers: Sequence[int], table_mm: tuple[float, float], rng: random.Random) -> list[Laid]:
    """Cards laid apart over the table, at random turns (each in a cell of a grid)."""
    w, d = table_mm
    cols = max(1, int(np.ceil(np.sqrt(len(markers) * w / d))))
    rows = int(np.ceil(len(markers) / cols))
    cells = rng.sample(range(cols * rows), len(markers))
    laid = []
    for marker, cell in zip(markers, cells, strict=True):
        col, row = cell % cols, cell // cols
        x = (col + 0.5) * w / cols + rng.uniform(-0.15, 0.15) * w / cols
        y = (row + 0.5) * d / rows + rng.uniform(-0.15, 0.15) * d / rows
        laid.append(Laid(marker, (x, y), rng.uniform(0, 360)))
    return laid


def write_video(path: Path, shots: Sequence[tuple[Image, int]], fps: float = 30.0) -> None:
    """A recorded video of ``shots``, each frame held for its count of frames (MJPG in AVI,
    as a webcam records it), for ``camera:FILE``."""
    first = shots[0][0]
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), fps,
                             (first.shape[1], first.shape[0]), isColor=False)  # fmt: skip
    try:
        for image, count in shots:
            for _ in range(count):
                writer.write(image)
    finally:
        writer.release()
