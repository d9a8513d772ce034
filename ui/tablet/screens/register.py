"""Register a deck on the tablet's own NFC: every card of the game's box tapped once.

The card to tap next, large, with how far the walk has come; under it what the last tap
did (✓ the card, a card tapped twice, a sticker of another deck, the reader off). What is
said is the walk's own (:func:`companion.walkthrough.worded`), as ``companion register`` prints
it. Leaving before the end stores nothing: a deck is registered whole or not at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kivy.uix.boxlayout import BoxLayout

from companion.core.types import JSONObject
from companion.games import GAMES
from companion.i18n import Voice
from companion.walkthrough import worded
from ui.tablet import theme
from ui.tablet.screens.base import Page
from ui.tablet.widgets import Tap, Text

if TYPE_CHECKING:
    import asyncio


ASKING = ("register.next", "register.done")
"""What the walk asks for (the card to tap next), or that it is done: the large line."""
GOOD = ("register.bound", "source.state.connected")


class RegisterScreen(Page):
    name_ = "register"

    walking: asyncio.Future[None] | None = None
    """The walk, while it goes on: leaving the screen cancels it."""

    def build(self) -> None:
        self.game = getattr(self, "game", next(iter(GAMES)))
        self.said: list[tuple[str, JSONObject]] = getattr(self, "said", [])
        self.done = getattr(self, "done", False)
        root = BoxLayout(orientation="vertical", padding=theme.GAP * 2, spacing=theme.GAP)
        self.title_line = Text(size=theme.TITLE, bold=True)
        self.intro = Text(colour=theme.MUTED)
        self.step = Text(size=theme.HUGE, colour=theme.GOLD, bold=True)
        self.last = Text(size=theme.BODY)
        self.back = Tap(self.t("tablet.register.back"), self.leave, height=theme.TOUCH * 1.2)
        for widget in (self.title_line, self.intro, BoxLayout(), self.step, self.last,
                       BoxLayout(), self.back):  # fmt: skip
            root.add_widget(widget)
        self.add_widget(root)

    def begin(self, game: str, count: int) -> None:
        """A new walk for ``game``'s deck of ``count`` cards."""
        self.game, self.count, self.said, self.done = game, count, [], False
        self.refresh()

    def hear(self, key: str, said: JSONObject) -> None:
        """A step of the walk: the card asked for, or what the last tap did."""
        self.said.append((key, dict(said)))
        self.done = self.done or key == "register.done"  # stored: leaving now keeps it
        self.refresh()

    def finished(self, registered: bool) -> None:
        self.walking, self.done = None, registered
        self.refresh()

    def leave(self) -> None:
        """Back to the start screen; a walk not yet done is given up, nothing stored."""
        if self.walking is not None and not self.done:
            self.walking.cancel()
        self.app.show("start")

    def refresh(self) -> None:
        voice = Voice.of(self.app.lang, GAMES[self.game])
        name = self.t(f"game.{self.game}")
        self.title_line.text = self.t("tablet.register.title", game=name)
        self.intro.text = self.t("tablet.register.how", count=getattr(self, "count", 0))
        asked = [said for said in self.said if said[0] in ASKING]
        told = [said for said in self.said if said[0] not in ASKING]
        self.step.text = worded(voice, *asked[-1]) if asked else ""
        self.last.text = worded(voice, *told[-1]) if told else ""
        self.last.color = theme.GREEN if told and told[-1][0] in GOOD else theme.ORANGE
        self.back.text = self.t("tablet.register.done" if self.done else "tablet.register.back")
