"""The start and join screens, and the table through a whole game, laid out without a break.

At the tablets the app is for — 1280×800, 1920×1200, 2048×1536, 800×1280 held upright,
and a 7-inch tablet's 1024×600 — in English, 繁體 and 简体: no text cut off or sticking
out of its box, no line that starts with a comma or a full stop, no widget over another,
nothing outside the panel that holds it; a full table of each game too. The checker is
``tests/ui/tablet/layout.py``; the pop-ups over the table are walked in
``test_layout_popups.py``.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from kivy.core.window import Window

from companion.core import playout
from companion.core.dealing.told import TellDealt
from companion.core.prompts import waiting_on
from companion.core.types import Seat
from companion.games import GAMES
from companion.i18n import text
from testkit.phone import Phone, loopback
from testkit.tablet import Tablet, run_tablet, widgets
from tests.ui.tablet.layout import problems, rect
from tests.ui.tablet.test_app import close_alerts
from tests.ui.tablet.test_private import words
from ui.tablet.screens.base import LANG_LABELS
from ui.tablet.screens.start import StartScreen
from ui.tablet.widgets import QRCode

SIZES = ((1280, 800), (1920, 1200), (2048, 1536), (800, 1280), (1024, 600))
LANGS = ("en", "zh-Hant", "zh-Hans")
COMBOS = tuple((lang, size) for lang in LANGS for size in SIZES)
"""Every (language, size), a language kept while the size changes."""
MOST = 2000
"""A bound on one game's moves, so that a game that cannot end fails, not hangs."""

Step = Callable[[], Awaitable[None]]


class Looker:
    """Puts the window at a size and in a language, and keeps what the checker finds."""

    def __init__(self, tablet: Tablet) -> None:
        self.tablet = tablet
        self.found: dict[str, list[str]] = {}
        self.checked = 0

    @property
    def lang(self) -> str:
        return self.tablet.app.lang

    async def speak(self, lang: str) -> None:
        """The language as the host switches it: the button in the top bar."""
        for attempt in range(3):  # an alert that came meanwhile (a window closed) takes the tap
            if lang == self.lang:
                return
            if attempt and self.tablet.app.session is not None:
                await close_alerts(self.tablet)
            await self.settle()
            await self.tablet.press(LANG_LABELS[lang])
        assert self.lang == lang, [type(c).__name__ for c in Window.children]
        await self.settle()  # the screen rebuilt: its buttons where a finger will find them

    async def resize(self, size: tuple[int, int]) -> None:
        if tuple(Window.size) != size:
            Window.size = size
        await self.settle()
        assert tuple(Window.size) == size
        root = self.tablet.app.root
        assert root is not None and tuple(root.size) == size, (root.size, size)

    async def settle(self) -> None:
        """Until a look finds every widget where the last one did (layout runs frame by
        frame); bounded, and the check then says what it sees."""
        before: object = None
        for _ in range(12):
            await self.tablet.frames(1)
            now = [(id(w), rect(w), tuple(getattr(w, "texture_size", ()))) for w in widgets()]
            if now == before:
                return
            before = now

    def check(self, where: str) -> None:
        self.checked += 1
        w, h = Window.size
        for problem in problems():
            self.found.setdefault(f"{where}: {problem.key}", []).append(f"{self.lang} {w}×{h}")

    async def everywhere(self, where: str, show: Step | None = None, hide: Step | None = None):
        """``where`` in every language at every size; ``show`` opens it after each language
        switch, ``hide`` closes it before (the top bar is under a pop-up) and at the end."""
        for lang in LANGS:
            await self.speak(lang)
            if show is not None:
                await show()
            for size in SIZES:
                await self.resize(size)
                self.check(where)
            if hide is not None:
                await hide()

    def assert_none(self) -> None:
        said = [f"{key}  [{', '.join(sorted(set(at)))}]" for key, at in sorted(self.found.items())]
        assert not said, f"{len(said)} layout problems:\n" + "\n".join(said)


@asynccontextmanager
async def looking(tablet: Tablet) -> Any:
    size = tuple(Window.size)
    look = Looker(tablet)
    try:
        yield look
    finally:
        Window.size = size
        await tablet.frames(3)


