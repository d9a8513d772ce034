"""The pictures the README and the docs show are drawn by one script, ``scripts/pictures``,
from the code as it is (issue: pictures that stay true): each one the docs name is one the
script makes, no picture lies in docs/images that no page shows, and the script runs as
typed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.pictures import PICTURES

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "pictures"


def named_by_the_docs() -> set[str]:
    pages = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    found = (re.findall(r"images/([\w.-]+\.(?:png|jpg))", p.read_text("utf-8")) for p in pages)
    return {name for names in found for name in names}


def test_every_picture_the_docs_show_is_drawn_by_the_script_and_no_other_lies_there() -> None:
    shown = named_by_the_docs()
    assert shown, "the docs show pictures"
    assert shown <= set(PICTURES), f"not drawn by scripts/pictures: {sorted(shown - set(PICTURES))}"
    kept = {p.name for p in (ROOT / "docs" / "images").iterdir()}
    assert kept == shown, f"in docs/images but shown nowhere: {sorted(kept - shown)}"


def test_each_test_the_script_names_is_one_the_suite_has() -> None:
    tests = sorted(set(PICTURES.values()))
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *tests],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert listed.returncode == 0, listed.stdout + listed.stderr
    assert set(tests) <= set(listed.stdout.split()), listed.stdout


def test_the_script_draws_a_picture_as_typed(tmp_path: Path) -> None:
    """The smallest run: one picture, elsewhere than docs/images."""
    typed = subprocess.run(
        [str(SCRIPT), "--out", str(tmp_path), "camera-view.jpg"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert typed.returncode == 0, typed.stdout + typed.stderr
    assert (tmp_path / "camera-view.jpg").read_bytes()[:3] == b"\xff\xd8\xff", "a JPEG"
    assert str(tmp_path / "camera-view.jpg") in typed.stdout
    refused = subprocess.run(
        [str(SCRIPT), "--out", str(tmp_path), "no-such.png"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert refused.returncode == 2 and "no such picture: no-such.png" in refused.stderr
