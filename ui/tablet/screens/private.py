"""A private turn at the tablet, for a seat without its phone (a flat battery, no phone at all).

The tablet is the one screen everyone sees, so a seat's private view goes on it only
behind three doors: the others are asked to look away; the seat's player holds a
button to open it; and leaving it takes a confirmation, after which nothing of it
is left on screen. Inside, the seat sees what its phone would show — its identity,
hand, figures, secrets, what the table waits for from it — and takes every action
its phone could: a move from its own list, the answer to a question only it may see,
the cards it was dealt, a check of its hand. A refusal is said inside the turn only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from kivy.clock import Clock, ClockEvent
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from companion.core.audit import AuditHand
from companion.core.dealing.told import TellDealt
from companion.core.narrow import objects
from companion.core.types import CardId, JSONObject, Seat
from ui.tablet import theme
from ui.tablet.screens.base import Page
from ui.tablet.screens.menu import ActionMenu
from ui.tablet.session import Session
from ui.tablet.widgets import Panel, Sheet, Tap, Text

HOLD_S = 0.8
"""How long the seat's player holds the button before its view opens."""


class PrivateTurn(Sheet):
    """One seat's private turn, over the whole table screen."""

    def __init__(self, page: Page, session: Session, seat: Seat) -> None:
        super().__init__(auto_dismiss=False, background_color=theme.FELT)
        self.page, self.session, self.seat = page, session, seat
        self.open_view = False
        self.refusal: str | None = None
        self._hold: ClockEvent | None = None
        self.box = BoxLayout(orientation="vertical", padding=theme.GAP * 3, spacing=theme.GAP)
        self.add_widget(self.box)
        self.cover()

    @property
    def name(self) -> str:
        return self.session.names[self.seat]

    def cover(self) -> None:
        """The first door: everyone else looks away; the seat's player holds to open."""
        t = self.page.t
        self.open_view = False
        self.box.clear_widgets()
        self.box.add_widget(Text(t("tablet.private.look_away", seat=self.name), size=theme.HUGE,
                                 halign="center", bold=True))  # fmt: skip
        self.box.add_widget(BoxLayout())
        hold = Tap(t("tablet.private.hold", seat=self.name), colour=theme.GOLD)
        hold.bind(on_press=self._holding, on_release=self._let_go)
        self.box.add_widget(hold)
        self.box.add_widget(Tap(t("phone.cancel"), self.dismiss, colour=theme.LINE))

    def _holding(self, *_: object) -> None:
        self._hold = Clock.schedule_once(lambda _dt: self.reveal(), HOLD_S)

    def _let_go(self, *_: object) -> None:
        if self._hold is not None:
            self._hold.cancel()
            self._hold = None

    def reveal(self) -> None:
        self._hold = None
        self.open_view = True
        self.render()

    def render(self) -> None:
        """The seat's view, as its phone would show it now (called on every change)."""
        if not self.open_view:
            return
        t, view = self.page.t, self.session.seat_message(self.seat)
        me = view["me"]
        assert isinstance(me, dict)
        self.box.clear_widgets()
        self.box.add_widget(Text(t("tablet.private.title", seat=self.name), size=theme.TITLE,
                                 bold=True))  # fmt: skip
        lines = Panel(orientation="vertical", size_hint_y=None, colour=theme.PANEL)
        lines.bind(minimum_height=lines.setter("height"))
        for line in _seat_lines(t, view, me):
            lines.add_widget(Text(line))
        if self.refusal:
            lines.add_widget(Text(self.refusal, colour=theme.RED))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(lines)
        self.box.add_widget(scroll)
        row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        if view["actions"]:
            row.add_widget(Tap(t("tablet.private.act"), lambda: self._menu(view)))
        deal = view["deal"]
        if isinstance(deal, dict):
            row.add_widget(Tap(t("phone.deal_title"), lambda: self._pick(deal, TellDealt)))
        audit = view["audit"]
        if isinstance(audit, dict) and not isinstance(deal, dict):
            row.add_widget(Tap(t("phone.audit_title"), lambda: self._pick(audit, AuditHand)))
        done = Tap(t("tablet.private.done"), self._ask_done, colour=theme.GOLD)
        row.add_widget(done)
        self.box.add_widget(row)

    def _menu(self, view: JSONObject) -> None:
        codec = self.session.service.spec.codec
        actions = [codec.decode(a["action"]) for a in objects(view["actions"])]
        title = self.page.t("tablet.private.act")
        choices = self.session.describe_options(actions)
        menu = ActionMenu(self.page, self.session, self.seat, title, choices=choices,
                          choose=self._chose, public=False)  # fmt: skip
        menu.open(animation=False)

    def _chose(self, choice: Any) -> None:
        self.refusal = None
        for action in choice.actions:  # look-alike copies: the first the rules take
            self.refusal = self.session.act_for(self.seat, action)
            if self.refusal is None:
                break
        self.render()

    def _pick(self, faces: dict[str, Any], kind: type[TellDealt] | type[AuditHand]) -> None:
        title = self.page.t("phone.deal_title" if kind is TellDealt else "phone.audit_title")

        def send(cards: Sequence[CardId]) -> None:
            self.refusal = self.session.act_for(self.seat, kind(seat=self.seat, cards=tuple(cards)))
            self.render()

        CardPicker(self.page, title, objects(faces["faces"]), send).open(animation=False)

    def _ask_done(self) -> None:
        """The last door: leaving clears everything, so it asks first."""
        t = self.page.t
        ask = Sheet(size_hint=(0.6, 0.4), auto_dismiss=False, background_color=(0, 0, 0, 0.7))
        column = Panel(orientation="vertical", colour=theme.PANEL_HI)
        column.add_widget(Text(t("tablet.private.done_ask", seat=self.name), size=theme.TITLE))
        buttons = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)

        def leave() -> None:
            ask.dismiss()
            self.close()

        buttons.add_widget(Tap(t("tablet.private.done_yes"), leave, colour=theme.GOLD))
        buttons.add_widget(Tap(t("tablet.private.done_no"), ask.dismiss, colour=theme.LINE))
        column.add_widget(buttons)
        ask.add_widget(column)
        ask.open(animation=False)

    def close(self) -> None:
        """Back to the public table, with nothing of the seat's left on screen."""
        self.open_view = False
        self.box.clear_widgets()
        self.dismiss()


