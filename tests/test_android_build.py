"""The Android build, checked short of the packaging itself (which needs Google's SDK and
NDK, not to be had here: docs/android.md): ``buildozer.spec`` read by buildozer, its
requirements held to ``pyproject.toml`` and to python-for-android's recipes, the sources
and art it packs, the permissions and names it gives the app.

A new dependency in ``pyproject.toml`` fails here until the spec packs it (pure Python, a
recipe, or built without its C speed-ups) or names it as the desktop's only.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import cv2
import pytest
from buildozer import Buildozer
from packaging.markers import default_environment
from packaging.requirements import Requirement

from companion.i18n import text
from tests.android_spec import (
    SPEC,
    Spec,
    locked,
    normal,
    packaged,
    read,
    recipe,
    recipe_s_own,
)
from tests.test_readme import project_copy

ROOT = SPEC.parent
ANDROID = default_environment() | {
    "sys_platform": "android", "platform_system": "Android", "os_name": "posix",
    "platform_machine": "aarch64", "python_version": "3.14", "python_full_version": "3.14.2",
    "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": "",
}  # fmt: skip
"""Where the app runs: python-for-android's Python (its python3 recipe's version)."""


@pytest.fixture(scope="module")
def spec() -> Spec:
    return read()


def wanted() -> dict[str, Requirement]:
    """What ``pyproject.toml`` asks for, by normal name."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    requirements = map(Requirement, project["project"]["dependencies"])
    return {normal(r.name): r for r in requirements}


def installed_requirements(name: str) -> list[str]:
    """What the distribution installed here (the pinned one's twin) needs on Android."""
    needs = (Requirement(r) for r in distribution(name).requires or ())
    return [normal(r.name) for r in needs if r.marker is None or r.marker.evaluate(ANDROID)]


def pure(name: str) -> bool:
    """Whether the distribution installed here is Python alone, no compiled module."""
    files = distribution(name).files or ()
    return not any(f.suffix in (".so", ".pyd") for f in files)


def test_buildozer_reads_the_spec_without_an_error() -> None:
    Buildozer(str(SPEC)).check_configuration_tokens()  # exits on a wrong spec


def test_every_requirement_of_the_project_is_packed_or_left_to_the_desktop(spec: Spec) -> None:
    asked = set(wanted())
    assert asked - set(spec.pins) - spec.desktop_only == set(), "packed nor left out"
    assert spec.desktop_only - asked == set(), "left out, but not asked for"
    assert spec.desktop_only & set(spec.pins) == set(), "both packed and left out"


def test_every_pin_meets_what_the_project_asks_for(spec: Spec) -> None:
    for name, requirement in wanted().items():
        if name in spec.pins:
            pin = spec.pins[name] or getattr(recipe(name), "version", None)
            assert pin is not None and requirement.specifier.contains(pin), (name, pin)


def test_every_pin_is_the_lock_s_version_or_its_recipe_s(spec: Spec) -> None:
    """The APK packs what the desktop and CI run (``requirements.lock``), but where
    python-for-android builds a package from its recipe at the recipe's own version."""
    lock = locked()
    for name, pin in spec.pins.items():
        if pin is None or recipe_s_own(name, pin):
            continue
        assert name in lock, f"{name}=={pin}: pinned for Android, in no lock"
        assert lock[name] == pin, f"{name}: {pin} in buildozer.spec, {lock[name]} locked"


def test_every_requirement_is_pure_python_or_has_a_recipe(spec: Spec) -> None:
    for name, pin in spec.pins.items():
        if recipe(name) is not None:
            continue  # python-for-android builds it, at its version or at the pin
        assert pin is not None, f"{name}: pinned by nothing (no recipe to pin it)"
        try:
            installed = distribution(name).version
        except PackageNotFoundError:
            pytest.fail(f"{name} has no recipe and is not installed here to be checked")
        assert installed == pin, f"{name} {installed} is installed here, not the lock's {pin}"
        assert pure(name) or name in spec.pure_fallback, f"{name} has C and no recipe"


def test_what_is_built_from_its_pure_python_is_told_so(spec: Spec) -> None:
    script = (ROOT / "scripts" / "android").read_text(encoding="utf-8")
    for name in spec.pure_fallback:
        assert f"{name.upper().replace('-', '_')}_NO_EXTENSIONS=1" in script, name


