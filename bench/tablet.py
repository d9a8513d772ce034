"""How the tablet app performs: prints ``name: value unit`` lines.

- ``cold_start_s``: from starting the process to the first frame of the new-game screen.
- ``frame_p50_ms`` / ``frame_p99_ms``: time between frames while the table
  updates on every action of a fast game (one action a frame).
- ``peak_rss_mb``: the whole app's peak memory over that game — tablet, phone
  server, and four phones connected over WebSocket.
- Where a frame's time goes: ``refresh_ms_per_frame`` (the table screen brought up to
  date: faces, words, drawings), ``text_ms_per_frame`` and ``text_renders_per_frame``
  (texts rendered into textures, most of them during the refresh), ``draw_p50_ms`` /
  ``draw_p99_ms`` (Kivy drawing the window, from its first instruction to the flip that
  shows it: in software here, the rasterising); the rest is the rules, the journal, the
  phones' views and Kivy's layout.

- ``android_cold_start_s``, ``android_frame_p50_ms``, ``android_frame_p99_ms``,
  ``android_peak_rss_mb``: the same, for the app started as on Android
  (:mod:`ui.tablet.android`) under the simulated Android platform
  (:mod:`ui.tablet.android_sim`: what Android lacks made missing), its storage a folder,
  the tablet's own NFC (the package's fake) watching the centre with a deck registered.

Offscreen rendering (Mesa's software renderer) on this machine; a tablet's
GPU does better. Run: ``python bench/tablet.py`` (figures go in docs/benchmarks.md);
``--smoke`` plays 20 actions, as CI does so that the script never rots unseen.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

GAME_ACTIONS = 300


def child(actions: int, on_android: bool = False) -> None:
    """The app itself, in a fresh process: Kivy's settings first, then everything else."""
    if on_android:
        from ui.tablet import android_sim  # noqa: PLC0415 -- before anything else

        android_sim.install()
        from ui.tablet import android  # noqa: PLC0415

        device = tablet_device(Path(tempfile.mkdtemp()))
        android.start(device, fullscreen=False)
        made: Callable[..., Any] = functools.partial(android.app, device)
    else:
        from testkit import offscreen  # noqa: PLC0415 -- Kivy's settings come first

        offscreen.prepare()
        made = desktop_app
    asyncio.run(play(actions, made))


def desktop_app(**kw: Any) -> Any:
    from companion.journal import Journal  # noqa: PLC0415
    from ui.tablet.app import TabletApp  # noqa: PLC0415

    return TabletApp(Journal(Path(tempfile.mkdtemp()) / "bench.sqlite3"), "zh-Hant", **kw)


def tablet_device(storage: Path) -> Any:
    """An Android tablet with NFC (the package's fake) and a deck registered on it."""
    from companion.games import GAMES  # noqa: PLC0415
    from companion.tagmap import TagMap  # noqa: PLC0415
    from firmware_bridge.emulators.ntag import sticker_uid  # noqa: PLC0415
    from hardware.android_fake import FakeAndroid  # noqa: PLC0415
    from ui.tablet.android import Device  # noqa: PLC0415

    game, spec = next(iter(GAMES.items()))  # the game the tablet opens on
    tags = TagMap(storage / "tags.sqlite3")
    deck = tags.new_deck("home", game)
    tags.store(deck, {sticker_uid(c): c for c in spec.sensing.cards(spec.options_type())})
    return Device(storage, FakeAndroid(), "zh-Hant")


