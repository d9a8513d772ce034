"""The tablet app on Android, simulated here: the modules Android lacks made missing, the
app started as ``main.py`` starts it, the tablet's own NFC a fake of Android's, four phones
over real WebSockets; paused and resumed, killed in the background and started again
(``android_game.py``, in a process of its own so that nothing this one imported counts)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.android_spec import normal, packaged, read

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.long(50)
def test_a_whole_game_on_a_simulated_android_tablet_loses_nothing_to_its_life_cycle(
    tmp_path: Path,
) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tests.ui.tablet.android_game", str(tmp_path)],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-4000:]
    said = json.loads(run.stdout.strip().splitlines()[-1])
    assert said["missing"] == [], "the tablet's path imported what Android lacks"
    foreign = {normal(d) for d in said["loaded"]} - packaged(read()) - {"table-companion"}
    assert foreign == set(), "the app loaded what buildozer.spec does not package"
    assert said["readers"] == ["connected"], "the tablet's own NFC watches the centre"
    assert said["tapped"], "a card laid on the tablet's back made its move"
    assert said["paused_table"] and not said["paused_after_resume"], "the round held meanwhile"
    assert said["back_after_resume"] == 4, "every phone came back by itself"
    assert not said["over_before_kill"] and said["offered"], "the killed game is offered again"
    assert said["resumed_at"][0] == said["resumed_at"][1], "exactly where it was"
    assert said["views"] > 100
    assert (tmp_path / "journal.sqlite3").exists() and (tmp_path / "logs").is_dir()
