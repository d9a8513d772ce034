"""The app's own drawings of what lies on the table: coins, hands, piles and cards.

A face says what to draw (:class:`ui.faces.base.Token`); this draws it with
Kivy's canvas — a gold coin with its figure, a hand as card backs against its
limit, a card face up in its colour with its kind's shape — so that francs,
hands and intelligence are seen from a metre away rather than read. Nothing is
a copy of a box's art. A token redraws only when it changed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from kivy.graphics import Color, Ellipse, InstructionGroup, Mesh, RoundedRectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui.faces.base import Token
from ui.tablet import theme
from ui.tablet.lines import break_lines
from ui.tablet.theme import Colour
from ui.tablet.widgets import WRAPPED, Text, outline, ruler
from ui.tones import SHAPES

SMALLEST = theme.TINY
"""The least side a token is drawn at: smaller, its picture would be a dot, and its caption
says what it holds (a short panel on a 7-inch tablet)."""
CARD_RATIO = 0.7
"""A card's width to its height."""

SPAN = {"square": 1.25, "hexagon": 1.05, "ring": 1.2}
"""How much wider than a disc of the same radius a chip's shape is drawn to look as large
(a square's radius is half its diagonal)."""

TURNED = Token("back", "", tone="neutral")
"""A track's card turned face down: a back with a plain edge, not a hand's gold one."""


def tone(name: str) -> Colour:
    return theme.TONES.get(name, theme.TONES["neutral"])


def polygon(points: Sequence[tuple[float, float]]) -> Mesh:
    """A filled convex shape (every shape drawn here is one, or two)."""
    vertices = [v for x, y in points for v in (x, y, 0.0, 0.0)]
    return Mesh(vertices=vertices, indices=list(range(len(points))), mode="triangle_fan")


def regular(
    cx: float, cy: float, r: float, n: int, turn: float = 90.0
) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(turn + 360 * i / n)),
         cy + r * math.sin(math.radians(turn + 360 * i / n)))
        for i in range(n)
    ]  # fmt: skip


def symbol(group: InstructionGroup, shape: str, cx: float, cy: float, r: float) -> None:
    """One of the shapes that tell the kinds of card apart, in the current colour."""
    if shape == "circle":
        group.add(Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r), segments=theme.CIRCLE_STEPS))
    elif shape == "ring":
        group.add(outline(circle=(cx, cy, r * 0.8, 0, 360, theme.CIRCLE_STEPS),
                          width=max(1.5, r * 0.22)))  # fmt: skip
    elif shape == "square":
        group.add(polygon(regular(cx, cy, r, 4, 45)))
    elif shape == "diamond":
        group.add(polygon(regular(cx, cy, r * 1.1, 4)))
    elif shape == "triangle":
        group.add(polygon(regular(cx, cy - r * 0.15, r * 1.1, 3)))
    elif shape == "cross":
        w = r * 0.35
        group.add(polygon([(cx - r, cy - w), (cx + r, cy - w), (cx + r, cy + w), (cx - r, cy + w)]))
        group.add(polygon([(cx - w, cy - r), (cx + w, cy - r), (cx + w, cy + r), (cx - w, cy + r)]))
    elif shape == "hexagon":
        group.add(polygon(regular(cx, cy, r, 6, 0)))
    elif shape == "star":
        outer = regular(cx, cy, r * 1.1, 5)
        inner = regular(cx, cy, r * 0.45, 5, 90 + 36)
        ring = [p for pair in zip(outer, inner, strict=True) for p in pair]
        group.add(polygon([(cx, cy), *ring, ring[0]]))


