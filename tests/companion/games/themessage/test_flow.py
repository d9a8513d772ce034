"""How the table moves on by itself: the deck, the ends of a game, the identity mix.

Each test builds a game with the real rules, then — where a situation would take
dozens of turns to reach — sets the record straight to it with ``evolve``, as a
table that had played that far would be.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.actions import Pass, Pick
from companion.core.dealing.deal import Deal
from companion.core.domain import UnfitOptions
from companion.core.prompts import waiting_on
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at
from companion.games.themessage import GAME, flow
from companion.games.themessage.actions import Draw, Receive, Send
from companion.games.themessage.cards import IDENTITY, Camp, Function
from companion.games.themessage.flow import seat_order
from companion.games.themessage.options import PRINTED_MIXES, BurnTiming, Mix, Options
from companion.games.themessage.setup import setup
from companion.games.themessage.state import Acting, Moment, Placing, State, Status
from companion.games.themessage.timing import functions_now, round_seats
from companion.transcript import new_header, read, replayed

RED, BLUE, GREEN = (IDENTITY[c] for c in Camp)
HANDS = (
    (CardId("LOCK-R-S-1"), CardId("LOCK-R-S-2"), CardId("LOCK-R-S-3")),
    (CardId("LOCK-B-S-1"), CardId("LOCK-B-S-2"), CardId("LOCK-B-S-3")),
    (CardId("LURE-R-S-1"), CardId("LURE-B-S-1"), CardId("LURE-K-S-1")),
    (CardId("LURE-R-S-2"), CardId("LURE-B-S-2"), CardId("LURE-K-S-2")),
)


def dealt(identities: tuple[CardId, ...] = (RED, BLUE, RED, BLUE), **options: object) -> State:
    state: State = new_header(
        "themessage", ["Ann", "Ben", "Cat", "Dan"], Options(**options)
    ).initial_state()  # type: ignore[arg-type]
    return GAME.apply(state, Deal(first=Seat(0), identities=identities, hands=HANDS)).state


def test_an_emptied_deck_is_the_discard_pile_at_once() -> None:
    """§4 step 2: when the deck runs out, the discard pile is shuffled into a new deck at once."""
    state = dealt()
    state = evolve(
        state,
        deck=(CardId("COUNTER-R-D-1"),),
        discard=(CardId("COUNTER-B-D-1"), CardId("COUNTER-K-D-1")),
    )
    outcome = GAME.apply(state, Draw(seat=Seat(0)))
    after = outcome.state
    assert "COUNTER-R-D-1" in after.player(Seat(0)).hand  # the last card: no chance needed
    assert after.discard == () and sorted(after.deck) == ["COUNTER-B-D-1", "COUNTER-K-D-1"]
    assert [e.kind for e in outcome.events] == ["drew", "reshuffled"]
    assert isinstance(GAME.roll(after, random.Random(1)), Pick)  # the second draw is chance
    after = GAME.apply(after, Pick(card=CardId("COUNTER-K-D-1"))).state
    assert after.deck == ("COUNTER-B-D-1",) and after.moment is Moment.PLAY_1


def test_a_draw_from_an_empty_deck_takes_the_discard_pile_before_asking_chance() -> None:
    """§4 step 2: the deck ran out while the pile was empty too; cards were discarded since.
    The draw rebuilds the deck from the pile at once — a reader's card, a phone's word or
    the app's roll then names a card of it (before, the roll failed on an empty deck)."""
    state = dealt()
    state = evolve(state, deck=(), discard=state.deck[:3])
    after = GAME.apply(state, Draw(seat=Seat(0)))
    assert sorted(after.state.deck) == sorted(state.discard) and after.state.discard == ()
    assert [e.kind for e in after.events] == ["reshuffled"]
    assert isinstance(GAME.roll(after.state, random.Random(1)), Pick)
    GAME.apply(after.state, Pick(card=state.discard[1]))


def test_with_deck_and_discard_pile_empty_the_draw_is_skipped() -> None:
    """§4 step 2: both empty — skip the draw until cards can form a deck again."""
    state = evolve(dealt(), deck=(), discard=())
    outcome = GAME.apply(state, Draw(seat=Seat(0)))
    assert outcome.state.moment is Moment.PLAY_1 and len(outcome.state.player(Seat(0)).hand) == 3
    skipped = next(e for e in outcome.events if e.kind == "draw_skipped")
    assert skipped.args == {"seat": 0, "count": 2}


