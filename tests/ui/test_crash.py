"""A game killed at random moments loses nothing it committed (DESIGN: the journal).

One demo game is played by a child process that is SIGKILLed at a random
moment, again and again; each time ``companion resume`` picks it up. The
child prints ``#N`` for each action once it is committed, so after every kill
the journal must hold at least the last ``N`` printed, it must replay, and
``resume`` must restore exactly the state those actions make.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.journal import Journal
from companion.transcript import replayed

KILLS = 24


def companion(*args: str) -> list[str]:
    return [sys.executable, "-m", "ui.cli", "--lang", "en", *args]


def committed_rows(db: Path, game: int) -> int:
    """Counted on a connection of its own, closed at once: one left open in this process
    would keep a view of the journal's WAL index that a later process may have replaced."""
    with contextlib.closing(sqlite3.connect(db)) as con:
        (count,) = con.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game,)).fetchone()
    return int(count)


def run_and_kill(cmd: list[str], after: float) -> int:
    """Start ``cmd``, SIGKILL it after ``after`` seconds; the last journal position it printed."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "120"}
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    time.sleep(after)
    child.send_signal(signal.SIGKILL)
    out, _ = child.communicate()
    seen = [int(n) for n in re.findall(rb"^#(\d+)", out, flags=re.MULTILINE)]
    return max(seen, default=0)


@pytest.mark.long(55)
def test_a_killed_game_resumes_with_every_committed_action(tmp_path: Path) -> None:
    db = tmp_path / "journal.sqlite3"
    rng = random.Random(20261129)
    kills = finished = 0
    game = None
    while kills < KILLS:
        if game is None:
            cmd = companion(
                "demo", "--db", str(db), "--pace", "0.03", "--seed", str(kills), "--no-phones"
            )
        else:
            cmd = companion("resume", str(game), "--db", str(db), "--pace", "0.03", "--no-phones")
        printed = run_and_kill(cmd, rng.uniform(0.6, 2.0))
        kills += 1
        journal = Journal(db)
        if game is None and not journal.games():
            journal.close()
            continue  # killed before the game was even created: nothing was committed
        game = game or max(g.id for g in journal.games())
        rows = committed_rows(db, game)
        assert printed <= rows, f"printed #{printed} as committed, journal holds {rows}"

        restored = subprocess.run(
            companion("resume", str(game), "--db", str(db), "--json"),
            capture_output=True,
            check=True,
        )
        resumed = json.loads(restored.stdout)
        entries = journal.entries(game)
        expected = journal.header(game).spec.public_view(
            replayed(journal.header(game), [e.action for e in entries])
        )
        assert resumed["seq"] == rows == len(entries)
        assert resumed["public"] == expected
        assert resumed["goes_on"], f"resumed after #{rows}, the table cannot go on"
        if resumed["public"]["over"] is not None:
            finished += 1
            game = None
        journal.close()
    assert kills >= 20
