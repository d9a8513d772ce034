"""The ring of seats on the table screen: each seat's panel, and where the panels lie.

A panel draws one seat's public state — its name, its badge, its tokens — from the face's
:class:`~ui.faces.base.SeatFace`, and makes itself compact where the ring leaves it little
height (a 7-inch tablet, ten seats); :func:`around` places the panels on an ellipse, as
large as they may be while none lies over another or over the centre.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.animation import Animation
from kivy.graphics import Color
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.utils import escape_markup

from ui.faces.base import SeatFace
from ui.tablet import theme
from ui.tablet.art import TokenRow
from ui.tablet.widgets import Panel, Text, outline, ruler

ROOMY = theme.GAP * 3 + theme.HEADING * 1.3 + theme.SMALL * 1.3 + theme.TOUCH
"""The least height of a seat's panel that holds its name, its badge under it and a row
of tokens a finger wide, each in a line of its own."""
SHRINK = 0.95
"""Each step by which a seat's panel narrows, or lowers, until it lies clear of the others."""
CENTRE = (0.36, 0.3)
"""The centre's width and height, as shares of the ring's."""
SEAT_SHARE = 0.25
"""A seat's width and height, as a share of the ring's, at a table of up to seven: clear of
the centre's piles at five and six seats."""
SEATS_SHARE = (2.0, 1.9)
"""What all the seats' widths and heights add up to at most, as shares of the ring's: at
ten seats each is 0.2 of its width and 0.19 of its height. :func:`around` makes them
smaller still where the ring's shape would put neighbours over each other."""


class SeatPanel(Panel):
    """One seat's public state, drawn; lit gold when it is this seat the table waits for,
    and flashing for a moment when something of it just changed."""

    glow = NumericProperty(0.0)

    def __init__(self, **kw: Any) -> None:
        super().__init__(orientation="vertical", size_hint=(None, None), **kw)
        head = BoxLayout(size_hint_y=None, spacing=theme.GAP / 2)
        self.title = Text(size=theme.HEADING, bold=True, markup=True, wrap=False)
        self.phones = Text(size=theme.SMALL, markup=True, wrap=False, halign="right",
                           size_hint_x=None, width=0)  # fmt: skip
        """The seat's phones by their labels: the one holding it, and any asking for it."""
        self.phones.bind(texture_size=lambda w, size: setattr(w, "width", size[0]))
        head.add_widget(self.title)
        head.add_widget(self.phones)
        self.head = head
        self.badge = Text(size=theme.SMALL, colour=theme.GOLD, halign="center", wrap=False)
        for widget in (self.title, self.badge, self.phones):
            widget.bind(texture_size=self._fit_head, height=self._fit_head)
        self.badge.bind(width=self._fit_head)
        head.bind(width=self._fit_head)
        self.tokens = TokenRow()
        for widget in (head, self.tokens):
            self.add_widget(widget)
        self.face: SeatFace | None = None
        self.compact = False
        """Whether the panel is short (:meth:`_fit_rows`): a thinner margin, and the badge
        beside the name where it fits."""
        with self.canvas.after:
            self._glow_colour = Color(*theme.GOLD[:3], 0)
            self._glow = outline(width=4)
        self.bind(pos=self._ring, size=self._ring, glow=self._ring, height=self._fit_rows)

    def show(self, face: SeatFace) -> None:
        """Draw the seat; if it changed since it was last drawn, light it up for a moment."""
        if face == self.face:
            return
        changed, self.face = self.face is not None, face
        self.title.text = escape_markup(face.name)
        self.badge.text = face.highlight or ""
        self.badge.color = theme.BADGES.get(face.tone, theme.GOLD)
        self._fit_head()
        self.tokens.show(face.tokens)
        self.paint(theme.PANEL if not face.out else theme.FELT, theme.GOLD if face.active else None)
        self._edge.width = 4 if face.active else 2  # the seat the table waits for stands out
        self.opacity = 0.45 if face.out else 1
        if changed:
            Animation.cancel_all(self, "glow")
            self.glow = 1.0
            Animation(glow=0.0, duration=0.9, t="out_quad").start(self)

    def _fit_rows(self, *_: object) -> None:
        """A short panel — a 7-inch tablet, a large table — puts the badge beside the name
        and keeps a thinner margin, so that the tokens keep the room to be seen."""
        compact = self.height < ROOMY
        if compact == self.compact:
            return
        self.compact = compact
        self.padding = theme.GAP / 2 if compact else theme.GAP
        self.spacing = theme.GAP / 4 if compact else theme.GAP / 2
        self._fit_head()

    def _fit_head(self, *_: object) -> None:
        """The badge beside the name in a compact panel, if every word of it fits in the
        room the name and the phones leave (smaller, if it must); else under the name;
        nowhere if it says nothing (no empty line: the tokens take its room). It wraps where
        it needs more than its width, and the name's line is as tall as what it holds."""
        badge, head = self.badge, self.head
        room = head.width - self.title.texture_size[0] - self.phones.width - head.spacing * 2
        words = (ruler(theme.SMALL).measure(word) for word in badge.text.split())
        widest = max(words, default=0.0) + 2  # at its usual size; a pixel of rounding a side
        size = theme.fitted(theme.SMALL if widest <= room else theme.SMALL * room / widest)
        beside = self.compact and bool(badge.text) and widest * size / theme.SMALL <= room
        badge.font_size = size if beside else theme.SMALL  # smaller, to stand beside the name
        home = None if not badge.text else head if beside else self
        if badge.parent is not home:
            if badge.parent is not None:
                badge.parent.remove_widget(badge)
            badge.size_hint_x = None if beside else 1
            if home is not None:
                home.add_widget(badge, index=1)  # after the name: before the phones, or tokens
        wide = badge.measure(badge.text) + 2  # a pixel of rounding either side
        if beside:
            badge.width = min(wide, room)
        badge.text_size = (badge.width, None) if wide > badge.width else (None, None)
        head.height = max(self.title.height, badge.height if beside else 0)

    def _ring(self, *_: object) -> None:
        self._glow_colour.a = self.glow * 0.9
        if self.glow <= 0:  # an outline of no colour still costs its drawing
            self._glow.points = []
            return
        self._glow.rounded_rectangle = (self.x - 3, self.y - 3, self.width + 6, self.height + 6,
                                        theme.GAP, theme.CORNER_STEPS)  # fmt: skip