def test_a_distribution_the_deck_cannot_finish_stops_short() -> None:
    """§6.9: 真偽莫辨 places a card from the deck before each living player in turn; when the
    deck and the pile are both empty (§4 step 2) the players left get none — said, not
    waited for — the card goes to the pile and the turn goes on."""
    state = to_play(dealt())
    distribute = CardId("DISTRIBUTE-B-T-1")
    assert distribute in state.deck
    last = next(c for c in state.deck if c != distribute)
    seats = tuple(Seat(i) for i in range(4))
    placing = evolve(state, deck=(last,), discard=(), phase=Placing(Seat(0), distribute, seats))
    after, events = flow.settle(placing, [])
    assert [e.kind for e in events] == ["placed", "distribution_short"]
    assert events[1].args == {"seats": [1, 2, 3]}
    assert after.player(Seat(0)).intel == (last,) and after.discard == (distribute,)
    assert after.phase == Acting() and after.moment is Moment.PLAY_1


def test_intelligence_whose_sender_died_on_the_way_is_discarded() -> None:
    """§5.2: a 密電 nobody took comes back to its sender — who, dead meanwhile (a black
    placed by 真偽莫辨 can kill in the transmit window, §6.9), can take nothing: the card
    is discarded and the next player's turn begins."""
    path = (
        Path(__file__).parent
        / "scenarios"
        / ("secret_intel_nobody_takes_comes_back_to_the_sender.jsonl")
    )
    with path.open(encoding="utf-8") as lines:
        header, body = read(lines)
    acts = []
    for line in body:
        if line.body.get("expect", {}).get("public.transit.to") == 0:  # on its last hop
            break
        acts += [line.body] if "act" in line.body else []
    state = replayed(header, acts)
    state = evolve(state, players=evolve_at(state.players, Seat(0), status=Status.DEAD))
    events = []
    while state.transit is not None:
        seat = sorted(waiting_on(GAME.pending(state)))[0]
        outcome = GAME.apply(state, Pass(seat=seat))
        state, events = outcome.state, [*events, *outcome.events]
    gone = next(e for e in events if e.kind == "intel_discarded")
    assert gone.args == {"sender": 0}
    assert state.discard[-1] == "LOCK-K-S-1" and state.player(Seat(0)).intel == ()
    assert [e.kind for e in events][-1] == "turn_began" and state.active == Seat(1)


def to_play(state: State) -> State:
    state = GAME.apply(state, Draw(seat=Seat(0))).state
    for card in ("COUNTER-R-D-1", "COUNTER-B-D-1"):
        state = GAME.apply(state, Pick(card=CardId(card))).state
    return state


def test_a_third_black_received_kills_and_ends_a_hopeless_game() -> None:
    """§8.1 after a receipt (§8.4); §8.2 UNKNOWN: with no living red or blue player left, nobody
    can win — the game ends without a winner (option hopeless_end)."""
    options = Options(identities=Mix(red=1, blue=1, green=2))
    state = new_header("themessage", ["Ann", "Ben", "Cat", "Dan"], options).initial_state()
    state = GAME.apply(
        state, Deal(first=Seat(0), identities=(GREEN, RED, BLUE, GREEN), hands=HANDS)
    ).state
    state = to_play(state)
    black = (CardId("INTERCEPT-K-D-1"), CardId("INTERCEPT-K-D-2"))
    players = evolve_at(state.players, 1, status=Status.DEAD, hand=())
    players = evolve_at(players, 2, intel=black)
    players = evolve_at(players, 0, hand=(CardId("INTERCEPT-K-D-3"),))
    state = evolve(
        state,
        players=players,
        deck=tuple(c for c in state.deck if c not in black and c != "INTERCEPT-K-D-3"),
    )
    state = GAME.apply(
        state, Send(seat=Seat(0), card=CardId("INTERCEPT-K-D-3"), target=Seat(2))
    ).state
    state = answer_until_over(state)
    result = GAME.over(state)
    assert state.player(Seat(2)).status is Status.DEAD
    assert result is not None and result.reason == "hopeless" and result.winners == ()


def answer_until_over(state: State) -> State:
    """Everyone passes and the card's holder takes it."""
    while GAME.over(state) is None and not isinstance(state.phase, Acting):
        (prompt,) = GAME.pending(state)
        seat = prompt.seats[0]
        action = Receive(seat=seat) if prompt.kind == "decide" else Pass(seat=seat)
        state = GAME.apply(state, action).state
    return state


def test_the_card_of_a_sender_no_longer_in_the_game_is_discarded() -> None:
    """§5.2: if the sender dies mid-transmission and nobody has received the card, it is
    discarded. (No card of the base game kills a sender mid-way; characters can.)"""
    state = to_play(dealt())
    state = GAME.apply(state, Send(seat=Seat(0), card=CardId("LOCK-R-S-1"))).state
    state = evolve(
        state,
        players=evolve_at(state.players, 0, status=Status.DEAD),
        lured=frozenset({Seat(1), Seat(2), Seat(3)}),
    )
    for seat in GAME.pending(state)[0].seats:
        state = GAME.apply(state, Pass(seat=seat)).state
    assert state.discard[-1] == "LOCK-R-S-1" and state.transit is None


