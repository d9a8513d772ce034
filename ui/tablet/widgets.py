"""The few widgets every screen is made of. They render what they are given, nothing more."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import segno
from kivy.graphics import Color, Line, RoundedRectangle
from kivy.graphics.texture import Texture
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.image import Image
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.textinput import TextInput

from ui.faces.base import Alert
from ui.tablet import theme
from ui.tablet.lines import break_lines
from ui.tablet.theme import Colour


def outline(width: float = 1.2, **shape: Any) -> Line:
    """An outline, its joints mitred: round ones cost triangles a software renderer pays
    for on every frame."""
    return Line(width=width, joint="miter", **shape)


class Panel(BoxLayout):
    """A rounded card on the felt."""

    def __init__(self, colour: Colour = theme.PANEL, border: Colour | None = None, **kw: Any):
        kw.setdefault("padding", theme.GAP)
        kw.setdefault("spacing", theme.GAP / 2)
        super().__init__(**kw)
        with self.canvas.before:
            self._fill = Color(*colour)
            self._box = RoundedRectangle(radius=[theme.GAP], segments=theme.CORNER_STEPS)
            self._edge_colour = Color(*(border or colour))
            self._edge = outline(width=2)
        self.bordered = border is not None
        """Whether an edge is drawn: none is where it would be the fill's own colour."""
        self.bind(pos=self._draw, size=self._draw)

    def paint(self, colour: Colour, border: Colour | None = None) -> None:
        self._fill.rgba = colour
        self._edge_colour.rgba = border or colour
        if self.bordered != (border is not None):
            self.bordered = border is not None
            self._draw()

    def _draw(self, *_: object) -> None:
        self._box.pos, self._box.size = self.pos, self.size
        if self.bordered:
            self._edge.rounded_rectangle = (*self.pos, *self.size, theme.GAP, theme.CORNER_STEPS)
        else:
            self._edge.points = []


WIDTHS: dict[tuple[Any, ...], float] = {}
"""Each character's width per font and size: breaking a line costs sums, not renders."""

WRAPPED = 0.97
"""How much of its width a label's lines are broken to: a little under, so that Kivy,
measuring a whole line, finds it fits."""


class Folding(Label):
    """A label whose lines break as Chinese and English readers expect (:mod:`ui.tablet.lines`).

    Kivy wraps at spaces only, and a Chinese sentence wherever it overflows; the text
    is broken here first, at the width Kivy will wrap it to, so that Kivy finds every
    line already fits.
    """

    def texture_update(self, *largs: Any) -> None:
        width = self.text_size[0]
        if self.text and not self.markup:  # a label no longer wrapped has its text whole
            whole = width is None
            self._label.text = (
                self.text if whole else break_lines(self.text, width * WRAPPED, self.measure)
            )
        # A changed text gets a texture of its own: a software renderer may not write into
        # one a frame still being drawn reads, and would wait for that whole frame (the
        # old one is freed at the next flush, TabletApp.build). Kivy fills a texture when
        # it is first drawn, halfway through drawing the window; filled now, between
        # frames, nothing waits.
        self._label.texture = None
        super().texture_update(*largs)
        if self.texture is not None:
            self.texture.bind()

    def measure(self, piece: str) -> float:
        """How wide ``piece`` is drawn in this label's font and size."""
        font = (self.font_name, self.font_size, self.bold)
        total = 0.0
        for ch in piece:
            width = WIDTHS.get((*font, ch))
            if width is None:
                width = WIDTHS[(*font, ch)] = self._label.get_extents(ch)[0]
            total += width
        return total


class Text(Folding):
    """A label that grows to its text, and wraps it to its width unless ``wrap=False``.

    Short labels that change often (a seat's figures) need no wrapping, and skip it.
    """

    def __init__(
        self,
        text: str = "",
        size: float = theme.BODY,
        colour: Colour = theme.TEXT,
        wrap: bool = True,
        **kw: Any,
    ):
        kw.setdefault("halign", "left")
        kw.setdefault("valign", "middle")
        super().__init__(text=text, font_size=size, color=colour, size_hint_y=None, **kw)
        if wrap:
            self.bind(width=self._wrap)
        self.bind(texture_size=self._fit)
        self._fit()  # an empty label renders no texture: one line high, not Kivy's 100 px

    def _wrap(self, *_: object) -> None:
        self.text_size = (self.width, None)

    def _fit(self, *_: object) -> None:
        self.height = max(self.texture_size[1], float(self.font_size) * 1.3)

    def one_line(self) -> float:
        """How tall this label stands holding one line, of Latin or Chinese alike."""
        return max(float(self._label.get_extents("Åg國")[1]), float(self.font_size) * 1.3)


@functools.cache
def ruler(size: float) -> Text:
    """A label never shown that measures text at ``size``. A size worked out from what a
    label measures in its own size would change what it measures: another size, another
    layout, frame after frame."""
    return Text(size=size, wrap=False)


def grows(box: BoxLayout, least: float = 0) -> BoxLayout:
    """The box as tall as what it holds (a line that wrapped), never less than ``least``."""
    box.bind(minimum_height=lambda b, h: setattr(b, "height", max(least, h)))
    box.height = max(least, box.minimum_height)
    return box


