"""Start: resume the interrupted game, or set up a new one.

A new game is the game, the seats and their names, the game's options with
their defaults explained (:mod:`ui.tablet.screens.options`), and the input
sources with their status.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from pathlib import Path
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput

from companion.games import GAMES
from companion.i18n import sample_names
from companion.journal_errors import JournalError
from companion.observations import SourceState, describe_status
from companion.policy import WINDOW_SECONDS, Dealer, Draws
from ui import lan
from ui.faces.base import Alert
from ui.tablet import theme
from ui.tablet.screens.base import Page, language_bar
from ui.tablet.screens.howto import howto_sheet
from ui.tablet.screens.options import OptionsPanel
from ui.tablet.widgets import Panel, Tap, Text, alert_sheet, grows


class StartScreen(Page):
    """The group's choices live as long as the app: the screen is built again when a game
    opens or ends and when the language changes, and a group that plays game after game
    keeps its names, its game's options and its way of playing (a first game, the voice,
    who deals) until it changes them."""

    name_ = "start"

    chosen: str | None = None
    count = 4
    names: tuple[str, ...] = ()
    """The seats' names: until somebody types one, sample names in the language shown."""
    typed = False
    options_of: str | None = None
    """The game :attr:`options` are the choices of: another game's start at its defaults."""
    draws = Draws.TOLD
    dealer = Dealer.TABLE
    window = WINDOW_SECONDS
    voice = False
    teach = False

    @property
    def boxes(self) -> Path:
        """Where the group's named boxes are kept (:class:`OptionsPanel`)."""
        return self.app.boxes

    def build(self) -> None:
        self.game = self.chosen or next(iter(GAMES))
        if not self.typed:
            most = max(s for g in GAMES.values() for s in g.sizes)
            self.names = tuple(sample_names(self.app.lang, most))
        if self.options_of != self.game:
            fields = dataclasses.fields(GAMES[self.game].options_type)
            self.options: dict[str, Any] = {f.name: f.default for f in fields}
            self.options_of = self.game
        root = BoxLayout(orientation="vertical", padding=theme.GAP * 2, spacing=theme.GAP)
        top = grows(BoxLayout(size_hint_y=None, spacing=theme.GAP), theme.TOUCH)
        top.add_widget(Text(self.t("tablet.title"), size=theme.TITLE, bold=True, size_hint_x=0.3))
        top.add_widget(Tap(self.t("tablet.season.open"), lambda: self.app.show("season"),
                           fit=True, size_hint=(None, None), width=theme.TOUCH * 1.6))  # fmt: skip
        top.add_widget(language_bar(self))
        root.add_widget(top)
        root.add_widget(grows(self._games(), theme.TOUCH))  # a row of its own: room for every game
        self.offered: tuple[int, Panel] | None = None
        body = BoxLayout(spacing=theme.GAP * 2)
        left = BoxLayout(orientation="vertical", spacing=theme.GAP, size_hint_y=None)
        left.bind(minimum_height=left.setter("height"))
        self.seats_panel = Panel(orientation="vertical", size_hint_y=None)
        self.seats_panel.bind(minimum_height=self.seats_panel.setter("height"))
        left.add_widget(self.seats_panel)
        # A first game's lessons, where a group that has never played sees it at once.
        self.teach_button = Tap("", self._toggle_teach)
        self._show_teach()
        left.add_widget(self.teach_button)
        left.add_widget(self._sources())
        scroll = ScrollView(do_scroll_x=False, size_hint_x=0.42)  # a small screen scrolls
        scroll.add_widget(left)
        body.add_widget(scroll)
        body.add_widget(self._options())
        root.add_widget(body)
        start = Tap(
            self.t("tablet.start"), self._start, colour=theme.GOLD, height=theme.TOUCH * 1.2
        )
        start.bold = True
        root.add_widget(start)
        self.add_widget(root)
        self.root_box = root
        self._offer()
        self._seats()

    def on_pre_enter(self, *_: object) -> None:
        """Back from a game (or the season): the offer to resume brought up to date, and
        read from the top again, the names first — kept through the game, the screen was
        still scrolled where the last set-up left it. Only a game can change the offer, so
        the journal is asked here and not at every reader's news (:meth:`refresh`)."""
        self._offer()
        for view in self.walk(restrict=True):
            if isinstance(view, ScrollView):
                view.scroll_y = 1

    def _offer(self) -> None:
        """The offer to resume the game left unfinished, if one is, under the games: kept
        up to date as the app comes back here, not drawn anew with the whole screen (a
        seat's name field is a big widget, and the group's names and choices stay)."""
        unfinished = self.app.journal.latest_unfinished()
        if self.offered is not None:
            if self.offered[0] == unfinished:
                return
            self.root_box.remove_widget(self.offered[1])
            self.offered = None
        if unfinished is not None:
            panel = self._resume(unfinished)
            # Kivy lists children last-added first: two from the end is under the games row.
            self.root_box.add_widget(panel, index=len(self.root_box.children) - 2)
            self.offered = (unfinished, panel)

    def _resume(self, game_id: int) -> Panel:
        info = next(g for g in self.app.journal.games() if g.id == game_id)
        panel: Panel = grows(Panel(colour=theme.PANEL_HI, border=theme.GOLD, size_hint_y=None),
                      theme.TOUCH * 1.6)  # fmt: skip
        panel.add_widget(
            Text(
                self.t("tablet.resume_offer", game=self.t(f"game.{info.game}"),
                       seats=self.t("word.sep").join(info.seats), actions=info.actions),
                size=theme.BODY,
            )
        )  # fmt: skip
        go = Tap(self.t("tablet.resume"), lambda: self.app.resume(game_id), colour=theme.GOLD,
                 size_hint_x=0.3)  # fmt: skip
        panel.add_widget(go)
        return panel

    def warn(self, err: JournalError) -> None:
        """Why a game did not start or resume — the journal could not keep it (a full
        disk…) — over the screen until tapped away; nothing was started."""
        said = Alert("journal", self.t(err.key, **err.details))
        alert_sheet([said], self.t("tablet.tap_to_close")).open(animation=False)

    def fault(self, error: BaseException, reported: Path) -> None:
        """An error the app did not foresee closed the game: that nothing is lost, how to
        go on (the offer to resume, above), and where the report is — until tapped away."""
        said = self.t("fault.said", error=type(error).__name__)
        resume = self.t("fault.tablet_resume", resume=self.t("tablet.resume"))
        closing = f"{self.t('fault.report', path=str(reported))}\n{self.t('tablet.tap_to_close')}"
        alert_sheet([Alert("fault", f"{said} {resume}")], closing).open(animation=False)

    def _games(self) -> BoxLayout:
        """The games this app knows; the one chosen is lit."""
        row = BoxLayout(size_hint_y=None, spacing=theme.GAP)
        row.add_widget(
            Text(self.t("tablet.game"), colour=theme.MUTED, halign="right", size_hint_x=0.3)
        )
        for key in GAMES:
            lit = theme.GOLD if key == self.game else theme.PANEL_HI
            button = Tap(self.t(f"game.{key}"), partial(self._game, key), colour=lit)
            row.add_widget(button)
        if GAMES[self.game].explained.howto:  # the chosen game in two minutes, for a first game
            howto = Tap(self.t("tablet.howto.open"), self._howto, fit=True, size_hint_x=None)
            row.add_widget(howto)
        return row

    def _howto(self) -> None:
        howto_sheet(self.t, self.game).open(animation=False)

    def _game(self, key: str) -> None:
        if key != self.game:
            self.chosen = key
            self.rebuild()

    def _seats(self) -> None:
        panel = self.seats_panel
        panel.clear_widgets()
        spec = GAMES[self.game]
        row = grows(BoxLayout(size_hint_y=None, spacing=theme.GAP), theme.TOUCH)
        row.add_widget(Text(self.t("tablet.players", count=self.count)))
        minus = Tap("−", lambda: self._count(-1), size_hint_x=None, width=theme.TOUCH)
        plus = Tap("+", lambda: self._count(+1), size_hint_x=None, width=theme.TOUCH)
        minus.disabled, plus.disabled = self.count <= spec.min_seats, self.count >= spec.max_seats
        row.add_widget(minus)
        row.add_widget(plus)
        panel.add_widget(row)
        grid = GridLayout(cols=2, spacing=theme.GAP / 2, size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        self.inputs = []
        for i in range(self.count):
            field = TextInput(text=self.names[i], multiline=False, font_size=theme.BODY,
                              size_hint_y=None, height=theme.TOUCH, write_tab=False)  # fmt: skip
            field.bind(text=partial(self._named, i))
            self.inputs.append(field)
            grid.add_widget(field)
        panel.add_widget(grid)

    def _named(self, seat: int, _field: TextInput, name: str) -> None:
        self.names = (*self.names[:seat], name, *self.names[seat + 1 :])
        self.typed = True

    def _count(self, change: int) -> None:
        """Another number of players; options whose choices depend on it start again."""
        self.count += change
        self._seats()
        self.refresh()
        self.options_box.fill()

    def _sources(self) -> Panel:
        """Where plays come from, and whether each is ready."""
        panel = Panel(orientation="vertical", size_hint_y=None)
        panel.bind(minimum_height=panel.setter("height"))
        panel.add_widget(Text(self.t("tablet.sources"), colour=theme.MUTED, size=theme.SMALL))
        panel.add_widget(Text("● " + self.t("tablet.source.touch"), colour=theme.GREEN))
        address, _ = lan.choose(self.app.host)
        panel.add_widget(
            Text("● " + self.t("tablet.source.phones", address=address), colour=theme.GREEN)
        )
        sensors = self.app.sensors
        sources = [] if sensors is None else [s.name for s in sensors.sources]
        self.reader_lines = {name: Text(size=theme.SMALL) for name in sources}
        for line in self.reader_lines.values():
            panel.add_widget(line)
        self.deal_line = Text(size=theme.SMALL, colour=theme.ORANGE)
        if sensors is not None:
            panel.add_widget(self.deal_line)
        if self.app.decks is not None:  # the tablet's own reader: its decks registered here
            game = self.t(f"game.{self.game}")
            register = Tap(self.t("tablet.register.open", game=game),
                           lambda: self.app.register_deck(self.game))  # fmt: skip
            panel.add_widget(register)
        self.dealer_button = Tap(self.t(f"tablet.dealer.{self.dealer}"), self._toggle_dealer)
        panel.add_widget(self.dealer_button)
        self.dealer_line = Text(size=theme.SMALL, colour=theme.ORANGE)
        panel.add_widget(self.dealer_line)
        self.draws_button = Tap(self.t(f"tablet.draws.{self.draws}"), self._toggle_draws)
        panel.add_widget(self.draws_button)
        self.window_button = Tap(self._window_text(), self._toggle_window)
        panel.add_widget(self.window_button)
        if self.app.speaker is not None:  # a tablet that cannot speak offers no voice
            self.voice_button = Tap(self._on_off("voice", self.voice), self._toggle_voice)
            panel.add_widget(self.voice_button)
        self.dealer_button.disabled = self.draws is Draws.APP  # a practice game: the app deals
        return panel

    def _on_off(self, choice: str, on: bool) -> str:
        return self.t(f"tablet.{choice}.{'on' if on else 'off'}")

    def _toggle_teach(self) -> None:
        """A first game: the table explains each moment the first time it comes."""
        self.teach = not self.teach
        self._show_teach()

    def _show_teach(self) -> None:
        """The first-game switch says whether it is on, and is lit when it is."""
        self.teach_button.text = self._on_off("teach", self.teach)
        self.teach_button.background_color = theme.GOLD if self.teach else theme.PANEL_HI

    def _toggle_voice(self) -> None:
        """Whether the tablet reads the game's news aloud (:mod:`ui.tablet.speech`)."""
        self.voice = not self.voice
        self.voice_button.text = self._on_off("voice", self.voice)

    def refresh(self) -> None:
        """Each reader's live status: connected, reconnecting (and why), failed; and
        whether the deal will be read off the readers (only if every seat has one)."""
        sensors = self.app.sensors
        dealt = sensors is not None and sensors.deal_on_readers(self.count)
        if sensors is not None and hasattr(self, "deal_line"):
            self.deal_line.text = "" if dealt else self.t("tablet.deal_not_on_readers")
        if hasattr(self, "dealer_line"):
            told = self.dealer is Dealer.TABLE and self.draws is Draws.TOLD and not dealt
            self.dealer_line.text = self.t(f"tablet.dealer_note.{self.game}") if told else ""
        for name, line in getattr(self, "reader_lines", {}).items():
            status = None if self.app.sensors is None else self.app.sensors.statuses.get(name)
            if status is None:
                line.text, line.color = (
                    "○ " + self.t("tablet.reader_waiting", reader=name),
                    theme.MUTED,
                )
            else:
                good = status.state is SourceState.CONNECTED
                line.text = ("● " if good else "○ ") + describe_status(self.app.lang, status)
                line.color = theme.GREEN if good else theme.ORANGE

    def _window_text(self) -> str:
        if self.window:
            return self.t("tablet.window_seconds", seconds=self.window)
        return self.t("tablet.window_seconds.all")

    def _toggle_window(self) -> None:
        """How long a response window waits for answers (a game without windows ignores it)."""
        self.window = WINDOW_CHOICES[(WINDOW_CHOICES.index(self.window) + 1) % len(WINDOW_CHOICES)]
        self.window_button.text = self._window_text()

    def _toggle_dealer(self) -> None:
        """Who deals where the readers cannot read the deal: the players, or the app."""
        choices = list(Dealer)
        self.dealer = choices[(choices.index(self.dealer) + 1) % len(choices)]
        self.dealer_button.text = self.t(f"tablet.dealer.{self.dealer}")
        self.refresh()

    def _toggle_draws(self) -> None:
        choices = list(Draws)
        self.draws = choices[(choices.index(self.draws) + 1) % len(choices)]
        self.draws_button.text = self.t(f"tablet.draws.{self.draws}")
        self.dealer_button.disabled = self.draws is Draws.APP
        self.refresh()

    def _options(self) -> ScrollView:
        scroll = ScrollView(do_scroll_x=False)
        self.options_box = OptionsPanel(self)
        scroll.add_widget(self.options_box)
        return scroll

    def _start(self) -> None:
        spec = GAMES[self.game]
        # A seat left blank stays nameless: each face calls it "Seat 3" in its own language.
        names = [n.strip() for n in self.names[: self.count]]
        options = spec.options_type(**self.options)
        problems = self.options_box.check()
        if problems:  # said under the options too; nothing is started
            alert_sheet(
                [Alert("options", p) for p in problems], self.t("tablet.tap_to_close")
            ).open(animation=False)
            return
        dealer = self.dealer if self.draws is Draws.TOLD else Dealer.APP  # practice: no cards
        self.app.new_game(self.game, names, options, draws=self.draws, dealer=dealer,
                          window=self.window, voice=self.voice, teach=self.teach)  # fmt: skip


WINDOW_CHOICES = (10, WINDOW_SECONDS, 30, 60, 0)
"""The seconds a response window may wait for answers; ``0``: until everyone answered."""
