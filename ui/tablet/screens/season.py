"""The season: every finished game in the journal, added up — the tables ``companion
stats`` prints (:mod:`ui.season`), on the tablet, reached from the start screen.

A player typed two ways ("Ben", "Benjamin") is made one here with two taps: the name to
merge in, then the name to keep, and a confirmation. The merge is kept in the journal, so
the command line counts them as one too; **Separate** undoes it.
"""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion import season
from companion.season import Line, Played
from ui.season import Sheet, sheets
from ui.tablet import theme
from ui.tablet.screens.base import Page, language_bar
from ui.tablet.widgets import Confirm, Tap, Text, grows


class SeasonScreen(Page):
    name_ = "season"

    games: list[Played] | None = None
    """The finished games, replayed when the screen is entered (not at every start-up)."""
    picked: Line | None = None
    """The player tapped first, to be folded into the next one tapped."""

    def build(self) -> None:
        root = BoxLayout(orientation="vertical", padding=theme.GAP * 2, spacing=theme.GAP)
        top = grows(BoxLayout(size_hint_y=None, spacing=theme.GAP), theme.TOUCH)
        top.add_widget(Text(self.t("tablet.season.title"), size=theme.TITLE, bold=True))
        top.add_widget(Tap(self.t("tablet.season.back"), lambda: self.app.show("start"),
                           fit=True, size_hint=(None, None), width=theme.TOUCH * 1.6))  # fmt: skip
        top.add_widget(language_bar(self))
        root.add_widget(top)
        self.hint = Text(colour=theme.MUTED)
        root.add_widget(self.hint)
        self.body = BoxLayout(orientation="vertical", spacing=theme.GAP, size_hint_y=None)
        self.body.bind(minimum_height=self.body.setter("height"))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(self.body)
        root.add_widget(scroll)
        self.add_widget(root)
        if self.games is not None:
            self.fill()

    def on_pre_enter(self, *_: object) -> None:
        self.games = season.played(self.app.journal)
        self.picked = None
        self.fill()

    def on_leave(self, *_: object) -> None:
        """The season let go with the screen: an evening's games replayed are the most the
        app would otherwise hold through the next game, and they are replayed on entering."""
        self.games = None
        self.picked = None
        self.body.clear_widgets()

    def fill(self) -> None:
        """The tables, from the games replayed and the merges the journal keeps now."""
        assert self.games is not None
        found = season.tally(self.games, self.app.journal.same_names())
        self.body.clear_widgets()
        picked = self.picked
        hint = "tablet.season.merge_hint" if picked is None else "tablet.season.merge_into"
        self.hint.text = self.t(hint, name="" if picked is None else picked.name)
        if picked is not None and len(picked.spellings) > 1:
            apart = self.t("tablet.season.apart", name=picked.name)
            self.body.add_widget(Tap(apart, lambda: self._part(picked)))
        if not found.games:
            self.body.add_widget(Text(self.t("stats.none")))
            return
        players, *camps = sheets(found, self.app.lang)
        self._sheet(players, [self._name(row[0], line) for row, line in
                              zip(players.rows, found.players, strict=True)])  # fmt: skip
        for sheet in camps:
            self._sheet(sheet, [Text(row[0], size=theme.SMALL) for row in sheet.rows])

    def _sheet(self, sheet: Sheet, firsts: list[Widget]) -> None:
        """A table of figures; each row's first cell is ``firsts``' (a name is a button)."""
        self.body.add_widget(Text(sheet.title, bold=True, colour=theme.GOLD))
        grid = GridLayout(cols=len(sheet.columns), spacing=theme.GAP / 2, size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        widths = _widths(sheet)
        heads = [Text(column, size=theme.SMALL, colour=theme.MUTED) for column in sheet.columns]
        cells = [[first, *(Text(cell, size=theme.SMALL) for cell in row[1:])]
                 for row, first in zip(sheet.rows, firsts, strict=True)]  # fmt: skip
        for line in [heads, *cells]:
            for widget, width in zip(line, widths, strict=True):
                widget.size_hint_x = width  # a column's share of the row, as GridLayout reads it
                grid.add_widget(widget)
        self.body.add_widget(grid)

    def _name(self, shown: str, line: Line) -> Tap:
        """A player's name, tapped to merge: the one picked is lit."""
        lit = self.picked is not None and self.picked.name == line.name
        colour = theme.GOLD if lit else theme.PANEL_HI
        return Tap(shown, lambda: self._pick(line), colour=colour, font_size=theme.SMALL)

    def _pick(self, line: Line) -> None:
        picked = self.picked
        if picked is None or picked.name == line.name:
            self.picked = None if picked is not None else line
            self.fill()
            return
        question = self.t("tablet.season.merge_ask", others=picked.name, name=line.name)
        yes, no = self.t("tablet.season.merge_yes"), self.t("phone.cancel")
        Confirm(question, yes, no, lambda: self._merge(picked, line)).open(animation=False)

    def _merge(self, into_other: Line, kept: Line) -> None:
        season.merge(self.app.journal, kept.name, into_other.spellings)
        self.picked = None
        self.fill()

    def _part(self, line: Line) -> None:
        season.part(self.app.journal, line.spellings)
        self.picked = None
        self.fill()


def _widths(sheet: Sheet) -> list[float]:
    """Each column's share of a row, by the longest line it holds: a list of identities
    gets room, a count does not take as much (a CJK character reads as two letters)."""

    def letters(cell: str) -> int:
        return max((sum(1 + (ord(c) > 0x2E80) for c in line) for line in cell.split("\n")),
                   default=0)  # fmt: skip

    return [min(max(letters(cell) for cell in column), 30) + 4.0
            for column in zip(sheet.columns, *sheet.rows, strict=True)]  # fmt: skip
