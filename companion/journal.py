"""The journal: every game and every action, in SQLite, committed before anyone is told.

WAL mode with ``synchronous=FULL``: an action that :meth:`Journal.append`
returned from survives a killed process or a pulled battery, and a crash in
the middle of a write leaves the previous action as the last one. A game is
its header and its ordered actions (the :mod:`companion.transcript` format),
so resuming is replaying.

A file is written only once it is known to be a sound journal
(:mod:`companion.journal_file`); a damaged one can still be read
(:mod:`companion.salvage`). Whatever goes wrong with the file or its disk is
raised as a :class:`~companion.journal_errors.JournalError`, and a write that
raised stored nothing.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from companion.core.types import JSONObject
from companion.journal_errors import JournalError, speaking_for
from companion.journal_file import APPLICATION_ID, VERSION, Found, columns, decoded, inspect
from companion.salvage import salvage
from companion.transcript import Header, parse_header

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY,
    game     TEXT NOT NULL,
    header   TEXT NOT NULL,
    created  TEXT NOT NULL,
    result   TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seq      INTEGER NOT NULL,
    action   TEXT NOT NULL,
    undoable INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS seat_tokens (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seat     INTEGER NOT NULL,
    token    TEXT NOT NULL,
    revoked  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, token)
);
CREATE TABLE IF NOT EXISTS seals (
    game_id  INTEGER PRIMARY KEY REFERENCES games(id),
    salt     TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seat_devices (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seat     INTEGER NOT NULL,
    digest   TEXT NOT NULL,
    label    TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS phone_places (
    game_id  INTEGER PRIMARY KEY REFERENCES games(id),
    address  TEXT NOT NULL,
    port     INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS endings (
    game_id  INTEGER PRIMARY KEY REFERENCES games(id),
    ended    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS same_names (
    spelling TEXT PRIMARY KEY,
    name     TEXT NOT NULL
);
"""


def _tables(schema: str) -> dict[str, tuple[str, ...]]:
    """The tables ``schema`` makes, with their columns: what a journal's own file holds."""
    with contextlib.closing(sqlite3.connect(":memory:")) as db:
        db.executescript(schema)
        return columns(db)


TABLES = _tables(SCHEMA)
T = TypeVar("T")
Row = tuple[Any, ...]


@dataclass(frozen=True)
class Entry:
    seq: int
    action: JSONObject
    undoable: bool


@dataclass(frozen=True)
class GameInfo:
    id: int
    game: str
    seats: tuple[str, ...]
    created: str
    actions: int
    result: JSONObject | None


