"""What a 風聲 card on each reader means (``companion.games.themessage.taps``), case by case.

Each test deals a known game with the real rules and plays it to the moment in
question, then asks what one card on one reader means there. The digest sections
cited are those of ``rules/themessage.md``. The last tests go through the ingest
and the live table, to check what the table and each phone are told.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.core.actions import Action, Discard, Pass, Pick
from companion.core.phases import Dealing, Discarding
from companion.core.taps import Ask, Contradiction, Decision, Nothing, Place, Plan, Station
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at, without
from companion.games.themessage import GAME
from companion.games.themessage.actions import (
    Answer,
    AnswerProbe,
    Burn,
    Counter,
    Deal,
    Decode,
    Distribute,
    Draw,
    Intercept,
    Lock,
    Probe,
    Receive,
    Send,
)
from companion.games.themessage.cards import IDENTITY, Camp
from companion.games.themessage.options import Options
from companion.games.themessage.state import (
    Acting,
    Deciding,
    Moment,
    Placing,
    ProbeAnswer,
    Responding,
    State,
)
from companion.games.themessage.taps import decide as tap_rules
from companion.ingest import Ingest
from companion.journal import Journal
from companion.observations import CardSeen
from companion.table import Table, Update
from companion.transcript import new_header

C = CardId
RED, BLUE = IDENTITY[Camp.RED], IDENTITY[Camp.BLUE]
HANDS = (
    (C("LOCK-R-S-1"), C("INTERCEPT-K-D-1"), C("RETURN-R-T-1")),
    (C("COUNTER-B-D-1"), C("INTERCEPT-B-D-1"), C("DECODE-B-S-1")),
    (C("LURE-R-S-1"), C("BURN-K-D-1"), C("RETURN-B-T-1")),
    (C("COUNTER-R-D-1"), C("LOCK-B-S-1"), C("DECODE-K-S-1")),
)
DEAL = Deal(first=Seat(0), identities=(RED, BLUE, RED, BLUE), hands=HANDS)
DRAWN = (C("DECODE-R-S-1"), C("DISTRIBUTE-B-T-1"))
"""What Ann, the first player, draws in the first turn."""
ANN, BEN, CAT, DAN = (Seat(i) for i in range(4))
CENTRE, DISCARD = Station(Place.CENTRE), Station(Place.DISCARD)


def decide(state: Any, station: Station, card: CardId) -> Decision:
    """The tap rules as the ingest asks them: each move judged by the game's whole rules."""
    return tap_rules(GAME.apply, state, station, card)


def plan_of(decision: Decision) -> tuple[Action, ...] | Decision:
    """A plan's actions, to compare with what a tap should mean; anything else as it is."""
    return decision.actions if isinstance(decision, Plan) else decision


def reader(seat: Seat) -> Station:
    return Station(Place.SEAT, seat)


def dealt(**options: Any) -> State:
    state: State = new_header(
        "themessage", ["Ann", "Ben", "Cat", "Dan"], Options(**options)
    ).initial_state()
    return GAME.apply(state, DEAL).state


def play(state: State, *actions: Action) -> State:
    for action in actions:
        state = GAME.apply(state, action).state
    return state


def give(state: State, seat: Seat, *cards: CardId) -> State:
    """The record as if ``seat`` had drawn ``cards`` earlier in the game."""
    deck = state.deck
    for card in cards:
        deck = without(deck, card)
    hand = (*state.player(seat).hand, *cards)
    return evolve(state, deck=deck, players=evolve_at(state.players, seat, hand=hand))


def intel(state: State, seat: Seat, *cards: CardId) -> State:
    """The record as if ``seat`` had received ``cards`` earlier in the game."""
    deck = state.deck
    for card in cards:
        deck = without(deck, card)
    mine = (*state.player(seat).intel, *cards)
    return evolve(state, deck=deck, players=evolve_at(state.players, seat, intel=mine))


def play_phase(**options: Any) -> State:
    """Ann's play phase 1, her draw done."""
    return play(dealt(**options), Draw(seat=ANN), *(Pick(card=c) for c in DRAWN))


def all_pass(state: State) -> State:
    """Every seat the open round waits for passes."""
    phase = state.phase
    assert isinstance(phase, Responding)
    return play(state, *(Pass(seat=s) for s in phase.waiting))


