"""Game over: the winners, then — the game being over — every secret, in order.

Who held which identity, and the whole timeline: each public event, and under
it what only some seats were told (who learned what, when). Until the game
ends none of this exists on the tablet.
"""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from companion.core.narrow import args as _args
from companion.core.types import JSON
from companion.i18n import describe, event_line, game_key, render
from ui.tablet import theme
from ui.tablet.screens.base import Page, language_bar
from ui.tablet.widgets import Panel, Tap, Text


class OverScreen(Page):
    name_ = "over"

    def build(self) -> None:
        self.root_box = BoxLayout(orientation="vertical", padding=theme.GAP * 2, spacing=theme.GAP)
        self.add_widget(self.root_box)

    def refresh(self) -> None:
        session = self.app.session
        if session is None or session.table.over() is None:
            return
        box = self.root_box
        box.clear_widgets()
        lang, names, game = self.app.lang, session.names, session.table.header.game
        result = session.table.over()
        assert result is not None
        top = BoxLayout(size_hint_y=None, height=theme.TOUCH * 1.4)
        key = "tablet.winners" if result.winners else "demo.no_winner"
        top.add_widget(Text(describe(lang, key, {"winners": list(result.winners)}, names),
                            size=theme.HUGE, colour=theme.GOLD, bold=True))  # fmt: skip
        top.add_widget(language_bar(self))
        box.add_widget(top)
        box.add_widget(Text(describe(lang, "demo.reason", {"reason": result.reason}, names)))
        revealed = session.revealed()
        body = BoxLayout(spacing=theme.GAP * 2)
        who = Panel(orientation="vertical", size_hint_x=0.3)
        who.add_widget(Text(self.t("tablet.who_was_who"), colour=theme.MUTED, size=theme.SMALL))
        identities = revealed["identities"]
        assert isinstance(identities, list)
        for i, card in enumerate(identities):
            who.add_widget(Text(describe(lang, "demo.was", {"seat": i, "identity": card}, names)))
        who.add_widget(BoxLayout())
        body.add_widget(who)
        body.add_widget(self._timeline(revealed["timeline"], lang, names, game))
        box.add_widget(body)
        again = Tap(self.t("tablet.new_game"), self.app.leave_game, colour=theme.GOLD)
        again.color = theme.INK
        box.add_widget(again)

    def _timeline(self, timeline: JSON, lang: str, names: list[str], game: str) -> ScrollView:
        scroll = ScrollView(do_scroll_x=False)
        column = BoxLayout(orientation="vertical", size_hint_y=None, spacing=4)
        column.bind(minimum_height=column.setter("height"))
        column.add_widget(Text(self.t("tablet.timeline"), colour=theme.MUTED, size=theme.SMALL))
        assert isinstance(timeline, list)
        for entry in timeline:
            assert isinstance(entry, dict)
            column.add_widget(Text(event_line(lang, game, str(entry["kind"]), _args(entry), names)))
            secrets = entry["secrets"]
            assert isinstance(secrets, list)
            for secret in secrets:
                assert isinstance(secret, dict)
                args = secret["args"]
                assert isinstance(args, dict)
                told = describe(lang, game_key("secret", game, str(secret["kind"])), args, names)
                who = render(lang, "seat", secret["seat"], names)
                line = self.t("tablet.only_saw", seat=who, what=told)
                column.add_widget(Text(line, colour=theme.PURPLE, size=theme.SMALL))
        scroll.add_widget(column)
        return scroll
