"""Every screen at 1280×800 in Chinese and English, as screenshots; resuming after a kill."""

from __future__ import annotations

import functools
import os
import random
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.core.types import Seat
from companion.i18n import text
from companion.transcript import replayed
from testkit.tablet import Tablet, run_tablet, texts
from tests.ui.tablet.test_app import close_alerts, start_practice_game
from tests.ui.tablet.test_layout import play
from ui.tablet import app as app_module


async def waited_for(tablet: Tablet) -> Seat:
    """The seat the table waits for, once it waits for one (a window the table's clock
    closes may be open first)."""
    session = tablet.app.session
    assert session is not None
    await tablet.until(lambda: session.acting() is not None or session.service.over() is not None)
    seat = session.acting()
    assert seat is not None, session.service.table.pending()
    return seat


@pytest.mark.parametrize("tablet", ["zh-Hant", "en"], indirect=True)
async def test_every_screen_has_a_screenshot(tablet: Tablet, shots: Path) -> None:
    lang = tablet.app.lang
    await tablet.screenshot(f"tablet-start-{lang}")
    await start_practice_game(tablet)
    tablet.app.show("join")
    await tablet.frames(5)
    await tablet.screenshot(f"tablet-join-{lang}")
    tablet.app.show("table")
    session = tablet.app.session
    assert session is not None
    rng = random.Random(4)
    for _ in range(7):
        seat = await waited_for(tablet)
        session.submit(rng.choice(session.service.table.legal_actions(seat)))
    await tablet.frames(5)
    await tablet.screenshot(f"tablet-table-alert-{lang}")
    await close_alerts(tablet)
    await tablet.screenshot(f"tablet-table-{lang}")
    seat = session.acting()
    assert seat is not None
    await tablet.press(text(lang, "tablet.enter", seat=session.names[seat]))
    await tablet.screenshot(f"tablet-menu-{lang}")
    await tablet.press(text(lang, "phone.cancel"))
    while session.service.table.over() is None:
        seat = await waited_for(tablet)
        session.submit(rng.choice(session.service.table.legal_actions(seat)))
    await tablet.until(lambda: tablet.app.screens.current == "over")
    await tablet.frames(5)
    await tablet.screenshot(f"tablet-over-{lang}")
    for name in ("start", "join", "table-alert", "table", "menu", "over"):
        assert (shots / f"tablet-{name}-{lang}.png").stat().st_size > 10_000


CHILD = textwrap.dedent(
    """
    import asyncio, os, random, sys, tempfile
    from pathlib import Path
    os.environ["SDL_VIDEODRIVER"] = "offscreen"
    from ui.tablet import launch
    launch.prepare(Path(tempfile.mkdtemp()))
    from companion.journal import Journal
    from companion.policy import Draws
    from ui.tablet.app import TabletApp

    async def main():
        app = TabletApp(Journal(sys.argv[1]), "en", host="127.0.0.1", port=0, rng=random.Random(2))
        task = asyncio.ensure_future(app.async_run(async_lib="asyncio"))
        while app.root is None:
            await asyncio.sleep(0.05)
        app.screens.get_screen("start").draws = Draws.APP
        app.screens.get_screen("start")._start()
        while app.session is None:
            await asyncio.sleep(0.05)
        rng = random.Random(3)
        for _ in range(25):
            seat = app.session.acting()
            app.session.submit(rng.choice(app.session.service.table.legal_actions(seat)))
        print("played", app.session.service.table.seq, flush=True)
        await task

    asyncio.run(main())
    """
)


