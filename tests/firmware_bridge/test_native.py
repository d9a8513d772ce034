"""The firmware's portable core, natively: built with gcc under the address and
undefined-behaviour sanitizers and run against the same golden frames the host codec is
tested on (``make -C firmware_bridge/firmware test``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware_bridge" / "firmware"


def test_the_core_builds_warning_free_and_passes_its_checks_under_sanitizers(
    tmp_path: Path,
) -> None:
    run = subprocess.run(["make", "-C", str(FIRMWARE), "test", f"BUILD={tmp_path}"],
                         capture_output=True, text=True, check=False)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert any(line.startswith("ok: ") for line in run.stdout.splitlines()), run.stdout
