"""Which random games a run plays: fresh ones every run, every one that ever failed, and on
demand (``--deep``) the fixed lists the suites were first proven with.

A fixed list of seeds proves the same thing again on every run; the leaks found late were
found by games no fixed list had drawn. So, as a property-based test framework draws new
examples each run and keeps each one that failed (Hypothesis and its database), a run draws
a seed of its own from the OS at start-up (or takes ``--run-seed N``), prints it at the top,
and derives from it the seed of every random game it plays; each part of a suite plays as
many games as fit its share of the run's time. A game that fails says the one command that
replays it (:func:`replay_command`) and goes into ``failed_before.txt`` beside this module,
which every run plays again (:func:`failed_before`).

What a run plays changes only which games are drawn, never what a game checks: the same
game plays the same steps whatever the run, so a seed replays on any machine, at any
``PYTHONHASHSEED``.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

FAILED_BEFORE = Path(__file__).with_name("failed_before.txt")


@dataclass(frozen=True)
class Replay:
    """One game to play alone: ``GAME:WAY:SEED``, as a failure names it."""

    game: str
    way: str
    seed: int

    @classmethod
    def parse(cls, text: str) -> Replay:
        game, way, seed = text.split(":")
        return cls(game, way, int(seed))

    def __str__(self) -> str:
        return f"{self.game}:{self.way}:{self.seed}"


@dataclass(frozen=True)
class Run:
    """How this run draws its random games."""

    seed: int
    """The run's own seed, from which every fresh game's seed is derived."""
    deep: bool
    """Whether to play the fixed full lists instead of fresh games."""
    replay: Replay | None
    """A single game to play instead of any other, in the suite asked for."""
    scale: float
    """A factor on every part's share of time (``--budget``)."""

    def seeds(self, suite: str, game: str, part: int, seconds: float) -> Iterator[int]:
        """Fresh seeds for one part of a suite, until its share of time is spent (at least
        one game): the same run seed gives the same seeds in the same order."""
        rng = random.Random(f"{self.seed}/{suite}/{game}/{part}")
        deadline = time.monotonic() + seconds * self.scale
        yield rng.getrandbits(48)
        while time.monotonic() < deadline:
            yield rng.getrandbits(48)

    def chunk(self, suite: str, part: int, size: int, base: int) -> list[int]:
        """``size`` seeds for one part of a suite counted in games: with ``--deep`` the fixed
        list from ``base`` on, else fresh ones."""
        if self.deep:
            return list(range(base + part * size, base + (part + 1) * size))
        rng = random.Random(f"{self.seed}/{suite}/{part}")
        return [rng.getrandbits(48) for _ in range(size)]


def parts(config: pytest.Config, *, deep: int, fresh: int) -> range:
    """The parts of a suite counted in games: ``deep`` of them with ``--deep``, else
    ``fresh``."""
    return range(deep if run_of(config).deep else fresh)


def cases(
    config: pytest.Config, games: list[str], ways: tuple[str, ...], *, deep: int, fresh: int
) -> list[tuple[str, str, int]]:
    """The parts a random suite is cut into, as ``(game, way, part)``: ``deep`` parts a game
    and way for ``--deep``'s fixed lists, ``fresh`` for a run's fresh games, or the one game
    ``--replay`` names."""
    run = run_of(config)
    if run.replay is not None:
        return [(run.replay.game, run.replay.way, 0)]
    parts = range(deep if run.deep else fresh)
    return [(game, way, part) for game in games for way in ways for part in parts]


def run_of(config: pytest.Config) -> Run:
    """This run's draw, as ``tests/conftest.py`` settled it at start-up."""
    run = config.stash.get(RUN, None)
    assert run is not None, "tests/conftest.py settles the run at start-up"
    return run


RUN = pytest.StashKey[Run]()


def settle(config: pytest.Config, given: int | None) -> Run:
    """The run's draw: a seed given, handed down by the controller of a parallel run, or a
    new one drawn from the OS."""
    seed = given if given is not None else secrets.randbits(40)
    replay = config.getoption("replay")
    run = Run(
        seed=seed,
        deep=bool(config.getoption("deep")),
        replay=Replay.parse(replay) if replay else None,
        scale=float(config.getoption("budget")),
    )
    config.stash[RUN] = run
    return run


@dataclass(frozen=True)
class Failed:
    """A game that once failed, and what it found."""

    suite: str
    replay: Replay
    found: str


def failed_before(suite: str) -> list[Failed]:
    """Every game of ``suite`` that ever failed, in the order they were found."""
    found = []
    for line in FAILED_BEFORE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, replay, what = line.split(maxsplit=2)
        if name == suite:
            found.append(Failed(name, Replay.parse(replay), what))
    return found


def replay_command(path: str, replay: Replay) -> str:
    """The one command that plays the game ``replay`` names again, and it alone."""
    return f".venv/bin/pytest {path} --replay {replay}"


def played(request: pytest.FixtureRequest, suite: str, games: int) -> None:
    """Say that this test played ``games`` random games of ``suite`` (a short name, with the
    game): the run's summary adds them up."""
    request.node.user_properties.append((PLAYED, (suite, games)))


PLAYED = "random_games"


class GameFailed(AssertionError):
    """A random game broke a promise: where, and how to play it again."""

    def __init__(self, path: str, replay: Replay, step: int, cause: BaseException) -> None:
        super().__init__(
            f"{replay.game}, {replay.way}, seed {replay.seed}, step {step}: "
            f"{type(cause).__name__}: {cause}\n"
            f"  replay it: {replay_command(path, replay)}\n"
            f"  and keep it: add a line for it to {FAILED_BEFORE.relative_to(ROOT)}"
        )


ROOT = FAILED_BEFORE.parents[1]
