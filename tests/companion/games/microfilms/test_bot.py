"""The Microfilms bot: it finishes games, plays only legal actions, and decides blind.

Games run at a real :class:`~companion.table.Table` with a SQLite journal, the
way ``companion demo`` drives them. The journal syncs every action to disk,
so the statistics over hundreds of games drive the engine directly through
the same view functions the table hands out (``public_event``, the views).
"""

from __future__ import annotations

import collections
import copy
import inspect
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from companion.core.actions import Action, Discard, Pass, Pick
from companion.core.outcome import Event, GameOver
from companion.core.types import CardId, Seat
from companion.core.views import public_event
from companion.games.microfilms import GAME, bot, cards
from companion.games.microfilms.actions import (
    AcceptBribe,
    Blackmail,
    Bribe,
    ClaimAgent,
    ClaimAssassin,
    ClaimJournalist,
    Deal,
    Draw,
    GiveIn,
    Interrogate,
    RefuseBribe,
    Resist,
    Source,
)
from companion.games.microfilms.bot import Bot
from companion.games.microfilms.state import Drawing, State
from companion.journal import Journal
from companion.table import Table, Update
from companion.transcript import new_header

MAX_ACTIONS = 2000
"""Far above the longest game seen (under 900 actions); reaching it means a stuck game."""


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    j = Journal(tmp_path / "games.sqlite")
    yield j
    j.close()


def _seat(table: Table) -> Seat:
    (prompt,) = table.pending()
    (seat,) = prompt.seats
    return seat


def _seat_bots(table: Table, seed: int) -> list[Bot]:
    """One bot per seat, each with its own seeded rng, hearing every update of the table."""
    bots = [Bot(Seat(i), random.Random(seed * 100 + i)) for i in range(len(table.header.seats))]

    def hear(update: Update) -> None:
        for b in bots:
            b.hear(update.public())

    table.subscribe(hear)
    return bots


def _play(table: Table, bots: list[Bot]) -> list[Action]:
    """Let the bots play the table to the end; every choice must be in the legal list."""
    chosen: list[Action] = []
    while table.over() is None:
        assert len(chosen) < MAX_ACTIONS, "the bots never finished"
        seat = _seat(table)
        legal = table.legal_actions(seat)
        action = bots[seat].choose(table.public_view(), table.private_view(seat), legal)
        assert action in legal
        table.submit(action)
        chosen.append(action)
    return chosen


def _table_game(journal: Journal, players: int, seed: int) -> tuple[Table, list[Action]]:
    names = [f"P{i}" for i in range(players)]
    table = Table.start(journal, "microfilms", names, rng=random.Random(seed), meta={"by": "test"})
    return table, _play(table, _seat_bots(table, seed))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bots_finish_games_at_a_real_table(journal: Journal, players: int) -> None:
    for seed in range(3):
        table, chosen = _table_game(journal, players, seed)
        result = table.over()
        assert result is not None and result.reason == "claim" and result.winners
        assert len(journal.entries(table.game_id)) > len(chosen)  # chance is journaled too
    assert all(g.result is not None for g in journal.games())


def test_same_seeds_play_the_same_game(journal: Journal) -> None:
    first, moves = _table_game(journal, 4, seed=7)
    second, again = _table_game(journal, 4, seed=7)
    assert moves == again
    assert first.over() == second.over()


# --- many games, straight through the engine ---------------------------------------


def _engine_game(players: int, seed: int) -> tuple[State, GameOver]:
    """A bot game without the journal, telling the bots what ``Update.public()`` would."""
    rng = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(players)], GAME.options_type())
    state = GAME.apply(state, GAME.roll(state, rng)).state
    bots = [Bot(Seat(i), random.Random(seed * 100 + i)) for i in range(players)]
    for _ in range(MAX_ACTIONS):
        result = GAME.over(state)
        if result is not None:
            return state, result
        (prompt,) = GAME.pending(state)
        (seat,) = prompt.seats
        legal = GAME.legal_actions(state, seat)
        action = bots[seat].choose(GAME.public_view(state), GAME.private_view(state, seat), legal)
        assert action in legal
        events: list[Event] = []
        while action is not None:
            outcome = GAME.apply(state, action)
            state, action = outcome.state, GAME.roll(outcome.state, rng)
            events += outcome.events
        for b in bots:
            b.hear([public_event(e) for e in events])
    raise AssertionError("the bots never finished")


