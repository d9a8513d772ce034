"""docs/architecture.md's "Adding a game" is the whole of it: a game added by those steps
alone — its package, its face, its catalog entries, one registry line — is played by the
conformance suite and by the terminal face.

The steps are followed in a copy of the project, as a contributor would follow them. The
toy game's rules are Microfilms' under a key of its own (writing new rules is the game's
work, not the steps'): what is proven is that nothing else in the app has to learn its
name — no table, sensor, face or command.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
KEY, LIKE = "toy", "microfilms"
LEFT_OUT = {".git", ".venv", "build", "__pycache__", ".pytest_cache", ".mypy_cache"}


def _project_copy(into: Path) -> Path:
    copy = into / "project"
    shutil.copytree(
        ROOT, copy, ignore=lambda _, names: [n for n in names if n in LEFT_OUT or ".egg-info" in n]
    )
    return copy


def _add_the_game(copy: Path) -> None:
    """The four steps of the doc, and nothing more."""
    package = copy / "companion" / "games" / KEY
    package.mkdir()
    (package / "__init__.py").write_text(
        '"""A toy game: Microfilms\' rules under a key of its own."""\n\n'
        "import dataclasses\n\n"
        f"from companion.games.{LIKE} import GAME as LIKE\n\n"
        f'GAME = dataclasses.replace(LIKE, key="{KEY}")\n',
        encoding="utf-8",
    )
    (copy / "ui" / "faces" / f"{KEY}.py").write_text(
        f'"""The toy game\'s face: Microfilms\'."""\n\nfrom ui.faces.{LIKE} import FACE\n\n'
        '__all__ = ["FACE"]\n',
        encoding="utf-8",
    )
    own = re.compile(rf"(?<=\.){LIKE}(?=\.|$)")
    for catalog in (copy / "companion" / "i18n").glob("*.json"):
        words = json.loads(catalog.read_text(encoding="utf-8"))
        words |= {own.sub(KEY, k): v for k, v in words.items() if own.search(k)}
        catalog.write_text(
            json.dumps(dict(sorted(words.items())), ensure_ascii=False, indent=2) + "\n",
            encoding="utf-8",
        )
    registry = copy / "companion" / "games" / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    text = text.replace(
        "from companion.games import darkfireline,",
        f"from companion.games import {KEY}, darkfireline,",
    ).replace("darkfireline.GAME)", f"darkfireline.GAME, {KEY}.GAME)")
    registry.write_text(text, encoding="utf-8")


def _run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in the copy, its own user folders in it too."""
    env = {**os.environ, "PYTHONPATH": str(copy), "COLUMNS": "100", "HOME": str(copy.parent)}
    return subprocess.run(
        [sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True, check=False
    )


def test_the_doc_names_the_four_steps() -> None:
    steps = DOC.read_text(encoding="utf-8").split("## Adding a game", 1)[1].split("\n## ")[0]
    for step in ("**Its package**", "**Its face module**", "**Its catalog entries**",
                 "**One line in the registry**"):  # fmt: skip
        assert step in steps


def test_a_game_added_by_the_steps_alone_plays_through_the_suite_and_the_terminal(
    tmp_path: Path,
) -> None:
    copy = _project_copy(tmp_path)
    _add_the_game(copy)

    offered = _run(copy, "-m", "ui.cli", "demo", "--help")
    assert offered.returncode == 0 and KEY in offered.stdout, offered.stderr

    demo = _run(copy, "-m", "ui.cli", "demo", "--game", KEY, "--seed", "3", "--fast",
                "--no-phones", "--lang", "en", "--db", str(tmp_path / "demo.sqlite3"))  # fmt: skip
    assert demo.returncode == 0, demo.stderr[-3000:]
    assert "Traceback" not in demo.stdout + demo.stderr

    # The catalogs' own checks read a game's rules source for the kinds it names; the toy has
    # none of its own (its rules, and their messages, are Microfilms', checked there).
    games = "tests/companion/games"
    suite = _run(copy, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--budget", "0.05",
                 f"{games}/test_every_game.py", f"{games}/test_registry.py",
                 "tests/companion/test_i18n.py", "-k", f"({KEY} or registry or catalog) and not "
                 "of_the_rules_has_a_message and not every_secret_has_a_message")  # fmt: skip
    assert suite.returncode == 0, suite.stdout[-5000:]
    assert re.search(rf"random games played: rules {KEY} [1-9]", suite.stdout), suite.stdout[-3000:]
