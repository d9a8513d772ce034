"""The camera's zones on the tablet (``companion calibrate``'s editor): the table from above,
a zone picked by its button and redrawn by a finger dragged over the picture, kept in the
calibration file — the other zones as they were, every zone still the place it watches."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from kivy.tests.common import UnitTestTouch

from hardware.camera import layout
from hardware.camera.detect import Detector
from hardware.camera.synthetic import Scene
from testkit.tablet import Tablet, widgets
from ui.tablet.zones import TableView, ZonesApp


async def test_a_zone_is_redrawn_by_a_finger_and_kept_with_the_others(
    tmp_path: Path, shots: Path
) -> None:
    frame = Scene([]).render(random.Random(2))
    calibration = layout.calibrate([Detector().find(frame)], 5, (1200.0, 800.0))
    path = tmp_path / "camera.json"
    app = ZonesApp("zh-Hant", calibration, frame, path)
    task = asyncio.ensure_future(app.async_run(async_lib="asyncio"))
    tablet = Tablet(app, None, shots)  # type: ignore[arg-type]
    await tablet.until(lambda: app.root is not None)
    await tablet.frames(5)
    try:
        (view,) = [w for w in widgets() if isinstance(w, TableView)]
        before = dict(view.zones)
        drag = UnitTestTouch(*view.on_table((100.0, 80.0)))
        drag.touch_down()  # no zone picked yet: a finger on the picture changes nothing
        drag.touch_move(*view.on_table((500.0, 300.0)))
        drag.touch_up()
        assert view.zones == before

        await tablet.press("座位 3")
        drag = UnitTestTouch(*view.on_table((500.0, 300.0)))
        drag.touch_down()  # dragged from its far right corner to its near left one
        await tablet.frames(1)
        drag.touch_move(*view.on_table((300.0, 200.0)))
        drag.touch_move(*view.on_table((120.0, 60.0)))
        drag.touch_up()
        await tablet.screenshot("camera-zones-zh-Hant")
        await tablet.press("保存這些區域")
        kept = layout.load(path)
        (x0, y0), _, (x1, y1), _ = kept.table.zones["seat:3"]
        assert max(abs(x0 - 120), abs(y0 - 60), abs(x1 - 500), abs(y1 - 300)) < 3
        assert {z: p for z, p in kept.table.zones.items() if z != "seat:3"} == {
            z: p for z, p in before.items() if z != "seat:3"
        }
        assert (kept.homography == calibration.homography).all()
        assert app.kept

        await tablet.press("恢復建議")
        assert view.zones == layout.proposed((1200.0, 800.0), 5)
    finally:
        app.stop()
        await task
