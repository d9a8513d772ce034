"""The tablet's pilot: the app on an offscreen window, driven by real touches as a finger
would drive it — a tap on a widget's centre, a button found by its words and pressed, a
finger held down — and waited on by frames drawn or by a condition, never by the clock.

Kivy must be set up first (:func:`testkit.offscreen.prepare`): this module imports it.
Each app runs in the caller's own asyncio loop, as ``companion play`` runs it.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import random
import re
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.logger import Logger as KivyLogger
from kivy.tests.common import UnitTestTouch
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.journal import Journal
from ui.tablet.app import TabletApp


def widgets() -> Iterator[Widget]:
    """Everything on the window, open pop-ups included."""
    for root in Window.children:
        yield from root.walk()


class Loops(logging.Handler):
    """Kivy's warnings of too much iteration before a frame — a layout that never settles —
    while it is open, each with the widgets it names said by their words and the widgets
    they are in: the warning gives only their addresses, and they may be gone by the end."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        warning = record.getMessage()
        if "too much iteration" not in warning:
            return
        try:
            said = _where(warning)
        except Exception:  # a handler must not stop the Clock that logged: said as it came
            said = warning
        self.seen.append(said)

    def __enter__(self) -> Loops:
        KivyLogger.addHandler(self)
        return self

    def __exit__(self, *_: object) -> None:
        KivyLogger.removeHandler(self)


def _where(warning: str) -> str:
    """The widgets a warning of too much iteration names, each by its words, its size and
    the widgets it is in."""
    due = {int(at, 16) for at in re.findall(r"object at (0x[0-9a-f]+)", warning)}
    lines = ["a layout never settles; still due:"]
    for widget in (w for w in gc.get_objects() if id(w) in due and isinstance(w, Widget)):
        chain, inside = [], widget
        while inside is not None and inside is not inside.parent:
            chain.append(type(inside).__name__)
            inside = inside.parent
        words = str(getattr(widget, "text", ""))[:60]
        size = f"{widget.width:.0f}×{widget.height:.0f}"
        lines.append(f"  {words!r} {size} in {' < '.join(chain)}")
    return "\n".join(lines)


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
    """The app on its window, and the journal it keeps; screenshots go in ``shots``."""

    app: TabletApp
    journal: Journal
    shots: Path | None = None

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
        x, y = await self._settled(widget)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        await self.frames(1)
        touch.touch_up()
        await self.frames(2)

    async def _settled(self, widget: Widget, most: int = 60) -> tuple[float, float]:
        """Where the widget's centre lies once it stays put from one frame to the next: a
        finger aims at a screen that has stopped moving, and a screen just shown still lays
        out its wrapped texts for a few frames — under load, a button moved from under a
        touch between its down and its up, and the tap was lost."""
        where: tuple[float, float] = widget.to_window(*widget.center)
        for _ in range(most):
            await self.frames(1)
            now: tuple[float, float] = widget.to_window(*widget.center)
            if now == where:
                break
            where = now
        return where

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

    async def screenshot(self, name: str) -> Path:
        """The window as it is drawn now, as ``name``.png in :attr:`shots`; its path."""
        assert self.shots is not None, "a tablet started without a folder for screenshots"
        self.shots.mkdir(parents=True, exist_ok=True)
        Window.canvas.ask_update()
        await self.frames(4)
        shot = self.shots / f"{name}.png"
        os.replace(Window.screenshot(name=str(shot)), shot)  # Kivy numbers them; keep the name
        return shot


async def run_tablet(
    db: Path, lang: str, seed: int = 5, *, shots: Path | None = None, **options: Any
) -> AsyncIterator[Tablet]:
    """The app on a journal at ``db``, its phones' server on loopback, until the caller is
    done with it; screenshots go in ``shots``; ``options`` are the app's own (its decks, …)."""
    journal = Journal(db)
    app = TabletApp(journal, lang, host="127.0.0.1", port=0, rng=random.Random(seed), **options)
    task = asyncio.ensure_future(app.async_run(async_lib="asyncio"))
    tablet = Tablet(app, journal, shots)
    await tablet.until(lambda: app.root is not None and app.screens.current == "start")
    await tablet.frames(5)
    yield tablet
    app.stop()
    await task
    if app.session is not None:
        await app.session.stop()
