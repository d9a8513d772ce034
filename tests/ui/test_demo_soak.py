"""Every demo plays to its end: every registered game, at 4 players and at its largest demo
table, with and without phones, on no readers, on PN532s and on reader boards — a fresh seed
every run and every seed that ever failed (``tests/failed_before.txt``), seeds 1 to 20 with
``--deep`` (:mod:`tests.runs`) — each ``companion demo`` as typed, through the real terminal
face, ending with its winners named and no traceback (``bench/demos.py``, which plays more
seeds). A game that fails is printed with the ``companion demo`` command that plays it
again."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import GAMES
from tests.runs import failed_before, run_of

ROOT = Path(__file__).resolve().parents[2]
PATH = "tests/ui/test_demo_soak.py"
DEEP = 20
"""Seeds 1 to this with ``--deep``."""


@pytest.mark.long(100)
def test_every_demo_plays_to_a_winner_in_every_way_it_runs(request: pytest.FixtureRequest) -> None:
    run = run_of(request.config)
    seeds = (
        list(range(1, DEEP + 1))
        if run.deep
        else [random.Random(f"{run.seed}/{PATH}").randrange(10**6)]
    )
    seeds += [f.replay.seed for f in failed_before(PATH) if f.replay.seed not in seeds]
    played = subprocess.run(
        [sys.executable, "bench/demos.py", "--seed-list", ",".join(map(str, seeds))],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=3600,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr[-6000:]
    tables = sum(len({4, max(spec.demo_sizes)}) for spec in GAMES.values())
    ways = 2 * 3  # phones or not; no readers, PN532s or boards
    assert f"demo_games: {tables * ways * len(seeds)} games" in played.stdout
    assert re.search(r"^demo_failures: 0 games$", played.stdout, flags=re.MULTILINE)