async def play(actions: int, made: Any) -> None:
    from kivy.core.window import Window  # noqa: PLC0415 -- only once Kivy is configured

    from companion.core import playout  # noqa: PLC0415
    from companion.policy import Draws  # noqa: PLC0415

    flips: list[float] = []
    Window.bind(on_flip=lambda *_: flips.append(time.perf_counter()))
    spent = timing()
    app = made(host="127.0.0.1", port=0, rng=random.Random(1))
    task = asyncio.ensure_future(app.async_run(async_lib="asyncio"))
    while not flips:
        await asyncio.sleep(0.001)
    print("first-frame", flush=True)
    start = app.screens.get_screen("start")
    start.draws = Draws.APP
    start._start()
    while app.session is None:
        await asyncio.sleep(0.01)
    session = app.session
    app.show("table")
    sockets = await phones(session.phones)
    await asyncio.sleep(0.5)
    rng = random.Random(2)
    flips.clear()
    for _ in range(actions):
        seat = session.acting()
        assert seat is not None
        table = session.service.table
        session.submit(playout.choose(table.spec, table.state, seat, rng, {"claim": 0}))
        session.dismiss()
        shown = len(flips)
        while len(flips) == shown:  # the frame that shows it
            await asyncio.sleep(0.001)
    gaps = [(b - a) * 1000 for a, b in itertools.pairwise(flips)]
    print(f"frame_p50_ms: {statistics.median(gaps):.1f} ms", flush=True)
    print(f"frame_p99_ms: {statistics.quantiles(gaps, n=100)[98]:.1f} ms", flush=True)
    print(f"peak_rss_mb: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    frames = len(gaps)
    print(f"refresh_ms_per_frame: {spent['refresh'] * 1000 / frames:.1f} ms")
    print(f"text_ms_per_frame: {spent['text'] * 1000 / frames:.1f} ms")
    print(f"text_renders_per_frame: {spent['renders'] / frames:.1f}")
    draws = spent["draws"]
    print(f"draw_p50_ms: {statistics.median(draws):.1f} ms")
    print(f"draw_p99_ms: {statistics.quantiles(draws, n=100)[98]:.1f} ms", flush=True)
    for phone, _ in sockets:
        await phone.close()
    app.stop()
    await task
    await session.live.phones.stop()


def timing() -> dict[str, Any]:
    """Time the table's refresh, its text renders and each drawing of the window."""
    from kivy.core.window import Window  # noqa: PLC0415
    from kivy.uix.label import Label  # noqa: PLC0415

    from ui.tablet.screens.table import TableScreen  # noqa: PLC0415

    spent: dict[str, Any] = {"refresh": 0.0, "text": 0.0, "renders": 0, "draws": []}
    refresh, render = TableScreen.refresh, Label.texture_update
    draw, flip = type(Window).on_draw, type(Window).flip

    # Kivy keeps a bound method by its name: each wrapper must bear the wrapped one's.
    @functools.wraps(refresh)
    def timed_refresh(screen: Any) -> None:
        t = time.perf_counter()
        refresh(screen)
        spent["refresh"] += time.perf_counter() - t

    @functools.wraps(render)
    def timed_render(label: Any, *largs: Any) -> None:
        t = time.perf_counter()
        render(label, *largs)
        spent["text"] += time.perf_counter() - t
        spent["renders"] += 1

    @functools.wraps(draw)
    def timed_draw(window: Any, *largs: Any) -> None:
        spent["drawing"] = time.perf_counter()
        draw(window, *largs)

    @functools.wraps(flip)
    def timed_flip(window: Any, *largs: Any) -> None:
        flip(window, *largs)
        if "drawing" in spent:  # a software renderer rasterises until the flip
            spent["draws"].append((time.perf_counter() - spent.pop("drawing")) * 1000)

    TableScreen.refresh = timed_refresh  # type: ignore[method-assign,assignment]
    Label.texture_update = timed_render
    type(Window).on_draw = timed_draw
    type(Window).flip = timed_flip
    return spent


async def phones(server: Any) -> list[tuple[Any, asyncio.Task[None]]]:
    """Four phones, one a seat, each reading every view it is sent."""
    import aiohttp  # noqa: PLC0415

    from companion.core.types import Seat  # noqa: PLC0415
    from testkit.phone import Phone, loopback  # noqa: PLC0415

    client = aiohttp.ClientSession()

    async def read(phone: Phone) -> None:
        async for _ in phone.texts():
            pass
        await client.close()

    joined = []
    for seat in range(4):
        phone = Phone(client, loopback(server.port))
        await phone.join(server.tokens.token(Seat(seat)))
        joined.append((phone, asyncio.ensure_future(read(phone))))
    return joined


ANDROID_FIGURES = ("cold_start_s", "frame_p50_ms", "frame_p99_ms", "peak_rss_mb")


def run(actions: int, on_android: bool) -> int:
    """One app in a fresh process, its figures printed (``android_``-named on Android)."""
    start = time.perf_counter()
    root = Path(__file__).resolve().parents[1]
    prefix = "android_" if on_android else ""
    # The child imports this file as a module, from the project's root.
    proc = subprocess.Popen(
        [sys.executable, "-c", f"from bench.tablet import child; child({actions}, {on_android})"],
        stdout=subprocess.PIPE, text=True, cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
    )  # fmt: skip
    assert proc.stdout is not None
    for said in proc.stdout:
        line = said.strip()
        if line == "first-frame":
            line = f"cold_start_s: {time.perf_counter() - start:.2f} s"
        name = line.partition(":")[0]
        if ":" in line and (not on_android or name in ANDROID_FIGURES):
            print(prefix + line, flush=True)
    return proc.wait()


def main() -> None:
    actions = 20 if "--smoke" in sys.argv[1:] else GAME_ACTIONS
    sys.exit(run(actions, on_android=False) or run(actions, on_android=True))


if __name__ == "__main__":
    main()
