"""What ``buildozer.spec`` says the Android app takes with it, read as buildozer reads it,
and what ``requirements.lock`` pins for the desktop, CI and the build's tools.

Shared by the build's checks (``test_android_build.py``), the lock's (``test_lock.py``) and
the simulated Android run (``ui/tablet/android_game.py``), which holds the modules the app
loads to this list. Run as ``python -m tests.android_spec --follow requirements.lock``
(``scripts/lock`` does), it sets the spec's pins to the lock's versions.
"""

from __future__ import annotations

import argparse
import configparser
import re
from dataclasses import dataclass
from pathlib import Path

import pythonforandroid
from packaging.requirements import Requirement
from pythonforandroid.recipe import Recipe

SPEC = Path(__file__).resolve().parents[1] / "buildozer.spec"
LOCK = SPEC.parent / "requirements.lock"


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


def locked(path: Path = LOCK) -> dict[str, str]:
    """Each package the lock pins for this machine (its markers read here), by normal name."""
    pins: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate():
            (version,) = (s.version for s in requirement.specifier)
            pins[normal(requirement.name)] = version
    return pins


def recipe_s_own(name: str, pin: str | None) -> bool:
    """Whether the Android build makes ``name`` from python-for-android's recipe at the
    recipe's own version (which then need not be the desktop's)."""
    found = recipe(name)
    return found is not None and pin in (None, getattr(found, "version", None))


def follow(lock: Path, path: Path = SPEC) -> list[str]:
    """Set the spec's pins to the lock's versions, but for a recipe built at its own; what
    changed, as ``name old -> new``."""
    pins, spec = locked(lock), read(path)
    changed: list[str] = []
    text = path.read_text(encoding="utf-8")
    for name, pin in spec.pins.items():
        if pin is None or recipe_s_own(name, pin) or pins.get(name, pin) == pin:
            continue
        pattern = re.compile(rf"(?<=[=,\s]){re.escape(name)}=={re.escape(pin)}(?=[,\s])", re.I)
        text, found = pattern.subn(f"{name}=={pins[name]}", text)
        assert found == 1, f"{name}=={pin} is not written so in {path.name}"
        changed.append(f"{name} {pin} -> {pins[name]}")
    path.write_text(text, encoding="utf-8")
    return changed


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Set buildozer.spec's pins to the lock's.")
    parser.add_argument("--follow", type=Path, required=True, metavar="LOCK")
    for change in follow(parser.parse_args().follow):
        print(f"buildozer.spec: {change}")
