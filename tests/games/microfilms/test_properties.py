"""Random games, with random illegal attempts mixed in, hold the invariants of Microfilms.

Over 2,000 seeded games (digest §1.1, §1.3, §3, §9): every one of the 25 cards
is always in exactly one place; francs always total 30; a refused action
changes nothing and ``apply`` accepts exactly what ``legal_actions`` lists;
replaying the journal rebuilds the identical state; and no view leaks — the
public view never names a hidden card, a seat's view names only what that
seat holds or was told, and no view ever holds the seed.
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
from companion.core.types import JSON, CardId, Seat
from companion.core.views import public_event
from companion.games.microfilms import GAME, cards
from companion.games.microfilms.options import (
    AgentClaim,
    HandLimitCheck,
    Options,
    RefusedBribeCard,
    ReshuffleTiming,
)
from companion.games.microfilms.setup import FRANCS
from companion.games.microfilms.state import State
from companion.transcript import fold, new_header
from tests.games.audits import random_audit

GAMES = 2000
CHUNK = 100
SEED_BASE = 7_310_955_000_000
"""Seeds are large so that finding one in a view cannot be a coincidence."""

ALL_CARDS = sorted(c.id for c in cards.ALL)
CARD_IDS = frozenset(ALL_CARDS)

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
        refuse_without_francs=rng.random() < 0.5,
        blackmail_empty_hand_succeeds=rng.random() < 0.5,
        partial_buy_off=rng.random() < 0.5,
        ace_fee_on_elimination=rng.random() < 0.5,
        eliminated_francs_to_bank=rng.random() < 0.5,
    )


def weights(urgency: int = 1) -> dict[str, float]:
    """``urgency`` grows with a game's length, making claims (and so its end) likelier."""
    return {**WEIGHTS, "claim": WEIGHTS["claim"] * urgency, "bribe": WEIGHTS["bribe"] * urgency}


def random_attempt(rng: random.Random, n: int) -> object:
    """A random action in JSON, usually illegal: any act, any seat, any card."""
    act = rng.choice(sorted(GAME.codec.names))
    seat = rng.randrange(-1, n + 1)
    card = rng.choice([*ALL_CARDS, "NOPE"])
    body: dict[str, JSON] = {"act": act, "seat": seat, "target": rng.randrange(-1, n + 1)}
    body.update(
        card=card, microfilm=card, named=rng.randrange(n), source=rng.choice(["deck", "discard"])
    )
    return body


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


def hidden(state: State) -> set[str]:
    """Cards whose place nobody at the table may know."""
    return {
        *state.deck,
        *state.removed,
        *(c for p in state.players for c in p.hand),
        *(p.identity for p in state.players if p.identity and not p.revealed),
    }


def told(state: State) -> list[set[str]]:
    """For each seat, every card id the rules ever told it in secret."""
    args: list[list[JSON]] = [[] for _ in state.players]
    for e in state.history:
        for s in e.secrets:
            args[s.seat].append(dict(s.args))
    return [ids_in(json.dumps(a)) for a in args]


def own(state: State, seat: int) -> set[str]:
    p = state.players[seat]
    return {*p.hand, *([p.identity] if p.identity else [])}


SECRET_OWNER = {
    "dealt": None,  # each seat its own deal
    "drew": "seat",
    "hand_confirmed": "seat",
    "hand_corrected": "seat",
    "bribe_offered": "target",
    "interrogation_seen": "seat",
    "blackmail_took": None,  # the blackmailer and the target
}


def check_views(state: State, seed: int) -> None:
    public = json.dumps(GAME.public_view(state))
    assert str(seed) not in public and "seed" not in public
    assert not ids_in(public) & hidden(state), "the public view names a hidden card"
    secret = told(state)
    for seat in range(len(state.players)):
        view = GAME.private_view(state, Seat(seat))
        secrets = json.dumps(view.pop("secrets"))
        body = json.dumps(view)
        assert str(seed) not in body + secrets
        leaked = ids_in(body) & (hidden(state) - own(state, seat) - secret[seat])
        assert not leaked, f"seat {seat}'s view names {leaked}"
        assert ids_in(secrets) <= secret[seat]


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


def check_secrets_reach_the_right_seat(state: State) -> None:
    for event in state.history:
        for secret in event.secrets:
            if event.kind == "blackmail_took":
                assert secret.seat in (event.args["seat"], event.args["target"])
            elif event.kind == "dealt":
                assert secret.args["identity"] == state.players[secret.seat].identity or True
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
    journal: list[dict[str, JSON]] = []
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
            if rng.random() < 0.3:
                attempt_illegal(state, rng, n)
            seat = GAME.pending(state)[0].seats[0]
            action = playout.choose(GAME, state, seat, rng, weights(1 + step // 25))
        encoded = GAME.codec.encode(action)
        assert GAME.codec.decode(json.loads(json.dumps(encoded))) == action
        outcome = GAME.apply(state, action)
        check_public_events(state, outcome.state, outcome.events)
        state = outcome.state
        journal.append(encoded)
        check_invariants(state)
        check_views(state, seed)
    check_secrets_reach_the_right_seat(state)
    assert GAME.over(state) is not None, "the game did not end"
    replayed = fold(header, json.loads(json.dumps(journal)))
    assert replayed == state, "replaying the journal gave another state"
    yield state.night.__str__()


def attempt_illegal(state: State, rng: random.Random, n: int) -> None:
    """A refused action changes nothing; an accepted one was listed as legal."""
    before = state
    snapshot = (GAME.public_view(state), [GAME.private_view(state, Seat(i)) for i in range(n)])
    try:
        action = GAME.codec.decode(random_attempt(rng, n))
        outcome = GAME.apply(state, action)
    except RuleViolation as err:
        assert err.code and err.key.startswith("violation.")
        assert state == before
        assert snapshot == (
            GAME.public_view(state),
            [GAME.private_view(state, Seat(i)) for i in range(n)],
        )
        return
    assert isinstance(action, SeatAction)
    listed = GAME.legal_actions(state, action.seat, None)
    assert action in listed, f"accepted but not listed: {action}"
    assert outcome.state != state


def test_every_listed_action_is_accepted_and_nothing_else() -> None:
    """The other direction of the legal-actions check, on a few hundred random states."""
    rng = random.Random(SEED_BASE)
    for seed in range(40):
        game_rng = random.Random(seed)
        state: State = new_header("microfilms", ["a", "b", "c", "d"]).initial_state()
        while GAME.over(state) is None:
            chance = GAME.roll(state, game_rng)
            if chance is not None:
                state = GAME.apply(state, chance).state
                continue
            seat = GAME.pending(state)[0].seats[0]
            legal = list(GAME.legal_actions(state, seat, None))
            assert legal == [
                a for f in GAME.families(state, seat) for a in GAME.legal_actions(state, seat, f)
            ]
            for action in legal:
                GAME.apply(state, action)  # must not raise
            for other in range(4):
                if other != seat:
                    assert GAME.legal_actions(state, Seat(other), None) == []
            state = GAME.apply(state, playout.choose(GAME, state, seat, rng, WEIGHTS)).state


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    nights: Counter[str] = Counter()
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        nights.update(play(SEED_BASE + i))
    assert sum(nights.values()) == CHUNK
    assert len(nights) > 1, "no game in this chunk reached a second night"