def sent(card: str = "LOCK-R-S-1", **options: Any) -> State:
    """Ann has sent ``card`` (密電); its first transmit window is open."""
    return play(play_phase(**options), Send(seat=ANN, card=C(card)))


def deciding() -> State:
    """Ann's 密電 has reached Ben, and no one played: Ben decides (§5.2 step 3)."""
    state = all_pass(all_pass(sent()))
    assert isinstance(state.phase, Deciding)
    return state


def play_phase_2() -> State:
    """Ben received Ann's 密電: Ann's play phase 2."""
    state = play(deciding(), Receive(seat=BEN))
    assert isinstance(state.phase, Acting) and state.moment is Moment.PLAY_2
    return state


# --- a seat's reader ----------------------------------------------------------------------


def test_a_deck_card_on_the_active_seats_reader_at_turn_start_is_the_draw_and_its_pick() -> None:
    """§4 step 2: draw two; the reader sees the first — only the drawer learns which."""
    card = dealt().deck[0]
    assert plan_of(decide(dealt(), reader(ANN), card)) == (Draw(seat=ANN), Pick(card=card))


def test_the_second_card_of_a_draw_is_its_pick() -> None:
    state = play(dealt(), Draw(seat=ANN), Pick(card=DRAWN[0]))
    assert plan_of(decide(state, reader(ANN), DRAWN[1])) == (Pick(card=DRAWN[1]),)


def test_the_decks_last_card_is_the_draw_alone() -> None:
    """§4 step 2: the last card needs no chance, and the discard pile is the new deck."""
    state = dealt()
    last, rest = state.deck[0], state.deck[1:]
    state = evolve(state, deck=(last,), discard=rest)
    assert plan_of(decide(state, reader(ANN), last)) == (Draw(seat=ANN),)
    assert last in play(state, Draw(seat=ANN)).player(ANN).hand


def test_an_empty_deck_is_the_discard_pile_for_a_draw_by_reader() -> None:
    """§4 step 2: when the deck is empty, the discard pile is shuffled into a new deck at once."""
    state = dealt()
    state = evolve(state, deck=(), discard=state.deck)
    card = state.discard[5]
    decision = decide(state, reader(ANN), card)
    assert plan_of(decision) == (Draw(seat=ANN), Pick(card=card))
    assert card in play(state, *decision.actions).player(ANN).hand


def test_a_deck_card_on_another_seats_reader_is_no_draw() -> None:
    state = dealt()
    assert decide(state, reader(BEN), state.deck[0]) == Nothing("ingest.not_your_draw", seat=BEN)


def test_a_drawn_card_the_record_has_elsewhere_is_told_to_the_drawer_alone() -> None:
    """§3: a hand is its owner's alone — the table hears only that something is wrong."""
    theirs = C("DISTRIBUTE-R-T-1")  # one of a kind (§1.3)
    state = give(dealt(), CAT, theirs)
    assert decide(state, reader(ANN), theirs) == Contradiction(ANN, public=False, where="deck")
    copied = HANDS[2][0]  # a red 調虎離山, like the one the deck holds: that one is drawn
    found = decide(dealt(), reader(ANN), copied)
    assert plan_of(found) == (Draw(seat=ANN), Pick(card=C("LURE-R-S-2")))


def test_a_seats_own_hand_and_intelligence_mean_nothing() -> None:
    state = intel(dealt(), BEN, C("LOCK-K-S-1"))
    assert decide(state, reader(BEN), HANDS[1][0]) == Nothing()
    assert decide(state, reader(BEN), C("LOCK-K-S-1")) == Nothing()


def test_the_card_in_transit_on_the_deciding_seats_reader_is_received() -> None:
    """§5.2 step 3: the player in front of whom it sits decides; a tap there is "receive"."""
    state = deciding()
    assert plan_of(decide(state, reader(BEN), C("LOCK-R-S-1"))) == (Receive(seat=BEN),)


