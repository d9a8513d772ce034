"""Every registered game's demo, played once to its end on a journal of its own: the games
whose stories these tests draw."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path

import pytest
from rich.console import Console

from companion.games import GAMES
from companion.i18n import Voice, sample_names
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService
from ui import demo


def finished_demo(game: str, db: Path) -> TableService:
    """``companion demo --game GAME --fast --no-phones`` as the command plays it: bots at
    every seat, with no pause, to the end."""
    spec = GAMES[game]
    names = sample_names("en", spec.demo_sizes[0])
    service = TableService.start(Journal(db), game, names, draws=Draws.APP,
                                 rng=random.Random(7), by="demo")  # fmt: skip
    console = Console(file=io.StringIO())
    asyncio.run(demo.play(service, console, Voice.of("en", spec, names), 0.0, "7"))
    return service


@pytest.fixture(scope="session")
def demos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, TableService]:
    folder = tmp_path_factory.mktemp("demos")
    return {game: finished_demo(game, folder / f"{game}.sqlite3") for game in GAMES}
