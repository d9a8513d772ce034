"""Why the journal could not be opened, read or written, as a value every face can say.

The journal never prints: it raises :class:`JournalError`, whose ``key``
(``journal.error.<code>``) and ``details`` a face renders in its reader's
language, as it renders a :class:`~companion.core.errors.RuleViolation`. A
write that raised changed nothing — its transaction was rolled back — so the
caller keeps the state it had and nothing anyone saw is lost without a word.
"""

from __future__ import annotations

import contextlib
import errno
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from companion.core.types import JSON

Code = Literal[
    "not_journal", "newer", "unreadable", "cannot_open", "damaged",
    "full", "read_only", "busy", "io",
]  # fmt: skip
"""Why: each is the i18n key ``journal.error.<code>``."""


@dataclass(frozen=True)
class Lost:
    """Something a damaged journal cannot give back, as an i18n key and its arguments."""

    key: str
    args: Mapping[str, JSON] = field(default_factory=dict)


class JournalError(Exception):
    """The journal file cannot be used for what was asked; nothing in it was changed.

    ``code`` says why (:data:`Code`); ``lost`` lists what a damaged journal could not
    read back.
    """

    def __init__(
        self, code: Code, path: Path, *, lost: Sequence[Lost] = (), **details: JSON
    ) -> None:
        super().__init__(f"{code} {path}")
        self.code = code
        self.path = path
        self.details: dict[str, JSON] = {"path": str(path), **details}
        self.lost = tuple(lost)

    @property
    def key(self) -> str:
        """The i18n key of the message a person reads."""
        return f"journal.error.{self.code}"


_CODES: tuple[tuple[str, Code], ...] = (
    ("SQLITE_FULL", "full"),
    ("SQLITE_READONLY", "read_only"),
    ("SQLITE_PERM", "read_only"),
    ("SQLITE_CORRUPT", "damaged"),
    ("SQLITE_NOTADB", "unreadable"),
    ("SQLITE_BUSY", "busy"),
    ("SQLITE_LOCKED", "busy"),
    ("SQLITE_CANTOPEN", "read_only"),
    ("SQLITE_IOERR", "io"),
)
"""SQLite's result codes (by name prefix, so extended codes follow their family) that say
something about the file or its disk; any other error is a bug and stays one. SQLite
says it cannot open a file the journal has already read when it cannot make the WAL
file beside it: the folder or the disk is read-only."""


_ERRNOS: dict[int, Code] = {errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EROFS: "read_only"}
"""What the operating system said when the file or its folder was made or read."""


def journal_error(err: sqlite3.Error | OSError, path: Path) -> JournalError | None:
    """What ``err`` means for the person at the table, or ``None`` if it is not about the file."""
    if isinstance(err, OSError):
        reason = errno.errorcode.get(err.errno or 0, "")
        return JournalError(_ERRNOS.get(err.errno or 0, "cannot_open"), path, reason=reason)
    name = sqlite_name(err)
    code = next((code for prefix, code in _CODES if name.startswith(prefix)), None)
    return None if code is None else JournalError(code, path, reason=name)


def sqlite_name(err: sqlite3.Error) -> str:
    """SQLite's name for the result code of ``err`` (``SQLITE_FULL``), or ``""``."""
    return getattr(err, "sqlite_errorname", "") or ""


@contextlib.contextmanager
def speaking_for(path: Path) -> Iterator[None]:
    """Turn what SQLite or the system says about ``path`` or its disk into :class:`JournalError`."""
    try:
        yield
    except (sqlite3.Error, OSError) as err:
        said = journal_error(err, path)
        if said is None:
            raise
        raise said from err
