"""Whether a screen's layout holds: every text inside its box, no widget over another.

Walks everything on the window (open pop-ups included) and returns the problems
found, each as a line a person can read: the widget, its text, where it is, and
what is wrong. Invisible widgets are skipped: transparent (or inside something
transparent), of no size, or not on the window.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from kivy.core.window import Window
from kivy.uix.label import Label
from kivy.uix.layout import Layout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

TOLERANCE = 1.5
"""Pixels a text or a widget may stick out: Kivy rounds sizes to whole pixels."""
CLOSING = frozenset("。，、；：！？）」』》.,;:!?")
"""Punctuation that closes what came before: a line may not start with it."""
ALLOWED_OVER: frozenset[tuple[str, str]] = frozenset()
"""(parent class, child class) pairs whose children are meant to lie over each other.
None so far: every layout of the app places its children side by side."""
MARKUP = re.compile(r"\[/?(?:b|i|u|s|sub|sup|font|font_context|font_family|font_features|"
                    r"size|color|ref|anchor|text_language)(?:=[^\]]*)?\]")  # fmt: skip

Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class Problem:
    widget: str
    text: str
    rect: Rect
    what: str

    @property
    def key(self) -> str:
        """The problem without where it is: the same one at another size reads alike."""
        return f"{self.widget} {self.text!r}: {self.what}"

    def __str__(self) -> str:
        x, y, w, h = self.rect
        return f"{self.widget} {self.text!r} at ({x:.0f},{y:.0f} {w:.0f}×{h:.0f}): {self.what}"


def visible(widget: Widget) -> bool:
    """On the window, of some size, and neither it nor anything holding it transparent."""
    if widget.get_root_window() is None or widget.width <= 0 or widget.height <= 0:
        return False
    node: Widget | None = widget
    while isinstance(node, Widget):
        if node.opacity == 0:
            return False
        node = node.parent
    return True


def rect(widget: Widget) -> Rect:
    """The widget's rectangle in window coordinates."""
    x, y = widget.to_window(*widget.pos)
    return (x, y, widget.width, widget.height)


def shown() -> Iterator[Widget]:
    for root in Window.children:
        for widget in root.walk():
            if visible(widget):
                yield widget


def problems() -> list[Problem]:
    """Every problem on the window now."""
    found: list[Problem] = []
    for widget in shown():
        if isinstance(widget, Label) and widget.text:
            found += text_problems(widget, widget._label)
        found += placement_problems(widget)
    return found


def _name(widget: Widget) -> str:
    return type(widget).__name__


def _said(widget: Widget) -> str:
    text = getattr(widget, "text", "")
    text = text if isinstance(text, str) else ""
    text = text.replace("\n", "⏎")
    return text if len(text) <= 60 else text[:57] + "…"


def _problem(widget: Widget, what: str) -> Problem:
    return Problem(_name(widget), _said(widget), rect(widget), what)


def _plain(label: Label) -> str:
    text = label.text
    if label.markup:
        text = MARKUP.sub("", text).replace("&bl;", "[").replace("&br;", "]")
        text = text.replace("&amp;", "&")
    return text


def text_problems(label: Label, core: Any = None) -> list[Problem]:
    """The text must be inside the label, whole, and wrapped where a reader expects.

    ``core`` is the Kivy layout that drew the label's texture; without it only the
    texture's size is checked."""
    found = []
    tw, th = label.texture_size
    if tw > label.width + TOLERANCE or th > label.height + TOLERANCE:
        found.append(_problem(label, f"text {tw:.0f}×{th:.0f} exceeds its box"))
    if core is None:
        return found
    if getattr(core, "is_shortened", False):
        found.append(_problem(label, "text shortened"))
    lines = core._cached_lines
    laid = "".join(word.text for line in lines for word in line.words)
    wanted = _plain(label)
    if _letters(laid) < _letters(wanted):
        found.append(_problem(label, f"text clipped: {len(lines)} line(s) shown"))
    widest = max((line.w for line in lines), default=0)
    uw = core.text_size[0] if core.text_size else None
    if uw is not None and widest > uw + TOLERANCE:
        found.append(_problem(label, f"a line {widest}px wide in a text {uw:.0f}px wide"))
    for line in lines:
        first = "".join(word.text for word in line.words).lstrip()
        if line.line_wrap and first and first[0] in CLOSING:
            found.append(_problem(label, f"a wrapped line starts with {first[0]!r}: {first!r}"))
    return found


def _letters(text: str) -> int:
    return sum(not c.isspace() for c in text)


def placement_problems(widget: Widget) -> list[Problem]:
    """Inside its parent (unless its parent scrolls it); not over a sibling in a layout."""
    found = []
    parent = widget.parent
    if isinstance(parent, Widget) and not isinstance(parent, ScrollView) and visible(parent):
        x, y, w, h = rect(widget)
        px, py, pw, ph = rect(parent)
        if (
            x < px - TOLERANCE
            or y < py - TOLERANCE
            or x + w > px + pw + TOLERANCE
            or y + h > py + ph + TOLERANCE
        ):
            found.append(
                _problem(
                    widget, f"outside its {_name(parent)} ({px:.0f},{py:.0f} {pw:.0f}×{ph:.0f})"
                )
            )
    if isinstance(widget, Layout) and not isinstance(widget, ModalView):
        children = [(c, rect(c)) for c in reversed(widget.children) if visible(c)]
        for i, (a, ra) in enumerate(children):  # each rectangle found once: a long feed
            for b, rb in children[i + 1 :]:  # has hundreds of pairs
                if (_name(widget), _name(b)) in ALLOWED_OVER:
                    continue
                if _overlap(ra, rb):
                    found.append(_problem(b, f"over {_name(a)} {_said(a)!r} {_fmt(ra)}"))
    return found


def _overlap(a: Rect, b: Rect) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    across = min(ax + aw, bx + bw) - max(ax, bx)
    up = min(ay + ah, by + bh) - max(ay, by)
    return across > TOLERANCE and up > TOLERANCE


def _fmt(r: Rect) -> str:
    return f"({r[0]:.0f},{r[1]:.0f} {r[2]:.0f}×{r[3]:.0f})"
