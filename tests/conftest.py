"""Every test keeps the app's log and crash reports in a folder of its own run, never in
the user's (``ui.faults``): set before anything asks the platform where logs go.

Here too the run settles which random games it plays (:mod:`tests.runs`): its seed is drawn
once, by the controller of a parallel run, handed down to every worker and printed at the
top; ``--deep`` plays the fixed full lists; ``--replay GAME:WAY:SEED`` plays one game alone.
"""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.runs import PLAYED, run_of, settle

os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="companion-state-")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("random games", "which random games the suites play")
    group.addoption(
        "--run-seed", type=int, default=None, metavar="N",
        help="the run's seed, printed at the top of every run: that run's draw again",
    )  # fmt: skip
    group.addoption(
        "--deep", action="store_true",
        help="the full depth: the fixed lists of games, every way a table plays",
    )  # fmt: skip
    group.addoption(
        "--replay", default=None, metavar="GAME:WAY:SEED",
        help="the one game a failure named, and nothing else of its suite",
    )  # fmt: skip
    group.addoption(
        "--budget", type=float, default=1.0, metavar="FACTOR",
        help="a factor on the time each part of a random suite plays fresh games",
    )  # fmt: skip
    parser.getgroup("pictures").addoption(
        "--shots", type=Path, default=None, metavar="DIR",
        help="where the screens the tests draw are saved (build/screenshots by default)",
    )  # fmt: skip


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "long(seconds): a test that takes about that long on one core, run first"
    )
    config.addinivalue_line(
        "markers", "random_games: plays the random games of a suite (what --replay keeps)"
    )
    worker: dict[str, Any] | None = getattr(config, "workerinput", None)
    settle(config, worker["run_seed"] if worker else config.getoption("run_seed"))
    if worker is None and config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_HandDown(config))
    if worker is None:
        config.pluginmanager.register(_Tally())


class _HandDown:
    """Gives every worker of a parallel run the controller's seed, so that all of them
    draw one run's games."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config

    def pytest_configure_node(self, node: Any) -> None:
        node.workerinput["run_seed"] = run_of(self.config).seed


def pytest_report_header(config: pytest.Config) -> str:
    run = run_of(config)
    if run.replay is not None:
        return f"random games: only {run.replay}"
    if run.deep:
        return "random games: --deep, the fixed full lists"
    return f"random games: run seed {run.seed} (the same draw again: --run-seed {run.seed})"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest tests first, so that the workers share them out at the start and the run
    does not wait at its end for one that began late (``scripts/test`` hands out one test
    at a time); the others keep their order. With ``--replay``, only the random games."""

    def seconds(item: pytest.Item) -> float:
        mark = item.get_closest_marker("long")
        return -float(mark.args[0]) if mark is not None else 0.0

    if run_of(config).replay is not None:
        kept = [i for i in items if i.get_closest_marker("random_games") is not None]
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept
    items.sort(key=seconds)


class _Tally:
    """The random games each test played (in whichever worker), added up at the end."""

    def __init__(self) -> None:
        self.played: Counter[str] = Counter()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties if report.when == "call" else ():
            if name == PLAYED:
                suite, games = value
                self.played[suite] += games

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.played:
            said = " · ".join(f"{suite} {n}" for suite, n in sorted(self.played.items()))
            terminalreporter.write_line(f"random games played: {said}")


@pytest.fixture(scope="session")
def shots(pytestconfig: pytest.Config) -> Path:
    """Where the screens the tests draw are saved (``scripts/pictures`` picks the docs'
    pictures from there): ``--shots DIR``, or ``build/screenshots`` in the project's root."""
    given: Path | None = pytestconfig.getoption("shots")
    folder = given or pytestconfig.rootpath / "build" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
