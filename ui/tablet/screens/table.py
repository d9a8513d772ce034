"""The table: the seats in a ring, the centre, what the table waits for, what just happened.

Everything here comes from the public view, the public events and the
prompts — through the game's small face module — so the screen is the same
for every game. Alerts nobody may miss (a refused action and why, a new
night, a hand over its limit, a secret check under way) cover the top of
the screen until tapped. Actions no sensor saw are entered by touch from a
menu built only from public facts; a choice only a player may know is left
to their phone.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.clock import Clock, ClockEvent
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup

from companion.core.prompts import waiting_on
from companion.core.types import Seat
from ui.faces.base import Alert
from ui.phones import DeviceStatus
from ui.tablet import theme
from ui.tablet.art import TokenRow
from ui.tablet.screens.base import Page, language_bar
from ui.tablet.screens.cards import cards_sheet
from ui.tablet.screens.menu import ActionMenu
from ui.tablet.screens.private import PrivateTurn
from ui.tablet.screens.ring import CENTRE, SeatPanel, around
from ui.tablet.session import Choice, Session
from ui.tablet.widgets import (
    Confirm,
    Panel,
    Sheet,
    Tap,
    Text,
    alert_sheet,
    grows,
)

FEED_LINES = 9


class TableScreen(Page):
    name_ = "table"
    alert_view: Sheet | None
    shown_alerts: list[Alert]
    menu: ActionMenu | None
    private: PrivateTurn | None
    """The private turn open, if any: it covers the whole table."""
    reconciling: tuple[int, Sheet] | None
    """The prompt open for a card that contradicts the record, if any: its number, it."""
    ticking: ClockEvent | None = None
    """The window's countdown, redrawn twice a second while the table is shown: kept across
    a rebuild (a game left, the language changed), or its clock would tick on, unstopped,
    one more each time a game is left and resumed."""

    def build(self) -> None:
        self._close_pop_ups()  # built again (a game left): nothing of the last stays open
        self.seats: list[SeatPanel] = []
        self.asked = 0
        """The last question a reader's card raised that this screen put to the table."""
        self.pause_view: Sheet | None = None
        root = BoxLayout(orientation="vertical", padding=theme.GAP, spacing=theme.GAP)
        self.top_bar = top = BoxLayout(size_hint_y=None, spacing=theme.GAP)
        self.banner = Panel(colour=theme.FELT, size_hint_y=None)
        self.waiting = Text(size=theme.HEADING, colour=theme.GOLD, bold=True)
        self.banner.add_widget(self.waiting)
        top.add_widget(self.banner)
        self.tools = BoxLayout(size_hint=(None, None), height=theme.TOUCH, spacing=theme.GAP)
        self.tools.bind(minimum_width=self.tools.setter("width"))
        for key, act in (("tablet.private.open", self._private), ("tablet.codes", self._codes),
                         ("tablet.undo", self._undo), ("tablet.pause", self._pause)):  # fmt: skip
            self.tools.add_widget(
                Tap(self.t(key), act, fit=True, size_hint=(None, None), width=theme.TOUCH * 1.6)
            )
        self.tools.add_widget(language_bar(self))
        top.add_widget(self.tools)
        self.waiting.bind(height=self._stack_top)
        root.add_widget(top)
        self.middle = middle = BoxLayout(spacing=theme.GAP)
        self.ring = FloatLayout(size_hint_x=0.7)
        self.centre = Panel(orientation="vertical", colour=theme.PANEL_HI, size_hint=CENTRE,
                            pos_hint={"center_x": 0.5, "center_y": 0.5})  # fmt: skip
        self.pile = TokenRow(size_hint_y=None)
        self.pile.on_card = self._explain_card
        self.centre.bind(height=lambda c, h: setattr(self.pile, "height", h * 0.5))
        self.centre_lines = Text(size=theme.SMALL, halign="center")
        notes = ScrollView(do_scroll_x=False)  # a long stack of plays scrolls
        notes.add_widget(self.centre_lines)
        self.centre.add_widget(self.pile)
        self.centre.add_widget(notes)
        self.ring.add_widget(self.centre)
        self.ring.bind(size=self._place, pos=self._place)
        middle.add_widget(self.ring)
        self.side = BoxLayout(orientation="vertical", spacing=theme.GAP)
        """Beside the ring (under it, upright): what just happened, and on a short screen
        the entry button and the notes."""
        self.side.add_widget(self._feed_panel())
        middle.add_widget(self.side)
        root.add_widget(middle)
        self.bottom = self._bottom()
        root.add_widget(self.bottom)
        self.add_widget(root)
        self._orient()
        session = self.session
        if session is not None:
            for _ in session.names:
                panel = SeatPanel()
                panel.tokens.on_card = self._explain_card
                self.seats.append(panel)
                self.ring.add_widget(panel)

    def _feed_panel(self) -> Panel:
        """Beside the ring: the deal's steps while it is told, what just happened, the seal.
        What does not fit scrolls; the newest line is on top."""
        feed = Panel(orientation="vertical")
        scroll = ScrollView(do_scroll_x=False)
        column = BoxLayout(orientation="vertical", spacing=4, size_hint_y=None)
        column.bind(minimum_height=column.setter("height"))
        self.guide = BoxLayout(orientation="vertical", spacing=4, size_hint_y=None, height=0)
        """The real deal step by step, while the players deal by hand and tell the phones."""
        self.guide.bind(minimum_height=self.guide.setter("height"))
        self.guided: list[str] = []
        column.add_widget(self.guide)
        column.add_widget(Text(self.t("tablet.feed"), colour=theme.MUTED, size=theme.SMALL))
        self.feed_box = BoxLayout(orientation="vertical", spacing=4, size_hint_y=None, height=0)
        self.feed_box.bind(minimum_height=self.feed_box.setter("height"))
        self.feed: list[Text] = []
        self.fed = 0
        column.add_widget(self.feed_box)
        scroll.add_widget(column)
        feed.add_widget(scroll)
        self.seal_line = Text(size=theme.SMALL)
        feed.add_widget(self.seal_line)
        return feed

    def _bottom(self) -> BoxLayout:
        """Entering a seat's action, the open window's countdown, the notes under the table."""
        bottom = grows(BoxLayout(size_hint_y=None, spacing=theme.GAP), theme.TOUCH * 1.2)
        self.enter = Tap("", self._open_menu, colour=theme.PANEL_HI)
        bottom.add_widget(self.enter)
        self.window_tap = Tap("", self._close_window, colour=theme.FELT, size_hint_x=0.3)
        bottom.add_widget(self.window_tap)
        bottom.add_widget(self._notes())
        return bottom

    def _notes(self) -> BoxLayout:
        """Beside the entry button: what only a phone may enter, and the readers."""
        notes = self._notes_box = grows(BoxLayout(orientation="vertical", size_hint=(0.45, None)))
        self.phone_note = Text(colour=theme.MUTED, size=theme.SMALL)
        self.readers_line = Text(size=theme.SMALL, wrap=False)
        for line in (self.phone_note, self.readers_line):
            notes.add_widget(line)
        return notes

    def on_size(self, *_: object) -> None:
        if self.children:
            self._orient()

    def _orient(self, *_: object) -> None:
        """A tablet held upright puts what just happened under the table, not beside it,
        and the buttons under what the table waits for. The screen's shape decides, not the
        middle's: a top bar laid out for the other way round could squeeze the middle to
        nothing, and keep it so."""
        upright = self.height > self.width
        self.middle.orientation = "vertical" if upright else "horizontal"
        self.ring.size_hint = (1, 0.7) if upright else (0.7, 1)
        self.side.size_hint = (1, 0.3) if upright else (0.3, 1)
        self.top_bar.orientation = "vertical" if upright else "horizontal"
        self._stack_top()
        self._dock(short=not upright and self.height < SHORT)

    def _dock(self, short: bool) -> None:
        """On a short screen held sideways (a 7-inch tablet), the entry button and the notes
        stand in a column under what just happened, and the ring has their row's height:
        without it, the seats' panels would be too low to show what lies before them."""
        bar = self.bottom
        home = self.side if short else self.middle.parent
        if bar.parent is not home:
            bar.parent.remove_widget(bar)
            home.add_widget(bar)
        bar.orientation = "vertical" if short else "horizontal"
        self.window_tap.size_hint_x = 1 if short else 0.3
        self._notes_box.size_hint_x = 1 if short else 0.45
        self._tick()

    def _stack_top(self, *_: object) -> None:
        """The top bar as tall as what the table waits for says, beside or above the buttons."""
        said = max(theme.TOUCH, self.waiting.height + theme.GAP * 2)
        self.banner.height = said
        upright = self.top_bar.orientation == "vertical"
        self.top_bar.height = said + self.tools.height + theme.GAP if upright else said

    def _place(self, *_: object) -> None:
        """Seats around an ellipse (:func:`around`)."""
        w, h, spots = around(len(self.seats), self.ring.width, self.ring.height)
        for panel, (x, y) in zip(self.seats, spots, strict=True):
            panel.size = (w, h)
            panel.center = (self.ring.center_x + x, self.ring.center_y + y)

    def refresh(self) -> None:
        """Draw the session's words (:meth:`Session.words`): nothing else of the game."""
        session = self.app.session
        if session is None or not self.seats:
            return
        words = session.words(FEED_LINES)
        names = session.names
        for panel, face, phones in zip(self.seats, words.seats, words.phones, strict=True):
            panel.show(face)
            panel.phones.text = _phones(phones)
        self.pile.show(words.pile.tokens)
        self.centre_lines.text = "\n".join(words.pile.notes)
        self.waiting.text = "\n".join(words.waiting)
        self.waiting.color = theme.INK if words.standing else theme.GOLD
        self.banner.paint(theme.ORANGE if words.standing else theme.FELT)
        self._guide(list(words.guide))
        self._feed(session, words.feed)
        seat = words.acting
        self.enter.text = self.t("tablet.enter", seat=names[seat]) if seat is not None else ""
        self.enter.disabled = seat is None or session.paused
        self.enter.opacity = 0 if seat is None else 1  # not a blank bar while nobody may act
        self.phone_note.text = (
            self.t("tablet.phone_only", what=self.t("word.sep").join(words.phone_only),
                   seat=names[seat])
            if words.phone_only and seat is not None
            else ""
        )  # fmt: skip
        if words.phoneless:
            seats = self.t("word.sep").join(names[s] for s in words.phoneless)
            self.phone_note.text = self.t("tablet.private.no_phone", seats=seats)
        working, total = words.readers or (0, 0)
        self.readers_line.text = (
            self.t("tablet.readers", working=working, total=total) if words.readers else ""
        )
        self.readers_line.color = theme.GREEN if working == total else theme.ORANGE
        self._tick()
        self.seal_line.text = words.seal or ""
        self._ask(session, words.question)
        self._reconcile(session, words.reconcile)
        self._alerts(list(words.alerts))
        if self.private is not None:
            self.private.render()

    def _tick(self, *_: object) -> None:
        """The open window's countdown, for the whole table, and the button that closes it."""
        session = self.app.session
        line = None if session is None else session.window_line()
        self.window_tap.text = line or ""
        self.window_tap.disabled = line is None or (session is not None and session.paused)
        self.window_tap.opacity = 0 if line is None else 1
        kept = line is not None or self.bottom.orientation == "horizontal"  # a column keeps
        if kept != (self.window_tap.parent is not None):  # no room for a shut window
            if kept:
                self.bottom.add_widget(self.window_tap, index=1)  # after the entry button
            else:
                self.bottom.remove_widget(self.window_tap)

    def _close_window(self) -> None:
        if self.app.session is not None:
            self.app.session.close_window()

    def _ask(self, session: Session, asked: tuple[str, Any] | None) -> None:
        """A reader's card that can mean several things: the table chooses, here."""
        question = session.question()
        if asked is None or question is None or question.id == self.asked:
            return
        if self.menu is not None:
            return
        self.asked = question.id
        title = asked[0]
        choices = session.describe_options(question.options)
        self.menu = ActionMenu(
            self, session, question.seat, title, choices=choices,
            choose=lambda c: session.answer(question, c.actions[0]),
        )  # fmt: skip
        self.menu.bind(on_dismiss=lambda *_: setattr(self, "menu", None))
        self.menu.open(animation=False)

    def _reconcile(self, session: Session, open_: tuple[int, str] | None) -> None:
        """A card a reader saw where the record does not have it: the table either puts it
        back, or mends the record (an undo, a hand audit) and has it read again. Only
        those two buttons close the prompt: a stray tap would leave the card unresolved.
        It waits for a seat's private turn to close: the player there is not the table,
        and the card is mended, or put back, by everyone."""
        shown = self.reconciling
        if shown is not None and (open_ is None or shown[0] != open_[0]):
            self.reconciling = None
            shown[1].dismiss()
        waiting = self.reconciling is not None or self.menu is not None or self.private is not None
        if open_ is None or waiting:
            return
        said = f"{open_[1]}\n\n{self.t('tablet.reconcile.how')}"
        prompt = Confirm(said, self.t("tablet.reconcile.again"), self.t("tablet.reconcile.back"),
                         session.read_again, session.dismiss_reconcile)  # fmt: skip
        self.reconciling = (open_[0], prompt)
        prompt.open(animation=False)

    def on_enter(self, *_: object) -> None:
        if self.ticking is None:
            self.ticking = Clock.schedule_interval(self._tick, 0.5)
        if self.app.session is not None:  # what waited for the table to be shown
            self._alerts(list(self.app.session.words().alerts))

    def on_pre_leave(self, *_: object) -> None:
        """Nothing of the table stays over another screen: its pop-ups close with it, and its
        countdown stops. As the table starts to leave, not once it has left: Kivy skips that
        when another screen is asked for before the change is drawn (``TransitionBase.stop``)."""
        if self.ticking is not None:
            self.ticking.cancel()
            self.ticking = None
        self._close_pop_ups()

    def _close_pop_ups(self) -> None:
        """The alert, the menu, the private turn, the pause and the reconcile over the table,
        closed where open and forgotten — also before the screen is built again: leaving a
        game empties it before the screen manager tells it that it was left."""
        shown = getattr(self, "alert_view", None)
        if shown is not None:  # closed by the screen, not tapped: nothing was read
            shown.unbind(on_dismiss=self._dismissed)
        for name in ("alert_view", "menu", "private", "pause_view"):
            view = getattr(self, name, None)
            if view is not None:
                view.dismiss()
        reconciling = getattr(self, "reconciling", None)
        if reconciling is not None:
            reconciling[1].dismiss()
        self.alert_view = self.menu = self.private = self.reconciling = self.pause_view = None
        self.shown_alerts = []

    def _guide(self, steps: list[str]) -> None:
        """One row a step, its number beside its first line: a number run into Chinese text
        would wrap alone onto a line of its own."""
        if steps == self.guided:
            return
        self.guided = steps
        self.guide.clear_widgets()
        for i, step in enumerate(steps, 1):
            row = BoxLayout(size_hint_y=None, spacing=theme.GAP / 2)
            number = Text(f"{i}.", size=theme.SMALL, colour=theme.GOLD, wrap=False, valign="top",
                          size_hint_x=None, width=theme.SMALL * 1.8,
                          pos_hint={"top": 1})  # fmt: skip
            said = Text(step, size=theme.SMALL, colour=theme.GOLD, valign="top")
            said.bind(height=row.setter("height"))
            row.add_widget(number)
            row.add_widget(said)
            row.height = said.height
            self.guide.add_widget(row)

    def _feed(self, session: Session, feed: tuple[str, ...]) -> None:
        """New lines on top; old lines keep their rendered text (text rendering is the cost).
        The oldest line's label takes the newest line: a dropped widget is garbage whose
        collection stalls a frame."""
        new = min(session.heard - self.fed, FEED_LINES)
        self.fed = session.heard
        for line in feed[-new:] if new else []:
            if len(self.feed) < FEED_LINES:
                label = Text(line, size=theme.SMALL)
                label.text_size = (self.feed_box.width, None)  # wrapped from the first render
                label.bind(on_touch_down=self._feed_tapped)
            else:
                label = self.feed.pop()
                self.feed_box.remove_widget(label)
                label.text = line
            self.feed.insert(0, label)
            self.feed_box.add_widget(label, index=len(self.feed_box.children))
        for i, label in enumerate(self.feed):
            label.color = theme.TEXT if i == 0 else theme.MUTED

    def _explain_card(self, about: str) -> None:
        """A tap on a card face up (the pile's top, one before a seat): what it does."""
        cards_sheet(self.t, [about]).open(animation=False)

    def _feed_tapped(self, label: Text, touch: Any) -> bool:
        """A tap on a line of the feed that names a card: what the card does."""
        session = self.app.session
        if session is None or not label.collide_point(*touch.pos) or label not in self.feed:
            return False
        said = session.explain_news(self.feed.index(label))
        if not said:
            return False
        cards_sheet(self.t, said).open(animation=False)
        return True

    def _alerts(self, alerts: list[Alert]) -> None:
        """Alerts cover the top of the screen until someone taps them away — once the table
        is the screen shown: over the codes a first game's first lesson would catch the tap
        meant for "To the table"."""
        if self.manager is None or self.manager.current != self.name:
            return
        if alerts == self.shown_alerts and (self.alert_view is not None) == bool(alerts):
            return
        self.shown_alerts = list(alerts)
        if self.alert_view is not None:
            self.alert_view.unbind(on_dismiss=self._dismissed)
            self.alert_view.dismiss()
            self.alert_view = None
        if not alerts:
            return
        view = alert_sheet(alerts[-4:], self.t("tablet.tap_to_close"))
        view.bind(on_dismiss=self._dismissed)
        self.alert_view = view
        view.open(animation=False)

    def _dismissed(self, *_: object) -> None:
        self.alert_view = None
        self.shown_alerts = []
        if self.app.session is not None:
            self.app.session.dismiss()

    def _codes(self) -> None:
        self.app.show("join")

    def _undo(self) -> None:
        """Undo asks first: what it takes back, and what goes back where on the real table."""
        session = self.app.session
        summary = None if session is None else session.to_undo()
        if session is None or summary is None:
            return
        said, back = summary
        view = Sheet(auto_dismiss=False, background_color=theme.FELT)
        column = BoxLayout(orientation="vertical", padding=theme.GAP * 4, spacing=theme.GAP)
        column.add_widget(Text(self.t("tablet.undo_ask"), size=theme.TITLE, bold=True))
        for line in said:
            column.add_widget(Text("• " + line))
        if back:
            column.add_widget(Text(self.t("tablet.undo_back"), colour=theme.GOLD, bold=True))
            for line in back:
                column.add_widget(Text("• " + line, colour=theme.GOLD))
        column.add_widget(BoxLayout())
        buttons = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP * 2)

        def confirm() -> None:
            view.dismiss()
            session.undo()

        buttons.add_widget(Tap(self.t("tablet.undo_confirm"), confirm, colour=theme.ORANGE))
        buttons.add_widget(Tap(self.t("phone.cancel"), view.dismiss))
        column.add_widget(buttons)
        view.add_widget(column)
        view.open(animation=False)

    def _pause(self) -> None:
        """The table takes a break: everything covered until someone taps Continue — or
        the group stops for the night, and the game waits on the start screen, to be
        resumed as it was (the journal has every move)."""
        session = self.app.session
        if session is None:
            return
        session.set_paused(True)
        view = Sheet(auto_dismiss=False, background_color=theme.FELT)
        column = BoxLayout(orientation="vertical", padding=theme.GAP * 4, spacing=theme.GAP * 2)
        column.add_widget(Text(self.t("tablet.paused"), size=theme.HUGE, halign="center"))
        column.add_widget(
            Tap(self.t("tablet.continue"), lambda: self._unpause(view), colour=theme.GOLD)
        )
        column.add_widget(Tap(self.t("tablet.leave"), self.app.leave_game))
        view.add_widget(column)
        self.pause_view = view
        view.open(animation=False)

    def _unpause(self, view: Sheet) -> None:
        view.dismiss()
        self.pause_view = None
        if self.app.session is not None:
            self.app.session.set_paused(False)

    def _private(self) -> None:
        """Which seat's private turn: each seat, those without a phone and those the table
        waits for marked."""
        session = self.app.session
        if session is None:
            return
        connected = session.phones.connected()
        waiting = waiting_on(session.service.pending())
        view = Sheet(size_hint=(0.6, 0.8), background_color=(0, 0, 0, 0.7))
        column = Panel(orientation="vertical", colour=theme.PANEL_HI)
        column.add_widget(Text(self.t("tablet.private.which"), size=theme.TITLE, bold=True))
        for i, name in enumerate(session.names):
            notes = [self.t("tablet.private.no_phone_short")] if Seat(i) not in connected else []
            notes += [self.t("tablet.private.waited")] if Seat(i) in waiting else []
            column.add_widget(Tap(" · ".join([name, *notes]), self._starter(view, Seat(i))))
        column.add_widget(Tap(self.t("phone.cancel"), view.dismiss, colour=theme.LINE))
        view.add_widget(column)
        view.open(animation=False)

    def _starter(self, chooser: Sheet, seat: Seat) -> Callable[[], None]:
        def start() -> None:
            chooser.dismiss()
            self.open_private(seat)

        return start

    def open_private(self, seat: Seat) -> None:
        session = self.app.session
        if session is None:
            return
        turn = PrivateTurn(self, session, seat)
        turn.bind(on_dismiss=self._private_closed)
        self.private = turn
        turn.open(animation=False)

    def _private_closed(self, *_: object) -> None:
        """The table is the table's again: what waited for the private turn is shown (not
        over another screen, when the turn closes because the table was left)."""
        self.private = None
        if self.manager is not None and self.manager.current == self.name:
            self.refresh()

    def _open_menu(self) -> None:
        session = self.app.session
        seat = session.acting() if session is not None else None
        if session is None or seat is None:
            return
        title = self.t("tablet.enter", seat=session.names[seat])
        choices = session.choices(seat)

        def choose(choice: Choice) -> None:
            session.submit(*choice.actions)

        self.menu = ActionMenu(self, session, seat, title, choices=choices, choose=choose,
                               private=partial(self.open_private, seat))  # fmt: skip
        self.menu.bind(on_dismiss=lambda *_: setattr(self, "menu", None))
        self.menu.open(animation=False)


SHORT = dp(720)
"""The height under which a screen held sideways is short (1024×600, 1280×720): the entry
row moves beside the ring (:meth:`TableScreen._dock`)."""


def _phones(phones: tuple[DeviceStatus, ...]) -> str:
    """``● K7QF`` green while connected, grey when not; ``+1`` in orange for the phones
    asking for the seat (the alert and the codes screen name them): one short line,
    whatever the language, beside the seat's name."""
    said = [
        f"[color={'4ade80' if p.connected else '5b6b61'}]●[/color] {escape_markup(p.label)}"
        for p in phones
        if p.holds
    ]
    asking = sum(not p.holds for p in phones)
    if asking:
        said.append(f"[color=f59e0b]+{asking}[/color]")
    return "  ".join(said)
