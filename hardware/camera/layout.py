"""The table as calibrated, kept in a file: its size, its zones and the view it was seen from.

``companion calibrate`` finds the four corner markers over several frames, works out the
table's size from the corner markers' printed side (:data:`~hardware.camera.markers.CORNER_MM`),
maps the image to the table (a homography averaged over the frames) and proposes a zone
for each seat, the centre and the discard pile; the person accepts or redraws them on
the tablet. The file keeps all of it, so a camera opened later starts from the view it
was calibrated in and says at once when the view has moved. Each zone is named by the
place it watches (``seat:1``, ``centre``, ``discard``): the zones become the source's.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.core.taps import Station
from companion.core.types import JSON
from companion.observations import Zone
from hardware.camera.detect import Found
from hardware.camera.markers import CORNER_MM, CORNERS
from hardware.camera.table import Point, Table, averaged

FORMAT = "table-companion-camera/1"
BAND_MM = 250.0
"""How deep a proposed seat zone reaches in from the table's edge."""


class LayoutError(ValueError):
    """A calibration that cannot be made or read; ``key`` is the i18n message."""

    def __init__(self, key: str, **args: JSON) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


@dataclass(frozen=True)
class Calibration:
    table: Table
    homography: np.ndarray
    """Image → table millimetres, as the view was when calibrated."""


def proposed(size_mm: tuple[float, float], seats: int) -> dict[Zone, list[Point]]:
    """A zone for each seat along the near and far edges (counter-clockwise from the near
    left, as seen from above), the centre in the middle and the discard pile beside it."""
    w, d = size_mm
    band = min(BAND_MM, d * 0.3)
    near, far = (seats + 1) // 2, seats // 2
    zones: dict[Zone, list[Point]] = {}
    for i in range(near):
        zones[f"seat:{i + 1}"] = _box(w * i / near, 0, w / near, band)
    for j in range(far):
        zones[f"seat:{near + j + 1}"] = _box(w - w * (j + 1) / far, d - band, w / far, band)
    zones["centre"] = _box(w * 0.15, band, w * 0.5, d - 2 * band)
    zones["discard"] = _box(w * 0.7, band, w * 0.15, d - 2 * band)
    return zones


def _box(x: float, y: float, w: float, d: float) -> list[Point]:
    return [(x, y), (x + w, y), (x + w, y + d), (x, y + d)]


def calibrate(
    frames: Iterable[Sequence[Found]], seats: int, size_mm: tuple[float, float] | None = None
) -> Calibration:
    """The table from frames that show its four corners: their size measured unless given.

    :raises LayoutError: no frame showed all four corners.
    """
    shown = [f for f in frames if {m.marker for m in f} >= set(CORNERS)]
    if not shown:
        raise LayoutError("calibrate.no_corners")
    size = size_mm or measured(shown)
    table = Table(size, proposed(size, seats))
    homographies = [h for f in shown if (h := table.homography(f)) is not None]
    return Calibration(table, averaged(homographies))


def measured(frames: Sequence[Sequence[Found]]) -> tuple[float, float]:
    """The table's width and depth between the corner markers' centres, from the side the
    corner markers are printed at.

    Mapped onto a unit square by their centres, each marker's edge ``(dx, dy)`` is
    :data:`CORNER_MM` long on the table: ``dx²·W² + dy²·D² = CORNER_MM²``. Every edge of
    every corner of every frame is one such equation; least squares solves them for W², D².
    """
    rows, unit = [], np.array([(0, 0), (1, 0), (1, 1), (0, 1)], dtype=np.float64)
    for found in frames:
        at = {f.marker: f for f in found if f.marker in CORNERS}
        h, _ = cv2.findHomography(np.array([at[c].centre for c in CORNERS]), unit)
        for c in CORNERS:
            ring = np.array(at[c].corners, dtype=np.float64).reshape(-1, 1, 2)
            mapped = cv2.perspectiveTransform(ring, h).reshape(-1, 2)
            edges = np.roll(mapped, -1, axis=0) - mapped
            rows += [(dx * dx, dy * dy) for dx, dy in edges]
    squares, *_ = np.linalg.lstsq(np.array(rows), np.full(len(rows), CORNER_MM**2), rcond=None)
    if (squares <= 0).any():
        raise LayoutError("calibrate.no_size")
    return float(np.sqrt(squares[0])), float(np.sqrt(squares[1]))


