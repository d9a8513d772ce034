"""Every command the README gives, run as a person types it into a shell.

The quick start's main command runs on a fresh copy of the project: a venv of its own, the
project installed into it, the demo played until Ctrl-C, which says that nothing is lost
and how to go on; the line it gives then resumes the game. Each concrete ``companion …``
the README names runs too, until it ends or, if it plays on, until it has made a move and
is stopped the same way. The test command itself is what CI runs (``.ci/run`` takes it from
the README), so it is not run again from inside the tests.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.i18n import text

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```sh\n(.*?)```", re.S)
INLINE = re.compile(r"`(companion [^`]*)`")
PLACEHOLDER = re.compile(r"[A-Z]{2,}|[\[\]…|<>]")
"""What a person fills in before typing (``GAME``, ``[--reader URL]``): not a command yet."""
MOVED = re.compile(r"^#\d+ ", re.M)
"""A move on the table, as the terminal shows it."""
SETTLE_S = 8.0
"""How long a command that waits for people (the tablet app) runs before Ctrl-C."""


def sh_blocks() -> list[str]:
    return [block.strip() for block in BLOCK.findall(README)]


def ci_s_command() -> str:
    """The block under ``<!-- test-command -->``: the one CI runs."""
    tail = README.split("<!-- test-command -->", 1)[1]
    return BLOCK.findall(tail)[0].strip()


def concrete() -> list[str]:
    """The ``companion`` commands the README names that can be typed as they stand."""
    named = dict.fromkeys(c.strip() for c in INLINE.findall(README))
    return [c for c in named if not PLACEHOLDER.search(c)]


@dataclass
class Typed:
    code: int
    out: str


AT_A_TERMINAL = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execvp('bash', ['bash', '-c', sys.argv[1]])"
)
"""``bash -c COMMAND`` with Ctrl-C reaching it as at a person's prompt, even where the tests
were started with it ignored (in the background of a shell without job control, whose
children all inherit that): a command run so could not be stopped by it at all."""


def typed(
    command: str, cwd: Path, env: dict[str, str], settle: float = SETTLE_S, timeout: float = 300
) -> Typed:
    """``command`` in a shell, until it ends — or, once it has made a move (or waited
    ``settle`` seconds for people), until Ctrl-C."""
    proc = subprocess.Popen(
        [sys.executable, "-c", AT_A_TERMINAL, command], cwd=cwd, env=env, text=True,
        start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,  # no keyboard: the demo starts without waiting for Enter
    )  # fmt: skip
    assert proc.stdout is not None
    said: list[str] = []
    moved = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            said.append(line)
            if MOVED.match(line):
                moved.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    finished = threading.Thread(target=proc.wait, daemon=True)
    finished.start()
    waited = 0.0
    while finished.is_alive() and not moved.wait(0.2) and waited < min(settle, timeout):
        waited += 0.2
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)  # the person presses Ctrl-C
    try:
        proc.wait(timeout)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        reader.join(10)
        proc.stdout.close()  # even when it hung: no open pipe is left to another test
    return Typed(proc.returncode, "".join(said))


def a_person_s_env(home: Path, path: str = os.environ["PATH"]) -> dict[str, str]:
    """A shell of a person's: their own data folder, English, no venv switched on."""
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    return env | {"PATH": path, "XDG_DATA_HOME": str(home / "data"), "HOME": str(home),
                  "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "COLUMNS": "100"}  # fmt: skip


def assert_stopped_in_words(run: Typed) -> str:
    """Ctrl-C said that nothing is lost and how to go on; the line that goes on."""
    assert_said_in_words(run)
    said = re.search(r"Continue the game with: (companion resume .*)$", run.out, re.M)
    assert said is not None, run.out[-2000:]
    return said.group(1)


def assert_said_in_words(run: Typed, lang: str = "en") -> None:
    """Ctrl-C stopped ``run`` with words in ``lang``, never a traceback."""
    assert "Traceback" not in run.out, run.out[-3000:]
    assert run.code == 130, run.out[-3000:]
    assert text(lang, "cli.stopped") in run.out


def test_the_readme_has_its_two_commands() -> None:
    blocks = sh_blocks()
    assert len(blocks) == 2 and blocks[1] == ci_s_command() == "./scripts/test"
    assert "companion demo" in blocks[0]


def project_copy(into: Path) -> Path:
    """The project as a clone of it holds it: its files, none of what it built or made."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True,
        capture_output=True, text=True,
    ).stdout.split("\n")  # fmt: skip
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


@pytest.mark.long(35)
def test_the_quick_start_installs_and_plays_a_demo_that_ctrl_c_stops_and_resume_goes_on(
    tmp_path: Path,
) -> None:
    project = project_copy(tmp_path / "table-companion")
    ours = str(Path(sys.executable).parent)
    path = os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if p != ours)
    env = a_person_s_env(tmp_path, path)
    # Installing takes a while — on a busy machine, minutes: the first move is waited for
    # as long as the install may take, before Ctrl-C.
    demo = typed(sh_blocks()[0], project, env, settle=900, timeout=900)
    assert MOVED.search(demo.out), demo.out[-3000:]
    again = assert_stopped_in_words(demo)
    resumed = typed(".venv/bin/" + again, project, env)
    assert re.search(r"Game \d+ resumed after action \d+, exactly as it was", resumed.out)
    assert_stopped_in_words(resumed)


@pytest.mark.parametrize("command", concrete())
def test_each_command_the_readme_names_runs_as_typed(command: str, tmp_path: Path) -> None:
    installed = str(Path(sys.executable).parent)  # where the quick start puts `companion`
    env = a_person_s_env(tmp_path, installed + os.pathsep + os.environ["PATH"])
    if command.startswith("companion resume"):  # a game to resume first
        assert_stopped_in_words(typed("companion demo", tmp_path, env))
    env["SDL_VIDEODRIVER"] = "offscreen"  # this machine's screen, for the tablet app
    run = typed(command, tmp_path, env)
    assert "Traceback" not in run.out, run.out[-3000:]
    if run.code == 130:  # it played on, or waited for people: stopped by Ctrl-C
        chosen = re.search(r"--lang[ =](\S+)", command)
        assert_said_in_words(run, chosen.group(1) if chosen else "en")
    else:
        assert run.code == 0 and run.out.strip(), run.out[-3000:]
