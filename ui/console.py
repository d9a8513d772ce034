"""The ``companion`` command's entry point, kept apart from :mod:`ui.cli` so that a Ctrl-C in
the second it takes to load the app (its games, its readers, its catalog) stops it quietly
with 130, as it does once the app has loaded, rather than with Python's traceback."""

from __future__ import annotations


def run() -> int:
    try:
        from ui.cli import main  # noqa: PLC0415 -- the loading a Ctrl-C may interrupt
    except KeyboardInterrupt:
        return 130
    return main()
