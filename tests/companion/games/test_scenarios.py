"""Every game's scenarios: each JSON Lines file in ``<game>/scenarios/`` is one rule, replayed.

A file states an exact game (the deal and every draw or random pick), cites the digest
sections it checks in its notes, and checks views and what the table heard with
``expect`` lines and refusals with ``reject`` lines; :func:`companion.transcript.run`
does the rest. ``companion replay FILE`` plays one for a person to read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import GAMES
from companion.transcript import read, run

HERE = Path(__file__).parent
SCENARIOS = sorted(HERE.glob("*/scenarios/*.jsonl"))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_states_its_rules_as_scenarios(game: str) -> None:
    assert any(p.parent.parent.name == game for p in SCENARIOS)


@pytest.mark.parametrize(
    "path", SCENARIOS, ids=[f"{p.parent.parent.name}/{p.stem}" for p in SCENARIOS]
)
def test_scenario(path: Path) -> None:
    with path.open(encoding="utf-8") as lines:
        header, body = read(lines)
    run(header, body)