def card(
    group: InstructionGroup, box: tuple[float, float, float, float], face: Token | None
) -> None:
    """A card in ``box`` (x, y, width, height): its back (``face`` None, or a ``back``
    token), or its face in its colour with its kind's shape."""
    x, y, w, h = box
    radius = max(2.0, w * 0.12)
    if face is None or face.kind == "back":
        group.add(Color(*theme.BACK))
        group.add(
            RoundedRectangle(pos=(x, y), size=(w, h), radius=[radius], segments=theme.CORNER_STEPS)
        )
        group.add(Color(*(tone(face.tone) if face is not None else theme.GOLD)))
        group.add(
            outline(rounded_rectangle=(x + 2, y + 2, w - 4, h - 4, radius, theme.CORNER_STEPS))
        )
        return
    group.add(Color(*tone(face.tone)))
    group.add(
        RoundedRectangle(pos=(x, y), size=(w, h), radius=[radius], segments=theme.CORNER_STEPS)
    )
    group.add(Color(*theme.TEXT))
    group.add(outline(rounded_rectangle=(x + 1, y + 1, w - 2, h - 2, radius, theme.CORNER_STEPS)))
    symbol(group, face.symbol, x + w / 2, y + h * 0.55, w * 0.28)
    if face.tone in SHAPES:  # its colour told again by a shape, in the top corner
        symbol(group, SHAPES[face.tone], x + w * 0.22, y + h - w * 0.22, w * 0.1)
    if face.mark == "blood":
        group.add(Color(*theme.RED))
        r = w * 0.12
        group.add(
            Ellipse(pos=(x + w - 3 * r, y + r), size=(2 * r, 2 * r), segments=theme.CIRCLE_STEPS)
        )


class TokenView(Widget):
    """One token: its drawing, its figure on it, its caption under it."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.token: Token | None = None
        self._low = 0.0
        """The height the caption takes under the picture (:meth:`_caption_room`)."""
        self.art = InstructionGroup()
        self.canvas.before.add(self.art)
        self.figure = Text(size=theme.BODY, bold=True, wrap=False, halign="center")
        self.caption = Text(size=theme.TINY, colour=theme.MUTED, halign="center")
        self.add_widget(self.figure)
        self.add_widget(self.caption)
        self.bind(pos=self._draw, size=self._draw)
        self.figure.bind(height=self._place_figure)

    def show(self, token: Token) -> None:
        if token == self.token:
            return
        self.token = token
        self.figure.text = "" if token.kind in ("hand", "track") else _figure(token)
        light = token.kind == "coin" or token.tone == "gold"
        self.figure.color = theme.INK if light else theme.TEXT
        self._draw()

    def _caption_room(self, said: str) -> tuple[float, float]:
        """The size ``said`` is drawn at under the picture, and the height it takes there:
        smaller where the token is narrow, down to the smallest size, rather than on two
        lines that leave its picture no room, or cut mid-word ("blac / k 1"); on as many
        lines as it then needs. Worked out from the token's width alone: a room that
        followed the caption's own height would never settle (a figure legible, then not,
        then legible again, frame after frame)."""
        if not said:
            return theme.TINY, 0.0
        rule = ruler(theme.TINY)  # at the usual size
        room = self.width * WRAPPED - 2  # as the caption's lines are broken, and rounded
        wide = rule.measure(said)
        size = theme.fitted(theme.TINY if wide <= room else theme.TINY * room / wide)
        scale = size / theme.TINY
        lines = break_lines(said, self.width * WRAPPED, lambda piece: rule.measure(piece) * scale)
        return size, (lines.count("\n") + 1) * rule.one_line() * scale

    def _draw(self, *_: object) -> None:
        token = self.token
        self.art.clear()
        if token is None or self.width <= 0:
            return
        # The figure as large as its picture allows, never larger than the picture; said in
        # the caption instead where the picture is too small to hold a legible one, and
        # always for a hand or a track, whose picture is its cards.
        figure, said = _figure(token), token.label
        size, low = self._caption_room(said)
        side = min(self.width, max(0.0, self.height - low)) * 0.92
        legible = min(theme.BODY, side * 0.42) >= theme.TINY * 0.7
        if figure and (token.kind in ("hand", "track") or not legible):
            said = f"{token.label} {figure}".strip()
            size, low = self._caption_room(said)
            side = min(self.width, max(0.0, self.height - low)) * 0.92
        self._low = low
        if said != self.caption.text:
            self.caption.text = said
        self.caption.font_size = size
        self.caption.opacity = 1 if said else 0  # a card the badge names
        self.caption.width = self.figure.width = self.width
        self.caption.pos = (self.x, self.y)
        if side >= SMALLEST:  # smaller, a dot would say nothing: the caption says it all
            self._picture(token, self.x, self.y + low, self.width, max(0.0, self.height - low))
        self.figure.font_size = theme.fitted(min(theme.BODY, side * 0.42))
        self.figure.opacity = 1 if self.figure.text and legible else 0
        self._place_figure()

    def _picture(self, token: Token, x: float, y: float, w: float, h: float) -> None:
        """The token drawn in the box ``x, y, w, h``: a coin, a chip, a hand, a card."""
        cx, cy = x + w / 2, y + h / 2
        side = min(w, h) * 0.92
        if token.kind in ("coin", "chip"):
            coin = token.kind == "coin"
            # A chip of a colour that means something is its shape: red a diamond, blue a
            # disc, black a square (ui.tones.SHAPES), read without telling the colours apart;
            # a light edge keeps a black one seen on the table's dark green.
            shape = "circle" if coin else SHAPES.get(token.tone, "circle")
            r = side / 2 if shape == "circle" else side * 0.5 * SPAN.get(shape, 1.0)
            if shape != "circle":
                self.art.add(Color(*theme.TEXT, 0.7))
                symbol(self.art, shape, cx, cy, r + max(1.5, side * 0.04))
            self.art.add(Color(*(theme.GOLD if coin else tone(token.tone))))
            symbol(self.art, shape, cx, cy, r)
            if shape == "circle":
                self.art.add(Color(*theme.INK, 0.35) if coin else Color(*theme.TEXT))
                self.art.add(outline(circle=(cx, cy, side * 0.4, 0, 360, theme.CIRCLE_STEPS)))
        elif token.kind in ("hand", "track"):
            self._fan(token, x, y, w, h)
        else:
            ch = min(h, w / CARD_RATIO) * 0.95
            cw = ch * CARD_RATIO
            if token.kind == "stack":
                for i in (2, 1, 0):
                    card(self.art, (cx - cw / 2 + i * 3, cy - ch / 2 - i * 3, cw, ch), None)
            else:
                card(self.art, (cx - cw / 2, cy - ch / 2, cw, ch), token)

    def _place_figure(self, *_: object) -> None:
        low = self._low
        self.figure.center = (self.center_x, self.y + low + (self.height - low) / 2)

    def _fan(self, token: Token, x: float, y: float, w: float, h: float) -> None:
        """Cards side by side: a hand's held cards as backs and the places left under its
        limit as outlines; a track's cards face up, then those turned face down."""
        held, room = token.value or 0, max(token.value or 0, token.of or 0)
        slots = max(room, 1)
        ch = min(h * 0.95, w / (CARD_RATIO * (1 + 0.45 * (slots - 1))))
        cw, step = ch * CARD_RATIO, ch * CARD_RATIO * 0.45
        left = x + (w - cw - step * (slots - 1)) / 2
        for i in range(slots):
            cx = left + i * step
            box = (cx, y + (h - ch) / 2, cw, ch)
            if token.kind == "track":
                card(self.art, box, token if i < held else TURNED)
            elif i < held:
                card(self.art, box, None)
            else:
                self.art.add(Color(*theme.LINE))
                self.art.add(outline(rounded_rectangle=(cx, y + (h - ch) / 2, cw, ch, 3,
                                                         theme.CORNER_STEPS)))  # fmt: skip


