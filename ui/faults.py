"""What a person is told when the app meets an error nobody foresaw — never a traceback.

Every move is on disk before anyone is told of it (the journal), so an error in the
app itself loses nothing that was played. The person is told so in their own language,
with the way back to the game (``companion resume``, or the tablet's own resume), and
the details a bug report needs go to a crash report in the app's log folder. The app's
log goes to a file in that folder as well: what a library, a reader's thread or the
event loop logs is for whoever fixes the bug, not for the table.
"""

from __future__ import annotations

import logging
import logging.handlers
import platform
import shlex
import sys
import threading
import time
import traceback
from pathlib import Path

from companion.i18n import text

APP = "table-companion"
"""The app's folder name in the user's data and log folders."""

LOG = "companion.log"

log = logging.getLogger(__name__)
_kept: set[Path] = set()


def log_folder() -> Path:
    """Where the app's log and its crash reports are kept on a desktop (the user's log
    folder); an Android app keeps them in its own storage instead."""
    import platformdirs  # noqa: PLC0415 -- a desktop's folders: not the tablet app's on Android

    return platformdirs.user_log_path(APP)


def keep_logs(folder: Path) -> None:
    """Send the app's log to a file in ``folder`` instead of the console, once per process.

    A thread that dies of an error logs it there too, instead of printing a traceback.
    """
    if folder in _kept:
        return
    folder.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(
        folder / LOG, maxBytes=1_000_000, backupCount=2, encoding="utf-8"
    )
    handler.setFormatter(
        logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s")
    )
    logging.getLogger().addHandler(handler)
    threading.excepthook = _thread_died
    _kept.add(folder)


def _thread_died(died: threading.ExceptHookArgs) -> None:
    if died.exc_type is SystemExit or died.exc_value is None:
        return
    name = died.thread.name if died.thread is not None else "?"
    error = (died.exc_type, died.exc_value, died.exc_traceback)
    log.error("thread %s died", name, exc_info=error)


def report(error: BaseException, folder: Path) -> Path:
    """Write what a bug report needs of ``error`` to a new file in ``folder``; its path."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}.txt"
    for n in range(2, 100):
        if not path.exists():
            break
        path = folder / f"crash-{stamp}-{n}.txt"
    lines = [
        f"table-companion crash report, {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"python {platform.python_version()} on {platform.platform()}",
        f"command: {shlex.join(sys.argv)}",
        "",
        *traceback.format_exception(error),
    ]
    path.write_text("\n".join(lines), encoding="utf-8")
    log.error("unexpected error, reported in %s", path, exc_info=error)
    return path


def resume_command(journal: Path, game: int) -> str:
    """The line that continues ``game`` of the journal at ``journal``, as a shell takes it."""
    return f"companion resume --db {shlex.quote(str(journal))} {game}"


def told(lang: str, error: BaseException, reported: Path, resume: str | None) -> list[str]:
    """What a person reads of ``error``, a line each: that nothing is lost, how to go on
    with the game (``resume``, if one can be resumed), where the report is."""
    lines = [text(lang, "fault.said", error=type(error).__name__)]
    if resume is not None:
        lines.append(text(lang, "fault.resume", command=resume))
    lines.append(text(lang, "fault.report", path=str(reported)))
    return lines
