"""A player's word about their own cards tells them nothing of where any other card is.

Microfilms §3, §4.1, §9.7 and 風聲 §3, §4: a card drawn unseen by any reader is
told by the drawer's phone; a hand may be stated again in a hand audit. The
worlds below differ only in where a card the teller cannot see lies — the deck,
another player's hand, out of the game — and the teller must be answered alike
in all of them: accepted, with the same views, prompts and choices after. Only
a card in the teller's own sight (their hand, face up) is refused. Where the
record had the card elsewhere, it is kept as a doubt (``companion.core.doubts``),
and settled when the card is played or shown — without telling anyone where a
hidden card is.

These are the probes that found the old refusals an oracle: five tries named two
cards in other hands and three out of the game unseen, and each was refused.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

from companion.core import doubts, oracle
from companion.core.actions import Action, Discard, TellDraw
from companion.core.audit import AuditHand
from companion.core.dealing.deal import Deal as MessageDeal
from companion.core.errors import RuleViolation
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at
from companion.core.worlds import relabel
from companion.games import GAMES
from companion.games.microfilms.actions import Deal as MicrofilmsDeal
from companion.games.microfilms.actions import Draw as MicrofilmsDraw
from companion.games.microfilms.actions import Source
from companion.games.themessage.actions import Draw as MessageDraw
from companion.games.themessage.cards import Function, function_of
from companion.games.themessage.state import Play
from tests.counted import calls_in

ANN, BEN = Seat(0), Seat(1)
MICROFILMS = MicrofilmsDeal(
    first=ANN,
    identities=tuple(map(CardId, ("R-CN", "R-UK", "R-US", "R-JOU"))),
    letter_out=CardId("L-US"),
    hands=tuple(map(CardId, ("A-SB1", "A-IB1", "A-WR1", "A-IB2"))),
)
"""§2: the Soviet Agent is out with its Microfilm and letter; the US letter is set aside."""
MESSAGE = MessageDeal(
    first=ANN,
    identities=tuple(map(CardId, ("ID-RED", "ID-BLUE", "ID-RED", "ID-BLUE"))),
    hands=(
        tuple(map(CardId, ("LOCK-R-S-1", "LURE-K-S-1", "COUNTER-B-D-1"))),
        tuple(map(CardId, ("INTERCEPT-K-D-1", "DECODE-B-S-1", "PROBE-R-S-RED-PLUS"))),
        tuple(map(CardId, ("COUNTER-R-D-1", "COUNTER-K-D-1", "BURN-K-D-1"))),
        tuple(map(CardId, ("LOCK-B-S-1", "PROBE-B-S-BLUE-MINUS", "DISTRIBUTE-R-T-1"))),
    ),
)

PLACES: dict[str, dict[str, CardId]] = {
    "microfilms": {
        "deck": CardId("L-CN"),
        "Ben's hand": CardId("A-IB1"),
        "set aside": CardId("L-US"),
        "out with its Agent": CardId("M-SU"),
    },
    "themessage": {
        "deck": CardId("PROBE-K-S-RED-PLUS"),
        "Ben's hand": CardId("PROBE-R-S-RED-PLUS"),
    },
}
"""For each game, a card that lies where Ann cannot see, by place; the deck's is the one
named, and each world puts it where another of these lies."""


def drawing(game: str) -> Any:
    """Ann has drawn from the deck; no reader saw it: the table waits for her word."""
    spec = GAMES[game]
    state = spec.setup(["Ann", "Ben", "Cat", "Dan"], spec.options_type())
    if game == "microfilms":
        state = spec.apply(state, MICROFILMS).state
        return spec.apply(state, MicrofilmsDraw(seat=ANN, source=Source.DECK)).state
    state = spec.apply(state, MESSAGE).state
    return spec.apply(state, MessageDraw(seat=ANN)).state


def worlds(game: str, state: Any) -> dict[str, Any]:
    """The state, and the ones where the named card lies in each other place instead."""
    named = PLACES[game]["deck"]
    return {
        place: state if card == named else relabel(state, {named: card, card: named})
        for place, card in PLACES[game].items()
    }


def received(game: str, state: Any, seat: Seat) -> oracle.Received:
    spec = GAMES[game]
    return oracle.received(spec, state, seat, oracle.shared(spec, state))


def answer(game: str, state: Any, action: Action) -> tuple[str, Any]:
    """What the seat is told of its action: the refusal, or what it receives after."""
    spec = GAMES[game]
    try:
        after = spec.apply(state, action).state
    except RuleViolation as err:
        return "refused", (err.code, err.details)
    return "accepted", received(game, after, action.seat)  # type: ignore[attr-defined]


def same_for(game: str, states: Iterable[Any], action: Action) -> tuple[str, Any]:
    answers = [answer(game, s, action) for s in states]
    assert all(a == answers[0] for a in answers), [a[0] for a in answers]
    return answers[0]


def places(state: Any) -> Counter[CardId]:
    """Every card the record places, counted: a word never makes or loses one."""
    spec_cards: list[CardId] = [*state.deck, *state.discard, *state.removed]
    for p in state.players:
        spec_cards += [*p.hand, *getattr(p, "intel", ())]
    return Counter(spec_cards)


@pytest.mark.parametrize("game", list(PLACES))
def test_a_told_draw_is_answered_alike_wherever_the_record_has_the_card(game: str) -> None:
    """§3, §4: the drawer learns nothing from their word — not from its answer, not after."""
    state = drawing(game)
    apart = worlds(game, state)
    assert len({str(received(game, w, ANN)) for w in apart.values()}) == 1
    told = TellDraw(seat=ANN, card=PLACES[game]["deck"])
    kind, _ = same_for(game, apart.values(), told)
    assert kind == "accepted"
    for world in apart.values():
        outcome = GAMES[game].apply(world, told)
        assert places(outcome.state) == places(world), "a word moved a card into being"
        ben = GAMES[game].private_view(outcome.state, BEN)
        assert ben == GAMES[game].private_view(world, BEN) | {"prompts": ben["prompts"]}


@pytest.mark.parametrize("game", list(PLACES))
def test_only_a_card_in_the_tellers_own_sight_is_refused(game: str) -> None:
    """The probe: naming every card of the box while the table waits for a told draw. The
    refused ones are the teller's own and nothing else, in every world."""
    spec = GAMES[game]
    state = drawing(game)
    box = spec.sensing.cards(state.options)
    for world in worlds(game, state).values():
        refused = {
            c for c in box if answer(game, world, TellDraw(seat=ANN, card=c))[0] != "accepted"
        }
        mine = set(spec.private_view(world, ANN)["hand"] if game == "themessage" else
                   [h["card"] for h in spec.private_view(world, ANN)["hand"]])  # fmt: skip
        faces = spec.copies(world)
        only_mine = {c for c in box if c in faces and set(faces[c]) <= mine}
        not_hand_cards = {c for c in box if c not in faces}
        assert refused == only_mine | not_hand_cards


