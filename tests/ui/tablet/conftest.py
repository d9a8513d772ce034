"""The tablet app on an offscreen window, driven by real touches (:mod:`testkit.tablet`).

Kivy reads its settings when first imported, so they are made here, before any test
module imports it. Every test gets a fresh app on a fresh journal, running in the test's
own asyncio loop — as ``companion play`` runs it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from testkit import offscreen

# A test waits for frames, never for time: at 20 frames a second instead of 60, a
# countdown or a held button redraws a third as often, and the software renderer's
# CPU goes to the other tests.
offscreen.prepare(maxfps=20)

from testkit.tablet import Loops, Tablet, run_tablet  # noqa: E402 -- Kivy is configured now


@pytest.fixture
async def tablet(tmp_path: Path, request: Any, shots: Path) -> AsyncIterator[Tablet]:
    lang = getattr(request, "param", "en")
    async for t in run_tablet(tmp_path / "journal.sqlite3", lang, shots=shots):
        yield t


@pytest.fixture(autouse=True)
def settles() -> Iterator[None]:
    """A layout that never settles — a size worked out from what a label measures in that
    size, changing what it measures — shows only as Kivy's warning of too much iteration
    before a frame, frame after frame, while the test goes on slowly: it fails the test,
    whether it loops while the test sets up, plays or stops, and says where the loop is
    (read when it loops: a widget may be gone by the test's end)."""
    with Loops() as loops:
        yield
    assert not loops.seen, loops.seen[0]
