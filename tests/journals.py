"""Journals as a table leaves them: real SQLite files played through a real table."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

from companion.core.playout import step
from companion.table import Table

SEATS = ["Ann", "Ben", "Cat", "Dan"]


def play(table: Table, rng: random.Random, moves: int | None = None) -> None:
    """Random legal moves at ``table``: ``moves`` of them, or to the end of the game."""
    done = 0
    while table.over() is None and (moves is None or done < moves):
        table.submit(step(table.spec, table.state, rng, {}))
        done += 1


def digest(path: Path) -> str:
    """What a file holds, to show it was not written to."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
