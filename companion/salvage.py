"""What a damaged journal can still give back, and what it cannot.

A journal that ``quick_check`` does not find whole is never written again.
Its tables are read in rowid order — forward until the first page SQLite
refuses, then backward from the end down to it — so a damaged page costs the
rows on it and no others. Each game keeps its actions from the first up to
the first gap (a replay cannot skip one). What is missing is said as
:class:`~companion.journal_errors.Lost` lines: exactly, where rows on both
sides of the damage tell; as "may be lost", where they cannot. What was read
is copied into a database in memory that the journal reads as it reads a
sound file.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from companion.journal_errors import Lost
from companion.journal_file import is_damage
from companion.transcript import Header, TranscriptError, parse_header, replayed

Row = tuple[Any, ...]
"""A table's row as read, its rowid first."""


@dataclass(frozen=True)
class _Scan:
    rows: list[Row]
    """What could be read, by rowid."""
    hole: tuple[int, int | None] | None
    """Rows past the first rowid and before the second (``None``: to the end) could not be
    read; ``None`` if every row could."""


@dataclass(frozen=True)
class _Game:
    row: Row
    header: Header
    actions: dict[int, Row]
    """Its readable actions, by position."""

    @property
    def id(self) -> int:
        return int(self.row[1])

    def readable(self) -> list[Row]:
        """Its actions from the first up to the first one missing."""
        rows: list[Row] = []
        while (seq := len(rows) + 1) in self.actions:
            rows.append(self.actions[seq])
        return rows


def salvage(db: sqlite3.Connection, schema: str) -> tuple[sqlite3.Connection, tuple[Lost, ...]]:
    """The readable part of the journal ``db`` in memory, read-only, and what it lost."""
    db.text_factory = bytes  # a damaged page may hold bytes that are no text at all
    games = _scan(db, "games", "id, game, header, created, result")
    actions = _scan(db, "actions", "game_id, seq, action, undoable")
    found = {g.id: g for row in games.rows if (g := _game(row)) is not None}
    orphans: set[int] = set()
    for row in filter(None, map(_action, actions.rows)):
        game = found.get(row[1])
        if game is None:
            orphans.add(row[1])
        else:
            game.actions[row[2]] = row
    lost = list(_lost_games(games, set(found), orphans))
    lost += [loss for g in found.values() if (loss := _lost_actions(g, actions.hole)) is not None]
    return _copy(schema, found.values()), tuple(lost) or (Lost("journal.lost.nothing"),)


def _scan(db: sqlite3.Connection, table: str, columns: str) -> _Scan:
    query = f"SELECT rowid, {columns} FROM {table} ORDER BY rowid"
    forward, whole = _until_refused(db, query)
    if whole:
        return _Scan(forward, None)
    after = forward[-1][0] if forward else 0
    backward = [row for row in _until_refused(db, f"{query} DESC")[0] if row[0] > after]
    before = backward[-1][0] if backward else None
    return _Scan(forward + backward[::-1], (after, before))


def _until_refused(db: sqlite3.Connection, query: str) -> tuple[list[Row], bool]:
    """The rows of ``query`` up to the first SQLite refuses as damaged; whether it read all."""
    rows: list[Row] = []
    try:
        rows.extend(db.execute(query))
    except sqlite3.DatabaseError as err:
        if not is_damage(err):
            raise
        return rows, False
    return rows, True


def _game(row: Row) -> _Game | None:
    """A game whose header and result still read as the journal wrote them, else ``None``."""
    rowid, gid, game, header, created, result = row
    texts = [_text(v) for v in (game, header, created)]
    if (
        not isinstance(gid, int)
        or None in texts
        or (result is not None and _object(result) is None)
    ):
        return None
    try:
        parsed = parse_header(_object(header))
    except TranscriptError:
        return None
    return _Game((rowid, gid, *texts, None if result is None else _text(result)), parsed, {})


def _action(row: Row) -> Row | None:
    """An action row with its text decoded, if it still reads as the journal wrote it."""
    rowid, gid, seq, action, undoable = row
    if not all(isinstance(v, int) for v in (gid, seq, undoable)) or _object(action) is None:
        return None
    return rowid, gid, seq, _text(action), undoable


def _lost_games(games: _Scan, found: set[int], orphans: set[int]) -> Iterator[Lost]:
    """Games whose header is gone: known by their actions, by the ids around the damage
    (games are never deleted, so their ids have no gaps), or unreadable."""
    gone = orphans | {row[1] for row in games.rows if isinstance(row[1], int)} - found
    if games.hole is not None:
        after, before = games.hole
        if before is None:
            yield Lost("journal.lost.games_from", {"game": after + 1})
        else:
            gone |= set(range(after + 1, before))
    if gone:
        yield Lost("journal.lost.games", {"games": ", ".join(str(g) for g in sorted(gone))})


def _lost_actions(game: _Game, hole: tuple[int, int | None] | None) -> Lost | None:
    """What ``game`` lost: the actions after a gap, or, if its rows stop short of the damage
    and its end is not in what was read, whatever it may have had after them."""
    readable = game.readable()
    written = max(game.actions, default=0)
    if len(readable) < written:
        return Lost(
            "journal.lost.actions", {"game": game.id, "read": len(readable), "known": written}
        )
    if hole is None:
        return None
    before = hole[1]
    if before is not None and any(row[0] >= before for row in readable):
        return None  # rows on both sides of the damage and no gap: none of it was its own
    if game.row[5] is not None and _ends(game.header, readable):
        return None
    return Lost("journal.lost.end", {"game": game.id, "read": len(readable)})


def _ends(header: Header, rows: list[Row]) -> bool:
    """Whether these actions play the game to its end (so nothing of it came after them)."""
    try:
        return header.spec.over(replayed(header, [json.loads(row[3]) for row in rows])) is not None
    except TranscriptError:
        return False


def _copy(schema: str, games: Iterable[_Game]) -> sqlite3.Connection:
    memory = sqlite3.connect(":memory:", isolation_level=None)
    memory.executescript(schema)
    for game in games:
        memory.execute(
            "INSERT INTO games (id, game, header, created, result) VALUES (?, ?, ?, ?, ?)",
            game.row[1:],
        )
        memory.executemany(
            "INSERT INTO actions (game_id, seq, action, undoable) VALUES (?, ?, ?, ?)",
            [row[1:] for row in game.readable()],
        )
    memory.execute("PRAGMA query_only = 1")
    return memory


def _text(value: object) -> str | None:
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return value if isinstance(value, str) else None


def _object(value: object) -> dict[str, Any] | None:
    """``value`` as the JSON object the journal wrote, or ``None`` if damage garbled it."""
    text = _text(value)
    if text is None:
        return None
    try:
        obj = json.loads(text)
    except ValueError:
        return None
    return obj if isinstance(obj, dict) else None