# --- the file --------------------------------------------------------------------------


def save(path: Path, calibration: Calibration) -> None:
    t = calibration.table
    body = {
        "format": FORMAT,
        "size_mm": list(t.size_mm),
        "zones": {zone: [list(p) for p in polygon] for zone, polygon in t.zones.items()},
        "homography": calibration.homography.tolist(),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(body, indent=1), encoding="utf-8")


def load(path: Path) -> Calibration:
    """:raises LayoutError: no file (the camera was never calibrated), or not one of ours."""
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LayoutError("calibrate.none", file=str(path)) from None
    except (OSError, ValueError):
        raise LayoutError("calibrate.bad_file", file=str(path)) from None
    try:
        if body["format"] != FORMAT:
            raise ValueError(body["format"])
        w, d = (float(v) for v in body["size_mm"])
        zones = _zones(body["zones"])
        h = np.array(body["homography"], dtype=np.float64).reshape(3, 3)
    except (KeyError, TypeError, ValueError):
        raise LayoutError("calibrate.bad_file", file=str(path)) from None
    return Calibration(Table((w, d), zones), h)


def _zones(given: Mapping[str, Sequence[Sequence[float]]]) -> dict[Zone, list[Point]]:
    zones: dict[Zone, list[Point]] = {}
    for zone, polygon in given.items():
        Station.parse(zone)  # a zone watches a place: named as the place is
        points = [(float(x), float(y)) for x, y in polygon]
        if len(points) < 3:
            raise ValueError(zone)
        zones[zone] = points
    return zones


OUTLINE = {"seat": (60, 200, 60), "centre": (40, 160, 230), "discard": (40, 60, 220)}
"""Each place's outline in the picture from above (BGR): seats green, the centre orange,
the discard pile red."""
PICTURE_MARGIN_MM = 40.0
"""The picture of the table from above shows this much beyond the corner markers' centres."""


def picture_mm(calibration: Calibration, px_per_mm: float) -> np.ndarray:
    """Table millimetres → pixels of the picture from above, the far edge at the top."""
    m, d = PICTURE_MARGIN_MM, calibration.table.size_mm[1]
    return np.array([[px_per_mm, 0, m * px_per_mm], [0, -px_per_mm, (d + m) * px_per_mm],
                     [0, 0, 1]])  # fmt: skip


def top_down(
    frame: np.ndarray, calibration: Calibration, px_per_mm: float = 0.5, *, outlined: bool = True
) -> np.ndarray:
    """The table seen from straight above (colour), its zones outlined and each seat
    numbered unless not ``outlined``: what the person checks the calibration by."""
    w, d = calibration.table.size_mm
    to_px = picture_mm(calibration, px_per_mm)
    m = PICTURE_MARGIN_MM
    size = (round((w + 2 * m) * px_per_mm), round((d + 2 * m) * px_per_mm))
    grey = cv2.warpPerspective(frame, to_px @ calibration.homography, size)
    picture = np.asarray(cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR) if grey.ndim == 2 else grey)
    for zone, polygon in calibration.table.zones.items() if outlined else ():
        station = Station.parse(zone)
        points = np.array(polygon, dtype=np.float64).reshape(-1, 1, 2)
        ring = cv2.perspectiveTransform(points, to_px)
        cv2.polylines(picture, [ring.astype(np.int32)], True, OUTLINE[station.place], 3)
        if station.seat is not None:
            x, y = ring.reshape(-1, 2).mean(axis=0)
            cv2.putText(picture, str(station.seat + 1), (int(x) - 10, int(y) + 10),
                        cv2.FONT_HERSHEY_SIMPLEX, 1.2, OUTLINE["seat"], 3)  # fmt: skip
    return picture
