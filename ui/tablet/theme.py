"""Colours and sizes: readable across a table, touch targets of at least 9 mm."""

from __future__ import annotations

from collections.abc import Sequence

from kivy.metrics import dp, sp

from ui.tones import TONES as HEX_TONES

Colour = tuple[float, float, float, float]


def rgb(hex_code: str, alpha: float = 1.0) -> Colour:
    h = hex_code.lstrip("#")
    r, g, b = (int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b, alpha)


FELT = rgb("#17251f")
PANEL = rgb("#22342c")
PANEL_HI = rgb("#2d4539")
LINE = rgb("#3f5a4c")
TEXT = rgb("#f3efe3")
MUTED = rgb("#b7c2b8")
GOLD = rgb("#f2c14e")
GREEN = rgb("#4ade80")
RED = rgb("#ef4444")
BLUE = rgb("#60a5fa")
ORANGE = rgb("#f59e0b")
PURPLE = rgb("#a78bfa")
INK = rgb("#10140f")
BACK = rgb("#7c2d12")
"""The back of a card, as the tablet draws one."""

TONES = {tone: rgb(code) for tone, code in HEX_TONES.items()}
"""The colours the faces name for what the tablet draws (:class:`ui.faces.base.Token`)."""
BADGES = {"good": GREEN, "warn": ORANGE, "out": MUTED, "neutral": GOLD}
"""A seat's badge (Clean, Suspicious, a revealed identity) by its tone."""

TOUCH = dp(64)
"""The smallest thing to tap: 64 dp is 10 mm or more on any tablet."""
GAP = dp(12)
BODY = sp(22)
SMALL = sp(18)
TINY = sp(14)
HEADING = sp(24)
TITLE = sp(30)
HUGE = sp(44)
FITTED: tuple[float, ...] = tuple(sp(n) for n in range(10, 23, 2))
"""The sizes a text fitted to a space may take (:func:`fitted`), from the smallest drawn
to :data:`BODY`, a step of 2 sp apart."""
SIZES = (*FITTED, HEADING, TITLE, HUGE)
"""Every size the tablet draws text at: the fitted sizes (among them :data:`TINY`,
:data:`SMALL` and :data:`BODY`) and the larger ones. Kivy opens the font file again for
each size it draws, so the tablet opens them all before the first game (:mod:`fonts`)."""


def fitted(size: float) -> float:
    """A font size worked out to fit a space, snapped down to one of :data:`FITTED` (never
    below the smallest: a picture's figure hides instead, ``art.py``).

    A size that followed the space exactly (a figure on a seat's picture, the story's rows)
    would be a new size at almost every table, each a font opened again with its own glyph
    cache; snapped, every table uses the sizes the tablet opened at start."""
    return max((s for s in FITTED if s <= size), default=FITTED[0])


CORNER_STEPS = 4
"""Segments per rounded corner, and the joints of outlines mitred: at a corner's few pixels
more look the same, and a tablet drawing in software (no GPU) pays for each triangle."""
CIRCLE_STEPS = 28
"""Segments of a drawn circle (a coin, a disc), for the same reason."""


def ink_on(background: Colour) -> Colour:
    """The text colour that reads best on ``background``: dark ink on gold and orange, the
    light text on the table's greens (the higher contrast ratio of the two, as WCAG counts
    it) — white on a gold button was hard to read across a table."""
    return max((INK, TEXT), key=lambda text: contrast(text, background))


def contrast(a: Sequence[float], b: Sequence[float]) -> float:
    """WCAG's contrast ratio of two colours: 1 for the same, 21 for black on white."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _luminance(colour: Sequence[float]) -> float:
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
