"""The journal: every game and every action, in SQLite, committed before anyone is told.

WAL mode with ``synchronous=FULL``: an action that :meth:`Journal.append`
returned from survives a killed process or a pulled battery, and a crash in
the middle of a write leaves the previous action as the last one. A game is
its header and its ordered actions (the :mod:`companion.transcript` format),
so resuming is replaying.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from companion.core.types import JSONObject
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
"""


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
    """One SQLite file holding any number of games."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One atomic write: the connection is in autocommit mode, so begin explicitly.

        ``IMMEDIATE`` takes the write lock at once, so the read and the insert of
        an append see no other writer between them.
        """
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def create(self, header: Header) -> int:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with self._transaction():
            cur = self._db.execute(
                "INSERT INTO games (game, header, created) VALUES (?, ?, ?)",
                (header.game, _dump(header.to_json()), created),
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
        return first + len(actions) - 1

    def entries(self, game_id: int) -> list[Entry]:
        rows = self._db.execute(
            "SELECT seq, action, undoable FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [Entry(seq, json.loads(action), bool(undoable)) for seq, action, undoable in rows]

    def drop_from(self, game_id: int, seq: int) -> None:
        """Forget the actions from ``seq`` on (an undo); the game is live again."""
        with self._transaction():
            self._db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, seq))
            self._db.execute("UPDATE games SET result = NULL WHERE id = ?", (game_id,))

    def header(self, game_id: int) -> Header:
        row = self._db.execute("SELECT header FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        return parse_header(json.loads(row[0]))

    def games(self) -> list[GameInfo]:
        rows = self._db.execute(
            "SELECT g.id, g.game, g.header, g.created, g.result,"
            " (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id)"
            " FROM games g ORDER BY g.id"
        )
        return [
            GameInfo(
                gid,
                game,
                tuple(json.loads(header)["seats"]),
                created,
                count,
                None if result is None else json.loads(result),
            )
            for gid, game, header, created, result, count in rows
        ]

    def seat_tokens(self, game_id: int) -> list[tuple[int, str, bool]]:
        """Every seat token ever issued for a game: (seat, token, revoked).

        Kept with the game so that phones keep their seats when the app restarts.
        Tokens are secrets: they are never exported.
        """
        rows = self._db.execute(
            "SELECT seat, token, revoked FROM seat_tokens WHERE game_id = ? ORDER BY rowid",
            (game_id,),
        )
        return [(seat, token, bool(revoked)) for seat, token, revoked in rows]

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

    def latest_unfinished(self) -> int | None:
        row = self._db.execute("SELECT MAX(id) FROM games WHERE result IS NULL").fetchone()
        return None if row[0] is None else int(row[0])


def _dump(obj: JSONObject) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