def test_a_camera_sees_a_secret_card_received_but_a_text_card_only_passing() -> None:
    """§5.1: a 密電 or 直達 card is turned face up in front of its receiver when received, so
    a camera seeing it there is the receipt; a 文本 card lies face up in front of each player
    it reaches, received or not, so the camera's sight of it decides nothing (a reader's
    tap, laid on purpose, still does)."""
    camera = Station(Place.SEAT, BEN, seen=True)
    assert plan_of(decide(deciding(), camera, C("LOCK-R-S-1"))) == (Receive(seat=BEN),)
    text = all_pass(all_pass(sent("DISTRIBUTE-B-T-1")))
    assert isinstance(text.phase, Deciding)
    assert decide(text, camera, C("DISTRIBUTE-B-T-1")) == Nothing()
    assert plan_of(decide(text, reader(BEN), C("DISTRIBUTE-B-T-1"))) == (Receive(seat=BEN),)


def test_the_card_in_transit_is_not_received_while_a_window_is_open() -> None:
    """§5.2 steps 1–2: the transmit and arrive windows come before the decision."""
    state = all_pass(sent())  # arrived at Ben: his arrive window is open
    assert isinstance(state.phase, Responding) and state.moment is Moment.ARRIVE
    card = C("LOCK-R-S-1")
    assert decide(state, reader(BEN), card) == Nothing("ingest.intel_not_yet", seat=BEN)
    said = decide(deciding(), reader(CAT), card)
    assert said == Nothing("ingest.intel_not_yours", {"seat": BEN}, CAT)


def test_another_card_on_the_deciding_seats_reader_is_a_private_contradiction() -> None:
    """§3: the face-down card in transit is never named; the tapped card only to the tapper."""
    found = decide(deciding(), reader(BEN), deciding().deck[0])
    assert found == Contradiction(BEN, public=False, where="transit")


def probed(card: str) -> State:
    """Ann's probe ``card`` on Ben (blue) resolved uncountered: Ben must answer (§6.8)."""
    state = give(play_phase(), ANN, C(card))
    state = all_pass(play(state, Probe(seat=ANN, card=C(card), target=BEN)))
    assert isinstance(state.phase, ProbeAnswer)
    return state


def test_a_probed_seat_owing_a_draw_answers_by_laying_the_card_it_draws_on_its_reader() -> None:
    """§1.3, §6.8: a "+" probe naming the target's identity: they draw (1 card by default)."""
    state = probed("PROBE-R-S-BLUE-PLUS")
    card = state.deck[0]
    owed = AnswerProbe(seat=BEN, answer=Answer.DRAW)
    assert plan_of(decide(state, reader(BEN), card)) == (owed, Pick(card=card))


def test_a_probed_seat_that_owes_no_draw_is_told_so_alone() -> None:
    """§6.8: the app holds the target to their duty, and says so to the target only."""
    state = probed("PROBE-R-S-RED-PLUS")  # Ben is blue: he must say 「其實我是臥底」
    refused = decide(state, reader(BEN), state.deck[0])
    assert refused == Nothing("violation.probe_answer_wrong", {}, BEN)
    refused = decide(state, DISCARD, HANDS[1][0])
    assert refused == Nothing("violation.probe_answer_wrong", {}, BEN)


def test_a_card_drawn_onto_the_wrong_reader_is_said_to_the_drawer_alone() -> None:
    """§3: a drawn card is its drawer's alone. Ben, probed before Ann has sent, lays the
    card he draws in the centre or on the pile: Ann — whose card anything in the centre
    might be then — must not be told it."""
    state = probed("PROBE-R-S-BLUE-PLUS")
    card = state.deck[0]
    for station in (CENTRE, DISCARD):
        assert decide(state, station, card) == Nothing("ingest.draw_on_own_reader", seat=BEN)
    state = play(state, AnswerProbe(seat=BEN, answer=Answer.DRAW))  # said on his phone
    assert decide(state, CENTRE, card) == Nothing("ingest.draw_on_own_reader", seat=BEN)


def test_a_distribute_card_is_placed_by_the_reader_of_the_seat_it_goes_to() -> None:
    """§6.9: a deck card, face up, for each living player from the user on, in turn order."""
    state = all_pass(play(play_phase(), Distribute(seat=ANN, card=DRAWN[1])))
    assert isinstance(state.phase, Placing) and state.phase.seats[0] == ANN
    card = state.deck[0]
    assert plan_of(decide(state, reader(ANN), card)) == (Pick(card=card),)
    wrong = decide(state, reader(BEN), card)
    assert wrong == Nothing("ingest.placement_for", {"seat": ANN}, BEN)
    assert decide(state, CENTRE, card) == Nothing("ingest.placement_for", {"seat": ANN})


