"""A hand check while a seat must discard (Microfilms §5.1, 風聲 §4 with a hand limit).

The record had a card too many — a card knocked off a reader, a draw told twice — and
the player states the hand they really hold, within its limit: the turn goes on as after
the last discard, rather than waiting for a discard nobody can make.
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.core.audit import AuditHand
from companion.core.phases import Discarding
from companion.core.playout import choose
from companion.core.prompts import waiting_on
from companion.games.themessage.options import Options
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService


def discarding(path: Path, game: str, options: object, seats: int) -> TableService:
    """A random game played until a seat must discard (the first seed that gets there)."""
    for seed in range(50):
        rng = random.Random(seed)
        names = [f"P{i}" for i in range(seats)]
        service = TableService.start(Journal(path / f"{seed}.sqlite3"), game, names, options,
                                     draws=Draws.APP, rng=rng)  # fmt: skip
        for _ in range(500):
            if isinstance(service.table.state.phase, Discarding):
                return service
            waiting = sorted(waiting_on(service.pending()))
            if not waiting:
                break
            seat = rng.choice(waiting)
            service.submit(choose(service.spec, service.table.state, seat, rng, {}))
    raise AssertionError("no seat ever had to discard")


def check(service: TableService) -> None:
    phase = service.table.state.phase
    assert isinstance(phase, Discarding)
    hand = service.table.state.players[phase.seat].hand
    service.submit(AuditHand(seat=phase.seat, cards=hand[:1]))
    assert not isinstance(service.table.state.phase, Discarding)
    assert service.goes_on()


def test_microfilms_goes_on_after_a_hand_check_within_the_limit(tmp_path: Path) -> None:
    check(discarding(tmp_path, "microfilms", None, 3))


def test_the_message_goes_on_after_a_hand_check_within_the_limit(tmp_path: Path) -> None:
    check(discarding(tmp_path, "themessage", Options(hand_limit=3), 4))
