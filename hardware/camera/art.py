"""Markerless: a card known by its printed art, for a group that will not put stickers on.

Each frame, the cards' outlines are found (a card's face is brighter than the table
around it), each outline rectified to an upright card, and the picture compared with a
gallery of the deck's faces photographed under the same camera by ``companion register
--camera --markerless``. The comparison is a normalised correlation of small, blurred
pictures — lighting and contrast change it little, a few pixels of misplaced outline
little more — tried both ways up. A card is named only when its best face scores at
least :data:`LEAST` and beats every other face by :data:`MARGIN`: below that the
camera says it does not know, rather than guess. (Faces printed on one template — a
title band, a text block — score some 0.65 against each other, at worst 0.82 in the
benchmark's hard frames; a face against its own photo 0.94 or more.)

What it cannot do: cards overlapping or touching (their outlines merge), a face whose
art shows only partly; two copies of one face are one face to it (the game's tap rules
read a face as whichever copy the record can place). The corner markers stay: they map
the image to the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from companion.core.types import CardId
from hardware.camera.detect import Detector, Found, Image
from hardware.camera.markers import CORNERS

PATCH = (126, 176)
"""An upright card's picture, width by height: 2 pixels a millimetre of a 63 × 88 mm card."""
SIGNATURE = (18, 26)
LEAST = 0.88
MARGIN = 0.08
NEW_BELOW = 0.85
"""A face scoring this much against a known one may be that one poorly seen: while a deck
is photographed, only a face scoring less against every known one is a new one."""
CARD_PX = (1500, 40000)
"""The areas (pixels) an outline may cover to be a card: a 1080p view of a table a few
metres wide, from a small tilt to a near one."""


def outlines(grey: Image, avoid: Sequence[tuple[float, float]] = ()) -> list[np.ndarray]:
    """Every card-shaped outline of the frame: four corners each, image pixels. An outline
    around a point to ``avoid`` is none (a corner marker's white square, seen at a tilt)."""
    smooth = cv2.GaussianBlur(grey, (5, 5), 0)
    bright = cv2.adaptiveThreshold(smooth, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY,
                                   151, -12)  # fmt: skip
    # every contour, not the outer ones only: the table's own edge may ring all its cards
    contours, _ = cv2.findContours(bright, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    found = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if not CARD_PX[0] <= area <= CARD_PX[1]:
            continue
        hull = cv2.convexHull(contour)  # art dark at the card's edge notches its outline
        hull_area = cv2.contourArea(hull)
        if area < 0.6 * hull_area:
            continue  # no card's shape: cards touching, a hand over one
        quad = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
        if len(quad) != 4 or not 0.92 <= cv2.contourArea(quad) / hull_area <= 1.08:
            continue  # the hull is no quadrilateral
        corners = quad.reshape(4, 2).astype(np.float32)
        sides = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)
        short, long = sorted((sides[0] + sides[2], sides[1] + sides[3]))
        inside = any(cv2.pointPolygonTest(quad, p, False) >= 0 for p in avoid)
        if 1.15 <= long / short <= 1.75 and not inside:  # 88 / 63 ≈ 1.4, seen at a tilt
            found.append(corners)
    return found


def rectified(grey: Image, corners: np.ndarray) -> Image:
    """The card inside ``corners``, upright (or upside down: both are tried)."""
    sides = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)
    start = 0 if sides[0] + sides[2] < sides[1] + sides[3] else 1  # a short side first
    ordered = np.roll(corners, -start, axis=0)
    w, h = PATCH
    target = np.array([(0, 0), (w - 1, 0), (w - 1, h - 1), (0, h - 1)], dtype=np.float32)
    warped = cv2.warpPerspective(grey, cv2.getPerspectiveTransform(ordered, target), PATCH)
    return np.asarray(warped, dtype=np.uint8)


def photo_bytes(patch: Image) -> bytes:
    """A face's photo as the tag map keeps it: the upright picture's grey levels."""
    return np.ascontiguousarray(patch, dtype=np.uint8).tobytes()


def signature(patch: Image) -> np.ndarray:
    """A card picture as a unit vector: its inner part (the outline's few pixels of error
    left out), blurred, shrunk, less its mean."""
    w, h = PATCH
    inner = patch[h // 16 : h - h // 16, w // 16 : w - w // 16]
    smooth = cv2.GaussianBlur(inner, (0, 0), 2.0)
    small = cv2.resize(smooth, SIGNATURE, interpolation=cv2.INTER_AREA)
    v = small.astype(np.float32).ravel()
    v -= v.mean()
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v


@dataclass(frozen=True)
class Gallery:
    """The deck's faces as photographed: one picture per face, in a fixed order (the order
    is the id the camera's fusion tracks each face by)."""

    cards: tuple[CardId, ...]
    signatures: np.ndarray

    @classmethod
    def of(cls, photos: Sequence[tuple[CardId, Image]]) -> Gallery:
        cards = tuple(card for card, _ in photos)
        sigs = [signature(p) for _, p in photos]
        size = SIGNATURE[0] * SIGNATURE[1]
        return cls(cards, np.array(sigs, dtype=np.float32).reshape(len(sigs), size))

    @classmethod
    def kept(cls, photos: Mapping[CardId, bytes]) -> Gallery:
        """The gallery of photos as the tag map keeps them (:func:`photo_bytes`)."""
        w, h = PATCH
        pictures = [(c, np.frombuffer(b, np.uint8).reshape(h, w)) for c, b in photos.items()
                    if len(b) == w * h]  # fmt: skip
        return cls.of(pictures)

    def known(self, face: int) -> CardId | None:
        return self.cards[face] if 0 <= face < len(self.cards) else None

    def match(self, patch: Image) -> tuple[int | None, float]:
        """The face ``patch`` shows, and how sure: ``None`` when no face scores
        :data:`LEAST` or the best is not clear of the next by :data:`MARGIN`."""
        if not self.cards:
            return None, 0.0
        both = np.stack([signature(patch), signature(np.ascontiguousarray(patch[::-1, ::-1]))])
        scores = (self.signatures @ both.T).max(axis=1)
        order = np.argsort(scores)[::-1]
        best = float(scores[order[0]])
        second = float(scores[order[1]]) if len(order) > 1 else -1.0
        if best < LEAST or best - second < MARGIN:
            return None, best
        return int(order[0]), best


class ArtDetector:
    """What :class:`~hardware.camera.detect.Detector` is for stickers, for printed art: the
    corner markers, and each card face found as a "marker" numbered by its gallery place."""

    def __init__(self, gallery: Gallery) -> None:
        self.gallery = gallery
        self._markers = Detector()

    def find(self, grey: Image) -> list[Found]:
        found = [f for f in self._markers.find(grey) if f.marker in CORNERS]
        for corners in outlines(grey, [f.centre for f in found]):
            face, _ = self.gallery.match(rectified(grey, corners))
            if face is not None:
                centre = corners.mean(axis=0)
                found.append(Found(face + len(CORNERS), (float(centre[0]), float(centre[1]))))
        return found

    def known(self, marker: int) -> CardId | None:
        """The card a face's number stands for (after the corners' numbers)."""
        return self.gallery.known(marker - len(CORNERS))
