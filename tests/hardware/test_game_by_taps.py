"""A whole Microfilms game played by taps on emulated PN532 readers, through nfcpy's own
driver, into the table: its journal is the journal of the same game played by direct actions.

Readers: one per seat, the centre and the discard pile. Every card that moves is
tapped; a choice a card cannot carry (which use, which target, which claim) is
answered to the ingest's question, and a choice with no card at all (giving in to
a blackmail) is sent as the seat's phone sends it.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

from companion.core.actions import Action, ChanceAction, HostAction
from companion.core.taps import Place, Role
from companion.core.types import CardId, Seat
from companion.games.microfilms import cards
from companion.games.microfilms.actions import (
    CLAIMS,
    Blackmail,
    Discard,
    Draw,
    EndGame,
    Interrogate,
    Pick,
    Resist,
    Source,
    Steal,
    Withdraw,
)
from companion.ingest import Feedback, Ingest
from companion.journal import Journal
from companion.table import Table, players_tell
from companion.tagmap import TagMap
from firmware_bridge.emulators.ntag import Ntag213
from hardware.emulated import EmulatedTable

SEATS = ["Ann", "Ben", "Cat", "Dan"]
READERS = {"seat1": 0, "seat2": 1, "seat3": 2, "seat4": 3}
MOST_TURNS = 60


def sticker(card: CardId) -> Ntag213:
    return Ntag213(b"\x04" + hashlib.sha256(card.encode()).digest()[:6])


def tappable(action: Action) -> bool:
    """A turn a player can make with cards: a draw, a card played, a claim."""
    if isinstance(action, Interrogate | Blackmail):
        return action.card is not None
    return isinstance(action, (Draw, Steal, Withdraw, *CLAIMS))


def play_directly(table: Table, rng: random.Random) -> None:
    """A random game of tappable turns, each seat answering a blackmail as it can."""
    while table.over() is None:
        if table.state.turn > MOST_TURNS:
            table.submit(EndGame())
            break
        (prompt,) = table.pending()
        options = list(table.legal_actions(prompt.seats[0]))
        if prompt.kind == "turn":
            options = [a for a in options if tappable(a)] or options
        elif prompt.kind == "blackmail_answer":
            resist = [a for a in options if isinstance(a, Resist)]
            options = resist or [a for a in options if a.act == "give_in"]
        table.submit(rng.choice(options))


def house_results(actions: list[Action]) -> list[Action]:
    """The chance results the app draws itself: all but the cards seen by a reader."""
    drawn_by_reader = {
        i + 1 for i, a in enumerate(actions[:-1])
        if isinstance(a, Draw) and a.source is Source.DECK and isinstance(actions[i + 1], Pick)
    }  # fmt: skip
    return [a for i, a in enumerate(actions) if isinstance(a, ChanceAction)
            and i not in drawn_by_reader]  # fmt: skip


async def test_a_game_played_by_taps_journals_the_same_game_as_direct_actions(
    tmp_path: Path,
) -> None:
    direct = Table.start(Journal(tmp_path / "direct.sqlite3"), "microfilms", SEATS,
                         rng=random.Random(11))  # fmt: skip
    play_directly(direct, random.Random(12))
    codec = direct.spec.codec
    script = [codec.decode(e.action) for e in direct.journal.entries(direct.game_id)]

    house = iter(house_results(script))
    waits = players_tell(direct.spec, random.Random())
    tapped = Table.start(Journal(tmp_path / "taps.sqlite3"), "microfilms", SEATS,
                         chance=lambda s: None if waits(s) is None else next(house))  # fmt: skip
    tags = TagMap(tmp_path / "tags.sqlite3")
    deck = tags.new_deck("home", "microfilms")
    tags.store(deck, {sticker(c.id).uid.hex().upper(): c.id for c in cards.ALL})
    roles = {name: Role(Place.SEAT, Seat(i)) for name, i in READERS.items()}
    roles |= {"centre": Role(Place.CENTRE), "discard": Role(Place.DISCARD)}
    ingest = Ingest(tapped, roles, lambda placed: tags.recognise(deck, placed))

    async with EmulatedTable(roles, tmp_path, ingest.observe) as table:
        steps = iter(enumerate(script))
        for i, action in steps:
            if isinstance(action, ChanceAction):
                continue  # drawn by the house, or seen with the draw before it
            seat_reader = next((n for n, s in READERS.items()
                                if s == getattr(action, "seat", None)), None)  # fmt: skip
            if isinstance(action, Draw) and action.source is Source.DECK:
                pick = script[i + 1] if i + 1 < len(script) else None
                card = pick.card if isinstance(pick, Pick) else tapped.state.deck[0]
                feedback = await table.tap(seat_reader, sticker(card))
            elif isinstance(action, Draw):
                feedback = await table.tap(seat_reader, sticker(tapped.state.discard[-1]))
            elif isinstance(action, Discard):
                feedback = await table.tap("discard", sticker(action.card))
            elif isinstance(action, Steal | Withdraw | Interrogate | Blackmail | Resist):
                assert action.card is not None
                feedback = await table.tap("centre", sticker(action.card))
            elif isinstance(action, CLAIMS):
                identity = tapped.state.player(action.seat).identity
                feedback = await table.tap("centre", sticker(identity))
                assert feedback.question is not None and feedback.question.private
            elif isinstance(action, HostAction):
                tapped.submit(action)
                continue
            else:  # an answer with no card: from the seat's phone
                tapped.submit(action)
                continue
            assert isinstance(feedback, Feedback)
            assert feedback.reconcile is None and not feedback.notices, feedback
            if feedback.question is not None:
                assert action in feedback.question.options
                feedback = ingest.answer(feedback.question.id, action)
            assert feedback.committed[:1] == (action,), (
                i,
                feedback,
                tapped.state.phase,
                tapped.state.discard,
                script[i - 3 : i + 1],
            )

    def acts(table: Table) -> list[object]:
        return [e.action for e in table.journal.entries(table.game_id)]

    assert tapped.over() == direct.over() is not None
    assert acts(tapped) == acts(direct)
    assert any(isinstance(a, Pick) for a in script[1:]), "the game drew from the deck"
