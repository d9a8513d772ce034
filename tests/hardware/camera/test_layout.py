"""``companion calibrate``'s part without a camera: the table's size and view recovered from
synthetic frames of a table whose truth is known, proposed zones, and the file they are
kept in."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from hardware.camera import layout
from hardware.camera.detect import Detector
from hardware.camera.markers import FIRST_CARD
from hardware.camera.synthetic import Laid, Scene

DETECTOR = Detector()


@pytest.mark.parametrize("table_mm", [(1200.0, 800.0), (900.0, 900.0), (1500.0, 700.0)])
def test_the_table_s_size_and_view_are_recovered_from_its_corner_markers(
    table_mm: tuple[float, float],
) -> None:
    card = Laid(FIRST_CARD, (table_mm[0] * 0.3, table_mm[1] * 0.6), 30.0)
    scene = Scene([card], table_mm=table_mm, jitter=1.0)
    frames = [DETECTOR.find(scene.render(random.Random(i))) for i in range(5)]
    calibration = layout.calibrate(frames, seats=5)
    w, d = calibration.table.size_mm
    assert abs(w - table_mm[0]) < table_mm[0] * 0.03 and abs(d - table_mm[1]) < table_mm[1] * 0.03
    (centre,) = [f.centre for f in frames[0] if f.marker == card.marker]
    x, y = calibration.table.to_table(calibration.homography, centre)
    assert abs(x / w - card.at_mm[0] / table_mm[0]) < 0.01
    assert abs(y / d - card.at_mm[1] / table_mm[1]) < 0.01


def test_a_view_without_all_four_corners_calibrates_nothing() -> None:
    with pytest.raises(layout.LayoutError) as err:
        layout.calibrate([DETECTOR.find(Scene([]).render(random.Random(1))[:, :900])], seats=4)
    assert err.value.key == "calibrate.no_corners"


@pytest.mark.parametrize("seats", range(3, 10))
def test_every_seat_the_centre_and_the_discard_pile_get_a_zone_of_their_own(seats: int) -> None:
    size = (1200.0, 800.0)
    calibration = layout.Calibration(layout.Table(size, layout.proposed(size, seats)), _h())
    zones = calibration.table.zones
    assert set(zones) == {*(f"seat:{i + 1}" for i in range(seats)), "centre", "discard"}
    w, d = size
    for x in range(10, int(w), 40):  # no point of the table lies in two zones
        for y in range(10, int(d), 40):
            inside = [z for z in zones if _inside(zones[z], (x, y))]
            assert len(inside) <= 1, (x, y, inside)


def test_a_calibration_is_kept_in_its_file_and_a_file_that_is_not_one_is_refused(
    tmp_path: Path,
) -> None:
    size = (1000.0, 700.0)
    kept = layout.Calibration(layout.Table(size, layout.proposed(size, 4)), _h())
    path = tmp_path / "camera.json"
    layout.save(path, kept)
    again = layout.load(path)
    assert again.table == kept.table and (again.homography == kept.homography).all()
    body = json.loads(path.read_text())
    for broken, key in [
        (None, "calibrate.none"),
        ("{", "calibrate.bad_file"),
        (
            json.dumps({**body, "zones": {"kitchen": [[0, 0], [1, 0], [1, 1]]}}),
            "calibrate.bad_file",
        ),
        (json.dumps({**body, "format": "x"}), "calibrate.bad_file"),
    ]:
        other = tmp_path / "other.json"
        other.unlink(missing_ok=True)
        if broken is not None:
            other.write_text(broken)
        with pytest.raises(layout.LayoutError) as err:
            layout.load(other)
        assert err.value.key == key


def _h() -> np.ndarray:
    return np.eye(3)


def _inside(polygon: list[tuple[float, float]], point: tuple[float, float]) -> bool:
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    return min(xs) < point[0] < max(xs) and min(ys) < point[1] < max(ys)
