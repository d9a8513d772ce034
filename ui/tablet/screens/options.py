"""The new game's options on the start screen: each one explained, its default first.

A choice among a few (a rule's reading, on or off) is a button that steps through them.
A set of counts (the cards of a box, an identity mix) and a count a game leaves to the
table's size (the serums shuffled in) are edited one by one, from the game's default for
this many players; a group saves what it counted as a named box and loads it next time,
or loads a box file someone passed on. Options come from the game's options type, so a
new game's options appear here with no new screen code — only their words in the catalogs.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.filechooser import FileChooserListView
from kivy.uix.textinput import TextInput

from companion import boxes
from companion.games import GAMES
from companion.i18n import Voice
from ui.faces.options import counted, option_words
from ui.tablet import theme
from ui.tablet.widgets import Panel, Sheet, Tap, Text, grows


class NewGame(Protocol):
    """The new game the options are for, as the start screen holds it."""

    game: str
    count: int
    """How many players."""
    options: dict[str, Any]
    lang: str
    boxes: Path
    """Where the group's named boxes are kept."""

    def t(self, key: str, **args: object) -> str: ...


class OptionsPanel(BoxLayout):
    """Every option of the start screen's game, for its number of players."""

    def __init__(self, screen: NewGame) -> None:
        super().__init__(orientation="vertical", size_hint_y=None, spacing=theme.GAP / 2)
        self.bind(minimum_height=self.setter("height"))
        self.screen = screen
        self.fields = dataclasses.fields(GAMES[screen.game].options_type)
        self.edited = [f.name for f in self.fields if self._counts_of(f) is not None]
        """The options a named box keeps: those counted one by one."""
        self.saved = self._listed()
        """The named boxes on the tablet, read once and again only when one is saved or
        loaded — not at every − / + (each of which draws the options again)."""
        self.fill()

    def _listed(self) -> list[boxes.NamedBox]:
        if not self.edited:
            return []
        return boxes.listed(self.folder, self.screen.game, GAMES[self.screen.game].options_type)

    @property
    def folder(self) -> Path:
        return self.screen.boxes

    def t(self, key: str, **args: object) -> str:
        return self.screen.t(key, **args)

    def fill(self) -> None:
        """Every option again (another number of players, a box loaded)."""
        self.clear_widgets()
        self.add_widget(Text(self.t("tablet.options"), colour=theme.MUTED, size=theme.SMALL))
        if self.edited:
            self.add_widget(self._named_boxes())
        for field in self.fields:
            if field.name in self.edited:
                self.add_widget(self._counts(field))
                continue
            choices = self._choices(field)
            if self.screen.options[field.name] not in choices:
                self.screen.options[field.name] = choices[0]
            self.add_widget(self._option(field))
        self.problems = Text(colour=theme.ORANGE, size=theme.SMALL)
        self.add_widget(self.problems)
        self.check()

    def check(self) -> list[str]:
        """Why these options cannot deal this table, shown under them; nothing if they can."""
        spec = GAMES[self.screen.game]
        voice = Voice.of(self.screen.lang, spec)
        problems = spec.options.problems(
            spec.options_type(**self.screen.options), self.screen.count
        )
        found = [voice.text(p.key, **p.args) for p in problems]
        self.problems.text = "\n".join(found)
        return found

    # --- a choice among a few ------------------------------------------------------------

    def _option(self, field: dataclasses.Field[Any]) -> Panel:
        panel = _panel()
        title = Text(self.t(f"option.{self.screen.game}.{field.name}"), bold=True)
        meaning = Text(colour=theme.MUTED, size=theme.SMALL)
        button = Tap("", size_hint_y=None)

        def show() -> None:
            value = self.screen.options[field.name]
            button.text = self._words(field.name, value, short=True)
            meaning.text = self._meaning(field, value)

        def cycle() -> None:
            choices = self._choices(field)
            at = choices.index(self.screen.options[field.name])
            self.screen.options[field.name] = choices[(at + 1) % len(choices)]
            show()
            self.check()

        button.bind(on_release=lambda *_: cycle())
        for widget in (title, button, meaning):
            panel.add_widget(widget)
        show()
        return panel

    def _choices(self, field: dataclasses.Field[Any]) -> list[Any]:
        """The values the game's options domain offers for this many players."""
        choices = GAMES[self.screen.game].options.choices(field.name, self.screen.count)
        assert choices is not None, f"{field.name} is counted, not chosen"
        return choices

    def _words(self, name: str, value: Any, *, short: bool = False) -> str:
        key, args = option_words(self.screen.game, name, value, self.screen.count)
        return self.t(f"option.{self.screen.game}.{name}.{key}" + (".short" if short else ""),
                      **args)  # fmt: skip

    def _meaning(self, field: dataclasses.Field[Any], value: Any) -> str:
        key = "tablet.option_default" if value == field.default else "tablet.option_changed"
        return self.t(key, meaning=self._words(field.name, value))

    # --- counts, one by one --------------------------------------------------------------

    def _counts_of(self, field: dataclasses.Field[Any]) -> Any:
        """What an option counts — its value, or for ``None`` the game's default for this
        table — where it is counted one by one (``None`` where it is a choice)."""
        domain = GAMES[self.screen.game].options
        if domain.choices(field.name, self.screen.count) is not None:
            return None
        value = self.screen.options[field.name]
        if value is None:
            value = domain.default(field.name, self.screen.count)
        stepped = field.default is None and isinstance(value, int)
        return value if counted(value) or stepped else None

    def _counts(self, field: dataclasses.Field[Any]) -> Panel:
        """A − / + for each count, what the option now says, and a way back to the default."""
        game, name = self.screen.game, field.name
        panel = _panel()
        panel.add_widget(Text(self.t(f"option.{game}.{name}"), bold=True))
        value = self._counts_of(field)
        parts = [f.name for f in dataclasses.fields(value)] if counted(value) else [None]
        for part in parts:
            row = grows(BoxLayout(size_hint_y=None, spacing=theme.GAP / 2), theme.TOUCH)
            label = self.t(f"option.{game}.{name}.{part or 'count'}")
            count = value if part is None else getattr(value, part)
            row.add_widget(Text(label, size=theme.SMALL))
            for step in (-1, +1):
                tap = Tap("−" if step < 0 else "+", partial(self._step, field, part, step),
                          size_hint_x=None, width=theme.TOUCH)  # fmt: skip
                tap.disabled = step < 0 and count <= 0
                row.add_widget(tap)
                if step < 0:
                    row.add_widget(Text(str(count), bold=True, size_hint_x=None,
                                        width=theme.TOUCH, halign="center"))  # fmt: skip
            panel.add_widget(row)
        current = self.screen.options[name]
        panel.add_widget(Text(self._meaning(field, current), colour=theme.MUTED, size=theme.SMALL))
        if current != field.default:
            panel.add_widget(
                Tap(self.t("tablet.option_reset"), lambda: self._set(name, field.default))
            )
        return panel

    def _step(self, field: dataclasses.Field[Any], part: str | None, step: int) -> None:
        value = self._counts_of(field)
        if part is None:
            self._set(field.name, max(0, value + step))
        else:
            self._set(field.name, dataclasses.replace(
                value, **{part: max(0, getattr(value, part) + step)}))  # fmt: skip

    def _set(self, name: str, value: Any) -> None:
        self.screen.options[name] = value
        self.fill()

    # --- named boxes ---------------------------------------------------------------------

    def _named_boxes(self) -> Panel:
        """The boxes saved for this game, each a tap away; save what is set as a box; load a
        box file from anywhere on the tablet."""
        panel = _panel()
        panel.add_widget(Text(self.t("tablet.boxes"), bold=True))
        for box in self.saved:
            panel.add_widget(Tap(self.t("tablet.box_use", name=box.name),
                                 partial(self._use, box)))  # fmt: skip
        row = grows(BoxLayout(size_hint_y=None, spacing=theme.GAP / 2), theme.TOUCH)
        name = TextInput(hint_text=self.t("tablet.box_name"), multiline=False,
                         font_size=theme.BODY, write_tab=False)  # fmt: skip
        row.add_widget(name)
        row.add_widget(Tap(self.t("tablet.box_save"), lambda: self._save(name.text),
                           size_hint_x=0.4))  # fmt: skip
        panel.add_widget(row)
        panel.add_widget(Tap(self.t("tablet.box_load"), self._choose_file))
        self.box_line = Text(colour=theme.MUTED, size=theme.SMALL)
        panel.add_widget(self.box_line)
        return panel

    def _per_size(self) -> list[str]:
        seats = self.screen.count
        domain = GAMES[self.screen.game].options
        return [n for n in self.edited if domain.default(n, seats) is not None]

    def _save(self, name: str) -> None:
        if not name.strip():
            self.box_line.text = self.t("tablet.box_name_needed")
            return
        saved = boxes.saved(self.folder, self.screen.game, name.strip(), self.screen.options,
                            counted=self.edited, per_size=self._per_size(),
                            seats=self.screen.count)  # fmt: skip
        self.saved = self._listed()
        self.fill()
        self.box_line.text = self.t("tablet.box_saved", name=saved.name, seats=self.screen.count)

    def _use(self, box: boxes.NamedBox, said: str = "tablet.box_used") -> None:
        spec = GAMES[self.screen.game]
        self.screen.options.update(box.applied(self.screen.options, self.screen.count,
                                               spec.options_type))  # fmt: skip
        self.fill()
        self.box_line.text = self.t(said, name=box.name)

    def _choose_file(self) -> None:
        sheet = Sheet(size_hint=(0.8, 0.8))
        column = BoxLayout(orientation="vertical", spacing=theme.GAP)
        chooser = FileChooserListView(path=str(Path.home()), filters=["*.json"])
        column.add_widget(chooser)
        row = grows(BoxLayout(size_hint_y=None, spacing=theme.GAP), theme.TOUCH)
        row.add_widget(Tap(self.t("phone.cancel"), sheet.dismiss))
        row.add_widget(
            Tap(
                self.t("tablet.box_load"),
                partial(self._load_chosen, sheet, chooser),
            )
        )
        column.add_widget(row)
        sheet.add_widget(column)
        sheet.open(animation=False)

    def _load_chosen(self, sheet: Sheet, chooser: FileChooserListView) -> None:
        sheet.dismiss()
        if chooser.selection:
            self.load(Path(chooser.selection[0]))

    def load(self, path: Path) -> None:
        """A box file from anywhere: checked whole, kept among the saved boxes, and used; a
        file that cannot be says why and changes nothing."""
        game = self.screen.game
        try:
            box = boxes.read(path, game, GAMES[game].options_type)
        except boxes.BoxFileError as err:
            self.box_line.text = self.t(err.key, file=err.path.name)
            return
        boxes.write(box, boxes.path_for(self.folder, game, box.name))
        self.saved = self._listed()
        self._use(box, "tablet.box_loaded")


def _panel() -> Panel:
    panel = Panel(orientation="vertical", size_hint_y=None)
    panel.bind(minimum_height=panel.setter("height"))
    return panel
