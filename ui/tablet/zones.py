"""The camera's zones on the tablet: the table seen from above, each zone drawn on it, and
a finger to redraw one.

``companion calibrate`` opens this once it has found the table: the zones it proposes
are outlined on the picture; the person picks a zone by its button (a seat, the centre,
the discard pile) and drags a rectangle over the picture where that zone really lies,
then keeps them all. Every zone keeps the place it is named for, so the camera's places
at the table stay what the calibration said.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from kivy.app import App
from kivy.core.text import Label as CoreLabel
from kivy.core.window import Window
from kivy.graphics import Color, Line, Rectangle
from kivy.graphics.texture import Texture
from kivy.input.motionevent import MotionEvent
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image

from companion.core.taps import Place, Station
from companion.i18n import text
from companion.observations import Zone
from hardware.camera import layout
from hardware.camera.table import Point, Table
from ui.tablet import fonts, theme
from ui.tablet.widgets import Tap, Text

PX_PER_MM = 1.0
TONE = {Place.SEAT: theme.GREEN, Place.CENTRE: theme.ORANGE, Place.DISCARD: theme.RED}


def _short(lang: str, zone: Zone) -> str:
    """A zone's name as drawn inside it on the picture: a seat's number will do."""
    station = Station.parse(zone)
    return str(station.seat + 1) if station.seat is not None else zone_name(lang, zone)


def zone_name(lang: str, zone: Zone) -> str:
    station = Station.parse(zone)
    if station.seat is not None:
        return text(lang, "tablet.zones.seat", n=station.seat + 1)
    return text(lang, f"tablet.zones.{station.place}")


class TableView(Image):
    """The picture from above with the zones on it; a drag redraws the chosen zone."""

    def __init__(
        self, picture: np.ndarray, calibration: layout.Calibration, names: dict[Zone, str],
        **kw: Any,
    ) -> None:  # fmt: skip
        rgb = np.ascontiguousarray(np.flipud(cv2.cvtColor(picture, cv2.COLOR_BGR2RGB)))
        texture = Texture.create(size=(rgb.shape[1], rgb.shape[0]), colorfmt="rgb")
        texture.blit_buffer(rgb.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
        super().__init__(texture=texture, fit_mode="contain", **kw)
        self.size_mm = calibration.table.size_mm
        self.zones: dict[Zone, list[Point]] = {
            z: list(p) for z, p in calibration.table.zones.items()
        }
        self.chosen: Zone | None = None
        self._from: Point | None = None
        self._names = {zone: _texture(name) for zone, name in names.items()}
        """Each zone's name as drawn in it: a seat's number, the centre's and the pile's."""
        self.bind(size=self.redraw, pos=self.redraw)

    def _scale(self) -> tuple[float, float, float]:
        """Widget pixels per table millimetre, and where the picture's table origin lies."""
        w, _ = self.size_mm
        s = self.norm_image_size[0] / (w + 2 * layout.PICTURE_MARGIN_MM)
        left = self.center_x - self.norm_image_size[0] / 2
        bottom = self.center_y - self.norm_image_size[1] / 2
        m = layout.PICTURE_MARGIN_MM * s
        return s, left + m, bottom + m

    def on_table(self, point: Point) -> tuple[float, float]:
        """A table point (millimetres) where it shows on the window."""
        s, x0, y0 = self._scale()
        x, y = self.to_window(x0 + point[0] * s, y0 + point[1] * s)
        return float(x), float(y)

    def _mm(self, x: float, y: float) -> Point:
        s, x0, y0 = self._scale()
        w, d = self.size_mm
        m = layout.PICTURE_MARGIN_MM
        return (min(max((x - x0) / s, -m), w + m), min(max((y - y0) / s, -m), d + m))

    def redraw(self, *_: object) -> None:
        self.canvas.after.clear()
        s, x0, y0 = self._scale()
        with self.canvas.after:
            for zone, polygon in self.zones.items():
                Color(*(theme.GOLD if zone == self.chosen else TONE[Station.parse(zone).place]))
                points = [v for x, y in polygon for v in (x0 + x * s, y0 + y * s)]
                Line(points=points, close=True, width=3 if zone == self.chosen else 1.5)
                name = self._names[zone]
                cx, cy = np.mean(points[0::2]), np.mean(points[1::2])
                Rectangle(texture=name, size=name.size,
                          pos=(cx - name.width / 2, cy - name.height / 2))  # fmt: skip

    def on_touch_down(self, touch: MotionEvent) -> bool:
        if self.chosen is None or not self.collide_point(*touch.pos):
            return False
        self._from = self._mm(*touch.pos)
        touch.grab(self)
        return True

    def on_touch_move(self, touch: MotionEvent) -> bool:
        if touch.grab_current is not self or self._from is None or self.chosen is None:
            return False
        (ax, ay), (bx, by) = self._from, self._mm(*touch.pos)
        (x0, x1), (y0, y1) = sorted((ax, bx)), sorted((ay, by))
        self.zones[self.chosen] = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        self.redraw()
        return True

    def on_touch_up(self, touch: MotionEvent) -> bool:
        if touch.grab_current is not self:
            return False
        self.on_touch_move(touch)
        touch.ungrab(self)
        self._from = None
        return True


