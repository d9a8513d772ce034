"""Random games, with random illegal attempts mixed in, hold the invariants of 風聲.

Over 2,000 seeded games of 3 to 9 players, with every option varied (digest
§1.3, §2, §3, §7, §8, §10): each of the 81 cards is always in exactly one
place; a refused action changes nothing, and ``apply`` accepts only what
``legal_actions`` lists; replaying the journal rebuilds the identical state;
and nothing leaks — the public view and every public event name only face-up
cards, a seat's view names only what it holds, sees face up or was told, the
secrets of an event reach only the seats they concern, and no view holds the
seed. A seat's legal actions stay the same whatever is hidden from it.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator

import pytest

from companion.core import playout
from companion.core.actions import Action, SeatAction
from companion.core.errors import RuleViolation, WrongMoment
from companion.core.outcome import Event
from companion.core.prompts import waiting_on
from companion.core.types import JSON, CardId, Seat
from companion.core.values import evolve, evolve_at
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
)
from companion.games.themessage.state import State
from companion.transcript import fold, new_header
from tests.games.audits import random_audit

GAMES = 2000
CHUNK = 100
SEED_BASE = 5_802_117_000_000
"""Seeds are large so that finding one in a view cannot be a coincidence."""
VIEW_EVERY = 20
"""Every game checks all views at every third turn's start; one in twenty also checks the
public view and one seat's view (each seat in turn) after every step."""

WEIGHTS = {"pass": 12.0, "receive": 8.0, "decline": 1.0, "end_turn": 1.0}
"""Rounds mostly pass, as at a real table, so that games reach their end in a few hundred steps."""

ALL_IDS = sorted({*cards.CARDS, *cards.IDENTITY.values()})
KNOWN = frozenset(ALL_IDS)
CARD_PATTERN = re.compile("|".join(re.escape(json.dumps(c)) for c in ALL_IDS))


def ids_in(dumped: str) -> set[str]:
    """Every card id in a JSON text (as a whole JSON string, not a substring)."""
    return {m[1:-1] for m in CARD_PATTERN.findall(dumped)}


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


def tell(told: list[set[str]], events: tuple[Event, ...]) -> None:
    """Add to each seat's set every card id the rules told it in secret in ``events``."""
    for e in events:
        for s in e.secrets:
            told[s.seat] |= ids_among(dict(s.args))


def check_views(state: State, seed: int, secret: list[set[str]], seats: range) -> None:
    """The public view, and the views of ``seats``, name only what they may."""
    public = json.dumps(GAME.public_view(state))
    assert str(seed) not in public and "seed" not in public
    leaked = ids_in(public) - face_up(state)
    assert not leaked, f"the public view names {leaked}"
    visible = face_up(state)
    for seat in seats:
        p = state.players[seat]
        view = GAME.private_view(state, Seat(seat))
        secrets = json.dumps(view.pop("secrets"))
        body = json.dumps(view)
        assert str(seed) not in body + secrets
        own = {*p.hand, *([p.identity] if p.identity else [])}
        leaked = ids_in(body) - visible - own - secret[seat]
        assert not leaked, f"seat {seat}'s view names {leaked}"
        assert ids_in(secrets) <= secret[seat]


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

SECRET_OWNER = {
    "dealt": None,  # each seat its own deal
    "drew": "seat",
    "sent": "seat",
    "decoded": "seat",
    "probe_arrives": "target",
    "hand_confirmed": "seat",
    "hand_corrected": "seat",
}


def check_secrets_reach_the_right_seat(state: State) -> None:
    for event in state.history:
        for secret in event.secrets:
            role = SECRET_OWNER[event.kind]
            if role is None:
                assert secret.args["identity"] == state.players[secret.seat].identity
            else:
                assert secret.seat == event.args[role], event


def random_attempt(rng: random.Random, n: int, state: State) -> object:
    """A random action in JSON, usually illegal: any act, any seat, any card."""
    act = rng.choice(sorted(GAME.codec.names - {"deal"}))
    pool = [*state.deck[:5], *(c for p in state.players for c in p.hand), "NOPE"]
    body: dict[str, JSON] = {"act": act, "seat": rng.randrange(-1, n + 1)}
    if act in ("lock", "lure", "probe", "burn", "send"):
        body["target"] = rng.randrange(-1, n + 1)
    if act not in ("draw", "pass", "receive", "decline", "end_turn", "end_game"):
        body["card"] = rng.choice(pool)
    if act == "counter":
        body["on"] = rng.randrange(-1, state.plays + 2)
    if act == "burn":
        body["intel"] = rng.choice(pool)
    if act == "answer_probe":
        body["answer"] = rng.choice(["draw", "discard", "say_undercover", "say_good"])
        if body["answer"] != "discard":
            del body["card"]
    return body


