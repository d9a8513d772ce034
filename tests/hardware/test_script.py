"""A scripted source replays observations from a file: a table with no hardware at all."""

from __future__ import annotations

import json
from pathlib import Path

from companion.observations import SourceState, SourceStatus, TagPlaced, TagRemoved
from hardware.sources import open_source


async def test_a_script_replays_its_taps_between_connected_and_closed(tmp_path: Path) -> None:
    script = tmp_path / "taps.jsonl"
    lines = [
        {"kind": "tag_placed", "source": "seat1", "uid": "04AA"},
        {"after": 0.01, "kind": "tag_removed", "source": "seat1", "uid": "04AA"},
    ]
    script.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    seen = [obs async for obs in open_source(f"script:{script}", "demo")]
    assert [type(o) for o in seen] == [SourceStatus, TagPlaced, TagRemoved, SourceStatus]
    assert isinstance(seen[0], SourceStatus) and seen[0].state is SourceState.CONNECTED
    assert isinstance(seen[-1], SourceStatus) and seen[-1].state is SourceState.CLOSED
    assert (seen[1].source, seen[1].uid) == ("seat1", "04AA")  # type: ignore[union-attr]


async def test_a_script_with_a_line_that_is_no_observation_fails_saying_where(
    tmp_path: Path,
) -> None:
    script = tmp_path / "bad.jsonl"
    script.write_text('{"kind": "tag_placed", "source": "s", "uid": "04"}\nnonsense\n')
    seen = [obs async for obs in open_source(f"script:{script}")]
    last = seen[-1]
    assert isinstance(last, SourceStatus) and last.state is SourceState.FAILED
    assert last.reason == "script.reason.bad_line" and last.detail.startswith("2:")