@pytest.mark.parametrize("game", list(PLACES))
def test_a_hand_audit_naming_a_card_held_elsewhere_is_answered_alike(game: str) -> None:
    """A hand audit names what its owner holds; where the record has that card tells them
    nothing, and the table hears only that a hand was checked."""
    spec = GAMES[game]
    state = drawing(game)
    while spec.pending(state)[0].kind == "tell_draw":  # 風聲 draws two (§4)
        state = spec.apply(state, TellDraw(seat=ANN, card=first_in_deck(state))).state
    hand = list(spec.private_view(state, ANN)["hand"])
    mine = [h["card"] if isinstance(h, dict) else h for h in hand]
    audit = AuditHand(seat=ANN, cards=(*mine, PLACES[game]["deck"]))
    apart = worlds(game, state)
    kind, _ = same_for(game, apart.values(), audit)
    assert kind == "accepted"
    heard = {str(spec.apply(w, audit).events[0].kind) for w in apart.values()}
    assert heard == {"hand_checked"}


def first_in_deck(state: Any) -> CardId:
    return next(c for c in sorted(state.deck) if all(c not in PLACES[k].values() for k in PLACES))


def test_a_disputed_card_played_face_up_is_taken_and_its_holder_told() -> None:
    """Microfilms §5.1: Ann, over her limit, discards the card she named, face up: the table
    sees it, so her word is taken; Ben, whose record gave him that card, is told his record
    now gives him the stand-in, and no card is lost or made."""
    spec = GAMES["microfilms"]
    state = worlds("microfilms", drawing("microfilms"))["Ben's hand"]
    named = PLACES["microfilms"]["deck"]
    state = spec.apply(state, TellDraw(seat=ANN, card=named)).state
    (doubt,) = state.doubts
    assert state.players[BEN].hand == (named,) and doubt.held in state.players[ANN].hand
    after = spec.apply(state, Discard(seat=ANN, card=named))
    assert after.state.discard[-1] == named and after.state.doubts == ()
    assert after.state.players[BEN].hand == (doubt.held,)
    told = spec.private_view(after.state, BEN)["secrets"][-1]
    at = len(after.state.history) - len(after.events)  # told with the discard that mended it
    assert told == {"kind": "record_mended", "args": {"lost": named, "got": doubt.held}, "at": at}
    assert places(after.state) == places(state)


