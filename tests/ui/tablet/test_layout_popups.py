"""The pop-ups over the table laid out without a break, at every tablet size, in every language.

Each is opened as the table opens it — by the button a player taps — after each language
switch (the top bar is under a pop-up, so the pop-up is closed first), and checked at
1280×800, 1920×1200, 2048×1536, 800×1280 and 1024×600 by ``tests/ui/tablet/layout.py``:
the private turn (which seat, the look-away cover, the seat's view, its card picker, the
way out), the action menu a step deep, Undo's question, the pause, and alerts of two
kinds at once.
"""

from __future__ import annotations

import random
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion.core import playout
from companion.core.prompts import waiting_on
from companion.core.types import Seat
from testkit.tablet import Tablet, run_tablet, widgets
from tests.ui.tablet.test_app import close_alerts
from tests.ui.tablet.test_layout import (
    Looker,
    Step,
    looking,
    phone,
    play,
    t,
    tell_the_deal,
    to_table,
)
from ui.tablet.screens.menu import ActionMenu
from ui.tablet.screens.private import HOLD_S, CardPicker, PrivateTurn
from ui.tablet.widgets import Sheet, Tap

KINDS = {"phone", "violation"}


def refuse(session: Any, rng: random.Random) -> None:
    """A move the table waits for entered twice: the second time, the rules refuse it."""
    for _ in range(20):
        table = session.service.table
        seat = min(waiting_on(table.spec.pending(table.state)))
        action = playout.choose(table.spec, table.state, seat, rng, {})
        assert session.submit(action)
        if not session.submit(action):
            return
    raise AssertionError("no move refused")


def sheets() -> list[Sheet]:
    return [w for w in Window.children if isinstance(w, Sheet)]


async def close_all(tablet: Tablet) -> None:
    """Every pop-up closed, as the buttons inside them would (the cover has no way out by
    a tap beside it)."""
    for sheet in reversed(sheets()):
        if isinstance(sheet, PrivateTurn):
            sheet.close()
        else:
            sheet.dismiss()
    await tablet.frames(2)
    assert not sheets()


async def press(tablet: Tablet, key: str, **args: object) -> None:
    """A button of the table, once what the last move said on top is tapped away."""
    await close_alerts(tablet)
    await tablet.press(t(tablet, key, **args))


def whose(tablet: Tablet) -> str:
    """The seat whose private turn is opened: the one the table waits for, if any."""
    session = tablet.app.session
    assert session is not None
    seat = session.acting()
    return session.names[seat if seat is not None else 0]


async def private_cover(tablet: Tablet) -> None:
    await press(tablet, "tablet.private.open")
    name = whose(tablet)
    await tablet.tap(next(w for w in widgets() if str(getattr(w, "text", "")).startswith(name)))


async def private_view(tablet: Tablet) -> None:
    await private_cover(tablet)
    await tablet.hold(t(tablet, "tablet.private.hold", seat=whose(tablet)), HOLD_S + 0.3)


async def walk(look: Looker, tablet: Tablet, where: str, top: type, *steps: str) -> None:
    """``where``, reached from the table by the private view and then the buttons named;
    ``top`` the pop-up then on top."""

    async def show() -> None:
        await private_view(tablet)
        for key in steps:
            await tablet.press(t(tablet, key))
        assert isinstance(sheets()[0], top), sheets()

    async def hide() -> None:
        await close_all(tablet)

    await look.everywhere(where, show, hide)


@pytest.mark.long(75)
async def test_every_pop_up_over_the_table_fits_every_tablet(tmp_path: Path) -> None:
    """A pop-up's buttons under its own edge, a seat's long view over the way out, a card's
    name out of its picker button, an alert's words running off its banner."""
    async for tablet in run_tablet(tmp_path / "j.sqlite3", "en", seed=3):
        async with looking(tablet) as look:
            await tablet.press(t(tablet, "tablet.draws.told"))
            await to_table(tablet)
            await walk_pop_ups(look, tablet)
            look.assert_none()


async def walk_pop_ups(look: Looker, tablet: Tablet) -> None:
    session = tablet.app.session
    assert session is not None

    def pressing(key: str) -> Step:
        return lambda: press(tablet, key)

    async def hide() -> None:
        await close_all(tablet)

    await look.everywhere("private: which seat", pressing("tablet.private.open"), hide)
    await look.everywhere("private: look away", lambda: private_cover(tablet), hide)
    await walk(look, tablet, "private: the seat's view", PrivateTurn)
    await walk(look, tablet, "private: the hand's picker", CardPicker, "phone.audit_title")
    await walk(look, tablet, "private: leave?", Sheet, "tablet.private.done")

    await tell_the_deal(tablet, session)
    rng = random.Random(4)
    for _ in range(6):
        play(session, rng)
    await tablet.frames(2)

    async def menu() -> None:
        seat = session.acting()
        assert seat is not None
        await press(tablet, "tablet.enter", seat=session.names[seat])
        (opened,) = [s for s in sheets() if isinstance(s, ActionMenu)]
        await tablet.tap(next(w for w in opened.walk() if isinstance(w, Tap)))

    await look.everywhere("action menu, a step in", menu, hide)
    await walk(look, tablet, "private: the seat's view (mid-game)", PrivateTurn)
    await walk(look, tablet, "private: the seat's moves", ActionMenu, "tablet.private.act")
    await look.everywhere("undo: what it takes back", pressing("tablet.undo"), hide)

    async def resume() -> None:
        await tablet.press(t(tablet, "tablet.continue"))

    await look.everywhere("paused", pressing("tablet.pause"), resume)

    async with AsyncExitStack() as phones:
        await phones.enter_async_context(phone(session, Seat(1)))

        async def alerts() -> None:
            """A second phone asking for a seat, and an entry the rules refuse."""
            await phones.enter_async_context(phone(session, Seat(1), "taken"))
            refuse(session, rng)
            await tablet.until(lambda: {a.kind for a in session.alerts} >= KINDS)
            await tablet.frames(2)

        await look.everywhere("alerts", alerts, hide)
