"""Random games, with hand audits mixed in, hold the invariants that are 風聲's own.

Over random games of 3 to 9 players (200 fresh ones a run, 2,000 seeded ones with
``--deep``), with every option varied, identity
mixes included (digest §1.3, §2, §3, §7, §8, §10): each of the 81 cards is
always in exactly one place; every public event names only face-up cards; the
secrets of an event reach only the seats they concern; every game ends. What
every game must keep — legal lists, refusals that change nothing, replay, and
no view depending on what a seat may not know — is the conformance suite's
(``tests/companion/games/test_every_game.py``), which plays 風聲 at the tables its
default options deal; these games cover every table size.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator

import pytest

from companion.core import playout
from companion.core.actions import Action
from companion.core.errors import WrongMoment
from companion.core.outcome import Event
from companion.core.prompts import waiting_on
from companion.core.types import CardId
from companion.core.views import public_event
from companion.games.themessage import GAME, cards
from companion.games.themessage.cards import Function, Method, Preset
from companion.games.themessage.options import (
    PRINTED_MIXES,
    BurnTiming,
    DistributeChecks,
    LuredDirectTarget,
    Mix,
    Options,
    RoundOrder,
)
from companion.games.themessage.state import State
from companion.transcript import new_header
from tests.companion.games.audits import random_audit
from tests.runs import parts, played, run_of

GAMES = 2000
"""Games with ``--deep``: the fixed list ``SEED_BASE`` onwards, in chunks (:mod:`tests.runs`)."""
CHUNK = 100
FRESH = 2
"""Chunks of fresh games every run."""
PATH = "tests/companion/games/themessage/test_properties.py"
SEED_BASE = 5_802_117_000_000

WEIGHTS = {"pass": 12.0, "receive": 8.0, "decline": 1.0, "end_turn": 1.0}
"""Rounds mostly pass, as at a real table, so that games reach their end in a few hundred steps."""

ALL_IDS = sorted({*cards.CARDS, *cards.IDENTITY.values()})
KNOWN = frozenset(ALL_IDS)
CARD_PATTERN = re.compile("|".join(re.escape(json.dumps(c)) for c in ALL_IDS))


def ids_among(value: object) -> set[str]:
    """Every card id among an event's arguments: a faster :func:`ids_in` for flat values."""
    if isinstance(value, str):
        return {value} & KNOWN
    if isinstance(value, list | tuple):
        return set().union(*(ids_among(v) for v in value))
    if isinstance(value, dict):
        return ids_among(list(value.values()))
    return set()


def options_for(rng: random.Random, n: int) -> Options:
    """The defaults where the seat count has one; otherwise, and sometimes anyway, other choices."""
    default = n in (4, 6) and rng.random() < 0.5
    if default:
        return Options()
    mixes = list(PRINTED_MIXES[n])
    if n <= 6:
        red = rng.randint(max(1, n - 3), min(3, n - 1))
        mixes.append(Mix(red=red, blue=n - red))
    return Options(
        deck=rng.choice(list(Preset)),
        identities=rng.choice(mixes),
        probe_plus_draws=rng.choice([1, 2]),
        probe_while_sending=rng.random() < 0.5,
        countered_probe_removed=rng.random() < 0.5,
        lure_locked=rng.random() < 0.5,
        lured_direct_target=rng.choice(list(LuredDirectTarget)),
        counter_own=rng.random() < 0.5,
        burn_timing=rng.choice(list(BurnTiming)),
        distribute_checks=rng.choice(list(DistributeChecks)),
        round_order=rng.choice(list(RoundOrder)),
        send_sets_order=rng.random() < 0.5,
        hand_limit=rng.choice([0, 0, 3, 5]),
        discard_face_up=rng.random() < 0.5,
        dead_share_win=rng.random() < 0.5,
        hopeless_end=rng.random() < 0.8,
    )


def places(state: State) -> list[CardId]:
    """Every game card wherever it is; each of the 81 must appear exactly once."""
    phase = state.phase
    extra = [c for c in (getattr(phase, "card", None),) if c is not None]
    return [
        *state.deck,
        *state.discard,
        *state.removed,
        *(c for p in state.players for c in (*p.hand, *p.intel)),
        *(p.card for p in state.stack),
        *(p.card for p in getattr(phase, "declared", ())),
        *([state.transit.card] if state.transit else []),
        *extra,
    ]