# --- the centre ---------------------------------------------------------------------------


def test_a_card_that_can_only_be_sent_is_sent_by_its_printed_method() -> None:
    """§5.1: the method is printed on the card — 文本 and 密電 need no choice."""
    state = play_phase()
    for card in (C("RETURN-R-T-1"), DRAWN[0]):  # 退回 cannot be played now, nor 破譯
        assert plan_of(decide(state, CENTRE, card)) == (Send(seat=ANN, card=card),)


def test_a_direct_card_asks_its_sender_privately_for_the_addressee() -> None:
    """§5.1 直達: face down to one named player; §3: only the sender knows the card."""
    asked = decide(play_phase(), CENTRE, C("INTERCEPT-K-D-1"))
    expected = [Send(seat=ANN, card=C("INTERCEPT-K-D-1"), target=t) for t in (BEN, CAT, DAN)]
    assert asked == Ask(ANN, tuple(expected), private=True)


def test_a_card_that_could_be_played_or_sent_asks_the_sender_privately() -> None:
    """§4: play phase 1 plays 鎖定 (§6.1) — or it is the intelligence, face down (§5)."""
    asked = decide(play_phase(), CENTRE, C("LOCK-R-S-1"))
    assert isinstance(asked, Ask) and asked.private and asked.seat == ANN
    locks = {Lock(seat=ANN, card=C("LOCK-R-S-1"), target=t) for t in (BEN, CAT, DAN)}
    assert set(asked.options) == {*locks, Send(seat=ANN, card=C("LOCK-R-S-1"))}


def test_after_sending_a_lock_is_played_face_up_and_its_target_asked_in_public() -> None:
    """§6.1: the active player locks in their play phases; play phase 2 sends nothing."""
    state = give(play_phase_2(), ANN, C("LOCK-R-S-2"))
    asked = decide(state, CENTRE, C("LOCK-R-S-2"))
    locks = tuple(Lock(seat=ANN, card=C("LOCK-R-S-2"), target=t) for t in (BEN, CAT, DAN))
    assert asked == Ask(ANN, locks, private=False)


def test_a_probe_asks_its_target_on_the_probers_phone() -> None:
    """§6.8: a probe goes face down to its target; the table never learns which one."""
    state = give(play_phase_2(), ANN, C("PROBE-R-S-BLUE-PLUS"))
    asked = decide(state, CENTRE, C("PROBE-R-S-BLUE-PLUS"))
    assert isinstance(asked, Ask) and asked.private and asked.seat == ANN
    assert {a.target for a in asked.options if isinstance(a, Probe)} == {BEN, CAT, DAN}


def test_a_counter_in_a_round_is_played_by_the_seat_that_holds_it() -> None:
    """§6.7, §7: in response to a play still on the stack; the record says whose card it is."""
    state = play(play_phase(), Lock(seat=ANN, card=C("LOCK-R-S-1"), target=BEN))
    assert isinstance(state.phase, Responding) and state.phase.asks(BEN)
    card = HANDS[1][0]
    assert plan_of(decide(state, CENTRE, card)) == (Counter(seat=BEN, card=card, on=1),)


def test_a_copy_the_record_has_in_the_deck_is_read_as_the_holders_copy() -> None:
    """§1.3: five blue 識破 read alike; a draw told by phone may have recorded another copy
    than the sticker in the hand. The card is read as the copy the record gives its holder."""
    state = play(play_phase(), Lock(seat=ANN, card=C("LOCK-R-S-1"), target=BEN))
    assert C("COUNTER-B-D-2") in state.deck
    found = decide(state, CENTRE, C("COUNTER-B-D-2"))
    assert plan_of(found) == (Counter(seat=BEN, card=HANDS[1][0], on=1),)


def test_an_intercept_in_the_transmit_window_is_its_holders() -> None:
    """§5.2 step 1, §6.3: anyone but the sender and the holder, while it travels."""
    card = HANDS[1][1]
    assert plan_of(decide(sent(), CENTRE, card)) == (Intercept(seat=BEN, card=card),)


