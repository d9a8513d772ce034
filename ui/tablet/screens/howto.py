"""How to play a game in two minutes, from the start screen: for a group that has never
played and has no rulebook, the game's paragraphs (the catalog's ``howto.<game>.<n>``, its
rules digest in our own words, :attr:`companion.core.explained.Explained.howto`) read together
before the first card, in the tablet's language, closed with a tap."""

from __future__ import annotations

from collections.abc import Callable

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from companion.games import GAMES
from ui.tablet import theme
from ui.tablet.widgets import Panel, Sheet, Tap, Text


def howto_sheet(t: Callable[..., str], game: str) -> Sheet:
    """The how-to of ``game`` over the start screen, scrolled if the screen is small."""
    sheet = Sheet(size_hint=(0.82, 0.9), background_color=(0, 0, 0, 0.7))
    panel = Panel(orientation="vertical", colour=theme.PANEL_HI, spacing=theme.GAP)
    title = t("tablet.howto.title", game=t(f"game.{game}"))
    panel.add_widget(Text(title, size=theme.TITLE, bold=True))
    body = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP)
    body.bind(minimum_height=body.setter("height"))
    for n in range(1, len(GAMES[game].explained.howto) + 1):
        body.add_widget(Text(t(f"howto.{game}.{n}"), size=theme.BODY))
    scroll = ScrollView(do_scroll_x=False)
    scroll.add_widget(body)
    panel.add_widget(scroll)
    close = Tap(t("tablet.howto.close"), sheet.dismiss, colour=theme.GOLD)
    panel.add_widget(close)
    sheet.add_widget(panel)
    return sheet