def test_a_disputed_card_its_holder_shows_ends_the_doubt_and_the_teller_is_told() -> None:
    """Microfilms §5.1: Ben, over his limit, discards the card Ann named, face up: the record
    was right. Ann's phone now shows the stand-in the record gives her, and says why."""
    spec = GAMES["microfilms"]
    named = PLACES["microfilms"]["deck"]
    state = worlds("microfilms", drawing("microfilms"))["Ben's hand"]
    state = spec.apply(state, TellDraw(seat=ANN, card=named)).state
    (doubt,) = state.doubts
    state = spec.apply(state, Discard(seat=ANN, card=CardId("A-SB1"))).state
    assert spec.pending(state)[0].seats == (BEN,)
    state = spec.apply(state, MicrofilmsDraw(seat=BEN, source=Source.DECK)).state
    state = spec.apply(state, TellDraw(seat=BEN, card=first_in_deck(state))).state
    assert doubt in state.doubts
    after = spec.apply(state, Discard(seat=BEN, card=named)).state
    assert after.doubts == () and after.discard[-1] == named
    mine = spec.private_view(after, ANN)
    assert [h["card"] for h in mine["hand"]] == [doubt.held]
    told = {"told": named, "held": doubt.held}
    at = len(after.history) - 1  # the discard that showed the card
    assert mine["secrets"][-1] == {"kind": "word_not_taken", "args": told, "at": at}


@pytest.mark.parametrize("game", list(PLACES))
def test_a_word_refused_for_its_moment_takes_the_same_work_wherever_the_card_lies(
    game: str,
) -> None:
    """Timing is a channel too: Ben, whose moment it is not, names a card he cannot see —
    in the deck, or in Cat's hand — as a draw and in a hand audit, again and again. The
    refusal is the same; so must be the work behind it (the rules asked, the stand-ins
    sought), or how long it takes would tell Ben where Cat's card is. Counted, not timed."""
    spec = GAMES[game]
    state = drawing(game)
    named, cats = PLACES[game]["deck"], state.players[2].hand[0]
    apart = [state, relabel(state, {named: cats, cats: named})]
    bens = tuple(state.players[BEN].hand)
    for word, judge in [(TellDraw(seat=BEN, card=named), doubts.told),
                        (AuditHand(seat=BEN, cards=(*bens, named)), doubts.audited)]:  # fmt: skip
        answers = []
        for world in apart:
            work: Counter[str] = Counter()

            def rules(s: Any, a: Action, work: Counter[str] = work) -> Any:
                work["rules"] += 1
                return spec.rules(s, a)

            def hiding(s: Any, seat: Seat, work: Counter[str] = work) -> Any:
                work["stand-ins sought"] += 1
                return spec.secrecy.hidden(s, seat)

            with pytest.raises(RuleViolation) as refusal:
                judge(rules, hiding, spec.copies(world), world, word)  # type: ignore[arg-type]
            answers.append((refusal.value.code, refusal.value.details, dict(work)))
        assert answers[0] == answers[1], word


