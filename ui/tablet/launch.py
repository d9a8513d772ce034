"""Starting the tablet: Kivy's environment first, then one asyncio loop for everything.

The Kivy app, the phones' server and the input sources share one loop
(``App.async_run(async_lib="asyncio")``); blocking work goes to threads.
Kivy must not read the command line (``KIVY_NO_ARGS``), must keep its files
in the app's own folder, and must know the window size before the window
exists — hence this module imports Kivy only inside :func:`prepare`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from companion.ingest import Recognise
from companion.journal import Journal
from ui.tablet.speech import Espeak

if TYPE_CHECKING:
    from hardware.sources import Context, Watch

WINDOW = (1280, 800)
"""A 10-inch landscape tablet; on a desktop, the window the app opens."""


def prepare(home: Path, size: tuple[int, int] = WINDOW, *, fullscreen: bool = False) -> None:
    """Set Kivy's environment and window before anything imports Kivy."""
    if "kivy" in sys.modules:
        raise RuntimeError("Kivy was imported before its settings were made")
    home.mkdir(parents=True, exist_ok=True)
    os.environ["KIVY_NO_ARGS"] = "1"
    os.environ["KIVY_HOME"] = str(home)
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")
    # Where no GPU driver is found, Mesa's software renderer (llvmpipe) draws; with its
    # rasterizer threads it holds up to 1.7 GB for outlines drawn among other shapes (a
    # 40-shape Kivy window shows it; 150 MB in one thread), which grew the tablet evening by
    # evening. Drawn in the app's own thread instead (docs/benchmarks.md). A GPU ignores it.
    os.environ.setdefault("LP_NUM_THREADS", "0")
    import kivy  # noqa: PLC0415 -- only now that the environment is set
    from kivy.config import Config  # noqa: PLC0415

    # X11's cut buffer (xclip, xsel) is a desktop's, not a tablet's: without it Kivy
    # would try both tools and log two tracebacks and a "critical" line at every start.
    kivy.kivy_options["cutbuffer"] = ()
    logging.getLogger("kivy").addFilter(_no_cut_buffer)

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    # The art is flat shapes and text, read from a metre away: multisampling would
    # have a software renderer shade every pixel twice and hold a second framebuffer
    # (frame p99 65–74 → 49–50 ms, 50 MB less: docs/benchmarks.md), for edges no one sees.
    Config.set("graphics", "multisamples", "0")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("input", "mouse", "mouse,multitouch_on_demand")


def _no_cut_buffer(record: logging.LogRecord) -> bool:
    """Drop Kivy's complaint that no cut buffer was found: none is looked for."""
    return not str(record.msg).startswith("Cutbuffer:")


def run(
    journal: Journal,
    lang: str,
    *,
    host: str | None,
    port: int,
    home: Path,
    readers: Sequence[Watch] = (),
    recognise: Recognise | None = None,
    context: Context | None = None,
) -> None:
    """``companion play``: the tablet app until its window closes."""
    prepare(home, fullscreen=os.environ.get("TC_FULLSCREEN") == "1")
    from ui.tablet.app import TabletApp  # noqa: PLC0415 -- Kivy is configured now

    app = TabletApp(
        journal, lang, host=host, port=port, readers=readers, recognise=recognise,
        context=context, speaker=Espeak(),
    )  # fmt: skip
    asyncio.run(app.run_all())
