"""A phone names cards by face (``companion.core.copies.by_face``), so the answer to what
it sends must not depend on which copy of a face lies where: two worlds that trade two
look-alike copies — one in the seat's hand, one face up in front of a player — give the
seat the same answer, even to an action that names both copies at once (風聲 §6.6: a Burn
played on an intelligence of its own face)."""

from __future__ import annotations

import random
from pathlib import Path

from companion.core.copies import by_face
from companion.core.errors import RuleViolation
from companion.core.playout import choose
from companion.core.prompts import waiting_on
from companion.core.types import Seat
from companion.core.worlds import relabel
from companion.games.themessage.actions import Burn
from companion.journal import Journal
from companion.service import Draws, TableService

GAMES = 4
"""Random 風聲 games, each played to its end: enough for a seat to hold a card of the face
of an intelligence lying in front of a player, many times over."""


def answer(service: TableService, seat: Seat, action: Burn) -> object:
    """The answer as the seat is told it: taken, or the refusal's reason by faces."""
    refused: RuleViolation | None = service.judge(seat, action)
    if refused is None:
        return "taken"
    return refused.code, by_face(refused.details, service.spec.copies(service.table.state))


def test_a_burn_named_by_face_is_answered_alike_wherever_its_copies_lie(tmp_path: Path) -> None:
    asked = 0
    for n in range(GAMES):
        journal = Journal(tmp_path / f"{n}.sqlite3")
        names = ["Ann", "Ben", "Cat", "Dan", "Eve"]
        service = TableService.start(journal, "themessage", names, draws=Draws.APP,
                                     rng=random.Random(n))  # fmt: skip
        rng, table = random.Random(n), service.table
        while table.over() is None:
            state = table.state
            copies = service.spec.copies(state)
            for seat, player in enumerate(state.players):
                for card in player.hand:
                    for target, other in enumerate(state.players):
                        for intel in other.intel:
                            if intel == card or copies.face.get(intel) != copies.face.get(card):
                                continue
                            burn = Burn(seat=Seat(seat), card=card, target=Seat(target),
                                        intel=intel)  # fmt: skip
                            here = answer(service, Seat(seat), burn)
                            table.state = relabel(state, {card: intel, intel: card})
                            there = answer(service, Seat(seat), burn)
                            table.state = state
                            assert here == there, (n, burn)
                            asked += 1
            seat = rng.choice(sorted(waiting_on(service.spec.pending(state))))
            service.submit(choose(service.spec, state, seat, rng, {}))
    assert asked > 20, asked
