"""Every benchmark still runs: each script in ``bench/``, as typed, at its smallest size
(``--smoke``), exits 0 and prints ``name: value unit`` lines under the names
docs/benchmarks.md gives them — so that none can rot unseen between two measurements.
The figures themselves mean nothing at that size and are not judged."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p.name for p in (ROOT / "bench").glob("*.py"))
FIGURE = re.compile(r"^(?P<name>[a-z0-9_.]+): \S+")


def documented_as(name: str) -> str:
    """The name docs/benchmarks.md gives a printed figure: without the game it is of
    (``.microfilms``), the mode and setting it was measured in (``markerless_``,
    ``emulator_``, ``1080p_20_``); a figure by table size (``_4p``) as ``_{4,6}p``."""
    name = name.split(".", maxsplit=1)[0]
    name = re.sub(r"^(markerless_|emulator_)", "", name)
    name = re.sub(r"^\d+p_\d+_", "", name)
    return re.sub(r"_\d+p$", "_{4,6}p", name)


def test_every_script_in_bench_is_run_here() -> None:
    assert {"engine.py", "phones.py", "taps.py", "tablet.py", "camera.py", "board.py",
            "board_fuzz.py", "demos.py", "evening.py", "player.py"} <= set(SCRIPTS)  # fmt: skip


@pytest.mark.parametrize("script", SCRIPTS)
def test_each_benchmark_runs_at_its_smallest_size_and_prints_its_documented_figures(
    script: str, tmp_path: Path
) -> None:
    run = subprocess.run(
        [sys.executable, f"bench/{script}", "--smoke"],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=900,
        env={**os.environ, "TMPDIR": str(tmp_path)},
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-4000:]
    figures = [m["name"] for line in run.stdout.splitlines() if (m := FIGURE.match(line))]
    assert figures, run.stdout
    docs = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert f"`python bench/{script}" in docs, "the section that gives its command"
    undocumented = sorted({f for f in figures if f"`{documented_as(f)}" not in docs})
    assert undocumented == []
