"""What every screen shares: built from the tablet's state, rebuilt when the language changes.

A screen is handed the tablet as :class:`Tablet` — where to go, the language, the journal,
the game's session and what a tap asks of it — never the app itself, so no screen imports
the app that holds them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.core.types import Seat
from companion.i18n import LANGS, text
from companion.journal import Journal
from companion.policy import Dealer, Draws
from companion.sensors import Sensors
from ui.tablet import theme
from ui.tablet.decks import OnTablet
from ui.tablet.session import Session
from ui.tablet.speech import Speaker
from ui.tablet.widgets import Tap


class Tablet(Protocol):
    """What a screen may read of the tablet and ask of it."""

    lang: str
    journal: Journal
    session: Session | None
    """The game being played, if one is."""
    sensors: Sensors | None
    """The table's readers, running from the start."""
    decks: OnTablet | None
    """The tablet's own reader and its decks (Android)."""
    speaker: Speaker | None
    host: str | None
    boxes: Path

    def show(self, name: str) -> None: ...

    def set_lang(self, lang: str) -> None: ...

    def new_game(
        self,
        game: str,
        names: Sequence[str],
        options: object,
        *,
        draws: Draws,
        dealer: Dealer,
        window: int,
        voice: bool = False,
        teach: bool = False,
    ) -> None: ...

    def resume(self, game_id: int) -> None: ...

    def leave_game(self) -> None: ...

    def play_again(self) -> None: ...

    def register_deck(self, game: str) -> None: ...

    def reseat(self, seat: Seat) -> None: ...

    def admit(self, seat: Seat, label: str) -> None: ...


LANG_LABELS = {"zh-Hant": "繁", "zh-Hans": "简", "en": "EN"}


class Page(Screen):
    name_: str = ""

    def __init__(self, app: Tablet, **kw: Any) -> None:
        super().__init__(name=self.name_, **kw)
        self.app = app
        self.rebuild()

    @property
    def lang(self) -> str:
        return self.app.lang

    def t(self, key: str, **args: object) -> str:
        return text(self.app.lang, key, **args)

    blank = False
    """Whether the screen holds nothing of a game: emptied (:meth:`empty`), and not drawn
    again since. A blank screen need not be emptied when a game is left, which would build
    it anew just when memory is busiest (:meth:`Tablet.leave_game`)."""

    @property
    def session(self) -> Session | None:
        """The game this screen draws: the app's, unless the screen is blank — emptied at
        the game's end, it keeps none of its seats though the session lasts until the end
        is left."""
        return None if self.blank else self.app.session

    def rebuild(self) -> None:
        self.blank = False
        self.clear_widgets()
        self.build()
        self.refresh()

    def empty(self) -> None:
        """The screen as built before any game: what it drew of the last one let go, and
        nothing drawn again (there is nothing left to draw of a game that is gone — nor to
        fail at, after the table's drawing failed)."""
        self.blank = True
        self.clear_widgets()
        self.build()

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
        bar.add_widget(button)
    return bar
