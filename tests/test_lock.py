"""``requirements.lock``: one exact version of every package, made from ``pyproject.toml``'s
ranges by ``scripts/lock``, and what CI, ``scripts/test`` and ``scripts/android`` install —
so that a release on the package index changes nothing here until the lock is rewritten
(a new idna once turned CI red with no change of ours). The README's quick start may stay
on the ranges: a person trying the demo takes the newest releases that meet them."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from tests.android_spec import LOCK, locked, normal

ROOT = LOCK.parent
INSTALLERS = (".ci/run", "scripts/test", "scripts/android")
PINNED_INSTALL = re.compile(r"pip install -q -c requirements\.lock -e '\.\[[a-z,]+\]'")


def asked() -> list[Requirement]:
    """Every requirement ``pyproject.toml`` makes, its extras' too."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"].values()
    return [Requirement(r) for r in [*project["dependencies"], *(r for e in extras for r in e)]]


def test_the_lock_pins_everything_pyproject_asks_for_within_its_range() -> None:
    lock = locked()
    for requirement in asked():
        name = normal(requirement.name)
        assert name in lock, f"{name} is not locked: run scripts/lock"
        assert requirement.specifier.contains(lock[name]), f"{name}=={lock[name]} {requirement}"


def test_every_line_of_the_lock_is_one_exact_version() -> None:
    lines = [line for line in LOCK.read_text(encoding="utf-8").splitlines() if line.strip()]
    pins = [line for line in lines if not line.lstrip().startswith("#")]
    assert pins and all(re.match(r"^[a-z0-9][a-z0-9._-]*==[^ ;]+( ; .+)?$", p) for p in pins)
    assert "scripts/lock" in "\n".join(lines[:3]), "the lock says what makes it"


def test_this_environment_runs_the_lock_s_versions() -> None:
    """The tests check what CI checks and the APK packs: every locked package installed here
    is at the lock's version (``scripts/test`` installs from it)."""
    lock = locked()
    installed = {normal(d.metadata["Name"]): d.version for d in distributions()}
    assert {n: v for n, v in installed.items() if n in lock and lock[n] != v} == {}
    assert {normal(r.name) for r in asked() if r.marker is None} - set(installed) <= {
        normal(r)
        for r in ("uv", "mypy", "ruff", "import-linter")  # the dev extra's tools
    }


@pytest.mark.parametrize("script", INSTALLERS)
def test_ci_the_tests_and_the_android_build_install_from_the_lock(script: str) -> None:
    text = (ROOT / script).read_text(encoding="utf-8")
    installs = [line for line in text.splitlines() if "pip install" in line]
    assert installs and all(PINNED_INSTALL.search(line) for line in installs), installs


def test_upgrading_is_one_command_the_readme_gives() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`scripts/lock`" in readme
    assert Path(ROOT / "scripts" / "lock").stat().st_mode & 0o111
