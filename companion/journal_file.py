"""Whether a file is a journal, and a sound one — found without writing a byte of it.

``--db`` may name any file: another program's database, a photo, a journal a
failing memory card half overwrote. So before the journal writes to a file it
reads it, read-only: its first bytes must be SQLite's; its header must carry
the journal's application id and a schema version this app knows — or, for a
journal written before the id existed, its tables must be the journal's own —
and SQLite's ``PRAGMA quick_check`` must find it whole.
"""

from __future__ import annotations

import enum
import sqlite3
from collections.abc import Mapping
from pathlib import Path

from companion.journal_errors import JournalError, sqlite_name

MAGIC = b"SQLite format 3\x00"
"""The first bytes of every SQLite database file."""
APPLICATION_ID = 0x54436A6C
"""``PRAGMA application_id`` of a journal ("TCjl"); files made before it have 0."""
VERSION = 1
"""``PRAGMA user_version`` of the schema this app writes; a change of schema raises it."""

Tables = Mapping[str, tuple[str, ...]]
"""A schema as its tables' names and their columns' names, in order."""


class Found(enum.Enum):
    NEW = "new"
    """No file, or an empty one: nothing to lose, a journal is made there."""
    SOUND = "sound"
    DAMAGED = "damaged"
    """A journal that ``quick_check`` does not find whole."""


def inspect(path: Path, tables: Tables) -> tuple[Found, sqlite3.Connection | None]:
    """What ``path`` holds, and a read-only connection to it if it is a journal.

    :raises JournalError: ``not_journal``, ``newer`` (a later version's journal), or
        ``unreadable`` (an SQLite file too damaged to tell); an :class:`OSError` or an
        SQLite error about the file is the caller's to translate.
    """
    try:
        with path.open("rb") as f:
            head = f.read(len(MAGIC))
    except FileNotFoundError:
        return Found.NEW, None
    if not head:
        return Found.NEW, None
    if head != MAGIC:
        raise JournalError("not_journal", path)
    db = read_only(path)
    try:
        _recognise(db, path, tables)
        found = Found.SOUND if _whole(db) else Found.DAMAGED
    except BaseException:
        db.close()
        raise
    return found, db


def read_only(path: Path) -> sqlite3.Connection:
    """A connection SQLite itself will not let write to ``path`` (``mode=ro``).

    On a read-only card SQLite cannot make the WAL file beside a journal, and then
    refuses even to read it. With no WAL to read, the file alone is the whole journal,
    so it is read as a file that cannot change (``immutable``).
    """
    uri = f"{path.resolve().as_uri()}?mode=ro"
    db = _connect(uri)
    try:
        db.execute("PRAGMA schema_version").fetchone()
    except sqlite3.DatabaseError as err:
        wal = path.with_name(f"{path.name}-wal")
        written = wal.is_file() and wal.stat().st_size > 0
        if sqlite_name(err).startswith("SQLITE_CANTOPEN") and not written:
            db.close()
            return _connect(f"{uri}&immutable=1")
        # anything else is found again, and said, when the file is read
    return db


def _connect(uri: str) -> sqlite3.Connection:
    db = sqlite3.connect(uri, uri=True, isolation_level=None)
    db.text_factory = decoded
    return db


def decoded(data: bytes) -> str:
    """A text column read strictly as UTF-8: bytes damage garbled raise a ValueError, which
    says damage, where the default decoder raises an error that says nothing of it."""
    return data.decode("utf-8")


def columns(db: sqlite3.Connection) -> dict[str, tuple[str, ...]]:
    """Every table of ``db`` (SQLite's own left out) with its columns' names."""
    names = db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) != 'sqlite_'"
    ).fetchall()
    return {
        name: tuple(row[1] for row in db.execute("SELECT * FROM pragma_table_info(?)", (name,)))
        for (name,) in names
    }


def is_damage(err: sqlite3.Error) -> bool:
    """Whether SQLite refused because the file's bytes are not a sound database."""
    return sqlite_name(err).startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def _recognise(db: sqlite3.Connection, path: Path, tables: Tables) -> None:
    try:
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        present = columns(db)
    except sqlite3.DatabaseError as err:
        if is_damage(err):
            raise JournalError("unreadable", path) from err
        raise
    if app == APPLICATION_ID:
        if version > VERSION:
            raise JournalError("newer", path)
        return
    first = {"games", "actions"} <= present.keys() <= tables.keys()
    if app == 0 and version == 0 and first and all(present[t] == tables[t] for t in present):
        return
    raise JournalError("not_journal", path)


def _whole(db: sqlite3.Connection) -> bool:
    try:
        return db.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    except sqlite3.DatabaseError as err:
        if is_damage(err):
            return False
        raise
