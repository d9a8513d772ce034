"""Whole games played by taps on emulated PN532 readers, through nfcpy's own driver, into
the table: each journal is the journal of the same game played by direct actions.

Readers: one per seat, the centre and the discard pile. Every card that moves is
tapped; a choice a card cannot carry (which use, which target, which claim, which
addressee) is answered to the ingest's question, and a choice with no card at all
(giving in to a blackmail, a pass, refusing intelligence) is sent as the seat's
phone sends it. Microfilms first, then 風聲 The Message.
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
from companion.games.themessage import actions as message
from companion.games.themessage import cards as message_cards
from companion.games.themessage.cards import Method
from companion.games.themessage.state import Dealing, Placing
from companion.games.themessage.state import Drawing as MessageDrawing
from companion.games.themessage.state import State as MessageState
from companion.ingest import Feedback, Ingest
from companion.journal import Journal
from companion.registration import DECK_CARDS
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


# --- 風聲 The Message ---------------------------------------------------------------------

MESSAGE_SEED = 11
MESSAGE_WEIGHTS = {"pass": 4.0, "receive": 3.0, "decline": 2.0, "end_turn": 1.0}
"""Rounds mostly pass, as at a real table; any other kind of action is as likely as any."""


def play_the_message(table: Table, rng: random.Random) -> None:
    """A random game: the seat first asked picks a kind of action, then one of that kind."""
    while table.over() is None:
        if table.state.turn > MOST_TURNS:
            table.submit(message.EndGame())
            break
        seat = table.pending()[0].seats[0]
        kinds = list(table.spec.families(table.state, seat))
        kind = rng.choices(kinds, [MESSAGE_WEIGHTS.get(k, 1.0) for k in kinds])[0]
        table.submit(rng.choice(table.spec.legal_actions(table.state, seat, kind)))


def laid(
    state: MessageState, action: Action, following: Action | None
) -> tuple[str, CardId] | None:
    """The reader and the card a player lays to make ``action``; ``None``: it is said instead.

    A draw lays the card the ``pick`` after it names, or, when the rules know the card
    without one (the deck's last), that card.
    """
    phase = state.phase
    if isinstance(action, message.Pick) and isinstance(phase, MessageDrawing):
        return seat_reader(phase.seat), action.card
    if isinstance(action, message.Pick) and isinstance(phase, Placing):
        return seat_reader(phase.seats[0]), action.card
    if isinstance(action, message.Draw) or (
        isinstance(action, message.AnswerProbe) and action.answer is message.Answer.DRAW
    ):
        deck = state.deck or state.discard  # an empty deck is the pile, reshuffled
        if not deck:
            return None  # nothing to draw: the draw is skipped
        if len(deck) > 1 and isinstance(following, message.Pick):
            return seat_reader(action.seat), following.card
        return seat_reader(action.seat), deck[0]
    if isinstance(action, (message.Send, *message.PLAYS)):
        return "centre", action.card
    if isinstance(action, message.Receive):
        assert state.transit is not None
        return seat_reader(action.seat), state.transit.card
    if isinstance(action, message.AnswerProbe | message.Discard) and action.card is not None:
        return "discard", action.card
    return None


def seat_reader(seat: Seat) -> str:
    return next(name for name, s in READERS.items() if s == seat)


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
    tags = TagMap(tmp_path / "tags.sqlite3")
    deck = tags.new_deck("home", "themessage")
    tags.store(deck, {sticker(c).uid.hex().upper(): c for c in DECK_CARDS["themessage"]})
    roles = {name: Role(Place.SEAT, Seat(i)) for name, i in READERS.items()}
    roles |= {"centre": Role(Place.CENTRE), "discard": Role(Place.DISCARD)}
    ingest = Ingest(tapped, roles, lambda placed: tags.recognise(deck, placed))

    asked: list[bool] = []
    async with EmulatedTable(roles, tmp_path, ingest.observe) as table:
        i = 1
        while i < len(script):
            action, following = script[i], (script[i + 1] if i + 1 < len(script) else None)
            i += 1
            where = laid(tapped.state, action, following)
            if where is None:  # a pass, a refusal, a spoken answer: from the phone
                tapped.submit(action)
                continue
            feedback = await table.tap(where[0], sticker(where[1]))
            assert isinstance(feedback, Feedback)
            assert feedback.reconcile is None and not feedback.notices, (i, action, feedback)
            if feedback.question is not None:
                question = feedback.question
                assert action in question.options
                shows = any(isinstance(a, message.Send | message.Probe) for a in question.options)
                assert question.private or not shows, question
                asked.append(question.private)
                feedback = ingest.answer(question.id, action)
            assert feedback.committed[:1] == (action,), (i, action, feedback)
            if following is not None and feedback.committed[1:] == (following,):
                i += 1  # the draw and the card it turned out to be: one tap

    def acts(table: Table) -> list[object]:
        return [e.action for e in table.journal.entries(table.game_id)]

    assert tapped.over() == direct.over() is not None
    assert acts(tapped) == acts(direct)
    sends = {message_cards.method_of(a.card) for a in script if isinstance(a, message.Send)}
    assert sends == set(Method), "sent by all three methods"
    kinds = {a.act for a in script}
    assert {"receive", "decline", "pick", "counter", "intercept", "decode", "return"} <= kinds
    assert {"lock", "lure", "burn", "probe", "distribute"} <= kinds
    assert any(isinstance(a, message.AnswerProbe) and a.card for a in script), "a probe discard"
    assert True in asked and False in asked, "questions on the phone and on the tablet"
