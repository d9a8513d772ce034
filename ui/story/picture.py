"""A game's story drawn by matplotlib, for ``companion story``: a PNG or an SVG at 1280×800.

A row per seat with its identity, the turns across: each turn's public moves as a dot (the
bigger, the more), each secret look as a numbered diamond with an arrow to the seat it was
about (its words listed below), the seat's figures in its game's terms as lines, a cross
where a seat left the game, a star for each winner. Chinese is drawn with the CJK font the
tablet uses (:mod:`ui.cjk`), and an SVG keeps its text as paths, so that it reads the same
on a machine without that font.
"""

from __future__ import annotations

import functools
import math
from pathlib import Path

from matplotlib import font_manager
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.transforms import blended_transform_factory

from ui import cjk
from ui.story.scene import Scene
from ui.tones import SHAPES, TONES

SUFFIXES = (".png", ".svg")
SIZE = (12.8, 8.0)
DPI = 100
"""1280×800 pixels: a tablet's screen, and what the picture must read well at."""
MARKERS = {"diamond": "D", "circle": "o", "square": "s", "triangle": "^", "star": "*",
           "ring": "8", "cross": "P", "hexagon": "h"}  # fmt: skip
"""Each shape of :data:`ui.tones.SHAPES` as matplotlib draws it."""
INK, MUTED, SHADE, LOOK, OUT = "#1c2420", "#6b7280", "#eef2ee", TONES["purple"], TONES["red"]
LINE_HEIGHT = 0.021
"""A line of the list of looks, as a share of the picture's height."""
LOOKS_HEIGHT = 0.36
"""The most of the picture's height the list of looks takes; its lines shrink to fit."""


@functools.cache
def families() -> tuple[str, ...]:
    """The fonts text is drawn in: the CJK font first (registered with matplotlib once),
    DejaVu Sans, matplotlib's own, for whatever it lacks."""
    found = cjk.find()
    if found is None:
        return ("DejaVu Sans",)
    font_manager.fontManager.addfont(str(found))
    return (font_manager.FontProperties(fname=str(found)).get_name(), "DejaVu Sans")


def draw(scene: Scene, path: Path) -> None:
    """Write the picture to ``path``; its suffix (one of :data:`SUFFIXES`) picks the format."""
    figure(scene).savefig(path, dpi=DPI, metadata=_metadata(path))


def _metadata(path: Path) -> dict[str, str | None]:
    """No date and no tool in the file: the same game draws the same bytes."""
    return {"Date": None} if path.suffix == ".svg" else {"Software": None}


def figure(scene: Scene) -> Figure:
    """The picture of ``scene``, as a matplotlib figure (made without pyplot: no window)."""
    fig = Figure(figsize=SIZE, dpi=DPI, facecolor="white")
    family = list(families())
    fig.text(0.02, 0.955, scene.title, fontsize=19, color=INK, fontfamily=family)
    fig.text(0.02, 0.915, scene.verdict, fontsize=13, color=INK, fontfamily=family)
    fig.text(0.02, 0.882, scene.reason, fontsize=11, color=MUTED, fontfamily=family)
    lines = len(scene.looks)
    listed = min(lines * LINE_HEIGHT, LOOKS_HEIGHT)
    size = 9.0 * listed / (lines * LINE_HEIGHT) if lines else 9.0  # smaller when many
    for i, look in enumerate(scene.looks):
        y = 0.02 + listed - (i + 1) * listed / lines
        fig.text(0.02, y, look.text, fontsize=size, color=LOOK, fontfamily=family)
    ax = fig.add_axes((0.17, 0.08 + listed, 0.69, 0.76 - listed))
    _timeline(ax, scene, family)
    return fig


def _timeline(ax: Axes, scene: Scene, family: list[str]) -> None:
    """The rows, the turns, and every mark on them."""
    width, height = len(scene.turns), len(scene.rows)
    ax.set_xlim(-0.5, width - 0.5)
    ax.set_ylim(height - 0.5, -0.5)
    ax.set_yticks([])
    stride = max(1, math.ceil(width / 25))
    ticks = [str(t) for t in scene.turns[::stride]]
    ax.set_xticks(range(0, width, stride), ticks, fontfamily=family)
    ax.set_xlabel(scene.axis, color=INK, fontfamily=family)
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    outside = blended_transform_factory(ax.transAxes, ax.transData)
    for i, row in enumerate(scene.rows):
        ax.add_patch(Rectangle((-0.5, i - 0.5), width, 1, color=SHADE if i % 2 else "white"))
        ax.text(-0.01, i - 0.04, row.name, transform=outside, ha="right", va="bottom",
                fontsize=13, color=INK, fontfamily=family)  # fmt: skip
        ax.text(-0.01, i + 0.02, row.identity, transform=outside, ha="right", va="top",
                fontsize=12, color=TONES[row.tone], fontfamily=family)  # fmt: skip
        for k, track in enumerate(row.tracks):
            ys = [i + 0.36 - 0.72 * v / track.most + 0.05 * k for v in track.values]
            ax.step(range(width), ys, where="mid", color=TONES[track.tone], lw=2.2, alpha=0.85)
            if track.tone in SHAPES:  # its colour told again by its shape, where it ends
                ax.scatter([width - 1], [ys[-1]], marker=MARKERS[SHAPES[track.tone]], s=60,
                           color=TONES[track.tone], edgecolors=INK, zorder=4)  # fmt: skip
            ax.text(1.01, i - 0.3 + 0.25 * k, track.last, transform=outside, va="center",
                    fontsize=9, color=TONES[track.tone], fontfamily=family)  # fmt: skip
        if row.out is not None:
            ax.add_patch(Rectangle((row.out + 0.5, i - 0.5), width - row.out - 1, 1,
                                   color=MUTED, alpha=0.25))  # fmt: skip
            ax.scatter([row.out], [i], marker="X", s=160, color=OUT, zorder=4)
        if row.won:
            ax.scatter([width - 0.5], [i], marker="*", s=420, color=TONES["gold"],
                       edgecolors=INK, zorder=5, clip_on=False)  # fmt: skip
    if scene.moves:
        cols, seats, counts = zip(*scene.moves, strict=True)
        ax.scatter(cols, seats, s=[16 + 14 * min(n, 12) for n in counts], color=MUTED,
                   alpha=0.55, zorder=2)  # fmt: skip
    for look in scene.looks:
        if look.about is not None:
            ax.annotate("", xy=(look.column, look.about), xytext=(look.column, look.seat),
                        arrowprops={"arrowstyle": "->", "color": LOOK, "lw": 1.4})  # fmt: skip
        ax.scatter([look.column], [look.seat], marker="D", s=70, color=LOOK, zorder=6)
        ax.annotate(str(look.number), (look.column, look.seat), xytext=(5, 4),
                    textcoords="offset points", fontsize=8, color=LOOK, weight="bold")  # fmt: skip
    marks = [
        Line2D([], [], ls="", marker="o", color=MUTED, alpha=0.55),
        Line2D([], [], ls="", marker="D", color=LOOK),
        Line2D([], [], ls="", marker="X", color=OUT),
        Line2D([], [], ls="", marker="*", markersize=14, color=TONES["gold"]),
    ]
    ax.legend(marks, scene.legend, loc="lower right", bbox_to_anchor=(1.0, 1.0), ncol=4,
              frameon=False, prop={"family": family, "size": 9})  # fmt: skip
