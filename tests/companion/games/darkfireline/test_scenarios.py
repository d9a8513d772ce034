"""暗火线 scenarios: each JSON Lines file in ``scenarios/`` is one rule, replayed.

A file states an exact game (the deal and every draw), cites the digest sections it
checks in its notes, and checks views and what the table heard with ``expect`` lines
and refusals with ``reject`` lines; :func:`companion.transcript.run` does the rest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.transcript import read, run

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.jsonl"))


def test_there_are_scenarios() -> None:
    assert SCENARIOS


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    with path.open(encoding="utf-8") as lines:
        header, body = read(lines)
    run(header, body)
