"""Choosing an action by touch on the tablet, step by step along its path, then confirming.

The table screen enters with it what no sensor saw (from public facts only) and asks
what a reader's card does; a private turn enters a seat's own moves with it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from companion.core.types import Seat
from ui.tablet import theme
from ui.tablet.screens.base import Page
from ui.tablet.session import Choice, Session
from ui.tablet.widgets import Panel, Sheet, Tap, Text


class ActionMenu(Sheet):
    """Choose an action by touch, step by step along its path, then confirm.

    The same menu enters an action no sensor saw, answers a question a reader's card
    raised (what that card does), and takes a seat's own moves in its private turn.
    """

    def __init__(
        self,
        page: Page,
        session: Session,
        seat: Seat,
        title: str,
        *,
        choices: list[Choice],
        choose: Callable[[Choice], None],
        public: bool = True,
        private: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(size_hint=(0.8, 0.86), background_color=(0, 0, 0, 0.6))
        self.page = page
        self.session = session
        self.seat = seat
        self.title = title
        self.path: list[str] = []
        self.choices = choices
        self.choose = choose
        self.public = public
        """A menu of the shared table, which says what only the seat's phone may enter."""
        self.private = private
        """Opens the seat's private turn on the tablet: where a seat without a phone enters
        what the shared table may not see."""
        self.box = Panel(orientation="vertical", colour=theme.PANEL_HI)
        self.add_widget(self.box)
        self.show()

    def show(self) -> None:
        t = self.page.t
        self.box.clear_widgets()
        self.box.add_widget(Text(self.title, size=theme.TITLE, bold=True))
        if self.path:
            self.box.add_widget(Text(" › ".join(self.path), colour=theme.GOLD))
        here = [c for c in self.choices if list(c.path[: len(self.path)]) == self.path]
        exact = next((c for c in here if len(c.path) == len(self.path)), None)
        options = list(
            dict.fromkeys(c.path[len(self.path)] for c in here if len(c.path) > len(self.path))
        )
        buttons = GridLayout(cols=3, spacing=theme.GAP / 2, size_hint_y=None)
        buttons.bind(minimum_height=buttons.setter("height"))
        for option in options:
            buttons.add_widget(Tap(option, partial(self._step, option), colour=theme.LINE))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(buttons)
        self.box.add_widget(scroll)
        row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        if exact is not None:
            go = Tap(t("phone.confirm"), lambda: self._confirm(exact), colour=theme.GOLD)
            row.add_widget(go)
        if self.path:
            row.add_widget(Tap(t("phone.back"), self._back, colour=theme.LINE))
        row.add_widget(Tap(t("phone.cancel"), self.dismiss, colour=theme.LINE))
        self.box.add_widget(row)
        only = self.session.phone_only(self.seat) if self.public else []
        if only:
            what = t("word.sep").join(only)
            note = t("tablet.phone_only", what=what, seat=self.session.names[self.seat])
            self.box.add_widget(Text(note, colour=theme.MUTED, size=theme.SMALL))
        if only and self.private is not None:
            name = self.session.names[self.seat]
            turn = Tap(t("tablet.private.for", seat=name), self._private, colour=theme.LINE)
            self.box.add_widget(turn)

    def _private(self) -> None:
        assert self.private is not None
        self.dismiss()
        self.private()

    def _step(self, option: str) -> None:
        self.path.append(option)
        self.show()

    def _back(self) -> None:
        self.path.pop()
        self.show()

    def _confirm(self, choice: Choice) -> None:
        self.dismiss()
        self.choose(choice)