def _figure(token: Token) -> str:
    if token.kind == "card" or token.value is None:
        return ""
    if token.kind in ("hand", "track") and token.of is not None:
        return f"{token.value}/{token.of}"
    return str(token.value)


class TokenRow(BoxLayout):
    """A row of tokens sharing its width; a card face up takes a wider place for its name."""

    def __init__(self, **kw: Any) -> None:
        kw.setdefault("spacing", theme.GAP / 2)
        super().__init__(**kw)
        self.views: list[TokenView] = []
        self.on_card: Callable[[str], None] | None = None
        """What a tap on a card face up in the row does with what it reads (shows it)."""

    def on_touch_down(self, touch: Any) -> bool:
        read = self.on_card
        tapped = [v.token.about for v in self.views if v.token and v.collide_point(*touch.pos)]
        if read is not None and tapped and tapped[0]:
            read(tapped[0])
            return True
        return bool(super().on_touch_down(touch))

    def show(self, tokens: Sequence[Token]) -> None:
        kinds = [t.kind for t in tokens]
        if kinds != [v.token.kind if v.token else None for v in self.views]:
            self.clear_widgets()
            self.views = [TokenView() for _ in tokens]
            for view, token in zip(self.views, tokens, strict=True):
                view.size_hint_x = 1.6 if token.kind == "card" and token.label else 1
                self.add_widget(view)
        for view, token in zip(self.views, tokens, strict=True):
            view.show(token)
