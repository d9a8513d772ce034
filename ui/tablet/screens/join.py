"""Join: one QR code per seat, each seat's phones, and who may have a seat.

A seat's code opens it on one phone (see ``ui.phone.devices``). So once a
seat has its phone, its code is hidden here — anyone can photograph a screen
— and shown again only after the host confirms. Each seat lists its phones by
the label they show on their own screens: the one holding the seat, and any
that scanned its code since and wait; only a tap here, confirmed, gives the
seat to one of those, and the phone that held it is told.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from kivy.metrics import dp
from kivy.uix.anchorlayout import AnchorLayout
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from companion.core.types import Seat
from ui.phones import DeviceStatus
from ui.tablet import theme
from ui.tablet.screens.base import Page, language_bar
from ui.tablet.widgets import Confirm, Panel, QRCode, Tap, Text

QR_SIDE = dp(220)
"""A code a phone reads from an arm's length away."""


class JoinScreen(Page):
    name_ = "join"

    def build(self) -> None:
        # Built blank when a game ends (no session): nothing here may keep its seats.
        self.cards: list[Panel] = []
        self.cells: list[AnchorLayout] = []
        """Each seat's card at the top of a cell as tall as the tallest card: a seated
        seat's short card would otherwise float in the middle of its row."""
        self.shown: list[object] = []
        """What each seat's card shows now; a card is redrawn only when this changes."""
        self.room = Panel(orientation="vertical", size_hint_y=None)
        """The public table's code, for a TV or a player out of the game."""
        self.room_shown: tuple[str, str] | None = None
        self.revealed: set[Seat] = set()
        """Seated seats whose code the host chose to show again, until the screen is left."""
        session = self.session
        root = BoxLayout(orientation="vertical", padding=theme.GAP * 2, spacing=theme.GAP)
        top = BoxLayout(size_hint_y=None, height=theme.TOUCH)
        top.add_widget(Text(self.t("tablet.join_title"), size=theme.TITLE, bold=True))
        top.add_widget(language_bar(self))
        root.add_widget(top)
        move = session.phones.move() if session is not None else None
        if move is not None:
            notice = self.t("tablet.codes_moved", before=move[0], now=move[1])
            root.add_widget(Text(notice, colour=theme.ORANGE, bold=True))
        root.add_widget(Text(self.t("tablet.join_help"), colour=theme.MUTED))
        self.joined = Text(colour=theme.GREEN, bold=True)
        """How many seats have their phone: the table sees when everyone is in."""
        root.add_widget(self.joined)
        if session is None:
            self.add_widget(root)
            return
        n = len(session.names)
        grid = GridLayout(cols=n if n <= 4 else 3, spacing=theme.GAP * 2, size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for _ in session.names:
            card = Panel(orientation="vertical", size_hint_y=None)
            card.bind(minimum_height=card.setter("height"), height=self._even)
            cell = AnchorLayout(anchor_y="top", size_hint_y=None)
            cell.add_widget(card)
            self.cards.append(card)
            self.cells.append(cell)
            self.shown.append(None)
            grid.add_widget(cell)
        self.room.bind(minimum_height=self.room.setter("height"))
        grid.add_widget(self.room)
        scroll = ScrollView(do_scroll_x=False)  # nine seats' codes scroll on a small tablet
        scroll.add_widget(grid)
        root.add_widget(scroll)
        go = Tap(self.t("tablet.to_table"), lambda: self.app.show("table"), colour=theme.GOLD,
                 height=theme.TOUCH * 1.2)  # fmt: skip
        root.add_widget(go)
        self.add_widget(root)

    def _even(self, *_: object) -> None:
        tallest = max(card.height for card in self.cards)
        for cell in self.cells:
            cell.height = tallest

    def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        seated = sum(any(p.holds for p in session.phones.phones_of(Seat(i)))
                     for i in range(len(self.cards)))  # fmt: skip
        self.joined.text = self.t("tablet.joined", joined=seated, total=len(self.cards))
        for i, card in enumerate(self.cards):
            seat = Seat(i)
            phones = session.phones.phones_of(seat)
            url = session.phones.url(seat)  # a re-seated player has a new code
            hidden = any(p.holds for p in phones) and seat not in self.revealed
            shown = (url if not hidden else None, tuple(phones), self.app.lang)
            if shown != self.shown[i]:
                self.shown[i] = shown
                self._card(card, seat, None if hidden else url, phones)
        room = (session.phones.room_url, self.app.lang)
        if room != self.room_shown:
            self.room_shown = room
            self.room.clear_widgets()
            self.room.add_widget(Text(self.t("tablet.room_code"), bold=True, halign="center"))
            self.room.add_widget(QRCode(room[0], size_hint_y=None, height=QR_SIDE))
            address = Text(room[0], size=theme.TINY, colour=theme.MUTED, halign="center")
            self.room.add_widget(address)

    def _card(self, card: Panel, seat: Seat, url: str | None, phones: list[DeviceStatus]) -> None:
        """One seat: its name, its code (or that it is seated), its phones, what the host may do."""
        session = self.app.session
        assert session is not None
        name = session.names[seat]
        card.clear_widgets()
        card.add_widget(Text(name, size=theme.TITLE, bold=True, halign="center"))
        if url is not None:
            card.add_widget(QRCode(url, size_hint_y=None, height=QR_SIDE))
            # For a phone whose camera will not read the code: the same address, to type.
            card.add_widget(Text(url, size=theme.TINY, colour=theme.MUTED, halign="center"))
        else:
            card.add_widget(BoxLayout(size_hint_y=None, height=theme.GAP))  # where the code was
        if not phones:
            card.add_widget(Text(self.t("tablet.phone_off"), colour=theme.MUTED, halign="center"))
        for phone in phones:
            if phone.holds:
                key = "tablet.device_on" if phone.connected else "tablet.device_off"
                colour = theme.GREEN if phone.connected else theme.MUTED
                said = self.t(key, label=phone.label)
                card.add_widget(Text(said, colour=colour, halign="center"))
                continue
            asks = Text(self.t("tablet.device_asks", label=phone.label), colour=theme.ORANGE)
            card.add_widget(asks)
            card.add_widget(Tap(self.t("tablet.admit", label=phone.label),
                                partial(self._admit, seat, phone.label)))  # fmt: skip
        if url is None:
            card.add_widget(Tap(self.t("tablet.show_code"), lambda: self._reveal(seat)))
        seated = any(p.holds for p in phones)
        quiet = Tap(self.t("tablet.reseat"), lambda: self._reseat(seat, seated), colour=theme.FELT,
                    font_size=theme.SMALL)  # fmt: skip
        card.add_widget(quiet)  # a lost phone's remedy, quieter than the seat's own code

    def _reveal(self, seat: Seat) -> None:
        then = partial(self._show, seat)
        self._confirm("tablet.show_code_confirm", seat, "tablet.show_code", then)

    def _show(self, seat: Seat) -> None:
        self.revealed.add(seat)
        self.refresh()

    def _admit(self, seat: Seat, label: str) -> None:
        then = partial(self.app.admit, seat, label)
        self._confirm("tablet.admit_confirm", seat, "tablet.admit_yes", then, label=label)

    def _reseat(self, seat: Seat, seated: bool) -> None:
        """A new code for a seated seat is its code shown again, and its phone dropped: asked
        first. A seat with no phone yet (a lost one, a missed scan) gets it at once."""
        if not seated:
            self.app.reseat(seat)
            return
        then = partial(self.app.reseat, seat)
        self._confirm("tablet.reseat_confirm", seat, "tablet.reseat", then)

    def _confirm(
        self, question: str, seat: Seat, yes: str, then: Callable[[], None], **args: str
    ) -> None:
        """Ask the host ``question`` about ``seat``; ``then`` only on a second tap, on ``yes``."""
        session = self.app.session
        assert session is not None
        said = self.t(question, seat=session.names[seat], **args)
        Confirm(said, self.t(yes), self.t("phone.cancel"), then).open(animation=False)

    def on_pre_leave(self, *_: object) -> None:
        """Codes shown again are hidden again as the host leaves this screen (as it starts
        to leave: Kivy skips the end of a change another one interrupts)."""
        self.revealed.clear()
        self.refresh()
