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
from companion.core.taps import Role
from companion.core.types import JSONObject
from companion.i18n import describe, event_line, game_key, seat_name, text
from ui.faces import FACES


class TableScreen:
    """Prints one game's public table, its feed, and the phones' secrets."""

    def __init__(self, console: Console, lang: str, game: str, names: Sequence[str]) -> None:
        self.console = console
        self.lang = lang
        self.game = game
        self.names = list(names)

    def t(self, key: str, **args: object) -> str:
        return text(self.lang, key, **args)

    def say(self, kind: str, args: JSONObject, seq: int | None = None) -> None:
        """One line of the feed: something the whole table saw."""
        line = Text()
        if seq is not None:
            line.append(f"#{seq:<4}", style="dim")
        line.append(event_line(self.lang, self.game, kind, args, self.names))
        self.console.print(line)

    def laid(self, role: Role) -> None:
        """A card laid on a reader: where, never which — a face-down card is nobody's business."""
        args: JSONObject = {} if role.seat is None else {"seat": role.seat}
        line = describe(self.lang, f"demo.laid.{role.place.value}", args, self.names)
        self.console.print(line, style="dim")

    def phone(self, seat: int, secrets: Sequence[JSONObject]) -> None:
        """What seat's phone would show — never the tablet's business."""
        self.phone_text(
            seat,
            "\n".join(
                describe(
                    self.lang, game_key("secret", self.game, str(s["kind"])), _args(s), self.names
                )
                for s in secrets
            ),
        )

    def phone_text(self, seat: int, body: str) -> None:
        title = self.t("demo.phone", name=seat_name(self.lang, seat, self.names))
        self.console.print(
            Panel(body, title=title, title_align="left", border_style="magenta", expand=False)
        )

    def table(self, view: JSONObject) -> None:
        """The public table, as the game's face puts it: each seat, then the centre."""
        face = FACES[self.game]
        self.console.print(" · ".join(face.centre(view, self.lang, self.names)), style="cyan")
        grid = RichTable(expand=False, show_header=False)
        for _ in range(3):
            grid.add_column()
        for i in range(len(self.names)):
            seat = face.seat(view, i, self.lang, self.names)
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
        return describe(self.lang, f"prompt.{self.game}.{prompt['kind']}", args, self.names)

    def joined(self, seats: frozenset[int]) -> None:
        """Which seats have a phone connected now."""
        args: JSONObject = {"seats": sorted(seats)}
        self.console.print(describe(self.lang, "demo.connected", args, self.names), style="magenta")

    def phone_state(self, seat: int, private: JSONObject) -> None:
        """A phone as its owner finds it on joining: identity, hand, and the game's figures."""
        hand = [c["card"] if isinstance(c, dict) else c for c in _list(private["hand"])]
        stats = FACES[self.game].me(private, {}, self.lang, self.names)
        args: JSONObject = {
            "identity": private["identity"],
            "hand": hand,
            "stats": " · ".join(s.value for s in stats),
        }
        self.phone_text(seat, describe(self.lang, "demo.phone_state", args, self.names))
