"""A phone names cards by face (``companion.core.copies.by_face``), so the answer to what
it sends must not depend on which copy of a face lies where: two worlds that trade two
look-alike copies — one in the seat's hand, one face up in front of a player — give the
seat the same answer, even to an action that names both copies at once (風聲 §6.6: a Burn
played on an intelligence of its own face) — and the copy a body by face plays, and the
work to find it, depend on no copy's place either."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.core.copies import by_face
from companion.core.errors import RuleViolation
from companion.core.playout import choose
from companion.core.prompts import waiting_on
from companion.core.types import Seat
from companion.core.worlds import named_cards, relabel
from companion.games.themessage.actions import Burn
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService
from tests.counted import calls_in

GAMES = 4
"""Random games of a game, each played to its end: enough, in 風聲, for a seat to hold a card
of the face of an intelligence lying in front of a player, and in 暗火线 two look-alikes,
many times over."""


def answer(service: TableService, seat: Seat, action: Burn) -> object:
    """The answer as the seat is told it: taken, or the refusal's reason by faces."""
    refused: RuleViolation | None = service.judge(seat, action)
    if refused is None:
        return "taken"
    return refused.code, by_face(refused.details, service.spec.copies(service.table.state))


def steps(tmp_path: Path, game: str) -> Iterator[tuple[TableService, Any]]:
    """Each step of ``GAMES`` random games of ``game``, played on the service to their ends:
    the service and its state before each move (which a caller may trade for a world apart
    meanwhile, and puts back)."""
    for n in range(GAMES):
        journal = Journal(tmp_path / f"{game}-{n}.sqlite3")
        names = ["Ann", "Ben", "Cat", "Dan", "Eve"]
        service = TableService.start(journal, game, names, draws=Draws.APP,
                                     rng=random.Random(n))  # fmt: skip
        rng = random.Random(n)
        while service.table.over() is None:
            state = service.table.state
            yield service, state
            seat = rng.choice(sorted(waiting_on(service.spec.pending(state))))
            service.submit(choose(service.spec, state, seat, rng, {}))


def test_a_burn_named_by_face_is_answered_alike_wherever_its_copies_lie(tmp_path: Path) -> None:
    asked = 0
    for service, state in steps(tmp_path, "themessage"):
        copies = service.spec.copies(state)
        for seat, player in enumerate(state.players):
            for card in player.hand:
                for target, other in enumerate(state.players):
                    for intel in other.intel:
                        if intel == card or copies.face.get(intel) != copies.face.get(card):
                            continue
                        burn = Burn(seat=Seat(seat), card=card, target=Seat(target), intel=intel)
                        here = answer(service, Seat(seat), burn)
                        service.table.state = relabel(state, {card: intel, intel: card})
                        there = answer(service, Seat(seat), burn)
                        service.table.state = state
                        assert here == there, burn
                        asked += 1
    assert asked > 20, asked


def test_a_play_named_by_face_is_the_same_copy_whichever_copies_the_seat_holds(
    tmp_path: Path,
) -> None:
    """暗火线, whose hands hold many look-alikes (a phone's body is matched by the service,
    alike for every game): a seat holding two copies of a face, neither of them the face's
    first id, names the face on its phone; in the world where that first id is its second
    copy instead, it must be told and shown the same. Taken as sent there, the body would
    play that second copy — the hand left would come back in another order — and it would
    be found sooner."""
    asked = 0
    for service, state in steps(tmp_path, "darkfireline"):
        spec = service.spec
        copies, codec = spec.copies(state), spec.codec
        for seat, player in enumerate(state.players):
            out_of_sight = spec.secrecy.hidden(state, Seat(seat)).out_of_sight()
            for action in spec.legal_actions(state, Seat(seat)):
                for card in named_cards(action):
                    face = copies.face.get(card, card)
                    mine = [c for c in player.hand if copies.face.get(c) == face]
                    if len(mine) < 2 or face not in out_of_sight:
                        continue
                    body = codec.decode(by_face(codec.encode(action), copies))
                    told = []
                    for world in (state, relabel(state, {mine[1]: face, face: mine[1]})):
                        service.table.state = world
                        find = functools.partial(service.meant, Seat(seat), body)
                        find()  # every cache warm, in both worlds
                        meant, work = calls_in(find)
                        after = spec.apply(world, meant).state
                        told.append((by_face(spec.private_view(after, Seat(seat)), copies), work))
                    service.table.state = state
                    assert told[0] == told[1], action
                    asked += 1
    assert asked > 20, asked
