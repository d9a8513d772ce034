"""A long list of wrapped lines — a whole game's timeline — of which only the rows in sight
are widgets.

Drawn as a label each, the game-over timeline of a nine-seat 暗火线 was 2,400 labels and as
many textures: about 500 MB more of the tablet's memory at the end of the game, for the
twenty lines a screen shows. Here Kivy's recycle view draws the rows in sight and reuses
their labels as the list scrolls; each row's height is worked out beforehand from its
line breaks (:mod:`ui.tablet.lines`), so the list scrolls as far as it is long before
every row has been drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kivy.clock import Clock
from kivy.uix.recycleboxlayout import RecycleBoxLayout
from kivy.uix.recycleview import RecycleView

from ui.tablet import theme
from ui.tablet.lines import break_lines
from ui.tablet.theme import Colour
from ui.tablet.widgets import WRAPPED, Text

SPACING = 4
"""Between two rows, as between the lines of a column of labels."""


@dataclass(frozen=True)
class Row:
    """One row's words, colour and size."""

    text: str
    colour: Colour = theme.TEXT
    size: float = theme.BODY


class Lines(RecycleView):
    """``rows`` in a list that scrolls up and down."""

    def __init__(self, rows: Sequence[Row], **kw: Any) -> None:
        super().__init__(do_scroll_x=False, **kw)
        self.rows = tuple(rows)
        layout = RecycleBoxLayout(orientation="vertical", size_hint_y=None, spacing=SPACING,
                                  default_size_hint=(1, None))  # fmt: skip
        layout.bind(minimum_height=layout.setter("height"))
        self.add_widget(layout)
        self.viewclass = Text  # after the layout: Kivy hands it the view class only then
        self._probes: dict[float, tuple[Text, float]] = {}
        self._laid_at = -1.0
        # Laid out once a frame at most, once its parent has given it its width: a layout
        # sets a width several times, and thousands of rows broken at Kivy's first 100 px
        # would be broken again at once.
        relay = Clock.create_trigger(self._lay)
        self.bind(width=lambda *_: relay())
        relay()

    def _lay(self, *_: object) -> None:
        """Each row's words and how tall they stand at this width."""
        if self.width == self._laid_at:
            return
        self._laid_at = self.width
        self.data = [
            {"text": r.text, "color": r.colour, "font_size": r.size, "height": self._height(r)}
            for r in self.rows
        ]

    def _height(self, row: Row) -> float:
        probe, line = self._probe(row.size)
        broken = break_lines(row.text, self.width * WRAPPED, probe.measure)
        return max(line * (broken.count("\n") + 1), row.size * 1.3)

    def _probe(self, size: float) -> tuple[Text, float]:
        """A label of ``size`` that measures, never shown, and its one line's height."""
        kept = self._probes.get(size)
        if kept is None:
            probe = Text("A", size=size, wrap=False)
            probe.texture_update()
            kept = self._probes[size] = (probe, probe.texture_size[1])
        return kept
