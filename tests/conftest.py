"""Every test keeps the app's log and crash reports in a folder of its own run, never in
the user's (``ui.faults``): set before anything asks the platform where logs go."""

from __future__ import annotations

import os
import tempfile

import pytest

os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="companion-state-")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "long(seconds): a test that takes about that long on one core, run first"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first, so that the workers share them out at the start and the run
    does not wait at its end for one that began late (``scripts/test`` hands out one test
    at a time); the others keep their order."""

    def seconds(item: pytest.Item) -> float:
        mark = item.get_closest_marker("long")
        return -float(mark.args[0]) if mark is not None else 0.0

    items.sort(key=seconds)
