"""Which random games a run plays (:mod:`tests.runs`): a seed of its own each run, printed at
the top and handed to every worker; the same seed, the same games; every game that ever
failed on the list, each naming a suite, a registered game and a way that suite plays."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import GAMES
from tests.companion.games.test_every_table import WAYS
from tests.runs import FAILED_BEFORE, Replay, Run, failed_before, run_of

ROOT = Path(__file__).resolve().parents[1]
SUITE_WAYS = {
    "tests/companion/games/test_every_game.py": {"app", "told", "told_centre"},
    "tests/companion/games/test_every_table.py": set(WAYS),
    "tests/ui/test_demo_soak.py": {"every"},  # a seed is played in every way a demo runs
}


def run(seed: int, *, deep: bool = False) -> Run:
    return Run(seed=seed, deep=deep, replay=None, scale=0.0)


def test_one_run_seed_draws_the_same_games_and_another_draws_others() -> None:
    first = [next(run(7).seeds("suite", game, 0, 0.0)) for game in GAMES]
    assert first == [next(run(7).seeds("suite", game, 0, 0.0)) for game in GAMES]
    assert len(set(first)) == len(GAMES)
    assert next(run(8).seeds("suite", "microfilms", 0, 0.0)) != first[0]
    assert run(7).chunk("suite", 1, 5, 100) == run(7).chunk("suite", 1, 5, 100)
    assert run(7).chunk("suite", 1, 5, 100) != run(7).chunk("suite", 2, 5, 100)


def test_the_full_depth_is_the_fixed_list() -> None:
    assert run(7, deep=True).chunk("suite", 2, 5, 100) == [110, 111, 112, 113, 114]


def test_a_failure_s_replay_reads_back() -> None:
    assert str(Replay.parse("themessage:told:4417300000663")) == "themessage:told:4417300000663"


def test_every_game_that_ever_failed_names_a_suite_a_game_and_a_way_it_plays() -> None:
    lines = FAILED_BEFORE.read_text(encoding="utf-8").splitlines()
    listed = [line for line in lines if line.strip() and not line.startswith("#")]
    found = [f for suite in SUITE_WAYS for f in failed_before(suite)]
    assert len(found) == len(listed) >= 8
    for failed in found:
        assert (ROOT / failed.suite).is_file()
        assert failed.replay.game in GAMES
        assert failed.replay.way in SUITE_WAYS[failed.suite], failed
        assert len(failed.found) > 20, "what it found, in words"


@pytest.mark.parametrize("given", [None, 123456789])
def test_every_run_prints_its_seed_at_the_top(given: int | None) -> None:
    """Two runs draw two seeds; a seed given is the one printed."""
    args = [] if given is None else ["--run-seed", str(given)]
    printed = []
    for _ in range(2):
        out = subprocess.run(
            [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider",
             "tests/test_runs.py", *args],
            cwd=ROOT, check=True, capture_output=True, text=True,
        ).stdout  # fmt: skip
        said = re.search(r"^random games: run seed (\d+) \(the same draw again: --run-seed \1\)$",
                         out, re.M)  # fmt: skip
        assert said is not None, out[:2000]
        printed.append(int(said.group(1)))
    assert (printed == [given, given]) if given else (printed[0] != printed[1])


@pytest.mark.parametrize("worker", range(4))
def test_each_worker_draws_from_the_run_s_seed(worker: int, request: pytest.FixtureRequest) -> None:
    """Where ``SEEN_SEEDS`` names a folder (the test below), says which seed it drew from."""
    seen = os.environ.get("SEEN_SEEDS")
    if seen:
        name = os.environ.get("PYTEST_XDIST_WORKER", "main")
        (Path(seen) / f"{name}-{worker}").write_text(str(run_of(request.config).seed))


def test_the_workers_of_a_parallel_run_share_its_seed(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "each", "-p", "no:cacheprovider",
         "-q", "tests/test_runs.py::test_each_worker_draws_from_the_run_s_seed"],
        cwd=ROOT, check=True, capture_output=True, env={**os.environ, "SEEN_SEEDS": str(tmp_path)},
    )  # fmt: skip
    seen = {p.name: p.read_text() for p in tmp_path.iterdir()}
    assert len({name.split("-")[0] for name in seen}) == 2, seen  # each worker ran them all
    assert len(set(seen.values())) == 1, seen