class Journal:
    """One SQLite file holding any number of games.

    Opened to write (the default), ``path`` must be a sound journal, or no file
    (or an empty one), where a new journal is made; anything else raises a
    :class:`JournalError` and the file is left as it was. Opened to read
    (``write=False``), SQLite itself refuses every write, a missing file reads
    as an empty journal and is not made, and a damaged journal gives back what
    can still be read, with :attr:`damage` saying what it lost.
    """

    def __init__(self, path: str | Path, *, write: bool = True) -> None:
        self.path = Path(path)
        self.damage: JournalError | None = None
        """Set once the file is found damaged, and from then on nothing is written. Found
        at opening, the journal reads a copy, in memory, of what could still be read, and
        this says what was lost; ``None`` while the file is whole."""
        with speaking_for(self.path):
            found, db = inspect(self.path, TABLES)
            if found is Found.DAMAGED:
                assert db is not None
                self._db, lost = salvage(db, SCHEMA)
                db.close()
                self.damage = JournalError("damaged", self.path, lost=lost)
                if write:
                    self._db.close()
                    raise self.damage
            elif not write:
                self._db = db or _empty()
            else:
                if db is not None:
                    db.close()
                self._open_to_write(new=found is Found.NEW)

    def _open_to_write(self, *, new: bool) -> None:
        """The file opened to write, its schema brought up to date and stamped as a journal.

        The stamp is written at every opening, so a file SQLite can only read, or a full
        disk, is found now rather than at the first action of a game. A new journal is
        made in one transaction before it turns to WAL, so a crash leaves it whole or
        empty; a new file that could not be made is removed again.
        """
        made = new and not self.path.exists()
        if new:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.text_factory = decoded
        try:
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            with self._transaction():
                for statement in _statements(SCHEMA):
                    self._db.execute(statement)
                self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                self._db.execute(f"PRAGMA user_version = {VERSION}")
            self._db.execute("PRAGMA journal_mode=WAL")
        except BaseException:
            self._db.close()
            if made:
                self.path.unlink(missing_ok=True)
            raise

    def keep_salt(self, game_id: int, salt: str) -> str:
        """The secret salt of a game's fairness seal (``companion.seal``): ``salt`` if the game
        has none yet, else the one it was given first, so a resumed game keeps its seal."""
        with self._transaction():
            self._db.execute(
                "INSERT OR IGNORE INTO seals (game_id, salt) VALUES (?, ?)", (game_id, salt)
            )
        kept = self.salt(game_id)
        assert kept is not None
        return kept

    def salt(self, game_id: int) -> str | None:
        """The salt a game's seal was given, if any. A secret until the game is over: only
        ``companion.seal`` reads it, and tells it only then."""
        row = self._db.execute("SELECT salt FROM seals WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else str(row[0])

    def close(self) -> None:
        self._db.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One atomic write: the connection is in autocommit mode, so begin explicitly.

        ``IMMEDIATE`` takes the write lock at once, so the read and the insert of
        an append see no other writer between them. Anything that fails — a statement,
        or the commit itself on a full disk — rolls all of it back (unless SQLite
        already has), and an error of the file or its disk is raised as a
        :class:`JournalError`.
        """
        if self.damage is not None:
            raise self.damage
        with self._noting_damage(), speaking_for(self.path):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    def create(self, header: Header) -> int:
        with self._transaction():
            cur = self._db.execute(
                "INSERT INTO games (game, header, created) VALUES (?, ?, ?)",
                (header.game, _dump(header.to_json()), _now()),
            )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(
        self,
        game_id: int,
        actions: Sequence[tuple[JSONObject, bool]],
        result: JSONObject | None = None,
    ) -> int:
        """Store ``actions`` (each with whether it may be undone) in one transaction, and the
        game's ``result`` if they ended it; when this returns, all of it is on disk — or,
        after a crash, none of it. Returns the position of the last action stored."""
        with self._transaction():
            row = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()
            first = int(row[0]) + 1
            self._db.executemany(
                "INSERT INTO actions (game_id, seq, action, undoable) VALUES (?, ?, ?, ?)",
                [(game_id, first + i, _dump(a), int(u)) for i, (a, u) in enumerate(actions)],
            )
            if result is not None:
                self._db.execute(
                    "UPDATE games SET result = ? WHERE id = ?", (_dump(result), game_id)
                )
                self._db.execute(
                    "INSERT OR REPLACE INTO endings (game_id, ended) VALUES (?, ?)",
                    (game_id, _now()),
                )
        return first + len(actions) - 1

    def entries(self, game_id: int) -> list[Entry]:
        return self._read(
            lambda row: Entry(row[0], json.loads(row[1]), bool(row[2])),
            "SELECT seq, action, undoable FROM actions WHERE game_id = ? ORDER BY seq",
            game_id,
        )

    def actions(self, game_id: int) -> list[JSONObject]:
        """Game ``game_id``'s actions in order, as :func:`companion.transcript.replayed` replays
        them: what the table, the seal, the story and the season each read back."""
        return [entry.action for entry in self.entries(game_id)]

    def drop_from(self, game_id: int, seq: int) -> None:
        """Forget the actions from ``seq`` on (an undo); the game is live again."""
        with self._transaction():
            self._db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, seq))
            self._db.execute("UPDATE games SET result = NULL WHERE id = ?", (game_id,))
            self._db.execute("DELETE FROM endings WHERE game_id = ?", (game_id,))

    def header(self, game_id: int) -> Header:
        found = self._read(
            lambda row: json.loads(row[0]), "SELECT header FROM games WHERE id = ?", game_id
        )
        if not found:
            raise KeyError(game_id)
        return parse_header(found[0])

    def games(self) -> list[GameInfo]:
        return self._read(
            _game_info,
            "SELECT g.id, g.game, g.header, g.created, g.result,"
            " (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id)"
            " FROM games g ORDER BY g.id",
        )

    def seat_tokens(self, game_id: int) -> list[tuple[int, str, bool]]:
        """Every seat token ever issued for a game: (seat, token, revoked).

        Kept with the game so that phones keep their seats when the app restarts.
        Tokens are secrets: they are never exported.
        """
        return self._read(
            lambda row: (row[0], row[1], bool(row[2])),
            "SELECT seat, token, revoked FROM seat_tokens WHERE game_id = ? ORDER BY rowid",
            game_id,
        )

    def add_seat_token(self, game_id: int, seat: int, token: str) -> None:
        with self._transaction():
            self._db.execute(
                "INSERT INTO seat_tokens (game_id, seat, token) VALUES (?, ?, ?)",
                (game_id, seat, token),
            )

    def revoke_seat_token(self, game_id: int, token: str) -> None:
        with self._transaction():
            self._db.execute(
                "UPDATE seat_tokens SET revoked = 1 WHERE game_id = ? AND token = ?",
                (game_id, token),
            )

    def seat_devices(self, game_id: int) -> list[tuple[int, str, str]]:
        """The phone holding each seat of a game: (seat, digest of its device key, label).

        Kept beside the tokens, so that a restarted app still knows each seat's phone.
        """
        rows = self._db.execute(
            "SELECT seat, digest, label FROM seat_devices WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [(seat, digest, label) for seat, digest, label in rows]

    def keep_seat_device(self, game_id: int, seat: int, digest: str, label: str) -> None:
        with self._transaction():
            self._db.execute(
                "INSERT OR REPLACE INTO seat_devices (game_id, seat, digest, label)"
                " VALUES (?, ?, ?, ?)",
                (game_id, seat, digest, label),
            )

    def drop_seat_devices(self, game_id: int, seat: int | None = None) -> None:
        """Forget the phone holding ``seat`` (every seat's, if ``None``)."""
        with self._transaction():
            self._db.execute(
                "DELETE FROM seat_devices WHERE game_id = ? AND (? IS NULL OR seat = ?)",
                (game_id, seat, seat),
            )

    def phone_place(self, game_id: int) -> tuple[str, int] | None:
        """The address and port the phones of a game were given (their QR codes carry both)."""
        row = self._db.execute(
            "SELECT address, port FROM phone_places WHERE game_id = ?", (game_id,)
        ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def keep_phone_place(self, game_id: int, address: str, port: int) -> None:
        with self._transaction():
            self._db.execute(
                "INSERT OR REPLACE INTO phone_places (game_id, address, port) VALUES (?, ?, ?)",
                (game_id, address, port),
            )

    def ended(self, game_id: int) -> str | None:
        """When a game ended (ISO 8601, UTC), if this journal saw it end: a game finished
        before journals kept the time has none."""
        if "endings" not in self._kept():
            return None
        found = self._read(
            lambda row: str(row[0]), "SELECT ended FROM endings WHERE game_id = ?", game_id
        )
        return found[0] if found else None

    def same_names(self) -> dict[str, str]:
        """The spellings a group said are one player's: each spelling (as
        :func:`companion.season.spelling` writes it) with the name it counts as. Kept in the
        journal, so that the tablet and ``companion stats`` count the same players."""
        if "same_names" not in self._kept():
            return {}
        return dict(
            self._read(
                lambda row: (str(row[0]), str(row[1])), "SELECT spelling, name FROM same_names"
            )
        )

    def keep_same_names(self, name: str, spellings: Sequence[str]) -> None:
        """From now on each of ``spellings`` counts as ``name``."""
        with self._transaction():
            self._db.executemany(
                "INSERT OR REPLACE INTO same_names (spelling, name) VALUES (?, ?)",
                [(s, name) for s in spellings],
            )

    def drop_same_names(self, spellings: Sequence[str]) -> None:
        """These spellings count as themselves again."""
        with self._transaction():
            self._db.executemany(
                "DELETE FROM same_names WHERE spelling = ?", [(s,) for s in spellings]
            )

    def _kept(self) -> set[str]:
        """The tables the file has: a journal only read, made before a table existed, lacks it."""
        return set(self._read(lambda row: str(row[0]), "SELECT name FROM sqlite_master"))

    def latest_unfinished(self) -> int | None:
        (latest,) = self._read(
            lambda row: int(row[0]), "SELECT COALESCE(MAX(id), 0) FROM games WHERE result IS NULL"
        )
        return latest or None

    def _read(self, decode: Callable[[Row], T], query: str, *params: object) -> list[T]:
        """Each row of ``query``, as ``decode`` reads it.

        A file or disk that fails the query raises a JournalError — so does a value
        damage garbled past reading as text or JSON, which ``quick_check`` cannot see,
        and the journal writes nothing more.
        """
        with self._noting_damage(), speaking_for(self.path):
            try:
                return [decode(row) for row in self._db.execute(query, params)]
            except (UnicodeDecodeError, json.JSONDecodeError) as err:
                raise JournalError("damaged", self.path) from err

    @contextlib.contextmanager
    def _noting_damage(self) -> Iterator[None]:
        """Once the file is found damaged, it stays so: :meth:`_transaction` refuses."""
        try:
            yield
        except JournalError as err:
            if err.code == "damaged" and self.damage is None:
                self.damage = err
            raise


def _game_info(row: Row) -> GameInfo:
    gid, game, header, created, result, actions = row
    ended = None if result is None else json.loads(result)
    return GameInfo(gid, game, tuple(json.loads(header)["seats"]), created, actions, ended)


def _statements(script: str) -> Iterator[str]:
    """The statements of ``script`` one by one: ``executescript`` would commit the
    transaction they are meant to run in."""
    statement = ""
    for piece in script.split(";"):
        statement += piece + ";"
        if sqlite3.complete_statement(statement):
            if statement.strip(" \n;"):
                yield statement
            statement = ""


def _empty() -> sqlite3.Connection:
    """A journal of no games, in memory: what a file that is not there reads as."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.executescript(SCHEMA)
    db.execute("PRAGMA query_only = 1")
    return db


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dump(obj: JSONObject) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