class ZonesApp(App):
    """The zones of one calibration, kept in ``path`` when the person says so."""

    def __init__(
        self, lang: str, calibration: layout.Calibration, frame: np.ndarray, path: Path
    ) -> None:
        super().__init__()
        self.lang, self.calibration, self.path = lang, calibration, path
        self.picture = layout.top_down(frame, calibration, PX_PER_MM, outlined=False)
        self.kept = False
        fonts.use_cjk()

    def t(self, key: str, **args: object) -> str:
        return text(self.lang, key, **args)

    def build(self) -> BoxLayout:
        self.title = self.t("tablet.zones.title")
        Window.clearcolor = theme.FELT
        root = BoxLayout(padding=theme.GAP, spacing=theme.GAP)
        names = {zone: _short(self.lang, zone) for zone in self.calibration.table.zones}
        self.view = TableView(self.picture, self.calibration, names, size_hint_x=0.7)
        root.add_widget(self.view)
        side = BoxLayout(orientation="vertical", spacing=theme.GAP / 2, size_hint_x=0.3)
        side.add_widget(Text(self.t("tablet.zones.title"), size=theme.TITLE, bold=True))
        side.add_widget(Text(self.t("tablet.zones.how"), size=theme.SMALL, colour=theme.MUTED))
        self.buttons: dict[Zone, Tap] = {}
        for zone in self.view.zones:
            tone = TONE[Station.parse(zone).place]
            tap = Tap(zone_name(self.lang, zone), self._choose(zone), colour=(*tone[:3], 0.45))
            self.buttons[zone] = tap
            side.add_widget(tap)
        side.add_widget(Tap(self.t("tablet.zones.proposed"), self._proposed))
        side.add_widget(Tap(self.t("tablet.zones.keep"), self._keep, colour=theme.GREEN))
        self.said = Text("", size=theme.SMALL)
        side.add_widget(self.said)
        side.add_widget(BoxLayout())  # the rest of the column, empty
        root.add_widget(side)
        return root

    def _choose(self, zone: Zone) -> Callable[[], None]:
        def choose() -> None:
            self.view.chosen = zone
            self.said.text = self.t("tablet.zones.drag", zone=zone_name(self.lang, zone))
            self.view.redraw()

        return choose

    def _proposed(self) -> None:
        table = self.calibration.table
        self.view.zones = layout.proposed(table.size_mm, _seats(table))
        self.view.redraw()

    def _keep(self) -> None:
        zones = dict(self.view.zones)
        table = Table(self.calibration.table.size_mm, zones)
        layout.save(self.path, layout.Calibration(table, self.calibration.homography))
        self.kept = True
        self.said.text = self.t("tablet.zones.kept", file=str(self.path))


def _texture(words: str) -> Texture:
    label = CoreLabel(text=words, font_size=theme.SMALL, bold=True, color=theme.TEXT)
    label.refresh()
    texture: Texture = label.texture
    return texture


def _seats(table: Table) -> int:
    return sum(Station.parse(z).place is Place.SEAT for z in table.zones)
