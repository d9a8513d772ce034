"""The one launcher (:mod:`ui.live`): what a live game runs beside its service starts and
ends with it, and nothing else in the faces builds it."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import aiohttp
import pytest

from companion.journal import Journal
from companion.service import TableService
from ui.live import LiveTable

ROOT = Path(__file__).resolve().parents[2]


def _service(tmp_path: Path) -> TableService:
    journal = Journal(tmp_path / "j.sqlite3")
    return TableService.start(
        journal, "microfilms", ["Ann", "Ben", "Cat", "Dan"], rng=random.Random(1)
    )


async def test_a_live_table_serves_phones_while_it_runs_and_not_a_moment_after(
    tmp_path: Path,
) -> None:
    """A phone reaches the table's page while the game runs; once the game is left, the
    port is closed and the window clock stopped — nothing of it stays behind."""
    live = LiveTable(_service(tmp_path), host="127.0.0.1", port=0)
    async with live, aiohttp.ClientSession() as http:
        assert live.phones is not None
        base = f"http://127.0.0.1:{live.phones.port}"
        async with http.get(base + "/") as page:
            assert page.status == 200
        port = live.phones.port
    with pytest.raises(OSError):
        await asyncio.open_connection("127.0.0.1", port)
    assert live._timer is None


async def test_a_table_without_phones_serves_none(tmp_path: Path) -> None:
    """``companion demo --no-phones``: no server is built, the clock still closes windows."""
    async with LiveTable(_service(tmp_path), phones=False) as live:
        assert live.phones is None and live._timer is not None


def test_only_the_launcher_builds_a_phone_server_or_a_window_clock() -> None:
    """Every face runs its games through the launcher: none builds their parts itself."""
    builders = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "ui").rglob("*.py")
        if re.search(r"\b(PhoneServer|WindowTimer)\(", path.read_text(encoding="utf-8"))
    }
    assert builders == {"ui/live.py"}
