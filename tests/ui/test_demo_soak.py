"""Every demo plays to its end: every registered game, at 4 players and at its largest demo
table, with and without phones, on no readers, on PN532s and on reader boards, twenty
seeds each — each ``companion demo`` as typed, through the real terminal face, ending with
its winners named and no traceback (``bench/demos.py``, which plays more seeds)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
SEEDS = 20


@pytest.mark.long(420)
def test_every_demo_plays_to_a_winner_on_twenty_seeds_in_every_way_it_runs() -> None:
    run = subprocess.run(
        [sys.executable, "bench/demos.py", "--seeds", str(SEEDS)],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=3600,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-6000:]
    tables = sum(len({4, max(spec.demo_sizes)}) for spec in GAMES.values())
    ways = 2 * 3  # phones or not; no readers, PN532s or boards
    assert f"demo_games: {tables * ways * SEEDS} games" in run.stdout
    assert re.search(r"^demo_failures: 0 games$", run.stdout, flags=re.MULTILINE)
