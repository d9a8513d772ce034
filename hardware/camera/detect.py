"""Markers in one frame: ArUco detection tuned for small stickers seen from above.

A 30 mm sticker at table distance is some 40–60 pixels across in a 1080p frame, 4–8
pixels a cell: the thresholding windows are kept small and many, each cell is read at
its middle only, and each found marker's corners are refined to sub-pixel, so that its
centre maps to the table within a few millimetres. Detection runs on the
full-resolution grey image, denoised and sharpened (:func:`sharpened`); nothing is
scaled down first (a smaller image loses the small markers before it saves any time).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from hardware.camera.markers import dictionary

Image = NDArray[np.uint8]


@dataclass(frozen=True)
class Found:
    marker: int
    centre: tuple[float, float]
    """In image pixels."""
    corners: tuple[tuple[float, float], ...] = ()
    """The marker's own four corners, clockwise from its top left (what tells its size)."""


def parameters() -> cv2.aruco.DetectorParameters:
    p = cv2.aruco.DetectorParameters()
    p.adaptiveThreshWinSizeMin, p.adaptiveThreshWinSizeMax, p.adaptiveThreshWinSizeStep = 5, 35, 6
    p.minMarkerPerimeterRate = 0.01  # small markers in a large frame
    p.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    p.errorCorrectionRate = 0.4  # fewer bits corrected: a wrong id is worse than a miss
    # a blurred cell's edges belong to its neighbours: read the middle of each cell only,
    # from a finer grid
    p.perspectiveRemoveIgnoredMarginPerCell, p.perspectiveRemovePixelPerCell = 0.35, 6
    return p


class Detector:
    def __init__(self) -> None:
        self._aruco = cv2.aruco.ArucoDetector(dictionary(), parameters())

    def find(self, grey: Image) -> list[Found]:
        corners, ids, _ = self._aruco.detectMarkers(sharpened(grey))
        if ids is None:
            return []
        return [_found(int(marker), c[0]) for marker, c in zip(ids.flatten(), corners, strict=True)]


def _found(marker: int, ring: np.ndarray) -> Found:
    centre = (float(ring[:, 0].mean()), float(ring[:, 1].mean()))
    return Found(marker, centre, tuple((float(x), float(y)) for x, y in ring))


def sharpened(grey: Image) -> Image:
    """The sensor's noise smoothed away, then an unsharp mask: a webcam's slight blur (its
    focus, a hand's motion) takes back the contrast of cells a few pixels wide, which is
    what tells a marker's bits apart — and sharpening the noise too would give the
    detector thousands of false candidates to look at."""
    quiet = cv2.GaussianBlur(grey, (0, 0), 0.8)
    soft = cv2.GaussianBlur(quiet, (0, 0), 1.5)
    return np.asarray(cv2.addWeighted(quiet, 3.0, soft, -2.0, 0), dtype=np.uint8)
