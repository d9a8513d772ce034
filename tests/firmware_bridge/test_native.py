"""The firmware: its portable core natively, built with gcc under the address and
undefined-behaviour sanitizers and run against the same golden frames the host codec is
tested on (``make -C firmware_bridge/firmware test``); and the binary that would be
flashed, built with Debian's avr-gcc and Arduino core, warnings as errors on our sources."""

from __future__ import annotations

import re
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


def test_the_firmware_builds_for_an_uno_and_fits_it(tmp_path: Path) -> None:
    run = subprocess.run(["make", "-C", str(FIRMWARE), f"BUILD={tmp_path}"],
                         capture_output=True, text=True, check=False)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    flash = re.search(r"Program:\s+(\d+) bytes", run.stdout)
    ram = re.search(r"Data:\s+(\d+) bytes", run.stdout)
    assert flash and ram, run.stdout
    assert int(flash.group(1)) < 32_256 - 512, "room on an ATmega328P beside its boot loader"
    assert int(ram.group(1)) < 2048 * 3 // 4, "a quarter of the RAM left for the stack"
    assert (tmp_path / "board.hex").read_text().startswith(":")
