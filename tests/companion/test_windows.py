"""Response windows that never stall and never tell (風聲 §5.2, §7: the rounds of a window).

Nobody has to pass: a round nobody answers is closed by the app after the time the
table set, as a journalled action; a seat may ask it to wait; a late close closes
nothing. The clock is the test's own (``clock=``), so no assert depends on time.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.clock import HandClock
from companion.core import playout
from companion.core.actions import Pass
from companion.core.errors import WrongMoment
from companion.core.rounds import CloseRound, Hold, RoundNotOpen, open_round
from companion.core.types import Seat
from companion.core.worlds import relabel
from companion.games.themessage import timing
from companion.games.themessage.cards import CARDS, Function
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService

SEATS = ["Ann", "Ben", "Cat", "Dan"]
SECONDS = 15


def in_a_round(tmp_path: Path, clock: HandClock, seed: int = 3, **kw: Any) -> TableService:
    """A 風聲 game played by random choices (never a hold) until a window is open."""
    service = TableService.start(
        Journal(tmp_path / "j.sqlite3"), "themessage", SEATS, draws=Draws.APP,
        rng=random.Random(seed), window=SECONDS, clock=clock, **kw,
    )  # fmt: skip
    rng = random.Random(seed)
    while open_round(service.table.state) is None:
        seat = service.acting()
        assert seat is not None and service.over() is None
        action = playout.choose(service.spec, service.table.state, seat, rng, {"hold": 0.0})
        service.submit(action)
    return service


def test_a_window_nobody_answers_closes_when_its_time_is_up(tmp_path: Path) -> None:
    """§7: a round where all pass closes; a seat that says nothing passes when time is up."""
    clock = HandClock()
    service = in_a_round(tmp_path, clock)
    window = service.window()
    assert window is not None and window.closes_in == SECONDS and window.waiting
    assert not service.close_due(window.n), "not before its time"
    clock.now += SECONDS
    assert service.window() == window.__class__(window.n, window.waiting, (), 0.0)
    assert service.close_due(window.n)
    last = service.journal.entries(service.game_id)[-1].action
    assert last == {"act": "close_round", "n": window.n}, "the close is journalled"
    after = service.window()
    assert after is None or after.n != window.n
    closed = [e for e in service.table.state.history if e.kind == "round_closed"]
    assert closed and closed[-1].args == {"seats": list(window.waiting)}


def test_a_seat_may_hold_a_window_open_and_its_answer_lets_it_close(tmp_path: Path) -> None:
    clock = HandClock()
    service = in_a_round(tmp_path, clock)
    window = service.window()
    assert window is not None
    seat = window.waiting[0]
    service.submit(Hold(seat=seat))
    held = service.window()
    assert held is not None and held.holding == (seat,) and held.closes_in is None
    clock.now += 10 * SECONDS
    assert not service.close_due(window.n), "a held window waits for its holder"
    assert Hold(seat=seat) not in service.table.legal_actions(seat), "once is enough"
    service.submit(Pass(seat=seat))
    after = service.window()
    if after is not None and after.n == window.n:  # others still to answer: time is up
        assert after.closes_in == 0.0 and service.close_due(window.n)


def test_a_late_close_closes_nothing_and_changes_nothing(tmp_path: Path) -> None:
    clock = HandClock()
    service = in_a_round(tmp_path, clock)
    window = service.window()
    assert window is not None
    state, seq = service.table.state, service.seq
    with pytest.raises(RoundNotOpen):
        service.close_now(window.n + 1)
    assert service.table.state is state and service.seq == seq
    assert not service.close_due(window.n + 1)


def test_the_table_may_close_a_held_window_at_once(tmp_path: Path) -> None:
    clock = HandClock()
    service = in_a_round(tmp_path, clock)
    window = service.window()
    assert window is not None
    service.submit(Hold(seat=window.waiting[0]))
    service.close_now(window.n)
    after = service.window()
    assert after is None or after.n != window.n


def test_a_resumed_or_paused_window_has_its_whole_time_again(tmp_path: Path) -> None:
    clock = HandClock()
    service = in_a_round(tmp_path, clock)
    window = service.window()
    assert window is not None
    clock.now += SECONDS - 1
    service.journal.close()
    resumed = TableService.resume(Journal(tmp_path / "j.sqlite3"), service.game_id, clock=clock)
    again = resumed.window()
    assert again is not None and again.n == window.n and again.closes_in == SECONDS
    clock.now += SECONDS - 1
    resumed.hold_window(True)
    paused = resumed.window()
    assert paused is not None and paused.closes_in is None, "it waits, and says so"
    clock.now += 10 * SECONDS
    resumed.hold_window(False)
    going_on = resumed.window()
    assert going_on is not None and going_on.closes_in == SECONDS


def test_the_time_the_table_set_is_kept_with_the_game(tmp_path: Path) -> None:
    clock = HandClock()
    service = TableService.start(
        Journal(tmp_path / "j.sqlite3"), "themessage", SEATS, rng=random.Random(1), window=0
    )
    assert service.header.meta["window"] == 0 and service.window_seconds == 0
    assert (
        TableService.start(
            Journal(tmp_path / "k.sqlite3"), "themessage", SEATS, rng=random.Random(1), clock=clock
        ).window_seconds
        == 20
    )


def test_a_seat_with_nothing_to_play_is_asked_offered_and_timed_alike(tmp_path: Path) -> None:
    """§7: who a round asks, and how long it waits, are public facts. Two worlds that differ
    only in whether one seat holds a card it could play now give every seat the same view,
    prompts and window, and that seat the same choices but for the play itself."""
    clock = HandClock()
    service = in_a_round(tmp_path, clock)
    state, spec = service.table.state, service.spec
    window = service.window()
    assert window is not None
    seat = window.waiting[-1]
    now = timing.functions_now(state, seat)
    assert now, "a round asks only seats that could play something, by public facts"
    dull = [c for c in state.deck if CARDS[c].function not in now]
    sharp = [c for c in state.deck if CARDS[c].function in now]
    held = [c for c in state.players[seat].hand if CARDS[c].function in now]
    swap = {**dict(zip(held, dull, strict=False)), **dict(zip(dull, held, strict=False))}
    nothing = relabel(state, swap)  # every card it could play traded for one from the deck
    first = nothing.players[seat].hand[0]
    something = relabel(nothing, {first: sharp[0], sharp[0]: first})
    plays = {f.value for f in Function}
    seen = []
    for world in (nothing, something):
        service.table.state = world
        others = [spec.private_view(world, Seat(s)) for s in range(len(SEATS)) if s != seat]
        choices = [f for f in spec.families(world, seat) if f not in plays]
        seen.append((spec.public_view(world), others, service.window(), choices))
    service.table.state = state
    assert [f for f in spec.families(nothing, seat) if f in plays] == []
    assert seen[0] == seen[1]
    assert seen[0][3] == ["pass", "hold"]


def test_the_rules_refuse_a_close_outside_a_window(tmp_path: Path) -> None:
    service = TableService.start(
        Journal(tmp_path / "j.sqlite3"), "themessage", SEATS, rng=random.Random(2)
    )
    assert open_round(service.table.state) is None
    before = service.table.state
    with pytest.raises(WrongMoment):
        service.submit(CloseRound(n=1))
    assert service.table.state is before