def test_what_the_packed_requirements_need_is_packed_too(spec: Spec) -> None:
    """python-for-android installs what has no recipe without its dependencies, and a
    recipe built at another version than its own may need more than the recipe says."""
    packed = packaged(spec)
    for name, pin in spec.pins.items():
        found = recipe(name)
        if found is not None and pin in (None, getattr(found, "version", None)):
            continue
        missing = set(installed_requirements(name)) - packed
        assert missing == set(), f"{name} needs {sorted(missing)}"


def test_the_app_asks_for_nfc_and_the_network_and_not_the_camera(spec: Spec) -> None:
    permissions = set(Buildozer(str(SPEC)).config.getlist("app", "android.permissions"))
    assert {"NFC", "INTERNET", "ACCESS_WIFI_STATE"} <= permissions
    assert "CAMERA" not in permissions  # the overhead camera is a desktop's webcam
    assert spec.app["android.features"] == "android.hardware.nfc"


def test_the_app_turns_with_the_tablet() -> None:
    turns = set(Buildozer(str(SPEC)).config.getlist("app", "orientation"))
    assert {"landscape", "portrait"} <= turns


def test_the_app_is_named_in_three_languages(spec: Spec) -> None:
    names = {}
    for strings in (ROOT / "android" / "res").glob("values-*/strings.xml"):
        root = ET.parse(strings).getroot()
        names[strings.parent.name] = next(e.text for e in root if e.get("name") == "app_name")
    assert names["values-zh-rTW"] == names["values-zh-rHK"] == text("zh-Hant", "tablet.title")
    assert names["values-zh-rCN"] == names["values-zh-rSG"] == text("zh-Hans", "tablet.title")
    assert spec.app["title"] == text("en", "tablet.title")  # the name in every other language


class Packing(Buildozer):  # type: ignore[misc]
    """Buildozer copying the app's sources as its build does, into a folder of the test's."""

    def __init__(self, source: Path, into: Path) -> None:
        super().__init__(str(SPEC))
        self.config.set("app", "source.dir", str(source))
        self._into = into

    @property
    def app_dir(self) -> str:
        return str(self._into)


def test_the_build_packs_the_app_its_font_and_its_art_and_nothing_of_the_desktop(
    tmp_path: Path,
) -> None:
    source = tmp_path / "repo"
    source.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in ("fonts", "android"):
            (source / entry.name).symlink_to(entry)
    (source / "android").mkdir()
    (source / "android" / "res").symlink_to(ROOT / "android" / "res")
    prepare = ROOT / "android" / "prepare.py"
    subprocess.run([sys.executable, str(prepare), str(source)], check=True, cwd=ROOT)
    packed = tmp_path / "app"
    Packing(source, packed)._copy_application_sources()
    files = {str(p.relative_to(packed)) for p in packed.rglob("*") if p.is_file()}
    assert {"main.py", "ui/tablet/android.py", "ui/phone/static/phone.js"} <= files
    assert {f"companion/i18n/{lang}.json" for lang in ("en", "zh-Hant", "zh-Hans")} <= files
    assert any(f.startswith("fonts/") and f.endswith((".ttc", ".ttf")) for f in files)
    outside = ("tests", "testkit", "bench", "docs", "scripts")
    assert not {f for f in files if f.split("/")[0] in outside}
    assert not {f for f in files if ".egg-info" in f or f.startswith("firmware_bridge/firmware/")}
    icon = cv2.imread(str(packed / "android" / "build" / "icon.png"), cv2.IMREAD_UNCHANGED)
    splash = cv2.imread(str(packed / "android" / "build" / "presplash.png"))
    assert icon.shape == (512, 512, 4) and icon[0, 0, 3] == 0 and icon[256, 256, 3] == 255
    assert splash.shape[:2] == (800, 1280)


def test_the_android_way_in_starts_the_tablet_app() -> None:
    entry = (ROOT / "main.py").read_text(encoding="utf-8")
    assert "from ui.tablet import android" in entry and "android.main()" in entry


@pytest.mark.long(40)
def test_the_build_s_own_command_prepares_everything_but_the_packaging(tmp_path: Path) -> None:
    """``scripts/android --prepare`` on a fresh copy: its tools installed, the font and the
    art made where the spec reads them (the packaging itself needs Google's SDK)."""
    project = project_copy(tmp_path / "table-companion")
    run = subprocess.run(["scripts/android", "--prepare"], cwd=project, check=False,
                         capture_output=True, text=True, timeout=900)  # fmt: skip
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert (project / ".android-venv" / "bin" / "buildozer").exists()
    assert list((project / "fonts").glob("*.tt[cf]"))
    assert {p.name for p in (project / "android" / "build").iterdir()} == {
        "icon.png",
        "presplash.png",
    }
