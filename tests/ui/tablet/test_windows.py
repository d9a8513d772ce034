"""風聲's response windows on the tablet (§5.2, §7): the whole table sees when a window closes,
whom it waits for, and can close it at once."""

from __future__ import annotations

import random
from pathlib import Path

from companion.core import playout
from companion.core.rounds import Hold, open_round
from companion.i18n import text
from testkit.tablet import Tablet, run_tablet, texts
from tests.ui.tablet.test_app import start_practice_game


async def to_a_window(tablet: Tablet, rng: random.Random) -> int:
    session = tablet.app.session
    assert session is not None
    service = session.service
    while open_round(service.table.state) is None:
        seat = service.acting()
        assert seat is not None and service.over() is None
        session.submit(playout.choose(service.spec, service.table.state, seat, rng, {"hold": 0}))
    await tablet.frames(3)
    window = service.window()
    assert window is not None
    return window.n


async def test_the_table_sees_each_window_close_and_may_close_it_now(tmp_path: Path) -> None:
    async for tablet in run_tablet(tmp_path / "j.sqlite3", "en", seed=3):
        lang = tablet.app.lang
        await tablet.press(text(lang, "game.themessage"))
        await start_practice_game(tablet)
        session = tablet.app.session
        assert session is not None
        service, rng = session.service, random.Random(3)
        n = await to_a_window(tablet, rng)
        countdown = [t for t in texts() if "tap to close now" in t]
        assert countdown and countdown[0].startswith("Answers close in 20 s"), countdown
        await tablet.press(countdown[0])
        entries = service.journal.entries(service.game_id)
        assert entries[-1].action == {"act": "close_round", "n": n}
        n = await to_a_window(tablet, rng)
        window = service.window()
        assert window is not None
        holder = window.waiting[0]
        session.submit(Hold(seat=holder))
        await tablet.frames(3)
        waiting = text(lang, "tablet.window.holding", holding=session.names[holder])
        assert waiting in texts()
        await tablet.press(waiting)
        assert service.journal.entries(service.game_id)[-1].action == {"act": "close_round", "n": n}