class CardPicker(Sheet):
    """The cards a seat names — dealt, or held — one button a face, tapped for each copy."""

    def __init__(
        self,
        page: Page,
        title: str,
        faces: list[JSONObject],
        send: Callable[[Sequence[CardId]], None],
    ) -> None:
        super().__init__(size_hint=(0.9, 0.9), background_color=(0, 0, 0, 0.7))
        self.page, self.faces, self.send_cards = page, faces, send
        self.chosen = [int(str(f["held"])) for f in faces]
        box = Panel(orientation="vertical", colour=theme.PANEL_HI)
        box.add_widget(Text(title, size=theme.TITLE, bold=True))
        self.grid = GridLayout(cols=3, spacing=theme.GAP / 2, size_hint_y=None)
        self.grid.bind(minimum_height=self.grid.setter("height"))
        self.buttons: list[Tap] = []
        for i in range(len(faces)):
            tap = Tap("", partial(self._tap, i), colour=theme.LINE)
            self.buttons.append(tap)
            self.grid.add_widget(tap)
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(self.grid)
        box.add_widget(scroll)
        self.count = Text()
        box.add_widget(self.count)
        row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        row.add_widget(Tap(page.t("phone.confirm"), self._send, colour=theme.GOLD))
        row.add_widget(Tap(page.t("phone.cancel"), self.dismiss, colour=theme.LINE))
        box.add_widget(row)
        self.add_widget(box)
        self._show()

    def _tap(self, i: int) -> None:
        """One more copy of the face, back to none after the last the box holds."""
        self.chosen[i] = (self.chosen[i] + 1) % (len(_cards(self.faces[i])) + 1)
        self._show()

    def _show(self) -> None:
        for tap, face, n in zip(self.buttons, self.faces, self.chosen, strict=True):
            tap.text = f"{face['name']}" + (f"  ×{n}" if n else "")
            tap.background_color = theme.GOLD if n else theme.LINE
        self.count.text = self.page.t("tablet.private.marked", count=sum(self.chosen))

    def _send(self) -> None:
        cards = [
            c for face, n in zip(self.faces, self.chosen, strict=True) for c in _cards(face)[:n]
        ]
        self.dismiss()
        self.send_cards(cards)


def _cards(face: JSONObject) -> list[CardId]:
    found = face["cards"]
    assert isinstance(found, list)
    return [CardId(str(c)) for c in found]


def _seat_lines(t: Callable[..., str], view: JSONObject, me: dict[str, Any]) -> list[str]:
    """The seat's view in lines: identity, hand, figures, what it must answer, its secrets."""
    identity = me["identity"]["name"] if isinstance(me.get("identity"), dict) else None
    hand = [str(c["name"]) for c in me["hand"]]
    lines = []
    if identity:
        lines.append(t("tablet.private.identity", identity=identity))
    lines.append(t("tablet.private.hand", cards=t("word.sep").join(hand) if hand else "—"))
    lines += [_stat(t, str(s["label"]), str(s["value"])) for s in me["stats"]]
    yours = view["yours"]
    lines += [str(y) for y in yours] if isinstance(yours, list) else []
    if view["offer"]:
        lines.append(str(view["offer"]))
    deal = view["deal"]
    if isinstance(deal, dict):
        lines.append(str(deal["explain"]))
    secrets = objects(view["secrets"])[-6:]
    if secrets:  # what the seat was told along the game, not what it holds now
        lines += [t("tablet.private.told"), *(str(x["text"]) for x in secrets)]
    return lines


def _stat(t: Callable[..., str], label: str, value: str) -> str:
    """``Status: Clean``; a figure that names its unit (``1 franc``) is said alone."""
    return (
        value
        if label.casefold() in value.casefold()
        else t("tablet.private.stat", label=label, value=value)
    )
