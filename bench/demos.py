"""Every demo plays to its end: prints ``name: value unit`` lines; exits 1 if one did not.

Each registered game, at 4 players and at the largest table its demo offers, in every
way ``companion demo`` runs — phones may join or not (``--no-phones``), and the bots'
cards laid on no readers (``--no-readers``), on emulated PN532s (``--input nfc``) or on
reader boards (``--input board``) — over many seeds, the three languages in turn. Each
game is the command as typed (``companion demo … --fast``) run in a worker process
(forked once everything is imported, so nothing is imported twice), on every core;
the PN532 games mostly wait on their readers, so more games run than there are cores.

A game passes when the command exits 0, its journal holds its end, the terminal names
its winners (or says there are none, where the game's rules end so: 風聲 with everyone
dead), and nothing it printed — on the terminal or the error stream — is a traceback.

- ``demo_games``: the games played.
- ``demo_failures``: the games that did not pass, each printed with the command that
  plays it again and the end of what it printed (and its crash report, if it made one).
- ``demo_cpu_s_per_game.<input>``: the CPU a game costs (its worker's, every thread
  counted), by input (``none``, ``nfc``, ``board``), over every game, size and seed.
- ``demo_wall_s``: the whole run.

Run: ``python bench/demos.py [--seeds N | --seed-list A,B,…] [--game GAME …] [--jobs J]``
(seeds 1 to 100 of every game by default; the tests play a fresh seed every run, every seed
that ever failed, of its game, and seeds 1 to 20 with ``--deep`` —
``tests/ui/test_demo_soak.py``); ``--smoke`` plays one seed of each game without readers.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.core.types import JSON
from companion.games import GAMES
from companion.i18n import LANGS, Voice
from companion.journal import Journal
from ui import demo
from ui.cli import main as companion

WAYS: tuple[tuple[str, ...], ...] = tuple(
    (*phones, *inputs)
    for inputs in (("--no-readers",), *(("--input", i) for i in demo.INPUTS))
    for phones in ((), ("--no-phones",))
)
"""Every way a demo runs: with or without phones, on no readers or on each kind."""


@dataclass(frozen=True)
class Demo:
    game: str
    players: int
    way: tuple[str, ...]
    seed: int

    @property
    def lang(self) -> str:
        return LANGS[self.seed % len(LANGS)]

    @property
    def input(self) -> str:
        return self.way[-1] if "--input" in self.way else "none"

    def argv(self, db: Path) -> list[str]:
        return ["demo", "--game", self.game, "--players", str(self.players), "--fast",
                "--seed", str(self.seed), "--lang", self.lang, "--port", "0", *self.way,
                "--db", str(db)]  # fmt: skip


@dataclass(frozen=True)
class Played:
    demo: Demo
    failure: str | None
    cpu_s: float


def demos(
    seeds: Sequence[int], games: Sequence[str] = tuple(GAMES), *, smoke: bool = False
) -> Iterator[Demo]:
    """The PN532 games first: they take longest."""
    ways = (
        [("--no-phones", "--no-readers")] if smoke else sorted(WAYS, key=lambda w: "nfc" not in w)
    )
    for way in ways:
        for game in games:
            spec = GAMES[game]
            for players in sorted({4, max(spec.demo_sizes)}):
                for seed in seeds:
                    yield Demo(game, players, way, seed)


def play(one: Demo) -> Played:
    """``one`` played as typed, in this worker; what went wrong, if anything."""
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as tmp:
        db, out = Path(tmp) / "journal.sqlite3", io.StringIO()
        cpu = time.process_time()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = companion(one.argv(db))
        cpu = time.process_time() - cpu
        return Played(one, _judged(one, code, out.getvalue(), db), cpu)


def _judged(one: Demo, code: int, printed: str, db: Path) -> str | None:
    if code != 0 or "Traceback" in printed:
        return f"exit {code}"
    games = Journal(db, write=False).games()
    result = games[0].result if games else None
    winners: JSON = None if result is None else result.get("winners")
    if not isinstance(winners, list):
        return f"the journal holds no end: {result}"
    voice = Voice.of(one.lang, GAMES[one.game], games[0].seats)
    said = "demo.winners" if winners else "demo.no_winner"  # 風聲: everyone dead or lost
    if voice.say(said, {"winners": winners}) not in printed:
        return "the terminal did not say who won"
    return None


def _said(failed: Played, printed_tail: str) -> str:
    command = " ".join(["companion", *failed.demo.argv(Path("journal.sqlite3"))])
    return f"FAILED ({failed.failure}): {command}\n{printed_tail}"


def _replayed(one: Demo) -> str:
    """What a failed game printed, played again to be shown (and its crash report)."""
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as tmp:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            companion(one.argv(Path(tmp) / "journal.sqlite3"))
    reports = sorted(Path(os.environ["XDG_STATE_HOME"]).rglob("crash-*.txt"))
    report = reports[-1].read_text(encoding="utf-8") if reports else ""
    return "\n".join(out.getvalue().splitlines()[-30:]) + "\n" + report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    chosen = parser.add_mutually_exclusive_group()
    chosen.add_argument("--seeds", type=int, default=100, help="seeds 1 to N")
    chosen.add_argument("--seed-list", type=lambda t: [int(s) for s in t.split(",")],
                        help="these seeds, comma-separated")  # fmt: skip
    parser.add_argument("--game", action="append", choices=list(GAMES),
                        help="this game only (again for more); every game by default")  # fmt: skip
    parser.add_argument("--jobs", type=int, default=3 * (os.cpu_count() or 1))
    parser.add_argument("--smoke", action="store_true")
    args = parser.parse_args()
    os.environ["COLUMNS"] = "200"  # a line the terminal names the winners in is never wrapped
    os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="companion-state-")
    seeds = args.seed_list or range(1, 2 if args.smoke else args.seeds + 1)
    jobs = list(demos(seeds, args.game or tuple(GAMES), smoke=args.smoke))
    start, cpu, failed = time.monotonic(), dict[str, list[float]](), list[Played]()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for played in pool.imap_unordered(play, jobs):
            cpu.setdefault(played.demo.input, []).append(played.cpu_s)
            if played.failure is not None:
                failed.append(played)
                print(_said(played, ""), file=sys.stderr, flush=True)
    for each in failed[:3]:
        print(_said(each, _replayed(each.demo)), file=sys.stderr)
    print(f"demo_games: {len(jobs)} games")
    print(f"demo_failures: {len(failed)} games")
    for kind, spent in sorted(cpu.items()):
        print(f"demo_cpu_s_per_game.{kind}: {statistics.mean(spent):.2f} s")
    print(f"demo_wall_s: {time.monotonic() - start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
