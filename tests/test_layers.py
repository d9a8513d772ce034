"""The import directions of DESIGN.md that import-linter cannot say alone.

``companion.core`` and ``companion.games`` are pure: standard library only,
and of it nothing with clocks, threads, processes or I/O — so rules replay
the same everywhere and can never block the table's loop.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PURE = [ROOT / "companion" / "core", ROOT / "companion" / "games"]
IMPURE_STDLIB = {
    "asyncio", "datetime", "multiprocessing", "os", "pathlib", "secrets", "select",
    "shutil", "signal", "socket", "sqlite3", "subprocess", "threading", "time",
}  # fmt: skip


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def test_rules_import_only_the_pure_standard_library_and_themselves() -> None:
    wrong = {}
    for folder in PURE:
        for path in folder.rglob("*.py"):
            for name in imports(path):
                top = name.split(".")[0]
                ours = name.startswith(("companion.core", "companion.games"))
                stdlib = top in sys.stdlib_module_names and top not in IMPURE_STDLIB
                if not (ours or stdlib or top == "__future__"):
                    wrong[str(path.relative_to(ROOT))] = name
    assert wrong == {}
