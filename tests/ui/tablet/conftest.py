"""The tablet app on an offscreen window, driven by real touches.

Kivy reads its settings when first imported, so they are made here, before
any test module imports it. Every test gets a fresh app on a fresh journal,
running in the test's own asyncio loop — as ``companion play`` runs it.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

os.environ["SDL_VIDEODRIVER"] = "offscreen"
if "kivy" not in sys.modules:
    from ui.tablet import launch

    launch.prepare(Path(tempfile.mkdtemp(prefix="kivy-")))
    from kivy.config import Config

    # A test waits for frames, never for time: at 20 frames a second instead of 60, a
    # countdown or a held button redraws a third as often, and the software renderer's
    # CPU goes to the other tests.
    Config.set("graphics", "maxfps", "20")

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.journal import Journal
from ui.tablet.app import TabletApp

SHOTS = Path(__file__).resolve().parents[3] / "build" / "screenshots"


def widgets() -> Iterator[Widget]:
    """Everything on the window, open pop-ups included."""
    for root in Window.children:
        yield from root.walk()


def texts(skip: Callable[[Widget], bool] = lambda w: False) -> list[str]:
    """Every text the window shows (labels, buttons, fields)."""
    found = []
    for w in widgets():
        if skip(w) or not w.get_root_window() or w.opacity == 0:
            continue
        if isinstance(w, Label | TextInput) and w.text:
            found.append(w.text)
    return found


@dataclass
class Tablet:
    app: TabletApp
    journal: Journal

    async def frames(self, n: int = 3) -> None:
        """Until Kivy has drawn ``n`` more frames: what a touch scheduled is done and shown."""
        until = Clock.frames + n
        while Clock.frames < until:
            await asyncio.sleep(0.005)

    async def tap(self, widget: Widget) -> None:
        """A finger on the widget's centre, as the touchscreen would send it — scrolled into
        view first, as a finger would, if it sits in a list that scrolls."""
        holder = widget.parent
        while holder is not None and not isinstance(holder, ScrollView):
            holder = holder.parent if holder is not holder.parent else None
        if isinstance(holder, ScrollView) and not holder.collide_point(
            *holder.to_parent(*holder.to_widget(*widget.to_window(*widget.center)))
        ):
            holder.scroll_to(widget, padding=10, animate=False)
            await self.frames(2)
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        await self.frames(1)
        touch.touch_up()
        await self.frames(2)

    async def hold(self, label: str, seconds: float) -> None:
        """A finger kept on the button for ``seconds`` (a hold-to-reveal)."""
        x, y = self.button(label).to_window(*self.button(label).center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        await asyncio.sleep(seconds)
        touch.touch_up()
        await self.frames(2)

    async def tap_at(self, x: float, y: float) -> None:
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        await self.frames(2)

    def button(self, label: str) -> Button:
        found = [
            w for w in widgets() if isinstance(w, Button) and w.text == label and not w.disabled
        ]
        assert found, (
            f"no button {label!r} among {[w.text for w in widgets() if isinstance(w, Button)]}"
        )
        return found[-1]

    async def press(self, label: str) -> None:
        await self.tap(self.button(label))

    async def until(self, condition: Callable[[], bool], timeout: float = 60.0) -> None:
        """Until ``condition`` holds. ``timeout`` only ends a test that would never see it:
        on two busy cores a tablet step has taken over 15 s."""

        async def wait() -> None:
            while not condition():
                await asyncio.sleep(0.02)

        await asyncio.wait_for(wait(), timeout)

    async def screenshot(self, name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        Window.canvas.ask_update()
        await self.frames(4)
        made = Window.screenshot(name=str(SHOTS / f"{name}.png"))
        os.replace(made, SHOTS / f"{name}.png")  # Kivy numbers its screenshots; keep the name


async def run_tablet(db: Path, lang: str, seed: int = 5, **options: Any) -> AsyncIterator[Tablet]:
    """The app on a journal at ``db``; ``options`` are the app's own (its decks, …)."""
    journal = Journal(db)
    app = TabletApp(journal, lang, host="127.0.0.1", port=0, rng=random.Random(seed), **options)
    task = asyncio.ensure_future(app.async_run(async_lib="asyncio"))
    tablet = Tablet(app, journal)
    await tablet.until(lambda: app.root is not None and app.screens.current == "start")
    await tablet.frames(5)
    yield tablet
    app.stop()
    await task
    if app.session is not None:
        await app.session.stop()


@pytest.fixture
async def tablet(tmp_path: Path, request: Any) -> AsyncIterator[Tablet]:
    lang = getattr(request, "param", "en")
    async for t in run_tablet(tmp_path / "journal.sqlite3", lang):
        yield t
