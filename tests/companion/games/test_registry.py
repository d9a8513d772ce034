"""A game is one registration: nothing outside its own places names it.

``companion.games.GAMES`` lists each game once. Outside that registry, the
game's package (``companion/games/<key>/``) and its face module
(``ui/faces/<key>.py``) — catalogs, docs and tests aside — no code names a
game's key or imports a game's modules: a third game is added without
touching the table, the sensors, the faces or the commands.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from companion.games import GAMES

ROOT = Path(__file__).resolve().parents[3]
CODE = ["companion", "hardware", "firmware_bridge", "ui", "bench", "scripts"]
SUFFIXES = (".py", ".js", ".html", ".css", "")
KEY = re.compile(r"\b(" + "|".join(map(re.escape, GAMES)) + r")\b")
PACKAGES = [
    p.name for p in (ROOT / "companion" / "games").iterdir() if (p / "__init__.py").exists()
]
"""Every game's package, registered or on its way (a game is built in its own package
before it joins the registry)."""


def own_places(rel: str) -> bool:
    """The registry, a game's package, a game's face module."""
    return rel == "companion/games/__init__.py" or any(
        rel.startswith(f"companion/games/{key}/") or rel == f"ui/faces/{key}.py"
        for key in {*GAMES, *PACKAGES}
    )


def named_in(source: str, python: bool) -> list[str]:
    """Where ``source`` names a game: a string that holds a key, an import of a game."""
    if not python:
        return [f"says {m}" for m in KEY.findall(source)]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if KEY.search(node.value):
                found.append(f"line {node.lineno} says {node.value!r}")
        elif isinstance(node, ast.ImportFrom | ast.Import):
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            modules += [a.name for a in node.names]
            if any(m.startswith("companion.games.") or m in GAMES for m in modules):
                found.append(f"line {node.lineno} imports {modules}")
    return found


def test_no_code_outside_a_games_own_places_names_it() -> None:
    found = []
    for folder in CODE:
        for path in sorted((ROOT / folder).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if not path.is_file() or path.suffix not in SUFFIXES or own_places(rel):
                continue
            if "__pycache__" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            found += [f"{rel}: {where}" for where in named_in(text, path.suffix == ".py")]
    assert found == []


def test_the_check_sees_a_game_named_or_imported() -> None:
    key = next(iter(GAMES))
    planted = f"from companion.games.{key} import GAME\nGAME_KEY = {key!r}\nimport json\n"
    assert named_in(planted, python=True) == [
        f"line 1 imports ['companion.games.{key}', 'GAME']",
        f"line 2 says {key!r}",
    ]
    assert named_in(f"const game = '{key}';", python=False) == [f"says {key}"]
