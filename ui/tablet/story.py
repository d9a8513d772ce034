"""A finished game's story (:mod:`ui.story.scene`) drawn with Kivy's canvas, for the game-over
screen: the same scene ``companion story`` draws with matplotlib, on the felt.

A row per seat with its name and identity, the turns across: each turn's public moves as a
dot (the bigger, the more), each secret look as a diamond with a line to the seat it was
about, the seat's figures as lines in its game's colours, a cross where it left the game, a
star for each winner. What each look showed is the game-over timeline's to say, beside it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from kivy.graphics import Color, InstructionGroup, Line, Rectangle
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui.story.scene import Scene
from ui.tablet import theme
from ui.tablet.art import symbol, tone
from ui.tablet.theme import Colour
from ui.tablet.widgets import outline

ON_FELT = {"black": theme.MUTED}
"""A tone that would vanish on the dark felt, drawn lighter."""
MARKS = (("circle", theme.MUTED), ("diamond", theme.PURPLE), ("cross", theme.RED),
         ("star", theme.GOLD))  # fmt: skip
"""How the legend's four marks are drawn: a move, a look, out of the game, a winner."""


def _label(text: str, colour: Colour) -> Label:
    return Label(text=text, color=colour, font_size=theme.TINY, size_hint=(None, None))


def _size(labels: list[Label], size: float) -> None:
    """The labels' font at ``size`` (snapped: :func:`~ui.tablet.theme.fitted`), and each label
    as big as its text."""
    for label in labels:
        label.font_size = theme.fitted(size)
        label.texture_update()
        label.size = label.texture_size


@dataclass(frozen=True)
class _Grid:
    """Where the turns' columns and the seats' rows lie on the widget."""

    left: float
    right: float
    top: float
    row: float
    column: float

    def at(self, column: float, row: float) -> tuple[float, float]:
        """The centre of a turn's column in a seat's row."""
        return self.left + (column + 0.5) * self.column, self.top - (row + 0.5) * self.row