def attempt_illegal(state: State, rng: random.Random, n: int) -> None:
    """A refused action changes nothing; an accepted one was listed as legal."""
    before = state
    snapshot = GAME.public_view(state)
    try:
        action = GAME.codec.decode(random_attempt(rng, n, state))
        outcome = GAME.apply(state, action)
    except RuleViolation as err:
        assert err.code and err.key.startswith("violation.")
        assert state == before and GAME.public_view(state) == snapshot
        return
    assert isinstance(action, SeatAction), action
    assert action in GAME.legal_actions(state, action.seat, None), f"not listed: {action}"
    assert outcome.state != state


def play(seed: int) -> Iterator[str]:
    """Play one random game, checking every invariant; yield how it ended."""
    rng = random.Random(seed)
    n = rng.randint(3, 9)
    header = new_header("themessage", [f"P{i}" for i in range(n)], options_for(rng, n))
    state: State = header.initial_state()
    journal: list[dict[str, JSON]] = []
    every_step = seed % VIEW_EVERY == 0
    box = sorted(cards.DECKS[state.options.deck])
    secret: list[set[str]] = [set() for _ in range(n)]
    for step in range(4000):
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
            if rng.random() < 0.08:
                attempt_illegal(state, rng, n)
            seat = rng.choice(sorted(waiting_on(GAME.pending(state))))
            action = playout.choose(GAME, state, seat, rng, WEIGHTS)
        encoded = GAME.codec.encode(action)
        outcome = GAME.apply(state, action)
        check_public_events(state, outcome.state, outcome.events)
        turn = state.turn
        state = outcome.state
        journal.append(encoded)
        tell(secret, outcome.events)
        if state.turn:
            assert sorted(places(state)) == box, Counter(places(state)) - Counter(box)
        if state.turn != turn and state.turn % 3 == 0:
            check_views(state, seed, secret, range(n))
        elif every_step:
            check_views(state, seed, secret, range(step % n, step % n + 1))
    result = GAME.over(state)
    assert result is not None, "the game did not end"
    check_views(state, seed, secret, range(n))
    check_secrets_reach_the_right_seat(state)
    replayed = fold(header, json.loads(json.dumps(journal)))
    assert replayed == state, "replaying the journal gave another state"
    yield result.reason


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    reasons: Counter[str] = Counter()
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        reasons.update(play(SEED_BASE + i))
    assert sum(reasons.values()) == CHUNK
    assert reasons["victory"] > CHUNK // 2, reasons


def hidden_twin(state: State, seat: Seat, rng: random.Random) -> State:
    """The same game as ``seat`` knows it: other hands redealt from the cards it cannot see
    (theirs and the deck's), other living players' identities shuffled among them."""
    others = [s for s in range(len(state.players)) if s != seat]
    pool = [*state.deck, *(c for s in others for c in state.players[s].hand)]
    rng.shuffle(pool)
    players = state.players
    for s in others:
        k = len(players[s].hand)
        players, pool = evolve_at(players, s, hand=tuple(pool[:k])), pool[k:]
    living = [s for s in others if players[s].alive]
    ids = [players[s].identity for s in living]
    rng.shuffle(ids)
    for s, identity in zip(living, ids, strict=True):
        players = evolve_at(players, s, identity=identity)
    return evolve(state, players=players, deck=tuple(sorted(pool)))


def test_a_seats_legal_actions_depend_only_on_what_it_knows() -> None:
    """§3: the list goes to the seat's phone; hidden hands and identities must not shape it."""
    rng = random.Random(SEED_BASE)
    checked = 0
    for seed in range(30):
        game_rng = random.Random(seed)
        n = 4 + seed % 3
        header = new_header("themessage", [f"P{i}" for i in range(n)], options_for(game_rng, n))
        state: State = header.initial_state()
        while GAME.over(state) is None:
            chance = GAME.roll(state, game_rng)
            if chance is None:
                seat = rng.choice(sorted(waiting_on(GAME.pending(state))))
                twin = hidden_twin(state, seat, rng)
                assert GAME.legal_actions(twin, seat, None) == GAME.legal_actions(state, seat, None)
                assert GAME.pending(twin) == GAME.pending(state)
                legal = GAME.legal_actions(state, seat, None)
                assert legal == [
                    a
                    for f in GAME.families(state, seat)
                    for a in GAME.legal_actions(state, seat, f)
                ]
                checked += 1
                chance = playout.choose(GAME, state, seat, rng, WEIGHTS)
            state = GAME.apply(state, chance).state
    assert checked > 1000
