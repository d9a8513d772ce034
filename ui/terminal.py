"""The table as a terminal sees it: public views and events rendered with rich.

Used by ``companion demo``, ``resume`` and ``replay``. It renders only what it
is given: the public view for the table, and a seat's private events inside a
panel clearly marked as that seat's phone.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from companion.core.narrow import args as _args
from companion.core.narrow import items as _list
from companion.core.taps import Station
from companion.core.types import JSON, JSONObject
from companion.i18n import Voice
from ui.faces import face_of


class TableScreen:
    """Prints one game's public table, its feed, and the phones' secrets."""

    def __init__(self, console: Console, voice: Voice) -> None:
        self.console = console
        self.voice = voice
        self.face = face_of(voice.game)

    def t(self, key: str, **args: object) -> str:
        return self.voice.text(key, **args)

    def say(self, kind: str, args: JSONObject, seq: int | None = None) -> None:
        """One line of the feed: something the whole table saw."""
        line = Text()
        if seq is not None:
            line.append(f"#{seq:<4}", style="dim")
        line.append(self.voice.event(kind, args))
        self.console.print(line)

    def laid(self, station: Station) -> None:
        """A card laid on a reader: where, never which — a face-down card is nobody's business."""
        args: JSONObject = {} if station.seat is None else {"seat": station.seat}
        self.console.print(self.voice.say(f"demo.laid.{station.place.value}", args), style="dim")

    def phone(self, seat: int, secrets: Sequence[JSONObject]) -> None:
        """What seat's phone would show — never the tablet's business."""
        told = (self.voice.secret(str(s["kind"]), _args(s)) for s in secrets)
        self.phone_text(seat, "\n".join(told))

    def phone_text(self, seat: int, body: str) -> None:
        title = self.t("demo.phone", name=self.voice.seat(seat))
        self.console.print(
            Panel(body, title=title, title_align="left", border_style="magenta", expand=False)
        )

    def table(self, view: JSONObject) -> None:
        """The public table, as the game's face puts it: each seat, then the centre."""
        face, voice = self.face, self.voice
        self.console.print(" · ".join(face.centre(view, voice)), style="cyan")
        grid = RichTable(expand=False, show_header=False)
        for _ in range(3):
            grid.add_column()
        for i in range(len(voice.names)):
            seat = face.seat(view, i, voice)
            grid.add_row(
                ("▶ " if seat.active else "  ") + seat.name,
                seat.highlight or "",
                " · ".join(seat.lines),
                style="dim" if seat.out else None,
            )
        self.console.print(grid)
        for prompt in _list(view["pending"]):
            assert isinstance(prompt, dict)
            self.console.print(self.prompt(prompt), style="bold yellow")

    def prompt(self, prompt: JSONObject) -> str:
        seats = _list(prompt["seats"])
        args = {**_args(prompt), "seat": seats[0] if seats else None}
        return self.voice.say(f"prompt.{self.voice.game}.{prompt['kind']}", args)

    def joined(self, seats: frozenset[int]) -> None:
        """Which seats have a phone connected now."""
        args: JSONObject = {"seats": [*sorted(seats)]}
        self.console.print(self.voice.say("demo.connected", args), style="magenta")

    def phone_state(self, seat: int, private: JSONObject, public: JSONObject) -> None:
        """A phone as its owner finds it on joining: identity, hand, and the game's figures —
        some of them the table's (暗火线's health lies face up), hence the public view."""
        hand: list[JSON] = [c.card for c in self.face.hand(private, self.voice)]
        stats = self.face.me(private, public, self.voice)
        args: JSONObject = {
            "identity": private["identity"],
            "hand": hand,
            "stats": " · ".join(s.value for s in stats),
        }
        self.phone_text(seat, self.voice.say("demo.phone_state", args))
