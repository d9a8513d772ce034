"""The rules at hand on the tablet: a tap on a card the table names (a line of the feed)
shows what the card does, from the same texts as the phones (:mod:`companion.core.explained`),
until tapped away."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ui.tablet import theme
from ui.tablet.widgets import Panel, Sheet, Text


def cards_sheet(t: Callable[..., str], said: Sequence[str]) -> Sheet:
    """``said`` — a card's kind and what it does, a line each — over the table."""
    sheet = Sheet(size_hint=(0.6, None), background_color=(0, 0, 0, 0.5))
    panel = Panel(orientation="vertical", colour=theme.PANEL_HI, size_hint_y=None)
    panel.bind(minimum_height=panel.setter("height"))
    for line in said:
        panel.add_widget(Text(line, size=theme.BODY))
    panel.add_widget(Text(t("tablet.tap_to_close"), size=theme.SMALL, colour=theme.MUTED))
    sheet.add_widget(panel)
    panel.bind(height=lambda _, h: setattr(sheet, "height", h))
    return sheet