def test_a_told_draw_takes_the_same_work_whether_or_not_it_is_the_decks_first_card() -> None:
    """Microfilms §4.1: Ann tells the card she drew, which lies first in the deck in one world
    and further down in the other (the deck's order is hidden from her). Her word is taken
    alike in both, and must take as long: were it quicker where her card lies first, she
    would learn the deck's order. Each world is asked on a state no answer is kept for yet,
    as a new word is."""
    spec = GAMES["microfilms"]
    state = drawing("microfilms")
    first, spare = state.deck[0], state.deck[1]
    word = TellDraw(seat=ANN, card=first)
    told = []
    for world in (state, relabel(state, {first: spare, spare: first})):
        spec.apply(dataclasses.replace(world), word)  # whatever is kept by content, warm
        fresh = dataclasses.replace(world)
        outcome, work = calls_in(lambda fresh=fresh: spec.apply(fresh, word))
        told.append((received("microfilms", outcome.state, ANN), work))
    assert told[0] == told[1]


def dealt(game: str) -> Any:
    """The deal made; Ann, whose turn it is, may state her hand."""
    spec = GAMES[game]
    state = spec.setup(["Ann", "Ben", "Cat", "Dan"], spec.options_type())
    return spec.apply(state, MICROFILMS if game == "microfilms" else MESSAGE).state


@pytest.mark.parametrize("game", list(PLACES))
def test_a_hand_refused_for_its_own_words_takes_the_same_work_wherever_its_cards_lie(
    game: str,
) -> None:
    """Ann states her hand with one more card — in the deck, or in Ben's hand — and spoils the
    statement with a card named twice, or one no hand holds. Refused alike (nothing is
    changed, so she may ask again and again), and it must take as long: the refusal comes
    from her words alone, before any stand-in is sought for the card whose place she cannot
    see. Counted on states no answer is kept for yet."""
    spec = GAMES[game]
    state = dealt(game)
    named, bens = PLACES[game]["deck"], PLACES[game]["Ben's hand"]
    own = tuple(state.players[ANN].hand)
    for spoilt in [(*own, named, named), (*own, named, CardId("NOPE"))]:
        audit = AuditHand(seat=ANN, cards=spoilt)
        told = []
        for world in (state, relabel(state, {named: bens, bens: named})):
            with pytest.raises(RuleViolation):
                spec.apply(dataclasses.replace(world), audit)  # what is kept by content, warm
            fresh = dataclasses.replace(world)
            refusal, work = calls_in(functools.partial(answer, game, fresh, audit))
            told.append((refusal, work))
        assert told[0] == told[1], spoilt


def test_a_probe_named_in_a_word_and_played_face_down_by_its_holder_stays_unseen() -> None:
    """風聲 §6.8, §3: Ann told a draw of the probe Ben holds (a doubt), and her stand-in is
    no probe (a later word can leave it so: a random game did). Ben plays his probe face
    down. In the table as Ann's word has it, that play holds her stand-in — still a
    face-down probe's card, which she cannot have seen: what she may name in a hand audit
    is the same as where the probe on the stack is another and hers lies in the deck."""
    spec = GAMES["themessage"]
    named = PLACES["themessage"]["deck"]
    state = spec.apply(worlds("themessage", drawing("themessage"))["Ben's hand"],
                       TellDraw(seat=ANN, card=named)).state  # fmt: skip
    (doubt,) = state.doubts
    plain = next(c for c in state.deck if function_of(c) is not Function.PROBE)
    state = relabel(state, {doubt.held: plain, plain: doubt.held})  # as a later mend can leave it
    (doubt,) = state.doubts
    kept = tuple(c for c in state.players[BEN].hand if c != named)
    played = Play(n=1, seat=BEN, card=named, function=Function.PROBE, target=Seat(2))
    state = evolve(state, stack=(played,), players=evolve_at(state.players, BEN, hand=kept))
    other = next(c for c in state.deck if function_of(c) is Function.PROBE)
    elsewhere = relabel(state, {named: other, other: named})
    assert spec.audit_faces(state, ANN) == spec.audit_faces(elsewhere, ANN)
    assert any(doubt.held in face for face in spec.audit_faces(state, ANN))