def face_up(state: State) -> set[str]:
    """Cards everyone sees: intelligence, played cards but probes, a 文本 card in transit,
    a face-up discard pile, and the identities of players out of the game."""
    seen = {c for p in state.players for c in p.intel}
    seen |= {p.identity for p in state.players if not p.alive and p.identity}
    plays = (*state.stack, *getattr(state.phase, "declared", ()))
    seen |= {p.card for p in plays if cards.function_of(p.card) is not Function.PROBE}
    seen |= {p.intel for p in plays if p.intel}  # what a 燒燬 aims at was face up when played
    t = state.transit
    if t is not None and t.method is Method.TEXT:
        seen.add(t.card)
    if state.options.discard_face_up:
        seen |= set(state.discard)
    return seen


def check_public_events(before: State, after: State, events: tuple[Event, ...]) -> None:
    """What the whole table hears names only cards face up before or after it happened.

    An event that reveals (a death shows the identity) is the exception by definition.
    A reshuffle turns the discard pile into the deck: with face-up discards its cards
    were face up until then. A player who dies takes their face-up intelligence —
    perhaps just received — to the pile. Some events are the very moment a card is
    shown (a card played face up, a 文本 sent, intelligence received or placed), and
    the card may be on a face-down pile by the end of the same action.
    """
    public = face_up(before) | face_up(after)
    for event in events:
        if event.kind in ("died", "lost"):  # intelligence face up until it went to the pile
            public |= ids_among(event.args["intel"])
        if event.kind.startswith(TURNS_FACE_UP) and event.args.get("card") is not None:
            assert event.kind != "played_probe", "a probe is played face down"
            public.add(str(event.args["card"]))
    if before.options.discard_face_up:
        public |= set(after.deck)
    for event in events:
        named = ids_among(public_event(event)["args"])
        assert event.reveals or named <= public, (event.kind, named - public)


TURNS_FACE_UP = ("played_", "sent", "received", "placed")

SETTLED = {"record_mended", "word_not_taken"}
SECRET_OWNER = {
    "dealt": None,  # each seat its own deal
    "drew": "seat",
    "sent": "seat",
    "decoded": "seat",
    "probe_arrives": "target",
    "hand_checked": "seat",
}


def check_secrets_reach_the_right_seat(state: State) -> None:
    for event in state.history:
        for secret in event.secrets:
            if secret.kind in SETTLED:  # a doubt settled: to its holder or speaker (told_cards)
                continue
            role = SECRET_OWNER[event.kind]
            if role is None:
                assert secret.args["identity"] == state.players[secret.seat].identity
            else:
                assert secret.seat == event.args[role], event


def play(seed: int) -> Iterator[str]:
    """Play one random game, checking every invariant; yield how it ended."""
    rng = random.Random(seed)
    n = rng.randint(3, 9)
    header = new_header("themessage", [f"P{i}" for i in range(n)], options_for(rng, n))
    state: State = header.initial_state()
    box = sorted(cards.DECKS[state.options.deck])
    for _ in range(4000):
        if GAME.over(state) is not None:
            break
        chance = GAME.roll(state, rng)
        if chance is not None:
            action: Action = chance
        elif rng.random() < 0.02:
            action = random_audit(state.living(), [p.hand for p in state.players], state.deck, rng)
            try:
                GAME.apply(state, action)
            except WrongMoment:
                continue  # not now: chance is drawing from the deck
        else:
            seat = rng.choice(sorted(waiting_on(GAME.pending(state))))
            action = playout.choose(GAME, state, seat, rng, WEIGHTS)
        outcome = GAME.apply(state, action)
        check_public_events(state, outcome.state, outcome.events)
        state = outcome.state
        if state.turn:
            assert sorted(places(state)) == box, Counter(places(state)) - Counter(box)
    result = GAME.over(state)
    assert result is not None, "the game did not end"
    check_secrets_reach_the_right_seat(state)
    yield str(result.reason)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "chunk" in metafunc.fixturenames:
        metafunc.parametrize("chunk", parts(metafunc.config, deep=GAMES // CHUNK, fresh=FRESH))


def test_random_games_keep_every_invariant(chunk: int, request: pytest.FixtureRequest) -> None:
    seeds = run_of(request.config).chunk(PATH, chunk, CHUNK, SEED_BASE)
    reasons: Counter[str] = Counter()
    for seed in seeds:
        reasons.update(play(seed))
    assert sum(reasons.values()) == CHUNK
    played(request, "properties themessage", CHUNK)
    assert reasons["victory"] > CHUNK // 2, reasons