def test_a_decode_in_the_arrive_window_is_the_reached_players() -> None:
    """§5.2 step 2, §6.5."""
    state = all_pass(sent())
    card = HANDS[1][2]
    assert plan_of(decide(state, CENTRE, card)) == (Decode(seat=BEN, card=card),)


def test_a_burn_in_a_round_asks_its_holder_which_black_card_in_public() -> None:
    """§6.6: any open window (default); the user chooses one black intelligence."""
    state = intel(intel(sent(), BEN, C("LOCK-K-S-1")), DAN, C("LURE-K-S-1"))
    state = evolve(state, phase=Responding(tuple(state.living())))
    asked = decide(state, CENTRE, C("BURN-K-D-1"))
    burns = {
        Burn(seat=CAT, card=C("BURN-K-D-1"), target=BEN, intel=C("LOCK-K-S-1")),
        Burn(seat=CAT, card=C("BURN-K-D-1"), target=DAN, intel=C("LURE-K-S-1")),
    }
    assert isinstance(asked, Ask) and not asked.private and asked.seat == CAT
    assert set(asked.options) == burns


def test_a_face_up_card_its_holder_may_not_play_now_starts_nothing() -> None:
    """§6.3: 截獲 only while a card travels — in play phase 2 none does."""
    card = HANDS[1][1]
    assert decide(play_phase_2(), CENTRE, card) == Nothing("ingest.starts_nothing", {"card": card})


def test_before_sending_the_active_players_card_is_named_to_them_alone() -> None:
    """§5, §10.2: until the intelligence has gone, a card laid in the centre may be it."""
    card = C("RETURN-R-T-1")  # nothing at turn start: it may be an early intelligence
    assert decide(dealt(), CENTRE, card) == Nothing("ingest.starts_nothing", {"card": card}, ANN)


def test_before_sending_a_card_in_no_hand_is_a_contradiction_for_the_active_player_alone() -> None:
    found = decide(play_phase(), CENTRE, play_phase().deck[0])
    assert found == Contradiction(ANN, public=False, where="hand")


def test_after_sending_a_face_up_card_in_no_hand_is_a_public_contradiction() -> None:
    assert decide(sent(), CENTRE, sent().deck[0]) == Contradiction(None, public=True, where="hands")
    state = play_phase_2()
    assert decide(state, CENTRE, state.deck[0]) == Contradiction(ANN, public=True, where="hand")


def test_received_intelligence_in_the_centre_is_a_public_contradiction() -> None:
    """§5.1: received intelligence lies face up — its name is no secret."""
    found = decide(play_phase_2(), CENTRE, C("LOCK-R-S-1"))
    assert found == Contradiction(BEN, public=True, where="intel")


def test_a_card_on_the_stack_was_played_already_and_a_probe_is_named_to_its_player() -> None:
    state = play(play_phase(), Lock(seat=ANN, card=C("LOCK-R-S-1"), target=BEN))
    assert decide(state, CENTRE, C("LOCK-R-S-1")) == Nothing(
        "ingest.already_played", {"card": "LOCK-R-S-1"}, ANN
    )
    probe = C("PROBE-R-S-BLUE-PLUS")
    state = play(give(play_phase_2(), ANN, probe), Probe(seat=ANN, card=probe, target=BEN))
    assert decide(state, CENTRE, probe) == Nothing("ingest.already_played", {"card": probe}, ANN)


def test_the_card_in_transit_in_the_centre_means_nothing() -> None:
    assert decide(sent(), CENTRE, C("LOCK-R-S-1")) == Nothing()


# --- the discard pile ---------------------------------------------------------------------


def test_a_minus_probe_target_discards_by_laying_the_card_on_the_discard_reader() -> None:
    """§1.3, §6.8: a "−" probe naming the target's identity: they discard one hand card."""
    state = probed("PROBE-R-S-BLUE-MINUS")
    card = HANDS[1][0]
    answer = AnswerProbe(seat=BEN, answer=Answer.DISCARD, card=card)
    assert plan_of(decide(state, DISCARD, card)) == (answer,)
    assert decide(state, DISCARD, HANDS[2][0]) == Contradiction(BEN, public=False, where="hand")


