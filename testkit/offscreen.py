"""The tablet app's Kivy, set to draw on an offscreen window, with no display.

Kivy reads its settings when it is first imported, so they must be made before anything
imports it: a test session's conftest or a bench's child process calls :func:`prepare`
first, and only then imports the app or the pilot (:mod:`testkit.tablet`).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from ui.tablet import launch


def prepare(maxfps: int | None = None) -> None:
    """SDL drawing offscreen, and the app's own Kivy settings (:func:`ui.tablet.launch.prepare`)
    in a fresh home of their own — at most ``maxfps`` frames a second, if given. Once Kivy is
    imported its settings are read already, and only SDL's driver is set."""
    os.environ["SDL_VIDEODRIVER"] = "offscreen"
    if "kivy" in sys.modules:
        return
    launch.prepare(Path(tempfile.mkdtemp(prefix="kivy-")))
    if maxfps is not None:
        from kivy.config import Config  # noqa: PLC0415 -- only once Kivy's environment is set

        Config.set("graphics", "maxfps", str(maxfps))