class StoryView(Widget):
    """The scene, redrawn whenever the widget moves or is resized; its words are labels."""

    def __init__(self, scene: Scene, **kw: Any) -> None:
        super().__init__(**kw)
        self.scene = scene
        self.names = [
            (_label(r.name, theme.TEXT), _label(r.identity, tone(r.tone))) for r in scene.rows
        ]
        self.figures = [[_label(t.last, self._tone(t.tone)) for t in r.tracks] for r in scene.rows]
        self.legend = [_label(words, theme.MUTED) for words in scene.legend]
        self.ticks: dict[int, Label] = {}
        """The turns numbered along the bottom, by column: only those shown (:meth:`_number`)."""
        self.axis = _label(scene.axis, theme.MUTED)
        for label in self._labels():
            self.add_widget(label)
        self.bind(pos=self._draw, size=self._draw)

    def _labels(self) -> list[Label]:
        named = [label for pair in self.names for label in pair]
        shown = [label for row in self.figures for label in row]
        return [*named, *shown, *self.legend, self.axis]

    def _fit(self, line: float) -> tuple[float, float]:
        """Every word sized to fit the widget, whatever its size: the rows' words as tall as
        a row and no wider than about half of it, the legend as wide as it; returns the
        widths the names (left) and the figures (right) take."""
        rows = [label for pair in self.names for label in pair]
        rows += [label for row in self.figures for label in row]
        _size([*self.legend, self.axis], theme.TINY)
        size = theme.TINY * min(1.0, (self.height - 2 * line) / len(self.names) / theme.SMALL)
        _size(rows, size)
        left, right = self._margins()
        if left + right > self.width * 0.55:
            _size(rows, size * self.width * 0.55 / (left + right))
            left, right = self._margins()
        widest = max(self._mark_width(label, line) for label in self.legend)
        if widest > self.width:  # one mark's words alone wider than the widget
            _size(self.legend, theme.TINY * self.width / widest)
        return left, right

    @staticmethod
    def _mark_width(label: Label, line: float) -> float:
        """How wide one of the legend's marks is drawn, with its words and the gap after."""
        return float(line * 0.7 + label.width + theme.GAP * 2)

    def _legend_lines(self, line: float) -> list[list[int]]:
        """The legend's marks (by number) in lines along the top, as many on a line as its
        width holds: a narrow tablet's legend takes two lines, not words too small to read."""
        lines: list[list[int]] = [[]]
        room = self.width
        for n, label in enumerate(self.legend):
            wide = self._mark_width(label, line)
            if wide > room and lines[-1]:
                lines.append([])
                room = self.width
            lines[-1].append(n)
            room -= wide
        return lines

    def _margins(self) -> tuple[float, float]:
        names = max(n.width for n, _ in self.names) + max(i.width for _, i in self.names)
        figures = max(sum(f.width + theme.GAP / 2 for f in row) for row in self.figures)
        return names + theme.GAP * 1.5, figures + theme.GAP / 2

    @staticmethod
    def _tone(name: str) -> Colour:
        return ON_FELT.get(name) or tone(name)

    def _draw(self, *_: object) -> None:
        if not self.scene.rows or not self.scene.turns:
            return
        line = theme.TINY * 1.8
        left, right = self._fit(line)
        left, right = self.x + left, self.right - right
        legend = self._legend_lines(line)
        top, bottom = self.top - line * len(legend), self.y + line
        if right <= left or top <= bottom:  # squeezed to nothing (its screen being emptied)
            self.canvas.before.clear()
            return
        rows, columns = len(self.scene.rows), len(self.scene.turns)
        grid = _Grid(left, right, top, (top - bottom) / rows, (right - left) / columns)
        self.canvas.before.clear()
        group = InstructionGroup()
        self._rows(group, grid)
        self._marks(group, grid)
        self._legend(group, line, legend)
        self._number(grid, line)
        self.axis.x, self.axis.center_y = self.x + theme.GAP / 2, self.y + line / 2
        self.canvas.before.add(group)

    def _number(self, grid: _Grid, line: float) -> None:
        """As many turns numbered along the bottom as fit, every ``stride``-th: a label is
        made when its turn is first numbered, and let go when the numbering leaves it out (a
        long game has hundreds of turns, a few dozen of them numbered)."""
        turns = self.scene.turns
        stride = math.ceil((self._widest_tick + theme.GAP / 2) / grid.column)
        shown = range(0, len(turns), stride)
        for c in [c for c in self.ticks if c not in shown]:
            self.remove_widget(self.ticks.pop(c))
        for c in shown:
            self._tick(c).center = (grid.at(c, 0)[0], self.y + line / 2)

    @cached_property
    def _widest_tick(self) -> float:
        """How wide the longest turn number is drawn (its size never changes): how far apart
        the numbers must be, measured once rather than made and dropped at every redraw."""
        label = _label(max(map(str, self.scene.turns), key=len), theme.MUTED)
        _size([label], theme.TINY)
        return float(label.width)

    def _tick(self, column: int) -> Label:
        """The number of the turn in ``column``, made and drawn if it is not yet."""
        label = self.ticks.get(column)
        if label is None:
            label = self.ticks[column] = _label(str(self.scene.turns[column]), theme.MUTED)
            _size([label], theme.TINY)
            self.add_widget(label)
        return label

    def _rows(self, group: InstructionGroup, grid: _Grid) -> None:
        """Each seat's band, its words, and its figures as lines."""
        rh, cw = grid.row, grid.column
        for i, row in enumerate(self.scene.rows):
            _, cy = grid.at(0, i)
            group.add(Color(*(theme.PANEL_HI if i % 2 else theme.PANEL)))
            group.add(Rectangle(pos=(grid.left, cy - rh / 2), size=(grid.right - grid.left, rh)))
            name, identity = self.names[i]
            name.x, name.center_y = self.x + theme.GAP / 2, cy  # one line a seat: rows are thin
            identity.right, identity.center_y = grid.left - theme.GAP / 2, cy
            for k, (track, label) in enumerate(zip(row.tracks, self.figures[i], strict=True)):
                ys = [cy - rh * (0.36 - 0.72 * v / track.most + 0.08 * k) for v in track.values]
                steps = [
                    (grid.left + c * cw, y, grid.left + (c + 1) * cw, y) for c, y in enumerate(ys)
                ]
                group.add(Color(*self._tone(track.tone)))
                group.add(Line(points=[p for step in steps for p in step], width=1.6))
                before = self.figures[i][k - 1].right if k else grid.right
                label.x, label.center_y = before + theme.GAP / 2, cy

    def _marks(self, group: InstructionGroup, grid: _Grid) -> None:
        """The moves, the looks, who went out and who won."""
        r = min(grid.row, grid.column) * 0.35
        group.add(Color(*theme.MUTED[:3], 0.55))
        for column, seat, count in self.scene.moves:
            symbol(group, "circle", *grid.at(column, seat), r * min(1.0, 0.35 + 0.06 * count))
        for look in self.scene.looks:
            group.add(Color(*theme.PURPLE))
            looker = grid.at(look.column, look.seat)
            if look.about is not None:
                group.add(outline(points=[*looker, *grid.at(look.column, look.about)], width=1.4))
            symbol(group, "diamond", *looker, r * 0.8)
        for i, row in enumerate(self.scene.rows):
            if row.out is not None:
                group.add(Color(*theme.RED))
                symbol(group, "cross", *grid.at(row.out, i), r)
            if row.won:
                group.add(Color(*theme.GOLD))
                symbol(group, "star", *grid.at(len(self.scene.turns) - 0.75, i), r * 1.2)

    def _legend(self, group: InstructionGroup, line: float, lines: list[list[int]]) -> None:
        """The four marks and their words, along the top, in ``lines``."""
        for row, marks in enumerate(lines):
            x, cy = self.x, self.top - line * (row + 0.5)
            for n in marks:
                (shape, colour), label = MARKS[n], self.legend[n]
                group.add(Color(*colour))
                symbol(group, shape, x + line / 4, cy, line / 4)
                label.x, label.center_y = x + line * 0.7, cy
                x = label.right + theme.GAP * 2
