"""The leak oracle at the bytes finds what a search for card names could not: each leak
planted here reaches a seat only as bytes — a copy's id in a frame, a refusal that
depends on another seat's hand, a countdown that lasts longer when someone holds a card
to play, a tablet text that counts a hidden card — and each is caught in a game played as
the table suite plays it (``tests/companion/games/test_every_table.py``)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.actions import Action
from companion.core.errors import RuleViolation
from companion.core.types import Seat
from companion.games import GAMES
from companion.service import TableService, Window
from tests.companion.games.test_every_table import SEED_BASE, open_table, play
from ui.phone.server import PhoneServer
from ui.tablet.session import Session


async def caught(game: str, way: str, tmp_path: Path, tables: int = 4) -> list[str]:
    """What the oracle finds first in games of ``game`` played ``way``."""
    for n in range(tables):
        found = await play(open_table(game, way, SEED_BASE + 1000 + n, tmp_path))
        if found:
            return found
    return []


async def test_the_games_as_they_are_send_nothing_a_seat_may_not_know(tmp_path: Path) -> None:
    assert await caught("microfilms", "told", tmp_path, tables=2) == []


async def test_a_copy_s_id_in_a_frame_is_caught(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Microfilms §1.3: two Interrogate/Blackmail cards read alike. A frame that names the
    copy a seat holds — not its face — tells it where the other copy may be."""
    frame = PhoneServer.frame

    def leaky(server: PhoneServer, seat: Seat, lang: str) -> str:
        sent = json.loads(frame(server, seat, lang))
        sent["me"]["ids"] = list(server.service.table.state.players[seat].hand)
        return json.dumps(sent, ensure_ascii=False)

    monkeypatch.setattr(PhoneServer, "frame", leaky)
    found = await caught("microfilms", "app", tmp_path)
    assert found and "its phone's frame differs" in found[0] and '"ids"' in found[0]


async def test_a_refusal_that_depends_on_another_seat_s_hand_is_caught(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """暗火线 §4.2: a card a seat does not hold is "not in your hand", wherever it is. A rule
    that says instead that someone else holds it answers differently in a world where the
    card lies in the deck."""
    spec = GAMES["darkfireline"]

    def rules(state: Any, action: Action) -> Any:
        seat, card = getattr(action, "seat", None), getattr(action, "card", None)
        players = state.players
        mine = seat is not None and 0 <= seat < len(players) and card in players[seat].hand
        if card is not None and not mine and any(card in p.hand for p in players):
            raise HeldElsewhere()
        return spec.rules(state, action)

    monkeypatch.setitem(GAMES, "darkfireline", dataclasses.replace(spec, rules=rules))
    found = await caught("darkfireline", "app", tmp_path)
    assert found and "the answer to" in found[0] and "held_elsewhere" in found[0]


class HeldElsewhere(RuleViolation):
    """The planted refusal: the card is in another seat's hand."""

    code = "held_elsewhere"


async def test_a_countdown_that_lasts_longer_when_someone_holds_a_card_to_play_is_caught(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """風聲 §7: a round closes by itself after the table's time, whatever anyone holds. A
    round that waits longer while a seat holds a 識破 tells every phone so."""
    window = TableService.window

    def leaky(service: TableService) -> Window | None:
        open_ = window(service)
        held = any(c.startswith("COUNTER") for p in service.table.state.players for c in p.hand)
        if open_ is None or open_.closes_in is None or not held:
            return open_
        return dataclasses.replace(open_, closes_in=open_.closes_in + 10)

    monkeypatch.setattr(TableService, "window", leaky)
    found = await caught("themessage", "app", tmp_path)
    assert found and "closes_in" in found[0]


async def test_a_tablet_text_that_counts_a_hidden_card_is_caught(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Microfilms §3: the table does not know who holds the Ace of Spades. A tablet line
    that says how many seats hold an Ace — a count, not a name — tells every seat."""
    words = Session.words

    def leaky(session: Session, feed: int = 8) -> Any:
        shown = words(session, feed)
        aces = sum("ACE" in p.hand for p in session.service.table.state.players)
        return dataclasses.replace(shown, waiting=(*shown.waiting, f"{aces}"))

    monkeypatch.setattr(Session, "words", leaky)
    found = await caught("microfilms", "told", tmp_path)
    assert found and "the tablet's words differ" in found[0]