def test_a_card_down_to_the_hand_limit_goes_on_the_discard_reader() -> None:
    """§4, §11: a hand limit is an option; the active player discards down to it."""
    state = play_phase(hand_limit=3)
    state = evolve(state, phase=Discarding(ANN))
    assert plan_of(decide(state, DISCARD, DRAWN[0])) == (Discard(seat=ANN, card=DRAWN[0]),)


def test_a_card_on_the_pile_out_of_the_game_or_on_the_stack_means_nothing_there() -> None:
    state = play(play_phase(), Lock(seat=ANN, card=C("LOCK-R-S-1"), target=BEN))
    assert decide(state, DISCARD, C("LOCK-R-S-1")) == Nothing()  # discarded once it resolves
    state = evolve(state, discard=(C("LURE-K-S-1"),), removed=(C("PROBE-K-S-RED-PLUS"),))
    assert decide(state, DISCARD, C("LURE-K-S-1")) == Nothing()
    assert decide(state, DISCARD, C("PROBE-K-S-RED-PLUS")) == Nothing()


def test_a_face_down_card_on_the_discard_reader_is_named_to_its_holder_or_to_nobody() -> None:
    """§3: discards face down by default; a hand is its owner's, the deck nobody's."""
    state = play_phase()
    assert decide(state, DISCARD, HANDS[2][0]) == Contradiction(CAT, public=False, where="discard")
    assert decide(state, DISCARD, state.deck[0]) == Contradiction(None, False, "discard")
    face_up = play_phase(discard_face_up=True)
    assert decide(face_up, DISCARD, face_up.deck[0]) == Contradiction(None, True, "discard")


def test_a_card_of_the_other_manifest_is_no_card_of_this_game() -> None:
    """§1.3: the seed's box has five red 鎖定, the default box three."""
    card = C("LOCK-R-S-5")
    assert decide(dealt(), CENTRE, card) == Nothing("ingest.not_this_game", {"card": card})


# --- through the ingest, on the live table -------------------------------------------------

PLACES = {(f"seat{i + 1}", ""): reader(Seat(i)) for i in range(4)}
PLACES |= {("centre", ""): CENTRE, ("discard", ""): DISCARD}


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """A live table whose deal is :data:`DEAL` and whose draws readers see."""
    return Table.start(Journal(tmp_path / "j.sqlite3"), "themessage", ["Ann", "Ben", "Cat", "Dan"],
                       chance=lambda s: DEAL if isinstance(s.phase, Dealing) else None)  # fmt: skip


def test_a_card_sent_by_taps_is_seen_by_its_sender_alone(table: Table) -> None:
    """§3, §10.2: the 直達 card's face stays with its sender until it is received."""
    ingest = Ingest(table, PLACES, lambda placed: None)
    updates: list[Update] = []
    table.subscribe(updates.append)
    for card in DRAWN:
        assert ingest.observe(CardSeen("seat1", card)).committed
    card = C("INTERCEPT-K-D-1")
    question = ingest.observe(CardSeen("centre", card)).question
    assert question is not None and question.private and question.seat == ANN
    chosen = Send(seat=ANN, card=card, target=CAT)
    assert ingest.answer(question.id, chosen).committed == (chosen,)
    for seat in range(1, 4):
        assert card not in str(updates[-1].private(Seat(seat)))
        assert card not in str(table.private_view(Seat(seat)))
    assert card not in str(updates[-1].public()) and card not in str(table.public_view())
    assert card in str(updates[-1].private(ANN))


def test_a_face_down_card_nobody_may_be_told_of_is_named_to_nobody(table: Table) -> None:
    """§3: the deck is nobody's; with discards face down, a deck card on the pile's reader
    is named to no one (not even the active player, who may not have laid it)."""
    ingest = Ingest(table, PLACES, lambda placed: None)
    for card in DRAWN:
        ingest.observe(CardSeen("seat1", card))
    card = table.state.deck[0]
    found = ingest.observe(CardSeen("discard", card)).reconcile
    assert found is not None and found.private is None and found.seat is None
    assert found.public.key == "ingest.reconcile.unnamed" and "card" not in found.public.args
    assert found.public.seat is None
