"""Random games, with hand audits mixed in, hold the invariants that are Microfilms' own.

Over random games with every option varied (digest §1.1, §1.3, §3, §9) — 400 fresh ones a
run, 2,000 seeded ones with ``--deep``:
every one of the 25 cards is always in exactly one place; francs always total
30; what the whole table hears names only cards that are face up; and every
secret reaches the seat it concerns. What every game must keep — legal lists,
refusals that change nothing, replay, and no view depending on what a seat may
not know — is the conformance suite's (``tests/companion/games/test_every_game.py``).
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
from companion.core.types import CardId
from companion.core.views import public_event
from companion.games.microfilms import GAME, cards
from companion.games.microfilms.actions import Deal
from companion.games.microfilms.options import (
    AgentClaim,
    FrancCosts,
    HandLimitCheck,
    Options,
    RefusedBribeCard,
    ReshuffleTiming,
)
from companion.games.microfilms.setup import FRANCS
from companion.games.microfilms.state import State
from companion.transcript import new_header
from tests.companion.games.audits import random_audit
from tests.runs import parts, played, run_of

GAMES = 2000
"""Games with ``--deep``: the fixed list ``SEED_BASE`` onwards, in chunks (:mod:`tests.runs`)."""
CHUNK = 100
FRESH = 4
"""Chunks of fresh games every run."""
PATH = "tests/companion/games/microfilms/test_properties.py"
SEED_BASE = 7_310_955_000_000

ALL_CARDS = sorted(c.id for c in cards.ALL)

WEIGHTS = {
    "draw": 30, "pass": 8, "bribe": 10, "steal": 8, "withdraw": 8, "interrogate": 10,
    "blackmail": 10, "claim": 2,
}  # fmt: skip
"""Claims are rare so that games run long enough to see nights and reshuffles."""


def options_for(rng: random.Random) -> Options:
    """Mostly the defaults, sometimes the other choice of each option."""
    if rng.random() < 0.6:
        return Options()
    return Options(
        agent_claim=rng.choice(list(AgentClaim)),
        hand_limit_check=rng.choice(list(HandLimitCheck)),
        reshuffle_timing=rng.choice(list(ReshuffleTiming)),
        refused_bribe_card=rng.choice(list(RefusedBribeCard)),
        franc_costs_to=rng.choice(list(FrancCosts)),
        refuse_without_francs=rng.random() < 0.5,
        blackmail_empty_hand_succeeds=rng.random() < 0.5,
        partial_buy_off=rng.random() < 0.5,
        ace_fee_on_elimination=rng.random() < 0.5,
        eliminated_francs_to_bank=rng.random() < 0.5,
    )


def weights(urgency: int = 1) -> dict[str, float]:
    """``urgency`` grows with a game's length, making claims (and so its end) likelier."""
    return {**WEIGHTS, "claim": WEIGHTS["claim"] * urgency, "bribe": WEIGHTS["bribe"] * urgency}


def places(state: State) -> list[CardId]:
    return [
        *state.deck,
        *state.discard,
        *state.removed,
        *(c for p in state.players for c in p.hand),
        *(p.identity for p in state.players if p.identity is not None),
    ]


CARD_PATTERN = re.compile("|".join(re.escape(json.dumps(c)) for c in ALL_CARDS))


def ids_in(dumped: str) -> set[str]:
    """Every card id in a JSON text (as a whole JSON string, not a substring)."""
    return {m[1:-1] for m in CARD_PATTERN.findall(dumped)}


SETTLED = {"record_mended", "word_not_taken"}
SECRET_OWNER = {
    "dealt": None,  # each seat its own deal
    "drew": "seat",
    "hand_checked": "seat",
    "bribe_offered": "target",
    "interrogation_seen": "seat",
    "blackmail_took": None,  # the blackmailer and the target
}


def check_public_events(before: State, after: State, events: tuple[Event, ...]) -> None:
    """What the whole table hears names only cards that were face up before or are after.

    An event that reveals (a claim shows an identity and a Microfilm) is the
    exception by definition, and is marked so. A reshuffle turns the whole face-up
    pile into the deck: those cards were face up until that moment.
    """
    public = {*before.discard, *after.discard} | {
        p.identity for p in (*before.players, *after.players) if p.revealed and p.identity
    }
    if any(e.kind == "new_night" for e in events):
        public |= set(after.deck)
    for event in events:
        named = ids_in(json.dumps(public_event(event)))
        assert event.reveals or named <= public, (event.kind, named - public)


def check_secrets_reach_the_right_seat(state: State, deal: Deal) -> None:
    for event in state.history:
        for secret in event.secrets:
            if secret.kind in SETTLED:  # a doubt settled: to its holder or speaker (told_cards)
                continue
            if event.kind == "blackmail_took":
                assert secret.seat in (event.args["seat"], event.args["target"])
            elif event.kind == "dealt":  # §2: each seat is told its own deal, as dealt
                told = (secret.args["identity"], secret.args["hand"])
                assert told == (deal.identities[secret.seat], [deal.hands[secret.seat]])
            else:
                role = SECRET_OWNER[event.kind]
                assert role is not None and secret.seat == event.args[role], event


def check_invariants(state: State) -> None:
    if state.players[0].identity is not None:
        assert sorted(places(state)) == ALL_CARDS, Counter(places(state)) - Counter(ALL_CARDS)
    francs = [p.francs for p in state.players]
    assert state.bank + sum(francs) == FRANCS and min(francs) >= 0 and state.bank >= 0


def play(seed: int) -> Iterator[str]:
    """Play one random game; yield a short description of anything wrong."""
    rng = random.Random(seed)
    n = rng.randint(3, 6)
    header = new_header("microfilms", [f"P{i}" for i in range(n)], options_for(rng))
    state: State = header.initial_state()
    deal = None
    for step in range(3000):
        if GAME.over(state) is not None:
            break
        chance = GAME.roll(state, rng)
        if chance is not None:
            action: Action = chance
        elif rng.random() < 0.03:
            action = random_audit(state.in_game(), [p.hand for p in state.players], state.deck, rng)
            try:
                GAME.apply(state, action)
            except WrongMoment:
                continue  # not now: that seat is mid-bribe or mid-blackmail
        else:
            seat = GAME.pending(state)[0].seats[0]
            action = playout.choose(GAME, state, seat, rng, weights(1 + step // 25))
        deal = deal or action
        outcome = GAME.apply(state, action)
        check_public_events(state, outcome.state, outcome.events)
        state = outcome.state
        check_invariants(state)
    assert isinstance(deal, Deal)
    check_secrets_reach_the_right_seat(state, deal)
    assert GAME.over(state) is not None, "the game did not end"
    yield str(state.night)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "chunk" in metafunc.fixturenames:
        metafunc.parametrize("chunk", parts(metafunc.config, deep=GAMES // CHUNK, fresh=FRESH))


def test_random_games_keep_every_invariant(chunk: int, request: pytest.FixtureRequest) -> None:
    seeds = run_of(request.config).chunk(PATH, chunk, CHUNK, SEED_BASE)
    nights: Counter[str] = Counter()
    for seed in seeds:
        nights.update(play(seed))
    assert sum(nights.values()) == CHUNK
    played(request, "properties microfilms", CHUNK)
    assert len(nights) > 1, "no game in this chunk reached a second night"
