"""What every screen shares: built from the app's state, rebuilt when the language changes."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.i18n import LANGS, text
from ui.tablet import theme
from ui.tablet.widgets import Tap

if TYPE_CHECKING:
    from ui.tablet.app import TabletApp

LANG_LABELS = {"zh-Hant": "繁", "zh-Hans": "简", "en": "EN"}


class Page(Screen):
    name_: str = ""

    def __init__(self, app: TabletApp, **kw: Any) -> None:
        super().__init__(name=self.name_, **kw)
        self.app = app
        self.rebuild()

    def t(self, key: str, **args: object) -> str:
        return text(self.app.lang, key, **args)

    def rebuild(self) -> None:
        self.clear_widgets()
        self.build()
        self.refresh()

    def build(self) -> None:
        raise NotImplementedError

    def refresh(self) -> None:
        """Show the session's current state; the default screen has nothing that changes."""


def language_bar(page: Page) -> BoxLayout:
    """繁 / 简 / EN, the current one lit."""
    bar = BoxLayout(size_hint=(None, None), height=theme.TOUCH, width=theme.TOUCH * 3.3, spacing=4)
    for lang in LANGS:
        lit = theme.GOLD if lang == page.app.lang else theme.PANEL_HI
        button = Tap(LANG_LABELS[lang], partial(page.app.set_lang, lang), colour=lit)
        button.color = theme.INK if lang == page.app.lang else theme.TEXT
        bar.add_widget(button)
    return bar
