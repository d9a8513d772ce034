"""The table as the camera sees it: the image mapped to table millimetres by the four
corner markers, and the zones — each seat's area, the centre, the discard pile — as
polygons on it, so that each marker found falls in the zone it lies in."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from companion.observations import Zone
from hardware.camera.detect import Found
from hardware.camera.markers import CORNERS

Point = tuple[float, float]


@dataclass(frozen=True)
class Table:
    size_mm: tuple[float, float]
    """The rectangle the corner markers' centres span, width by depth."""
    zones: Mapping[Zone, Sequence[Point]]
    """Each zone a polygon in table millimetres, (0, 0) at the near left corner."""

    def corners_mm(self) -> list[Point]:
        w, d = self.size_mm
        return [(0.0, 0.0), (w, 0.0), (w, d), (0.0, d)]

    def homography(self, found: Sequence[Found]) -> np.ndarray | None:
        """Image → table millimetres from the corner markers in ``found``; ``None`` unless
        all four are there."""
        at = {f.marker: f.centre for f in found}
        if not all(c in at for c in CORNERS):
            return None
        image = np.array([at[c] for c in CORNERS], dtype=np.float64)
        table = np.array(self.corners_mm(), dtype=np.float64)
        h, _ = cv2.findHomography(image, table)
        return h

    @functools.cached_property
    def _contours(self) -> dict[Zone, np.ndarray]:
        """The zones as OpenCV contours, made once rather than for every marker of every
        frame."""
        return {zone: np.array(polygon, dtype=np.float32).reshape(-1, 1, 2)
                for zone, polygon in self.zones.items()}  # fmt: skip

    def zone_of(self, h: np.ndarray, point: Point) -> Zone | None:
        """The zone an image point lies in, or ``None`` (off every zone)."""
        x, y = self.to_table(h, point)
        for zone, contour in self._contours.items():
            if cv2.pointPolygonTest(contour, (x, y), False) >= 0:
                return zone
        return None

    def placed(self, h: np.ndarray, found: Sequence[Found]) -> list[tuple[int, Zone]]:
        """The card markers of one frame with the zone each lies in; the corners, and a
        marker off every zone, left out."""
        hits = []
        for f in found:
            zone = None if f.marker in CORNERS else self.zone_of(h, f.centre)
            if zone is not None:
                hits.append((f.marker, zone))
        return hits

    @staticmethod
    def to_table(h: np.ndarray, point: Point) -> Point:
        mapped = cv2.perspectiveTransform(np.array([[point]], dtype=np.float64), h)[0][0]
        return float(mapped[0]), float(mapped[1])


def averaged(homographies: Sequence[np.ndarray]) -> np.ndarray:
    """One homography from several frames' (each normalised first): a calibration that one
    frame's noise does not tilt."""
    mean: np.ndarray = np.mean([h / h[2, 2] for h in homographies], axis=0)
    return mean
