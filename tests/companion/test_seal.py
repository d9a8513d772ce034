"""A game's fairness seal at the table: shown from the deal on, kept through a killed app,
opened — and checkable in any shell — only at the end."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from companion.core.playout import choose
from companion.core.types import Seat
from companion.journal import Journal
from companion.service import TableService
from tests.companion.test_fairness import in_a_shell

ROOT = Path(__file__).resolve().parents[2]
SEATS = ["Ann", "Ben", "Cat", "Dan"]
DEALT_THEN_KILLED = """
import os, signal, sys
from companion.journal import Journal
from companion.service import TableService
from companion.policy import Draws

seats = ["Ann", "Ben", "Cat", "Dan"]
service = TableService.start(Journal(sys.argv[1]), sys.argv[2], seats, draws=Draws.APP)
print(service.game_id, service.seal.fingerprint(), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def dealt_then_killed(db: Path, game: str) -> tuple[int, str]:
    """A new game dealt by an app that is then SIGKILLed: the game and the seal it showed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.run([sys.executable, "-c", DEALT_THEN_KILLED, str(db), game],
                           capture_output=True, text=True, env=env, check=False)  # fmt: skip
    assert child.returncode == -signal.SIGKILL, child.stderr
    number, seal = child.stdout.split()
    return int(number), seal


def test_the_seal_shown_at_the_deal_survives_a_killed_app_and_checks_out_at_the_end(
    tmp_path: Path,
) -> None:
    for game in ("microfilms", "themessage"):
        db = tmp_path / f"{game}.sqlite3"
        number, shown = dealt_then_killed(db, game)
        journal = Journal(db)
        service = TableService.resume(journal, number)
        assert service.seal.fingerprint() == shown
        salt = journal.salt(number)
        assert salt is not None
        rng = random.Random(8)
        while service.over() is None:
            assert service.seal.opened() is None
            seen = [repr(service.seat_view(Seat(i))) for i in range(len(SEATS))]
            assert not [s for s in [*seen, repr(service.public_view())] if salt in s]
            seat = service.acting()
            assert seat is not None
            service.submit(choose(service.spec, service.table.state, seat, rng, {}))
        opened = service.seal.opened()
        assert opened is not None and opened.salt == salt
        assert in_a_shell(opened.command) == shown + "\n"
        again = TableService.resume(journal, number)
        assert again.seal.fingerprint() == shown, "a second start keeps the first salt"
