"""What ``buildozer.spec`` says the Android app takes with it, read as buildozer reads it.

Shared by the build's checks (``test_android_build.py``) and the simulated Android run
(``ui/tablet/android_game.py``), which holds the modules the app loads to this list.
"""

from __future__ import annotations

import configparser
import re
from dataclasses import dataclass
from pathlib import Path

import pythonforandroid
from pythonforandroid.recipe import Recipe

SPEC = Path(__file__).resolve().parents[1] / "buildozer.spec"


def normal(name: str) -> str:
    """A distribution's name as packaging compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _names(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


@dataclass(frozen=True)
class Spec:
    app: dict[str, str]
    pins: dict[str, str | None]
    """Each requirement by its normal name, with the version it is pinned to (None: the
    python-for-android recipe's own)."""
    desktop_only: frozenset[str]
    pure_fallback: frozenset[str]


def recipe(name: str) -> object | None:
    """python-for-android's recipe for a requirement, if it has one."""
    try:
        return Recipe.get_recipe(name, _Context())
    except ValueError:
        return None


class _Context:
    """Only what looking a recipe up reads of a build's context: no build folder yet."""

    local_recipes = None
    storage_dir = None

    @property
    def root_dir(self) -> str:
        return str(Path(pythonforandroid.__file__).parent)


def packaged(spec: Spec) -> set[str]:
    """What the app takes to Android: its requirements and what their recipes bring."""
    brought = {
        normal(dep) for name in spec.pins for dep in getattr(recipe(name), "python_depends", ())
    }
    return set(spec.pins) | brought


def read(path: Path = SPEC) -> Spec:
    parser = configparser.RawConfigParser()
    parser.read(path, encoding="utf-8")
    pins: dict[str, str | None] = {}
    for requirement in _names(parser["app"]["requirements"]):
        name, _, version = requirement.partition("==")
        pins[normal(name)] = version or None
    ours = parser["table-companion"]
    return Spec(
        app=dict(parser["app"]),
        pins=pins,
        desktop_only=frozenset(map(normal, _names(ours["desktop_only"]))),
        pure_fallback=frozenset(map(normal, _names(ours["pure_fallback"]))),
    )
