"""The demo's bots play on emulated readers: every card they play is laid on a reader and
goes through nfcpy, the ingest and the game's tap rules; a card a draw turns up is laid
on the drawer's reader, so nobody ever has to tell the app what they drew; and a game
that can be dealt by hand is dealt by hand, its deal laid on the readers."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console

from companion.core.actions import Pick
from companion.games import GAMES
from companion.games.darkfireline.actions import Equip
from companion.games.darkfireline.cards import ENVIRONMENTS, kind_of
from companion.games.darkfireline.state import Drawing, Playing
from companion.i18n import Voice, sample_names
from companion.journal import Journal
from companion.service import TableService
from ui import demo
from ui.hands import emulated_hands

TOLD = {"tell_draw", "tell_placement"}
"""What players say on their phones when no reader saw the card."""


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [("microfilms", 3, 1), ("microfilms", 5, 2), ("themessage", 4, 3), ("themessage", 6, 4)],
)
async def test_bots_play_a_whole_game_by_laying_their_cards_on_readers(
    tmp_path: Path, game: str, players: int, seed: int
) -> None:
    rng = random.Random(seed)
    names = sample_names("en", players)
    spec = GAMES[game]
    deals = spec.sensing.deal
    service = TableService.start(Journal(tmp_path / "j.sqlite3"), game, names, readers=True,
                                 rng=rng)  # fmt: skip
    table = service.table
    out = io.StringIO()
    console = Console(file=out, width=120)
    voice = Voice.of("en", spec, names)

    await demo.play(service, console, voice, 0.0, str(seed), readers=True)

    result = table.over()
    assert result is not None and result.winners
    acts = [e.action["act"] for e in table.journal.entries(table.game_id)]
    assert "pick" in acts and not TOLD & set(acts), "every drawn card was seen by a reader"
    laid = [line for line in out.getvalue().splitlines() if line.startswith("▸")]
    where = {voice.say(f"demo.laid.{p}", {"seat": s})
             for p in ("seat", "centre", "discard") for s in range(players)}  # fmt: skip
    assert laid and set(laid) <= where, "the screen says where a card went, never which card"
    assert any("centre" in line for line in laid) and any("'s reader" in line for line in laid)
    if deals is not None:  # §2: the deal was laid on the readers first, and nothing of it said
        deal = table.spec.codec.decode(table.journal.entries(table.game_id)[0].action)
        lays = deals.laid(deal)
        where_laid = [voice.say(f"demo.laid.{role.place.value}", {"seat": role.seat})
                      for role, _ in lays]  # fmt: skip
        assert laid[: len(lays)] == where_laid


async def test_a_card_drawn_onto_a_reader_and_laid_there_again_to_equip_it_is_a_second_move(
    tmp_path: Path,
) -> None:
    """暗火线 §4.1–§4.2: a player draws an environment onto their reader and, the draw over,
    lays it there again to equip it. The second lay is a move of its own — the hands wait
    out the ingest's settling as a second gesture does — not the draw's shaky hand, which
    the ingest counts once (it ended a seeded demo with ``LaidWrong``)."""
    names = sample_names("en", 4)
    service = TableService.start(Journal(tmp_path / "j.sqlite3"), "darkfireline", names,
                                 readers=True, rng=random.Random(1))  # fmt: skip
    table = service.table
    async with emulated_hands(service, tmp_path, random.Random(2)) as hands:
        await hands.deal()
        drawing = table.state.phase
        assert isinstance(drawing, Drawing) and drawing.left == 2
        seat = drawing.seat
        deck = table.state.deck
        await hands.make(Pick(card=next(c for c in deck if kind_of(c) not in ENVIRONMENTS)))
        environment = next(c for c in table.state.deck if kind_of(c) in ENVIRONMENTS)
        await hands.make(Pick(card=environment))
        assert isinstance(table.state.phase, Playing)

        await hands.make(Equip(seat=seat, card=environment))

    assert table.state.player(seat).environment == environment
