"""Game over: the winners, then — the game being over — every secret, in order.

Who held which identity, the game's story as a picture, and the whole timeline: each
public event, and under it what only some seats were told (who learned what, when); and the
fairness seal opened, as one line anyone can copy into a terminal to check that the deal
revealed is the one sealed at the start — behind a button: a line of code and card codes
is for the one player who checks, not the first thing a table reads. Until the game ends
none of this exists on the tablet.
"""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from companion.core.narrow import args as _args
from companion.core.types import JSON
from companion.fairness import Opened
from companion.i18n import Voice
from ui.seat_screen import no_winner
from ui.story.scene import scene
from ui.tablet import theme
from ui.tablet.screens.base import Page, language_bar
from ui.tablet.scrolled import Lines, Row
from ui.tablet.story import StoryView
from ui.tablet.widgets import Panel, SelectableLine, Sheet, Tap, Text, grows


class OverScreen(Page):
    name_ = "over"

    def build(self) -> None:
        self.root_box = BoxLayout(orientation="vertical", padding=theme.GAP * 2, spacing=theme.GAP)
        self.add_widget(self.root_box)

    def refresh(self) -> None:
        session = self.app.session
        result = None if session is None else session.service.over()
        box = self.root_box
        if session is None or result is None or box.children:
            return  # an ended game's end never changes: drawn once (a language redraws it)
        voice = session.voice
        top = BoxLayout(size_hint_y=None, height=theme.TOUCH * 1.4)
        key = "tablet.winners" if result.winners else "demo.no_winner"
        top.add_widget(Text(voice.say(key, {"winners": list(result.winners)}),
                            size=theme.HUGE, colour=theme.GOLD, bold=True))  # fmt: skip
        top.add_widget(language_bar(self))
        box.add_widget(top)
        why = None if result.winners else no_winner(voice, result.reason.value)
        box.add_widget(Text(why or voice.say("demo.reason", {"reason": result.reason.value})))
        seal = session.opened_seal()
        if seal is not None:
            box.add_widget(self._seal(seal))
        revealed = session.revealed()
        body = BoxLayout(spacing=theme.GAP * 2)
        identities = revealed["identities"]
        assert isinstance(identities, list)
        said = [voice.say("demo.was", {"seat": i, "identity": c}) for i, c in enumerate(identities)]
        body.add_widget(self._who(said))
        story = BoxLayout(orientation="vertical", spacing=theme.GAP)
        story.add_widget(self._story(voice))
        story.add_widget(self._timeline(revealed["timeline"], voice))
        body.add_widget(story)
        box.add_widget(body)
        ends = grows(BoxLayout(size_hint_y=None, spacing=theme.GAP), theme.TOUCH)
        again = Tap(self.t("tablet.play_again"), self.app.play_again, colour=theme.GOLD)
        ends.add_widget(again)
        ends.add_widget(Tap(self.t("tablet.new_game"), self.app.leave_game))
        box.add_widget(ends)

    def _story(self, voice: Voice) -> Panel:
        """The game's story as a picture (:mod:`ui.tablet.story`), drawn from the journal."""
        session = self.app.session
        assert session is not None  # the game over screen shows a game
        service = session.service
        actions = service.journal.actions(service.game_id)
        panel = Panel(orientation="vertical", size_hint_y=1.6)
        panel.add_widget(Text(self.t("tablet.story"), colour=theme.MUTED, size=theme.SMALL))
        panel.add_widget(StoryView(scene(service.header, actions, voice.lang, service.game_id)))
        return panel

    def _who(self, said: list[str]) -> Panel:
        """Who held which identity, a line a seat: scrolled at a table of ten."""
        panel = Panel(orientation="vertical", size_hint_x=0.3)
        panel.add_widget(Text(self.t("tablet.who_was_who"), colour=theme.MUTED, size=theme.SMALL))
        scroll = ScrollView(do_scroll_x=False)
        column = BoxLayout(orientation="vertical", size_hint_y=None, spacing=4)
        column.bind(minimum_height=column.setter("height"))
        for line in said:
            column.add_widget(Text(line))
        scroll.add_widget(column)
        panel.add_widget(scroll)
        return panel

    def _seal(self, seal: Opened) -> BoxLayout:
        """The seal shown at the deal, and a button to the line that prints it again."""
        row = grows(BoxLayout(size_hint_y=None, spacing=theme.GAP), theme.TOUCH)
        shown = Text(self.t("tablet.seal_short", seal=seal.fingerprint))
        shown.pos_hint = {"center_y": 0.5}  # beside the button, not at its foot
        row.add_widget(shown)
        check = Tap(self.t("tablet.seal_check"), lambda: self._check(seal), fit=True)
        check.size_hint_x = None
        row.add_widget(check)
        return row

    def _check(self, seal: Opened) -> None:
        """How to check the seal, and the line itself: in a field, so a finger can select it
        and copy it out."""
        view = Sheet(size_hint=(0.9, None), background_color=theme.FELT)
        column = BoxLayout(orientation="vertical", padding=theme.GAP * 2, spacing=theme.GAP,
                           size_hint_y=None)  # fmt: skip
        column.bind(minimum_height=column.setter("height"), height=view.setter("height"))
        column.add_widget(Text(self.t("tablet.seal_opened", seal=seal.fingerprint)))
        line = SelectableLine(text=seal.command, readonly=True, font_size=theme.SMALL,
                              size_hint_y=None, cursor=(0, 0))  # fmt: skip
        line.bind(minimum_height=line.setter("height"))
        column.add_widget(line)
        column.add_widget(Tap(self.t("phone.close"), view.dismiss))
        view.add_widget(column)
        view.open(animation=False)

    def _timeline(self, timeline: JSON, voice: Voice) -> BoxLayout:
        """Every move of the game and what each look showed, a row each: in a list that
        draws only the rows in sight (a long game's are thousands)."""
        rows: list[Row] = []
        assert isinstance(timeline, list)
        for entry in timeline:
            assert isinstance(entry, dict)
            rows.append(Row(voice.event(str(entry["kind"]), _args(entry))))
            secrets = entry["secrets"]
            assert isinstance(secrets, list)
            for secret in secrets:
                assert isinstance(secret, dict)
                told = voice.secret(str(secret["kind"]), _args(secret))
                who = voice.render("seat", secret["seat"])
                line = self.t("tablet.only_saw", seat=who, what=told)
                rows.append(Row(line, theme.PURPLE, theme.SMALL))
        column = BoxLayout(orientation="vertical", spacing=4)
        column.add_widget(Text(self.t("tablet.timeline"), colour=theme.MUTED, size=theme.SMALL))
        column.add_widget(Lines(rows))
        return column
