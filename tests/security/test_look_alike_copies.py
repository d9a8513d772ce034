"""Look-alike copies (``companion/core/copies.py``): which copy of a face a seat played follows
from where the other copies lie — a told card takes the first one the deck holds — so a card
played must reach every other phone and the room screen as its face. Two worlds that differ
only in which copy lies where must send them the same bytes after the same play, the
history's lines included (``TableService.public_events``)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.clock import HandClock
from companion.core.copies import by_face
from companion.core.game import GameSpec
from companion.core.narrow import obj
from companion.core.types import CardId, JSONObject, Seat
from companion.core.views import public_event
from companion.core.worlds import named_cards, relabel
from companion.journal import Journal
from companion.service import TableService
from companion.table import Table
from tests.ui.phone.conftest import SEATS, serve_service


def fresh(path: Path, game: str, seed: int, moves: list[Any]) -> TableService:
    names = [*SEATS, "Eve"] if game == "darkfireline" else SEATS
    table = Table.start(Journal(path), game, names, rng=random.Random(seed))
    service = TableService(table, clock=HandClock())  # a window's seconds left: the same
    for action in moves:
        service.submit(action)
    return service


def a_copy_played(path: Path, game: str) -> tuple[list[Any], Seat, JSONObject, CardId]:
    """Moves of a random game up to where a seat may put before the whole table a card that
    has a look-alike copy elsewhere — its public event names the card; the seat, the body
    its phone sends (by face) and its copy."""
    service, rng, moves = fresh(path, game, 1, []), random.Random(1), []
    while not service.over():
        state, spec = service.table.state, service.spec
        copies = spec.copies(state)
        for seat in range(len(service.names)):
            hand = state.player(Seat(seat)).hand
            for action in service.table.legal_actions(Seat(seat)):
                named = named_cards(action)
                card = next(iter(named), None)
                if (
                    len(named) == 1
                    and card in hand
                    and len(copies[card]) > 1
                    and shown(card, state, action, spec)
                ):
                    body = obj(by_face(spec.codec.encode(action), copies))
                    return moves, Seat(seat), body, card
        seats = sorted({s for p in service.pending() for s in p.seats})
        action = rng.choice(service.table.legal_actions(rng.choice(seats)))
        service.submit(action)
        moves.append(action)
    raise AssertionError("no look-alike copy was ever played")


def shown(card: CardId, state: Any, action: Any, spec: GameSpec[Any]) -> bool:
    """Whether ``action`` makes an event the whole table hears name ``card``."""
    events = spec.apply(state, action).events
    return any(card in json.dumps(public_event(e)) for e in events)


@pytest.mark.parametrize("game", ["microfilms", "themessage", "darkfireline"])
async def test_a_copy_played_reaches_other_phones_and_the_room_as_its_face(
    tmp_path: Path, game: str
) -> None:
    moves, actor, body, card = a_copy_played(tmp_path / "find.sqlite3", game)
    here = fresh(tmp_path / "here.sqlite3", game, 1, moves)
    there = fresh(tmp_path / "there.sqlite3", game, 1, moves)
    state = there.table.state
    twin = next(c for c in there.spec.copies(state)[card] if c != card)
    there.table.state = relabel(state, {card: twin, twin: card})  # nobody else can tell
    sent = []
    for service in (here, there):
        async for served in serve_service(service):
            phone, view = await served.join(actor)
            watcher, _ = await served.join((actor + 1) % len(service.names))
            await phone.act(body, seen=view["seq"])
            assert (await phone.receive("ok"))["seq"], "the play is made in both worlds"
            seen = await watcher.receive("view")
            sent.append((seen["feed"], seen["table"], served.server.room_frame("zh-Hant")))
            await phone.close()
            await watcher.close()
    assert sent[0] == sent[1]