async def test_two_taps_on_start_or_resume_in_one_frame_open_the_game_once(
    tablet: Tablet, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a slow tablet nothing seems to happen at the first tap, and an impatient player
    taps again: two taps landing before the first was done opened the game twice — two
    tables on the phones' port, one never closed, and a second game in the journal, offered
    to resume ever after."""
    opened: list[object] = []
    live_table = app_module.LiveTable

    def counted(*args: Any, **kwargs: Any) -> Any:
        opened.append(args[0])
        return live_table(*args, **kwargs)

    monkeypatch.setattr(app_module, "LiveTable", counted)
    t = functools.partial(text, tablet.app.lang)
    start = tablet.button(t("tablet.start"))
    start.dispatch("on_release")
    start.dispatch("on_release")
    await tablet.until(lambda: tablet.app.screens.current == "join")
    await tablet.frames(5)
    assert len(opened) == 1 and len(tablet.journal.games()) == 1
    await tablet.press(t("tablet.to_table"))
    await tablet.press(t("tablet.pause"))
    await tablet.press(t("tablet.leave"))
    await tablet.until(lambda: tablet.app.screens.current == "start")
    resume = tablet.button(t("tablet.resume"))
    resume.dispatch("on_release")
    resume.dispatch("on_release")
    await tablet.until(lambda: tablet.app.screens.current == "table")
    await tablet.frames(5)
    assert len(opened) == 2, "resumed twice"
    assert tablet.app.session is not None and tablet.app.session.service is opened[-1]


async def test_a_killed_tablet_offers_to_resume_and_resumes_exactly(tmp_path: Path) -> None:
    db = tmp_path / "journal.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db)], stdout=subprocess.PIPE, env=env
    )
    assert child.stdout is not None
    line = child.stdout.readline().decode()
    assert line.startswith("played")
    child.send_signal(signal.SIGKILL)  # the battery died
    child.wait()
    child.stdout.close()
    async for tablet in run_tablet(db, "en"):
        journal = tablet.journal
        game = journal.latest_unfinished()
        assert game is not None
        assert any("interrupted" in t for t in texts())
        await tablet.press(text("en", "tablet.resume"))
        await tablet.until(lambda app=tablet.app: app.screens.current == "table")
        session = tablet.app.session
        assert session is not None
        expected = replayed(journal.header(game), [e.action for e in journal.entries(game)])
        assert session.service.table.state == expected
        assert session.service.table.seq == int(line.split()[1])
        assert session.phones.tokens.token(Seat(0)) == journal.seat_tokens(game)[0][1]


async def shoot_when(tablet: Tablet, game: str, drawn: Callable[[Any], bool]) -> None:
    """A practice game of ``game`` played at random until ``drawn(state)``, then its table
    as a screenshot."""
    await tablet.press(text("zh-Hant", f"game.{game}"))
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    rng = random.Random(6)
    while not drawn(session.service.table.state):
        assert session.service.table.over() is None
        if not play(session, rng):
            await tablet.frames(2)
    await tablet.frames(5)
    await close_alerts(tablet)
    shot = await tablet.screenshot(f"tablet-table-{game}-zh-Hant")
    assert shot.stat().st_size > 10_000


@pytest.mark.parametrize("tablet", ["zh-Hant"], indirect=True)
async def test_the_message_table_has_a_screenshot(tablet: Tablet) -> None:
    """風聲 drawn: each seat's red, blue and black intelligence as its shape (a diamond, a disc,
    a square: ui.tones.SHAPES), its hand, the
    intelligence on its way in the centre."""
    await shoot_when(tablet, "themessage", lambda state: sum(
        len(p.intel) for p in state.players) >= 4)  # fmt: skip


@pytest.mark.parametrize("tablet", ["zh-Hant"], indirect=True)
async def test_the_darkfireline_table_has_a_screenshot(tablet: Tablet) -> None:
    """暗火线 drawn (digest §1.2, §5.4, §5.5, §5.9–§5.13): each seat's serums face up and face
    down, what lies in front of it, and the smoke and flashbang markers with their end."""

    def drawn(state: Any) -> bool:
        hurt = any(p.health < p.most for p in state.players)
        laid = any(p.environment or p.armour for p in state.players)
        return hurt and laid and bool(state.smokes or state.flashes)

    await shoot_when(tablet, "darkfireline", drawn)
