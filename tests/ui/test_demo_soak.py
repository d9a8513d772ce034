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
    fresh = random.Random(f"{run.seed}/{PATH}").randrange(10**6)
    assert played(list(range(1, DEEP + 1)) if run.deep else [fresh], list(GAMES)) == []


def test_every_demo_that_once_failed_plays_to_a_winner_in_every_way_it_runs() -> None:
    for failed in failed_before(PATH):
        assert played([failed.replay.seed], [failed.replay.game]) == [], failed


def played(seeds: list[int], games: list[str]) -> list[str]:
    """``bench/demos.py`` on these seeds of these games; what did not pass."""
    run = subprocess.run(
        [sys.executable, "bench/demos.py", "--seed-list", ",".join(map(str, seeds)),
         *(f"--game={game}" for game in games)],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=3600,
    )  # fmt: skip
    tables = sum(len({4, max(GAMES[game].demo_sizes)}) for game in games)
    ways = 2 * 3  # phones or not; no readers, PN532s or boards
    assert f"demo_games: {tables * ways * len(seeds)} games" in run.stdout, run.stderr[-3000:]
    if run.returncode == 0 and re.search(r"^demo_failures: 0 games$", run.stdout, re.MULTILINE):
        return []
    return [run.stderr[-6000:]]