def t(tablet: Tablet, key: str, **args: object) -> str:
    return text(tablet.app.lang, key, **args)


async def to_table(tablet: Tablet) -> None:
    await tablet.press(t(tablet, "tablet.start"))
    await tablet.until(lambda: tablet.app.screens.current == "join")
    await tablet.press(t(tablet, "tablet.to_table"))
    await tablet.until(lambda: tablet.app.screens.current == "table")


async def test_the_start_and_join_screens_fit_every_tablet(tablet: Tablet) -> None:
    """A new game's setup: the game's name running out of its button, the seats' names over
    the options, a QR code over its seat's name, a reseat question cut in half."""
    async with looking(tablet) as look:
        await look.everywhere("start (Microfilms, 4 seats)")
        last = list(GAMES)[-1]
        await tablet.press(t(tablet, f"game.{last}"))
        for _ in range(GAMES[last].max_seats - 4):
            await tablet.tap(seat_plus())  # not an option's + (暗火线's serums)
        assert len(next(w for w in widgets() if isinstance(w, StartScreen)).inputs) == 10
        await tablet.press(t(tablet, "tablet.draws.told"))  # a practice game: no dealing note
        await look.everywhere(f"start ({last}, {GAMES[last].max_seats} seats)")
        await tablet.press(t(tablet, "tablet.start"))
        await tablet.until(lambda: tablet.app.screens.current == "join")
        await look.everywhere("join (QR codes)")
        session = tablet.app.session
        assert session is not None
        async with phone(session, Seat(0)):
            seats = len(session.names)
            codes = seats + 1  # the seats' and the room screen's
            await tablet.until(lambda: sum(isinstance(w, QRCode) for w in widgets()) < codes)
            await look.everywhere("join (a seat taken)")

            async def ask() -> None:
                await tablet.tap(reseat_button(tablet))

            async def cancel() -> None:
                await tablet.press(t(tablet, "phone.cancel"))

            await look.everywhere("join: reseat confirm", ask, cancel)
        tablet.app.show("start")  # as after a restart: the unfinished game offered
        await look.everywhere("start (resume offered)")
        look.assert_none()


def seat_plus() -> Any:
    """The new-game screen's button that adds a seat."""
    start = next(w for w in widgets() if isinstance(w, StartScreen))
    return next(w for w in start.seats_panel.walk() if getattr(w, "text", None) == "+")


def reseat_button(tablet: Tablet) -> Any:
    said = t(tablet, "tablet.reseat")
    return next(w for w in widgets() if getattr(w, "text", None) == said)  # seat 1's, first


@asynccontextmanager
async def phone(session: Any, seat: Seat, answer: str = "welcome") -> AsyncIterator[Phone]:
    """A phone holding ``seat``, as it would after scanning its code (or, if another holds
    it, asking for it: ``answer="taken"``), reading whatever it is sent."""
    async with aiohttp.ClientSession() as client:
        held = Phone(client, loopback(session.phones.port))
        said = await held.join(session.phones.tokens.token(seat), "en")
        assert said["type"] == answer, said
        reading = asyncio.ensure_future(_read(held))
        try:
            yield held
        finally:
            await held.close()
            reading.cancel()
            with suppress(asyncio.CancelledError):
                await reading


async def _read(held: Phone) -> None:
    async for _ in held.texts():
        pass


async def tell_the_deal(tablet: Tablet, session: Any) -> None:
    """Each player tells their phone the cards they were dealt (the table dealt by hand)."""
    if session.service.telling_deal():
        for seat, cards in enumerate(words(session, random.Random(3))):
            session.service.act(Seat(seat), TellDealt(seat=Seat(seat), cards=cards))
        await tablet.until(lambda: not session.service.telling_deal())


def play(session: Any, rng: random.Random) -> bool:
    """A move of any seat the table waits for, as its phone or the tablet would send it;
    ``False`` if the table waits for no seat (the app is dealing)."""
    table = session.service.table
    seats = sorted(waiting_on(table.spec.pending(table.state)))
    if seats:
        session.submit(playout.choose(table.spec, table.state, rng.choice(seats), rng, {}))
    return bool(seats)