def around(n: int, width: float, height: float) -> tuple[float, float, list[tuple[float, float]]]:
    """The size of ``n`` seats' panels in a ring ``width`` by ``height``, and where each
    one's centre lies from the ring's: around an ellipse, seat 1 at the bottom, in turn
    order; as large as :data:`SEAT_SHARE` and :data:`SEATS_SHARE` allow, and smaller where
    neighbours would lie over each other or over the centre — whatever the ring's shape
    (nine seats at 1280×800 once did)."""
    wide, tall = (min(SEAT_SHARE, most / max(n, 1)) for most in SEATS_SHARE)
    angles = [math.radians(-90 - 360 * i / n) for i in range(n)]

    def spots(w: float, h: float) -> list[tuple[float, float]]:
        rx, ry = width / 2 - w / 2 - theme.GAP, height / 2 - h / 2 - theme.GAP
        return [(math.cos(a) * rx, math.sin(a) * ry) for a in angles]

    centre = (width * CENTRE[0], height * CENTRE[1])
    sizes = sorted(
        (
            (width * wide * SHRINK**i, height * tall * SHRINK**j)
            for i in range(20)
            for j in range(20)
        ),
        key=lambda size: -size[0] * size[1],
    )  # the largest first: a panel may give up width, or height, or both
    w, h = next((s for s in sizes if not _crowded(spots(*s), *s, centre)), sizes[-1])
    return w, h, spots(w, h)


def _crowded(
    spots: list[tuple[float, float]], w: float, h: float, centre: tuple[float, float]
) -> bool:
    """Whether two panels ``w`` by ``h`` centred at ``spots`` come closer than half a gap,
    or one lies over the centre (``centre`` wide and high, at the origin)."""
    near = theme.GAP / 2
    pairs = ((a, b) for i, a in enumerate(spots) for b in spots[i + 1 :])
    if any(abs(a[0] - b[0]) < w + near and abs(a[1] - b[1]) < h + near for a, b in pairs):
        return True
    cw, ch = centre
    return any(abs(x) < (w + cw) / 2 and abs(y) < (h + ch) / 2 for x, y in spots)