def test_plays_declared_together_count_from_the_right_of_the_last_user() -> None:
    """§7: start with the first player to the right of whoever last used a card."""
    state = evolve(dealt(), last_user=Seat(2))
    assert sorted(range(4), key=lambda s: seat_order(state, Seat(s))) == [3, 0, 1, 2]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_default_mix_has_no_green(players: int) -> None:
    """§2: the table's alternatives without 打醬油的, as the seed advises for a first game;
    at 3 and 5 (printed only with green) two camps, red one larger (INFERRED)."""
    state = setup([f"P{i}" for i in range(players)], Options())
    roll = GAME.roll(state, random.Random(3))
    assert isinstance(roll, Deal) and GREEN not in roll.identities
    assert sorted(roll.identities).count(RED) == (players + 1) // 2


@pytest.mark.parametrize("players", [3, 5])
def test_an_odd_table_is_offered_both_two_camp_mixes_before_the_printed_ones(players: int) -> None:
    choices = GAME.options.choices("identities", players)
    assert choices is not None and choices[0] is None  # the default: red one larger
    assert choices[1] == Mix(red=players // 2, blue=players // 2 + 1)
    assert all(mix.green for mix in choices[2:])


@pytest.mark.parametrize("players", [7, 8, 9])
def test_other_counts_need_a_mix_set_up_by_the_group(players: int) -> None:
    names = [f"P{i}" for i in range(players)]
    with pytest.raises(UnfitOptions) as refused:
        setup(names, Options())
    assert refused.value.key == "option.themessage.identities.none_without_green"
    for mix in PRINTED_MIXES[players]:
        setup(names, Options(identities=mix))


def test_a_mix_must_fit_the_box_and_have_both_camps() -> None:
    names = ["a", "b", "c", "d"]
    for bad, why in (
        (Mix(red=4, blue=0), "wrong_total"),  # four of a camp of three copies
        (Mix(red=1, blue=1), "wrong_total"),
        (Mix(red=0, blue=3, green=1), "camp_missing"),
    ):
        with pytest.raises(UnfitOptions) as refused:
            setup(names, Options(identities=bad))
        assert refused.value.key == f"option.themessage.identities.{why}"
    setup(names, Options(identities=Mix(red=3, blue=1)))


def test_a_third_red_received_by_a_red_player_wins_for_the_red_camp_at_once() -> None:
    """§8.2, §8.4: checked right after the receipt; the whole camp wins at once, and the
    declarer's identity is shown. Ben, blue, holding a red card, counts for nothing."""
    state = to_play(dealt())
    red = (CardId("DECODE-R-S-1"), CardId("DECODE-R-S-2"), CardId("RETURN-R-T-1"))
    sent = CardId("INTERCEPT-R-D-1")
    players = evolve_at(state.players, 2, intel=red[:2])
    players = evolve_at(players, 1, intel=red[2:])
    players = evolve_at(players, 0, hand=(*players[0].hand, sent))
    state = evolve(
        state, players=players, deck=tuple(c for c in state.deck if c not in {*red, sent})
    )
    state = GAME.apply(state, Send(seat=Seat(0), card=CardId("INTERCEPT-R-D-1"), target=Seat(2)))
    state = answer_until_over(state.state)
    result = GAME.over(state)
    assert result is not None and result.reason == "victory" and result.winners == (0, 2)
    declared = next(e for e in state.history if e.kind == "declared_victory")
    assert declared.args == {"seat": 2, "identity": "ID-RED"} and declared.reveals


def test_burn_at_any_window_is_the_active_player_s_outside_a_round_and_anyone_s_in_one() -> None:
    """§6.6 (option ``burn_timing``, default ``any_window``): the active player may burn at
    turn start and in play phases; another player only in a response round."""
    state = dealt()
    black = CardId("COUNTER-K-D-1")
    state = evolve(state, players=evolve_at(state.players, Seat(2), intel=(black,)))
    assert state.moment is Moment.TURN_START
    assert Function.BURN in functions_now(state, Seat(0))
    assert not functions_now(state, Seat(1))
    rounds = round_seats(state)
    assert Seat(1) in rounds  # a round opened now would ask Ben too: he could burn there
    later = evolve(state, options=evolve(state.options, burn_timing=BurnTiming.PLAY_PHASE))
    assert Function.BURN not in functions_now(later, Seat(0))  # not at turn start