EVERY = 2
"""Every other state of a game is checked: a state and the next differ by one move."""
STAY = 2
"""States checked in one (language, size) before the next: a language switch or a resize
lays the whole screen out again, which costs more than the state itself."""


def rotation() -> Iterator[tuple[str, tuple[int, int]]]:
    while True:
        for combo in COMBOS:
            for _ in range(STAY):
                yield combo


async def play_through(tablet: Tablet, game: str, seed: int, every: int = EVERY) -> None:
    """A practice game of ``game`` played to its end through the session, each ``every``-th
    state it reaches checked in the next (language, size); the end in every one."""
    async with looking(tablet) as look:
        if game != next(iter(GAMES)):
            await tablet.press(t(tablet, f"game.{game}"))
        await tablet.press(t(tablet, "tablet.draws.told"))  # the app deals and draws
        await to_table(tablet)
        session = tablet.app.session
        assert session is not None
        await tell_the_deal(tablet, session)
        rng = random.Random(seed)
        combos = rotation()
        moves = 0
        used: set[tuple[str, tuple[int, int]]] = set()
        while session.service.over() is None:
            assert moves < MOST, "the game does not end"
            if moves % every == 0:
                lang, size = next(combos)
                used.add((lang, size))
                await look.speak(lang)
                await look.resize(size)
                look.check(f"{game} table" + (" + alerts" if len(Window.children) > 1 else ""))
            if not play(session, rng):
                await tablet.frames(2)  # the app deals: nobody to wait for yet
            moves += 1
        await tablet.until(lambda: tablet.app.screens.current == "over")
        assert used == set(COMBOS), "every combination used"
        await look.everywhere(f"{game} game over")
        look.assert_none()


@pytest.mark.long(70)
async def test_a_whole_microfilms_game_fits_every_tablet(tmp_path: Path) -> None:
    """Francs, nights, claims and eliminations as they come: a seat's lines running out of
    its panel, the centre's count cut off, the feed's lines over each other, the winners'
    banner wider than the screen held upright — in any language, switched mid-game."""
    async for tablet in run_tablet(tmp_path / "j.sqlite3", "en", seed=11):
        await play_through(tablet, "microfilms", 11)


@pytest.mark.long(70)
async def test_a_whole_game_of_the_message_fits_every_tablet(tmp_path: Path) -> None:
    """Intelligence discs of three colours as they pile up, the centre's card on its way,
    a round's passes in the feed — every tenth state (a game
    of 風聲 is mostly passes, each a state like the one before)."""
    async for tablet in run_tablet(tmp_path / "j.sqlite3", "en", seed=12):
        await play_through(tablet, "themessage", 12, every=10)


FULL = 48
"""Moves of a full table checked: deals, draws and the first rounds, at every size."""


@pytest.mark.long(60)
@pytest.mark.parametrize("game", ["themessage", "darkfireline"])
async def test_a_full_table_fits_every_tablet(tmp_path: Path, game: str) -> None:
    """As many seats as the game allows (nine of 風聲, ten of 暗火线): panels small enough to
    lie clear of each other — on a 7-inch tablet too — and still holding a seat's name, its
    badge and its figures."""
    async for tablet in run_tablet(tmp_path / "j.sqlite3", "en", seed=13):
        async with looking(tablet) as look:
            await tablet.press(t(tablet, f"game.{game}"))
            for _ in range(GAMES[game].max_seats - 4):
                await tablet.tap(seat_plus())  # not an option's + (暗火线's serums)
            await tablet.press(t(tablet, "tablet.draws.told"))  # the app deals and draws
            await to_table(tablet)
            session = tablet.app.session
            assert session is not None and len(session.names) == GAMES[game].max_seats
            await tell_the_deal(tablet, session)
            rng = random.Random(13)
            combos = iter(COMBOS)
            for move in range(FULL):
                if move % (FULL // len(COMBOS)) == 0 and (combo := next(combos, None)):
                    await look.speak(combo[0])
                    await look.resize(combo[1])
                    look.check(f"{game}, a full table")
                if session.service.over() is not None:
                    break
                if not play(session, rng):
                    await tablet.frames(2)
            look.assert_none()
