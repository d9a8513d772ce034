"""A game killed at any point resumes to a table where someone can act, or to its end.

Recorded games of every registered game, under every chance policy a table can
have (the app draws; players tell their draws; the deal laid on readers; the deal
made by hand and told on the phones), are cut
after every one of their actions — not a sample — as a killed app, a flat
battery or a journal written by an older version would leave them, and each cut
is resumed: the chance the last action left due is drawn, and the table then waits
for a seat, or for the deal to be laid on the readers, or is over.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.core.dealing import told
from companion.core.dealing.told import TellDealt
from companion.core.errors import RuleViolation
from companion.core.game import GameSpec
from companion.core.playout import choose
from companion.core.prompts import waiting_on
from companion.core.taps import Place
from companion.core.types import CardId
from companion.games import GAMES
from companion.journal import Journal
from companion.policy import Dealer, Draws
from companion.service import TableService

POLICIES = [
    (Draws.APP, False, Dealer.APP),
    (Draws.TOLD, False, Dealer.APP),
    (Draws.TOLD, True, Dealer.APP),
    (Draws.TOLD, False, Dealer.TABLE),
]
MOST_ACTIONS = 700
SEEDS = (1, 2)


def record(
    journal: Journal, game: str, *, draws: Draws, readers: bool, dealer: Dealer, seed: int
) -> int:
    """A random game played through the table service as the policy has it; its id."""
    rng = random.Random(seed)
    spec = GAMES[game]
    names = [f"P{i}" for i in range(spec.demo_sizes[0])]
    service = TableService.start(
        journal, game, names, draws=draws, readers=readers, dealer=dealer, rng=rng
    )
    words = told_words(spec, service.table.state, rng) if service.telling_deal() else []
    for _ in range(MOST_ACTIONS):
        state = service.table.state
        if service.over() is not None:
            break
        if service.telling_deal():  # each seat tells the cards a real deal gave it
            seat = told.waiting(state)[0]
            service.act(seat, TellDealt(seat=seat, cards=words[seat]))
            continue
        waiting = sorted(waiting_on(service.pending()))
        if not waiting:  # the deal, as the readers would read it
            deal = spec.roll(state, rng)
            assert deal is not None, "nothing pending, nothing due, not over"
            service.submit(deal)
            continue
        action = choose(spec, state, rng.choice(waiting), rng, {})
        try:
            service.submit(action)
        except RuleViolation:  # a told card the record has elsewhere
            continue
    return service.game_id


def told_words(spec: GameSpec[Any], state: Any, rng: random.Random) -> list[tuple[CardId, ...]]:
    """What each seat of a real deal would tell: its cards of a deal drawn as the box deals."""
    deal = spec.roll(state, rng)
    taps = spec.sensing.deal
    assert deal is not None and taps is not None
    words: list[tuple[CardId, ...]] = [() for _ in state.players]
    for role, card in taps.laid(deal):
        if role.place is Place.SEAT and role.seat is not None:
            words[role.seat] = (*words[role.seat], card)
    return words


@pytest.mark.parametrize(
    "draws,readers,dealer", POLICIES, ids=["app", "told", "readers", "told-deal"]
)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_cut_of_a_recorded_game_resumes_to_a_table_that_can_go_on(
    game: str, draws: Draws, readers: bool, dealer: Dealer, tmp_path: Path
) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    for seed in SEEDS:
        played = record(journal, game, draws=draws, readers=readers, dealer=dealer, seed=seed)
        header, entries = journal.header(played), journal.entries(played)
        assert len(entries) > 20
        for cut in range(len(entries) + 1):
            copy = journal.create(header)
            if cut:
                journal.append(copy, [(e.action, e.undoable) for e in entries[:cut]])
            service = TableService.resume(journal, copy, rng=random.Random(cut))
            assert service.seq >= cut, "a resumed game lost a committed action"
            assert service.goes_on(), f"game {seed} stuck after {cut} of {len(entries)} actions"
