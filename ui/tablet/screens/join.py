"""Join: one QR code per seat, who is connected, and a new code for a lost phone."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.core.types import Seat
from ui.tablet import theme
from ui.tablet.screens.base import Page, language_bar
from ui.tablet.widgets import Panel, QRCode, Tap, Text


class JoinScreen(Page):
    name_ = "join"

    def build(self) -> None:
        self.status: list[Text] = []
        self.codes: list[QRCode] = []
        session = self.app.session
        root = BoxLayout(orientation="vertical", padding=theme.GAP * 2, spacing=theme.GAP)
        top = BoxLayout(size_hint_y=None, height=theme.TOUCH)
        top.add_widget(Text(self.t("tablet.join_title"), size=theme.TITLE, bold=True))
        top.add_widget(language_bar(self))
        root.add_widget(top)
        root.add_widget(Text(self.t("tablet.join_help"), colour=theme.MUTED))
        if session is None:
            self.add_widget(root)
            return
        n = len(session.names)
        grid = GridLayout(cols=n if n <= 4 else 3, spacing=theme.GAP * 2)
        for i, name in enumerate(session.names):
            seat = Seat(i)
            card = Panel(orientation="vertical")
            card.add_widget(Text(name, size=theme.TITLE, bold=True, halign="center"))
            code = QRCode(session.phones.url(seat))
            self.codes.append(code)
            card.add_widget(code)
            status = Text(halign="center")
            self.status.append(status)
            card.add_widget(status)
            card.add_widget(Tap(self.t("tablet.reseat"), lambda seat=seat: self.app.reseat(seat)))
            grid.add_widget(card)
        root.add_widget(grid)
        go = Tap(self.t("tablet.to_table"), lambda: self.app.show("table"), colour=theme.GOLD,
                 height=theme.TOUCH * 1.2)  # fmt: skip
        go.color = theme.INK
        root.add_widget(go)
        self.add_widget(root)

    def refresh(self) -> None:
        session = self.app.session
        if session is None:
            return
        connected = session.phones.connected()
        for i, status in enumerate(self.status):
            on = i in connected
            status.text = self.t("tablet.phone_on" if on else "tablet.phone_off")
            status.color = theme.GREEN if on else theme.MUTED
        for i, code in enumerate(self.codes):
            code.show(session.phones.url(Seat(i)))  # a re-seated player has a new code