def test_most_games_end_with_a_victory_claim() -> None:
    reasons: collections.Counter[str] = collections.Counter()
    for players in (3, 4, 5, 6):
        for seed in range(200 if players == 4 else 25):
            _, result = _engine_game(players, seed)
            reasons[result.reason] += 1
    assert reasons["claim"] >= 0.9 * sum(reasons.values())


def test_without_gambles_every_claim_is_true(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the Agents' bets off, a bot claims only what its knowledge proves."""
    monkeypatch.setattr(bot, "GAMBLE", 0.0)
    for players in (3, 4, 5, 6):
        for seed in range(25):
            state, result = _engine_game(players, seed)
            assert result.reason == "claim"
            assert not [e for e in state.history if e.kind == "claim_failed"], (players, seed)


# --- blind to hidden state ----------------------------------------------------------------


def test_choose_is_given_no_state() -> None:
    params = inspect.signature(Bot.choose).parameters
    assert list(params) == ["self", "public", "private", "legal"]
    assert [p.annotation for p in params.values()][1:] == [
        "JSONObject",
        "JSONObject",
        "Sequence[Action]",
    ]
    assert not any(v is State for v in vars(bot).values())


def _twin(state: State, seat: Seat, rng: random.Random) -> State:
    """The same game as ``seat`` sees it, with everything else it cannot see changed.

    Other unrevealed identities are shuffled, hands of the same size change owners,
    and the removed Alliance letter (so the alliance itself) is swapped with a
    letter ``seat`` cannot see now.
    """
    players = list(state.players)
    others = [i for i, p in enumerate(players) if i != seat and not p.revealed]
    identities = [players[i].identity for i in others]
    rng.shuffle(identities)
    for i, ident in zip(others, identities, strict=True):
        players[i] = replace(players[i], identity=ident)
    sizes = collections.defaultdict(list)
    for i in others:
        sizes[len(players[i].hand)].append(i)
    for group in sizes.values():
        hands = [players[i].hand for i in group]
        rng.shuffle(hands)
        for i, hand in zip(group, hands, strict=True):
            players[i] = replace(players[i], hand=hand)
    twin = replace(state, players=tuple(players))
    out = next(c for c in state.removed if cards.CARDS[c].nation is state.lone and c[0] == "L")
    hidden = [c for c in twin.deck if c.startswith("L-")]
    if not hidden:
        return twin
    swap = {out: hidden[0], hidden[0]: out}

    def swapped(cards: Sequence[CardId]) -> tuple[CardId, ...]:
        return tuple(swap.get(c, c) for c in cards)

    lone = cards.CARDS[hidden[0]].nation
    deck, removed = tuple(sorted(swapped(twin.deck))), swapped(twin.removed)
    return replace(twin, deck=deck, removed=removed, lone=lone)


def test_the_same_views_give_the_same_choice_whatever_is_hidden() -> None:
    rng = random.Random(3)
    checked = differed = 0
    for seed in range(6):
        state = GAME.setup(["A", "B", "C", "D", "E"], GAME.options_type())
        state = GAME.apply(state, GAME.roll(state, rng)).state
        bots = [Bot(Seat(i), random.Random(seed * 10 + i)) for i in range(5)]
        while GAME.over(state) is None:
            (seat,) = GAME.pending(state)[0].seats
            twin = _twin(state, seat, rng)
            differed += twin != state
            inputs = (GAME.public_view(state), GAME.private_view(state, seat))
            assert (GAME.public_view(twin), GAME.private_view(twin, seat)) == inputs
            legal = GAME.legal_actions(state, seat)
            assert GAME.legal_actions(twin, seat) == legal
            double = copy.deepcopy(bots[seat])
            action = bots[seat].choose(*inputs, legal)
            assert double.choose(GAME.public_view(twin), GAME.private_view(twin, seat), legal) == (
                action
            )
            checked += 1
            events: list[Event] = []
            step: Action | None = action
            while step is not None:
                outcome = GAME.apply(state, step)
                state, step = outcome.state, GAME.roll(outcome.state, rng)
                events += outcome.events
            for b in bots:
                b.hear([public_event(e) for e in events])
    assert differed > 0.9 * checked > 100


# --- what it does with what it knows ---------------------------------------------------


def _stacked(order: Sequence[CardId]) -> Callable[[State], Action | None]:
    """Chance as from a deck stacked in ``order``: each draw turns out to be the next card."""
    rng, queue = random.Random(0), list(order)

    def chance(state: State) -> Action | None:
        if isinstance(state.phase, Drawing):
            card = next(c for c in queue if c in state.deck)
            queue.remove(card)
            return Pick(card=card)
        return GAME.roll(state, rng)

    return chance


def _scripted(
    journal: Journal, deal: tuple[Deal, list[CardId]], script: Sequence[Action]
) -> tuple[Table, list[Bot]]:
    """A real table dealt exactly ``deal``, bots listening, and ``script`` played for the seats."""
    game_id = journal.create(new_header("microfilms", ["A", "B", "C", "D"]))
    journal.append(game_id, [(GAME.codec.encode(deal[0]), False)])
    table = Table.resume(journal, game_id, chance=_stacked(deal[1]))
    bots = _seat_bots(table, seed=0)
    for action in script:
        table.submit(action)
    return table, bots


def _choice(table: Table, bots: list[Bot], seed: int = 0) -> Action:
    seat = _seat(table)
    b = copy.deepcopy(bots[seat])
    b.rng = random.Random(seed)
    return b.choose(table.public_view(), table.private_view(seat), table.legal_actions(seat))


def _deal(identities: str, letter_out: str, hands: str, deck: str) -> tuple[Deal, list[CardId]]:
    """The deal, and the order the deck's cards will be drawn in."""
    deal = Deal(
        first=Seat(0),
        identities=tuple(CardId(c) for c in identities.split()),
        letter_out=CardId(letter_out),
        hands=tuple(CardId(c) for c in hands.split()),
    )
    return deal, [CardId(c) for c in deck.split()]


S0, S1, S2, S3 = (Seat(i) for i in range(4))
HANDS = "A-SB1 A-IB1 A-WR1 A-IB2"
REST = "A-SB2 A-IB3 A-WR2 A-WR3"


def _passes(*seats: Seat) -> list[Action]:
    return [Pass(seat=s) for s in seats]


def _clean_seat0(victim: Seat) -> list[Action]:
    """Seat 0 blackmails a seat that can neither resist nor buy off, so seat 0 turns Clean."""
    return [Blackmail(seat=S0, target=victim, card=CardId("A-SB1")), GiveIn(seat=victim)]


def test_agent_claims_once_the_third_nations_letter_is_seen(journal: Journal) -> None:
    """China holds the US Microfilm; the UK letter in the discard proves the US is the enemy."""
    deal = _deal("R-CN R-UK R-US R-JOU", "L-US", HANDS, f"L-UK M-US M-CN M-UK L-CN ACE {REST}")
    script = [
        *_clean_seat0(S3),
        Draw(seat=S1, source=Source.DECK),
        Discard(seat=S1, card=CardId("L-UK")),
        *_passes(S2, S3),
        Draw(seat=S0, source=Source.DECK),
        *_passes(S1, S2, S3),
    ]
    table, bots = _scripted(journal, deal, script)
    choice = _choice(table, bots)
    assert choice == ClaimAgent(seat=S0, microfilm=CardId("M-US"))
    table.submit(choice)
    assert table.over() == GameOver("claim", (S0, S1))


def test_agent_never_shows_its_allys_microfilm(journal: Journal) -> None:
    """China has seen its own and the US letter: they are allied, so M-US would lose."""
    deal = _deal("R-CN R-UK R-US R-JOU", "L-UK", HANDS, f"L-CN L-US M-US M-CN M-UK ACE {REST}")
    script = [
        *_clean_seat0(S3),
        Draw(seat=S1, source=Source.DECK),
        Discard(seat=S1, card=CardId("L-CN")),
        Draw(seat=S2, source=Source.DECK),
        Discard(seat=S2, card=CardId("L-US")),
        Pass(seat=S3),
        Draw(seat=S0, source=Source.DECK),
        *_passes(S1, S2, S3),
    ]
    table, bots = _scripted(journal, deal, script)
    assert any(isinstance(a, ClaimAgent) for a in table.legal_actions(S0))
    for seed in range(50):
        assert not isinstance(_choice(table, bots, seed), ClaimAgent)


def test_assassin_names_who_took_the_ace_from_the_discard(journal: Journal) -> None:
    deal = _deal("R-ASN R-CN R-UK R-US", "L-US", HANDS, f"ACE L-CN L-UK M-CN M-UK M-US {REST}")
    script = [
        *_clean_seat0(S1),
        *_passes(S1, S2, S3, S0, S1, S2),
        Draw(seat=S3, source=Source.DECK),
        Discard(seat=S3, card=CardId("ACE")),
        Pass(seat=S0),
        Draw(seat=S1, source=Source.DISCARD),
        *_passes(S2, S3),
    ]
    table, bots = _scripted(journal, deal, script)
    choice = _choice(table, bots)
    assert choice == ClaimAssassin(seat=S0, named=S1)
    table.submit(choice)
    assert table.over() == GameOver("claim", (S0,))


def test_journalist_names_the_agent_an_interrogation_showed(journal: Journal) -> None:
    """Seat 1's hand is empty, so interrogating it can only show its identity card."""
    deal = _deal("R-JOU R-CN R-UK R-US", "L-US", HANDS, f"M-CN L-CN L-UK M-UK M-US ACE {REST}")
    script = [
        *_clean_seat0(S1),
        *_passes(S1, S2, S3),
        Draw(seat=S0, source=Source.DECK),
        *_passes(S1, S2, S3),
        Interrogate(seat=S0, target=S1, card=CardId("A-IB1")),
        *_passes(S1, S2, S3),
    ]
    table, bots = _scripted(journal, deal, script)
    choice = _choice(table, bots)
    assert choice == ClaimJournalist(seat=S0, named=S1, microfilm=CardId("M-CN"))
    table.submit(choice)
    assert table.over() == GameOver("claim", (S0,))


def test_usually_accepts_a_bribe_and_sometimes_refuses(journal: Journal) -> None:
    """Seat 2 has a franc to refuse with; a plain action card is not worth much to it."""
    deal = _deal("R-CN R-UK R-US R-JOU", "L-US", HANDS, f"M-CN L-CN L-UK M-UK M-US ACE {REST}")
    table, bots = _scripted(journal, deal, [Bribe(seat=S0, target=S2, card=CardId("A-SB1"))])
    answers = collections.Counter(type(_choice(table, bots, seed)) for seed in range(100))
    assert answers[AcceptBribe] > answers[RefuseBribe] > 0


def test_resists_blackmail_with_a_withdraw_resist_card(journal: Journal) -> None:
    deal = _deal(
        "R-CN R-UK R-US R-JOU",
        "L-US",
        "A-SB1 A-WR1 A-IB1 A-IB2",
        f"M-CN L-CN L-UK M-UK M-US ACE {REST}",
    )
    table, bots = _scripted(journal, deal, [Blackmail(seat=S0, target=S1, card=CardId("A-SB1"))])
    assert _choice(table, bots) == Resist(seat=S1, card=CardId("A-WR1"))


def test_discard_keeps_the_enemy_microfilm(journal: Journal) -> None:
    """Suspicious, so one card only: China keeps the US Microfilm and drops its action card."""
    deal = _deal("R-CN R-UK R-US R-JOU", "L-US", HANDS, f"M-US L-CN L-UK M-CN M-UK ACE {REST}")
    table, bots = _scripted(journal, deal, [Draw(seat=S0, source=Source.DECK)])
    assert _choice(table, bots) == Discard(seat=S0, card=CardId("A-SB1"))


def test_a_bot_joining_a_game_under_way_still_plays_legally(journal: Journal) -> None:
    table = Table.start(journal, "microfilms", ["A", "B", "C", "D"], rng=random.Random(11))
    early = _seat_bots(table, seed=11)
    for _ in range(12):
        if table.over() is not None:
            break
        seat = _seat(table)
        legal = table.legal_actions(seat)
        table.submit(early[seat].choose(table.public_view(), table.private_view(seat), legal))
    late = _seat_bots(table, seed=12)
    _play(table, late)
    assert table.over() is not None
