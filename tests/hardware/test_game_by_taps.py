"""Whole games played by taps on emulated PN532 readers, through nfcpy's own driver, into
the table: each journal is the journal of the same game played by direct actions.

Readers: one per seat, the centre and the discard pile. Every card that moves is
tapped; a choice a card cannot carry (which use, which target, which claim, which
addressee) is answered to the ingest's question, and a choice with no card at all
(giving in to a blackmail, a pass, refusing intelligence) is sent as the seat's
phone sends it. Microfilms first, then 風聲 The Message.
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.core.actions import Action, ChanceAction, EndGame, Pick
from companion.core.phases import Dealing
from companion.core.taps import Station
from companion.games.microfilms.actions import (
    CLAIMS,
    Blackmail,
    Draw,
    Interrogate,
    Resist,
    Source,
    Steal,
    Withdraw,
)
from companion.games.themessage import actions as message
from companion.games.themessage import cards as message_cards
from companion.games.themessage.cards import Method
from companion.games.themessage.state import State as MessageState
from companion.journal import Journal
from companion.service import TableService
from companion.table import Table, players_tell
from companion.tagmap import TagMap
from hardware.emulated import EmulatedTable
from hardware.stickers import stickered
from ui.hands import Hands

SEATS = ["Ann", "Ben", "Cat", "Dan"]
MOST_TURNS = 60


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


def acts(table: Table) -> list[object]:
    return [e.action for e in table.journal.entries(table.game_id)]


def with_readers(tmp_path: Path, table: Table) -> tuple[TableService, dict[str, Station]]:
    """``table`` as a live table read by a reader per seat, the centre and the discard pile,
    its deck registered with the emulated stickers."""
    service = TableService(table)
    return service, stickered(service, TagMap(tmp_path / "tags.sqlite3"))


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
    service, stations = with_readers(tmp_path, tapped)

    async with EmulatedTable(stations, tmp_path, service.observe) as readers:
        hands = Hands(service, readers, stations, random.Random())
        for i, action in enumerate(script):
            if isinstance(action, ChanceAction):
                continue  # drawn by the house, or seen with the draw before it
            following = script[i + 1] if i + 1 < len(script) else None
            await hands.make(action, following.card if isinstance(following, Pick) else None)

    assert tapped.over() == direct.over() is not None
    assert acts(tapped) == acts(direct)
    assert any(isinstance(a, Pick) for a in script[1:]), "the game drew from the deck"
    assert all(q.private for q in hands.asked if isinstance(q.options[0], CLAIMS)), "claims"


# --- 風聲 The Message ---------------------------------------------------------------------

MESSAGE_SEED = 11
MESSAGE_WEIGHTS = {"pass": 4.0, "hold": 0.0, "receive": 3.0, "decline": 2.0, "end_turn": 1.0}
"""Rounds mostly pass, as at a real table, and nobody asks a round to wait for them; any
other kind of action is as likely as any."""


def play_the_message(table: Table, rng: random.Random) -> None:
    """A random game: the seat first asked picks a kind of action, then one of that kind."""
    while table.over() is None:
        if table.state.turn > MOST_TURNS:
            table.submit(EndGame())
            break
        seat = table.pending()[0].seats[0]
        kinds = list(table.spec.families(table.state, seat))
        kind = rng.choices(kinds, [MESSAGE_WEIGHTS.get(k, 1.0) for k in kinds])[0]
        table.submit(rng.choice(table.spec.legal_actions(table.state, seat, kind)))


async def test_a_message_game_played_by_taps_journals_the_same_game_as_direct_actions(
    tmp_path: Path,
) -> None:
    """風聲 by taps: draws and 真偽莫辨 placements on seat readers (§4, §6.9), plays and the
    intelligence sent in the centre (§5.1, §6), receipts on the receiver's reader (§5.2),
    probe discards on the discard reader (§6.8); passes, refusals and spoken answers from
    the phones. A question whose options show a card being sent or a probe is private."""
    direct = Table.start(Journal(tmp_path / "direct.sqlite3"), "themessage", SEATS,
                         rng=random.Random(MESSAGE_SEED))  # fmt: skip
    play_the_message(direct, random.Random(MESSAGE_SEED + 1))
    codec = direct.spec.codec
    script = [codec.decode(e.action) for e in direct.journal.entries(direct.game_id)]
    deal = script[0]

    def readers_see(state: MessageState) -> Action | None:
        """Only the deal is the app's: every card drawn or placed is seen by a reader."""
        return deal if isinstance(state.phase, Dealing) else None

    tapped = Table.start(Journal(tmp_path / "taps.sqlite3"), "themessage", SEATS,
                         chance=readers_see)  # fmt: skip
    service, stations = with_readers(tmp_path, tapped)

    async with EmulatedTable(stations, tmp_path, service.observe) as readers:
        hands = Hands(service, readers, stations, random.Random())
        i = 1
        while i < len(script):
            action, following = script[i], (script[i + 1] if i + 1 < len(script) else None)
            i += 1
            drawn = following.card if isinstance(following, Pick) else None
            committed = await hands.make(action, drawn)
            if following is not None and committed[1:] == (following,):
                i += 1  # the draw and the card it turned out to be: one tap
    asked = [q.private for q in hands.asked]
    for question in hands.asked:
        shows = any(isinstance(a, message.Send | message.Probe) for a in question.options)
        assert question.private or not shows, question

    assert tapped.over() == direct.over() is not None
    assert acts(tapped) == acts(direct)
    sends = {message_cards.method_of(a.card) for a in script if isinstance(a, message.Send)}
    assert sends == set(Method), "sent by all three methods"
    kinds = {a.act for a in script}
    assert {"receive", "decline", "pick", "counter", "intercept", "decode", "return"} <= kinds
    assert {"lock", "lure", "burn", "probe", "distribute"} <= kinds
    assert any(isinstance(a, message.AnswerProbe) and a.card for a in script), "a probe discard"
    assert True in asked and False in asked, "questions on the phone and on the tablet"
