"""Journals as a table leaves them, and as a failing memory card or a full disk leaves them.

Every journal here is a real SQLite file played through a real table. Damage
is bytes written over a page of the closed file, as a card that lost power
mid-write leaves it; a full disk is SQLite's own limit on the file's pages,
which fails a write with ``SQLITE_FULL`` just as a disk with no space left does.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

from companion.core.actions import Action
from companion.core.playout import step
from companion.journal import Journal
from companion.journal_errors import JournalError
from companion.table import Table
from companion.transcript import new_header

SEATS = ["Ann", "Ben", "Cat", "Dan"]
TABLE_LEAF = 0x0D
"""The first byte of an SQLite page that holds a table's rows."""


def play(table: Table, rng: random.Random, moves: int | None = None) -> None:
    """Random legal moves at ``table``: ``moves`` of them, or to the end of the game."""
    done = 0
    while table.over() is None and (moves is None or done < moves):
        table.submit(step(table.spec, table.state, rng, {}))
        done += 1


def two_games(path: Path) -> list[list[dict[str, object]]]:
    """A journal of a finished game and, after it, a long unfinished one; each game's
    actions as the journal held them before anything happened to the file."""
    journal = Journal(path)
    finished = Table.start(journal, "microfilms", SEATS, rng=random.Random(1))
    play(finished, random.Random(1))
    unfinished = Table.start(journal, "microfilms", SEATS, rng=random.Random(8))
    play(unfinished, random.Random(8), moves=200)
    assert unfinished.over() is None
    kept = [[e.action for e in journal.entries(t.game_id)] for t in (finished, unfinished)]
    journal.close()  # the last connection writes the WAL back into the file
    return kept


def damage_rows_page(path: Path, from_end: int = 1) -> None:
    """512 bytes of junk over the ``from_end``-th page of rows counted from the end of the file."""
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    page_size = 65536 if size == 1 else size
    starts = range(page_size, len(data), page_size)  # page 1 holds the header; rows come later
    leaves = [start for start in starts if data[start] == TABLE_LEAF]
    start = leaves[-from_end]
    data[start : start + 512] = random.Random(from_end).randbytes(512)
    path.write_bytes(bytes(data))


def fill(journal: Journal) -> None:
    """The disk is as full as the journal is now: its file may not grow by one page more."""
    (pages,) = journal._db.execute("PRAGMA page_count").fetchone()
    journal._db.execute(f"PRAGMA max_page_count = {pages}")


def until_full(table: Table, rng: random.Random) -> Action:
    """Random moves at ``table`` on a full disk until one cannot be saved: that move, refused
    (so the table is as it was before it, and the same move would be refused again).

    Mostly passes, so that the game lasts until the disk is full.
    """
    fill(table.journal)
    while table.over() is None:
        action = step(table.spec, table.state, rng, {"pass": 10})
        try:
            table.submit(action)
        except JournalError as err:
            assert err.code == "full", err
            return action
    raise AssertionError("the game ended before the disk was full")


def full_of_games(journal: Journal) -> None:
    """A disk so full that no new game fits: small ones were started until one did not, so
    none as big can be either."""
    fill(journal)
    small = new_header("microfilms", ["A", "B", "C"])
    for _ in range(1000):
        try:
            journal.create(small)
        except JournalError as err:
            assert err.code == "full", err
            return
    raise AssertionError("the disk never filled")


def free(journal: Journal) -> None:
    """Room on the disk again, as when someone deleted a few photos."""
    journal._db.execute("PRAGMA max_page_count = 1073741823")


def digest(path: Path) -> str:
    """What a file holds, to show it was not written to."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