class Tap(Folding, Button):
    """A button big enough for a thumb across the table; taller when its words wrap, or,
    with ``fit``, as wide as its words on one line (a top bar's buttons)."""

    def __init__(
        self,
        text: str,
        on_tap: Callable[[], None] | None = None,
        colour: Colour = theme.PANEL_HI,
        fit: bool = False,
        **kw: Any,
    ):
        kw.setdefault("size_hint_y", None)
        kw.setdefault("height", theme.TOUCH)
        kw.setdefault("font_size", theme.BODY)
        super().__init__(text=text, background_normal="", background_color=colour,
                         color=theme.ink_on(colour), halign="center", valign="middle",
                         **kw)  # fmt: skip
        self.bind(background_color=lambda _, c: setattr(self, "color", theme.ink_on(c)))
        least = self.height
        if fit:
            narrowest = self.width
            self.bind(
                texture_size=lambda _, s: setattr(
                    self, "width", max(narrowest, s[0] + 2 * theme.GAP)
                )
            )
        else:
            self.bind(width=lambda *_: setattr(self, "text_size", (self.width - theme.GAP, None)))
            self.text_size = (self.width - theme.GAP, None)
            if self.size_hint_y is None:
                self.bind(
                    texture_size=lambda _, s: setattr(self, "height", max(least, s[1] + theme.GAP))
                )
        if on_tap is not None:
            self.bind(on_release=lambda *_: on_tap())


class SelectableLine(TextInput):
    """A line of text a finger can select and copy, that lets go of its screen.

    Kivy's ``TextInput._adjust_viewport`` is wrapped by ``kivy.clock.triggered``, which keeps
    the arguments of the last call — the last text field that moved its cursor, of any
    screen — in the class for the life of the process: the game-over screen's line, and
    through it the whole screen (its story, its timeline), stayed alive after the game until
    another field was touched. Here the viewport is adjusted at once, keeping nothing.
    """

    def _adjust_viewport(self, cc: int, cr: int) -> None:
        TextInput._adjust_viewport.__wrapped__(self, cc, cr)


class QRCode(Image):
    """A seat's QR code, drawn straight from the code's modules: crisp at any size."""

    def __init__(self, data: str, **kw: Any):
        super().__init__(fit_mode="contain", **kw)
        self.data = ""
        self.show(data)

    def show(self, data: str) -> None:
        if data == self.data:
            return
        self.data = data
        code = segno.make(data, error="m")
        rows = [bytes(0 if dark else 255 for dark in row) for row in code.matrix_iter(border=2)]
        size = len(rows)
        texture = Texture.create(size=(size, size), colorfmt="luminance")
        texture.blit_buffer(b"".join(reversed(rows)), colorfmt="luminance", bufferfmt="ubyte")
        texture.mag_filter = "nearest"
        texture.min_filter = "nearest"
        self.texture = texture


class Sheet(ModalView):
    """A pop-up over the table that opens and closes at once: a fading one would eat taps."""

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self._anim_duration = 0


ALERT_COLOURS = {
    "violation": theme.RED,
    "journal": theme.RED,
    "fault": theme.RED,
    "night": theme.BLUE,
    "limit": theme.ORANGE,
    "secret": theme.PURPLE,
    "reader": theme.ORANGE,
    "phone": theme.ORANGE,
    "voice": theme.ORANGE,
    "lesson": theme.GOLD,
}


class AlertSheet(Sheet):
    """Alerts nobody may miss: banners over the table that close where they are tapped —
    on a banner or beside it alike; the tap goes no further."""

    def on_touch_down(self, touch: Any) -> bool:
        self.dismiss()
        return True


def alert_sheet(alerts: Sequence[Alert], closing: str) -> Sheet:
    """Alerts nobody may miss: banners over the top of the screen until tapped away."""
    view = AlertSheet(size_hint=(0.8, None), pos_hint={"center_y": 0.55},
                      background_color=(0, 0, 0, 0.4))  # fmt: skip
    column = BoxLayout(orientation="vertical", spacing=theme.GAP / 2, size_hint_y=None)
    column.bind(minimum_height=column.setter("height"))
    for alert in alerts:
        banner = grows(Panel(colour=ALERT_COLOURS[alert.kind], size_hint_y=None))
        banner.add_widget(Text(alert.text, size=theme.HEADING, colour=theme.INK, bold=True))
        column.add_widget(banner)
    column.add_widget(Text(closing, colour=theme.TEXT, size=theme.SMALL, halign="center"))
    view.add_widget(column)
    column.bind(height=lambda _, h: setattr(view, "height", h))
    return view


class Confirm(Sheet):
    """A question the host must answer with a second tap before something that cannot be
    undone at a glance (a seat's code shown again, a seat given to another phone) — or
    one of two things the table must choose between (``on_no``: the second, which may not
    be put off: then only a button closes the question)."""

    def __init__(
        self,
        question: str,
        yes: str,
        no: str,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
    ):
        super().__init__(size_hint=(0.6, None), background_color=(0, 0, 0, 0.6),
                         auto_dismiss=on_no is None)  # fmt: skip
        box = Panel(orientation="vertical", colour=theme.PANEL_HI, size_hint_y=None)
        box.bind(minimum_height=box.setter("height"))
        box.add_widget(Text(question, size=theme.BODY))
        row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        go = Tap(yes, lambda: self._answer(on_yes), colour=theme.GOLD)
        row.add_widget(go)
        row.add_widget(Tap(no, self.dismiss if on_no is None else lambda: self._answer(on_no),
                           colour=theme.LINE))  # fmt: skip
        box.add_widget(row)
        self.add_widget(box)
        box.bind(height=lambda _, h: setattr(self, "height", h))

    def _answer(self, on_yes: Callable[[], None]) -> None:
        self.dismiss()
        on_yes()
