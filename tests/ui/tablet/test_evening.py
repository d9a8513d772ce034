"""An evening on one tablet: game after game in one process, each game's parts gone with it.

A group plays game after game without closing the app. Whatever a game started — its
service, live table, phone server and session — must be let go when the table goes back
to the start screen, or memory grows a game at a time until Android ends the app in the
middle of the evening. Here games are played through the app's own screens (Start →
Join → Table → Game over → New game) with a phone joined to each; after each, the
earlier game's parts are gone (weak references: its last state among them, which the rules
had answers kept about, and every widget the game made), the process's tasks, threads,
sockets and open files are back where they were after the first, and no font was opened
for any of them.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import os
import random
import threading
import weakref
from collections import Counter
from typing import Any

import aiohttp
import pytest
from kivy.clock import Clock
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.core.types import Seat
from companion.i18n import text
from companion.policy import WINDOW_SECONDS
from companion.service import TableService
from testkit.phone import Phone, loopback
from testkit.tablet import Tablet, texts
from tests.ui.tablet.test_app import start_practice_game
from ui.tablet.app import GAME_SCREENS
from ui.tablet.screens.base import LANG_LABELS
from ui.tablet.screens.table import TableScreen
from ui.tablet.scrolled import Lines

GAMES = 3


def open_files() -> Counter[str]:
    """The process's open files by kind: sockets (the phones' server's and its phones'),
    fonts (Kivy opens one for each size drawn, and never closes it; the tablet opens every
    size it draws when it starts) and the others (the journal's)."""
    found: Counter[str] = Counter()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:  # the listing's own descriptor, closed by now
            continue
        font = target.endswith((".ttf", ".ttc", ".otf"))
        found["socket" if target.startswith("socket:") else "font" if font else "other"] += 1
    return found


def in_use() -> dict[str, int]:
    """What the process holds that a game could leave behind and that has no identity to
    follow: its tasks, its threads, its sockets and other open files."""
    files = open_files()
    return {
        "tasks": len(asyncio.all_tasks()),
        "threads": threading.active_count(),
        "sockets": files["socket"],
        "files": files["other"],
    }


def widgets(tablet: Tablet) -> list[Widget]:
    """Every widget alive in the process (a weak proxy in the heap is not one), and every
    widget on the screens drawn from a game: what the app froze at the game's start is not
    in the collector's lists (:func:`ui.tablet.memory.settle`), but it is on those screens
    at the game's end."""
    drawn = [w for name in GAME_SCREENS for w in tablet.app.screens.get_screen(name).walk()]
    return [*(o for o in gc.get_objects() if issubclass(type(o), Widget)), *drawn]


async def one_game(tablet: Tablet, http: aiohttp.ClientSession, seed: int) -> list[Any]:
    """A game from the start screen to the game-over screen and back, with a phone at seat 1;
    weak references to what the game was built of, and to every widget made for it (its
    seats, its story, its join and game-over screens: once held by the emptied screens, and
    by Kivy's last text field) — not the join and table screens built blank at its end, which
    hold nothing of it and wait for the next. Widgets are followed one by one, not counted:
    a count would also move with what an earlier test in the same process still had on its
    way out."""
    before = weakref.WeakSet(widgets(tablet))
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    service = session.service
    phone = Phone(http, loopback(session.phones.port))
    await phone.sit(session.phones.tokens.token(Seat(1)), "en")
    await played_out(tablet, seed)
    # The last state too: the rules' answers about it are let go with the game.
    parts = [session, service, service.table, service.table.state, session.live, session.phones]
    blank = {
        w for n in GAME_SCREENS if (s := tablet.app.screens.get_screen(n)).blank for w in s.walk()
    }
    made = {w for w in widgets(tablet) if w not in before and w not in blank}
    assert made, "the game's screens are widgets"
    refs = [weakref.ref(p) for p in [*parts, *made]]
    del parts, made, session, service
    await tablet.press(text(tablet.app.lang, "tablet.new_game"))
    await tablet.until(lambda: tablet.app.screens.current == "start")
    await phone.close()
    return refs


async def played_out(tablet: Tablet, seed: int) -> None:
    """The game on the table played to its end, each move a legal one picked at random."""
    session = tablet.app.session
    assert session is not None
    rng = random.Random(seed)
    while session.service.over() is None:
        seat = session.acting()
        assert seat is not None
        session.submit(rng.choice(session.service.table.legal_actions(seat)))
        await tablet.frames(1)
    await tablet.until(lambda: tablet.app.screens.current == "over")


async def test_the_end_is_drawn_once_so_a_phone_coming_back_leaves_the_reader_where_he_was(
    tablet: Tablet,
) -> None:
    """At the game's end the table reads the story and scrolls who saw what, while the
    players' phones come back to see the end too. Each phone that did changed the session,
    and the whole end was drawn again: every widget made anew, and the list a player was
    reading jumped back to its top under his finger."""
    await start_practice_game(tablet)
    await played_out(tablet, 0)
    over = tablet.app.screens.get_screen("over")
    timeline = next(w for w in over.walk() if isinstance(w, Lines))
    timeline.scroll_y = 0.0  # read to the last line
    await tablet.frames(3)  # the lines in view laid
    drawn = list(over.walk())
    session = tablet.app.session
    assert session is not None
    async with aiohttp.ClientSession() as http:
        phone = Phone(http, loopback(session.phones.port))
        await phone.sit(session.phones.tokens.token(Seat(1)), "en")
        await tablet.until(lambda: Seat(1) in session.phones.connected())
        await tablet.frames(3)
        assert list(over.walk()) == drawn, "the end was drawn again"
        assert timeline.scroll_y == 0.0
        await phone.close()


async def test_the_finished_table_is_drawn_no_more_through_a_language_change_or_new_game(
    tablet: Tablet,
) -> None:
    """At the game's end the join and table screens are emptied before the story is drawn
    (:mod:`ui.tablet.memory`). A language chosen on the end screen drew the whole finished
    table again, hidden, held until the next game; and "New game" built both screens anew
    at the moment the end's story was still alive, memory the app then kept all evening."""
    await start_practice_game(tablet)
    await played_out(tablet, 0)
    screens = tablet.app.screens
    assert tablet.app.session is not None
    names = set(tablet.app.session.names)
    other = next(lang for lang in LANG_LABELS if lang != tablet.app.lang)
    await tablet.press(LANG_LABELS[other])
    assert tablet.app.lang == other and screens.current == "over"
    shown = [getattr(w, "text", "") for w in screens.get_screen("table").walk()]
    assert not names & set(shown), "the finished table drawn again"
    assert text(other, "tablet.pause") in shown, "its tools in the language chosen"
    built = {name: list(screens.get_screen(name).walk()) for name in ("join", "table")}
    await tablet.press(text(other, "tablet.new_game"))
    await tablet.until(lambda: screens.current == "start")
    for name, widgets_ in built.items():
        assert list(screens.get_screen(name).walk()) == widgets_, f"the {name} screen built again"
    await settled(tablet)  # the game let go, as the next test in this process expects


async def settled(tablet: Tablet) -> None:
    """The app idle on its start screen, what a game dropped collected: once the game is
    closed, the app thaws what it froze for it (:func:`ui.tablet.memory.release`)."""
    await tablet.until(lambda: gc.get_freeze_count() == 0)
    for _ in range(20):
        await tablet.frames(2)
        gc.collect()
        await asyncio.sleep(0.05)


async def test_game_after_game_in_one_process_leaves_nothing_of_the_last_behind(
    tablet: Tablet,
) -> None:
    async with aiohttp.ClientSession() as http:
        fonts = open_files()["font"]  # opened by now; an earlier test's only add to them
        refs = await one_game(tablet, http, 0)
        await settled(tablet)
        after_first = in_use()  # once what earlier tests in this process closed is gone
        assert open_files()["font"] == fonts, "a font opened for the first game"
        for game in range(1, GAMES):
            assert [r() for r in refs] == [None] * len(refs), f"game {game} kept alive"
            refs = await one_game(tablet, http, game)
            await settled(tablet)
            assert in_use() == after_first, f"after game {game + 1}"
            assert open_files()["font"] == fonts, f"a font opened for game {game + 1}"
        assert [r() for r in refs] == [None] * len(refs), "the last game kept alive"


async def test_the_start_screen_after_a_game_keeps_the_group_s_choices_and_offers_no_ended_game(
    tablet: Tablet,
) -> None:
    """Game over → New game: the game that ended is not offered to resume, and what the
    group set up stays for the next — its names, its way of drawing, its response windows.
    A game left from the pause sheet (the group stops for the night) is offered instead,
    and resumes where it was. The screen is read from the top again: kept through the
    game, it was still scrolled to where the last set-up's last tap was."""
    t = functools.partial(text, tablet.app.lang)

    def start() -> Any:
        return tablet.app.screens.get_screen("start")

    start().inputs[0].text = "Zoe"  # typed on the tablet's keyboard
    await tablet.press(t("tablet.window_seconds", seconds=WINDOW_SECONDS))  # → 30 s
    async with aiohttp.ClientSession() as http:
        await one_game(tablet, http, 0)
    shown = texts()
    assert t("tablet.resume") not in shown
    assert t("tablet.draws.app") in shown and t("tablet.window_seconds", seconds=30) in shown
    assert start().inputs[0].text == "Zoe"
    scrolled = [v.scroll_y for v in start().walk(restrict=True) if isinstance(v, ScrollView)]
    assert scrolled and all(y == 1 for y in scrolled), "read from the top again, names first"

    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None and session.names[0] == "Zoe"
    game_id = session.service.game_id
    await tablet.press(t("tablet.pause"))
    await tablet.press(t("tablet.leave"))
    await tablet.until(lambda: tablet.app.screens.current == "start")
    await tablet.press(t("tablet.resume"))
    await tablet.until(lambda: tablet.app.screens.current == "table")
    assert tablet.app.session is not None and tablet.app.session.service.game_id == game_id
    assert t("tablet.paused") not in texts()


def countdowns(tablet: Tablet) -> int:
    """How many clocks redraw this tablet's window countdown now."""
    table = tablet.app.screens.get_screen("table")
    ticks = [e.get_callback() for e in Clock.get_events()]
    return sum(getattr(t, "__func__", None) is TableScreen._tick and t.__self__ is table
               for t in ticks)  # fmt: skip


async def test_the_table_s_countdown_runs_once_while_shown_however_often_a_game_is_left(
    tablet: Tablet,
) -> None:
    """A game left and resumed, again and again in an evening: the table's countdown ticks
    while the table is shown and stops when it is left — built again on leaving, the screen
    once lost hold of its clock, which ticked on for the rest of the evening, one more each
    time."""
    await start_practice_game(tablet)
    assert countdowns(tablet) == 1
    session = tablet.app.session
    assert session is not None
    game = session.service.game_id
    del session
    for _ in range(3):
        tablet.app.leave_game()
        await tablet.until(lambda: tablet.app.screens.current == "start")
        await tablet.frames(2)
        assert countdowns(tablet) == 0, "left: nothing ticks for a table not shown"
        tablet.app.resume(game)
        await tablet.until(lambda: tablet.app.screens.current == "table")
        await tablet.frames(2)
        assert countdowns(tablet) == 1, "back at the table: one countdown"


async def test_a_game_left_and_resumed_at_once_is_replayed_once_the_one_left_is_gone(
    tablet: Tablet, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Left from the pause sheet and resumed at once (a tap by mistake): the game is replayed
    from the journal only once the one left is closed and collected. Replayed beside it, the
    two games together took memory the app then kept for the rest of the evening."""
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    game, left = session.service.game_id, weakref.ref(session)
    del session
    replayed_beside: list[bool] = []
    replay = TableService.resume

    def resume(*args: Any, **kwargs: Any) -> TableService:
        replayed_beside.append(left() is not None)
        return replay(*args, **kwargs)

    monkeypatch.setattr(TableService, "resume", resume)
    tablet.app.leave_game()
    tablet.app.resume(game)
    await tablet.until(lambda: tablet.app.screens.current == "table")
    assert replayed_beside == [False]
    assert tablet.app.session is not None and tablet.app.session.service.game_id == game


async def test_the_table_s_countdown_stops_when_another_screen_cuts_its_leaving_short(
    tablet: Tablet,
) -> None:
    """Two screens asked for before either is drawn (the game over, and at once something
    else): Kivy never finishes the first change, and what the table did only once it had
    left never ran — its countdown ticked on, its pop-ups stayed. It stops as it starts to
    leave."""
    await start_practice_game(tablet)
    assert countdowns(tablet) == 1
    tablet.app.show("over")
    tablet.app.show("season")
    await tablet.frames(3)
    assert tablet.app.screens.current == "season"
    assert countdowns(tablet) == 0
