"""A seat's standing answer to the rounds (風聲 §5.2, §7: the windows; 暗火线 §6.2: the
rescue rounds): the table passes for a seat that asked it to — for the turn, or but for what
is aimed at it — and a window closes as soon as every seat it asks has passed or stands
aside. When it does may depend on public facts alone: the worlds a seat cannot tell apart
give the same passes."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.clock import HandClock
from companion.core import playout
from companion.core.actions import Pass
from companion.core.oracle import world_apart
from companion.core.prompts import waiting_on
from companion.core.rounds import open_round
from companion.core.standing import Order, Standing, stand_aside
from companion.core.types import Seat
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService
from tests.companion.test_windows import SEATS, in_a_round

NEVER_HOLD = {"hold": 0.0}


def moves(service: TableService, rng: random.Random, *, but: Seat | None = None) -> Iterator[Any]:
    """The table's moves, one at a time, as random players make them (never a hold) — never
    one of ``but``'s in a round, which the table must make for it; each state after."""
    while service.over() is None:
        state = service.table.state
        round_ = open_round(state)
        waiting = sorted(waiting_on(service.pending()))
        if round_ is not None and but is not None:
            waiting = [s for s in waiting if s != but] or waiting
        seat = rng.choice(waiting)
        service.submit(playout.choose(service.spec, state, seat, rng, NEVER_HOLD))
        yield service.table.state


def passes_of(service: TableService, seat: Seat) -> int:
    return sum(
        e.action == {"act": "pass", "seat": seat} for e in service.journal.entries(service.game_id)
    )


def test_a_seat_standing_aside_for_the_turn_is_passed_for_until_the_turn_ends(
    tmp_path: Path,
) -> None:
    """§7: its pass is made at once, and in every window of the turn; the next turn asks it."""
    service = in_a_round(tmp_path, HandClock())
    window = service.window()
    assert window is not None
    seat = window.waiting[0]
    turn = service.table.state.turn
    service.stand(seat, Standing.TURN)
    assert passes_of(service, seat) == 1, "the open window is answered at once"
    assert service.standing(seat) is Standing.TURN
    assert service.seat_view(seat).standing is Standing.TURN
    rng = random.Random(5)
    asked_again = False
    for state in moves(service, rng, but=seat):
        round_ = open_round(state)
        if state.turn == turn:
            assert round_ is None or seat not in round_.waiting, "never asked this turn"
            continue
        assert service.standing(seat) is None, "the order ended with its turn"
        if round_ is not None and seat in round_.waiting:
            asked_again = True
            break
    assert asked_again


def test_a_window_closes_as_soon_as_every_seat_it_asks_has_passed_or_stands_aside(
    tmp_path: Path,
) -> None:
    clock = HandClock()
    service = in_a_round(tmp_path, clock)
    window = service.window()
    assert window is not None
    *others, last = window.waiting
    for seat in others:
        service.act(seat, Pass(seat=seat))
    service.stand(last, Standing.TURN)
    after = service.window()
    assert after is None or after.n != window.n, "closed, without waiting for its time"
    acts = [e.action["act"] for e in service.journal.entries(service.game_id)]
    assert "close_round" not in acts


def test_asked_again_after_saying_so(tmp_path: Path) -> None:
    service = in_a_round(tmp_path, HandClock())
    window = service.window()
    assert window is not None
    seat = window.waiting[-1]
    service.stand(seat, Standing.AIMED)
    service.stand(seat, None)
    assert service.standing(seat) is None and service.seat_view(seat).standing is None
    with pytest.raises(ValueError):
        service.stand(Seat(len(SEATS)), Standing.TURN)


@pytest.mark.parametrize("game", ["themessage", "darkfireline"])
def test_a_seat_standing_aside_but_for_what_is_aimed_at_it_is_asked_only_in_those_rounds(
    tmp_path: Path, game: str
) -> None:
    """風聲: a card played at the seat, an intelligence reaching it (§5.2); 暗火线: nothing
    in a rescue round is aimed at a seat it asks (§6.2), so every rescue goes by."""
    seat, asked, passed = Seat(1), 0, 0
    for n in range(6):
        journal = Journal(tmp_path / f"{game}-{n}.sqlite3")
        service = TableService.start(journal, game, [*SEATS, "Eve"], draws=Draws.APP,
                                     rng=random.Random(n))  # fmt: skip
        service.stand(seat, Standing.AIMED)
        for state in moves(service, random.Random(n), but=seat):
            round_ = open_round(state)
            if round_ is not None and seat in round_.waiting:
                assert seat in service.spec.aimed(state)
                asked += 1
        passed += passes_of(service, seat)
        assert service.standing(seat) is Standing.AIMED, "it lasts until the seat says otherwise"
    assert passed > 0
    assert asked > 0 or game == "darkfireline"


@pytest.mark.parametrize("game", ["themessage", "darkfireline"])
def test_when_the_table_passes_for_a_seat_depends_on_nothing_it_may_not_know(
    tmp_path: Path, game: str
) -> None:
    """The leak oracle's worlds apart: whatever orders the seats left, the table passes for
    the same seats in every world a seat cannot tell from the table as it is — so how soon
    a window closes tells nobody where a card lies or who is who."""
    compared = 0
    for n in range(4):
        journal = Journal(tmp_path / f"{game}-{n}.sqlite3")
        service = TableService.start(journal, game, [*SEATS, "Eve", "Fay"], draws=Draws.APP,
                                     rng=random.Random(n))  # fmt: skip
        rng = random.Random(100 + n)
        spec = service.spec
        for state in moves(service, random.Random(n)):
            if open_round(state) is None:
                continue
            orders = {Seat(s): Order(standing=rng.choice(list(Standing)), turn=state.turn)
                      for s in range(len(state.players)) if rng.random() < 0.6}  # fmt: skip
            here = stand_aside(state, orders, spec.aimed(state))
            for seat in range(len(state.players)):
                apart = world_apart(spec, state, Seat(seat), rng, shuffled=True)
                if apart is None:
                    continue
                there = stand_aside(apart.world, orders, spec.aimed(apart.world))
                assert here == there, (seat, state.phase)
                compared += 1
    assert compared > 20, compared
