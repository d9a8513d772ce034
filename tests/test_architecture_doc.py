"""docs/architecture.md stays true: it lists every module of the five packages, and every
module it lists exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("companion", "hardware", "firmware_bridge", "ui", "testkit")


def modules() -> set[str]:
    """Every module of the packages but the firmware's own test helpers, and the packages
    whose ``__init__`` says nothing."""
    found = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            rel = path.relative_to(ROOT).as_posix()
            said = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
            if "/tests/" not in rel and (path.name != "__init__.py" or said):
                found.add(rel)
    return found


def test_every_module_is_listed_with_its_layer() -> None:
    listed = set(re.findall(r"^\| `(\w+/[\w/]+\.py)` \|", DOC.read_text(encoding="utf-8"), re.M))
    assert sorted(modules() - listed) == [], "list them under 'Every module, by layer'"
    assert sorted(listed - modules()) == [], "listed, but gone"
