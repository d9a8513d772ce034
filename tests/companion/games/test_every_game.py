"""Every registered game, held to what the core promises (our ``random_sim_test``).

Parametrised over ``companion.games.GAMES``: a game is covered here by being
registered. For random games of each — fresh ones every run, as many as fit the run's time,
every game that ever failed, and with ``--deep`` the fixed 2,000 of each
(:mod:`tests.runs`) — played to their end with options drawn from each option's own type —
half of them dealt by hand and told seat by seat on the phones
(:mod:`companion.core.dealing.told`: now and then a wrong word or two seats naming one card, and
the table deals again), the card nobody may see read off a centre reader at half of those
tables and guessed by the app at the rest:

- every action survives its JSON form (the journal's, the phones');
- illegal attempts, built from each action's own fields — half of them a legal
  action with one field drawn again — reach the rules and change nothing, and
  an attempt the rules accept does what an action on the seat's list does;
- the journal replays to the very same state;
- and, at every step, for seats drawn at that step (every seat at the end), the
  leak oracle (:mod:`companion.core.oracle`) finds nothing: a world that differs
  only in what the seat may not know gives it the same private view, legal
  actions and hand audit, and everyone the same public view and prompts; at a
  share of the steps also the same answer to what the seat might send — a card
  told, a hand stated, an illegal attempt — and to the move made, and the same
  tablet menus.

Every listed legal action is accepted (checked on fewer games, every action of
every seat at every step), and planted leaks — a count, a colour, a teammate,
a menu — prove that the oracle sees what a search for card names could not.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import random
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core import oracle, playout
from companion.core.actions import (
    Action,
    ChanceAction,
    HostAction,
    Pick,
    SeatAction,
    TellDraw,
)
from companion.core.audit import AuditHand
from companion.core.dealing import told as told_deal
from companion.core.dealing.told import LaidAside, TellDealt
from companion.core.doubts import SETTLING
from companion.core.errors import RuleViolation
from companion.core.game import GameSpec
from companion.core.legal import Families
from companion.core.outcome import Outcome, Shown
from companion.core.prompts import waiting_on
from companion.core.rounds import CloseRound, open_round
from companion.core.types import JSON, CardId, JSONObject, Seat
from companion.core.values import evolve, evolve_at
from companion.games import GAMES
from companion.games.microfilms import cards
from companion.games.microfilms.state import Drawing
from companion.games.themessage.cards import colour_of
from companion.transcript import Header, new_header, replayed
from tests.runs import GameFailed, Replay, cases, failed_before, played, run_of

PATH = "tests/companion/games/test_every_game.py"

GAMES_EACH = 2000
"""Games of each game with ``--deep``: the fixed list ``SEED_BASE`` onwards, in chunks."""
CHUNK = 50
SEED_BASE = 4_417_300_000_000
PARTS = 4
"""The parts each game's fresh games are cut into, for the workers of a parallel run."""
SHARE_S = 18.0
"""How long each part plays fresh games (one at least), on a core of its own."""
MOST_STEPS = 5000
ATTEMPTS = 0.08
"""The share of steps at which an illegal attempt is made before the move."""
WATCHED = 3
"""How many seats, drawn at each step, the oracle watches there (every seat, at its end)."""
ANSWERS = 0.3
"""The share of steps at which the oracle also compares the answers to what every seat might
send and to the move made, and the tablet's menus (the views are compared at every step)."""
CLOSES = 0.1
"""The share of steps in an open round at which the app closes it (its time ran out)."""
TOLD = 0.5
"""The share of games dealt by hand and told, seat by seat (the rest the app deals); of
those, the share in which a centre reader reads the card no player may see (else the app
guesses it), and the shares of words that are no part of the seat's deal or that name
another seat's card (words that cannot all be true: the table deals again)."""
CENTRE, WRONG_WORD, CLASH = 0.5, 0.15, 0.1
OTHER_CHOICE = 0.3
"""How often a game with options of its own takes another value the domain offers for an
option that is neither a flag nor an enum."""
AGAIN = 0.15
"""The share of words, while others are still to tell, that a seat which told already says
again (as it may, to put its word right)."""

WEIGHTS: dict[str, dict[str, float]] = {
    "themessage": {"pass": 12.0, "receive": 8.0, "decline": 1.0, "end_turn": 1.0},
    "darkfireline": {"end_play": 0.3, "shoot": 3.0, "grenade": 2.0},
}
"""How a random player weighs its families of actions, where a game's random games would
otherwise run far longer than a table's (rounds mostly pass, as at a real table; a turn
mostly shoots before it ends); a game
not listed weighs every family alike."""


# --- a random game ------------------------------------------------------------------------


def random_options(spec: GameSpec[Any], rng: random.Random) -> Any:
    """Mostly the defaults; sometimes any value of each option's own type (enums, flags),
    and now and then any other value the game's options domain offers (a hand limit, a
    number of draws, an identity mix) — drawn apart, from ``rng``'s state without moving
    it, so that a game drawn before the domain offered them is drawn alike where they keep
    their defaults (the games of ``tests/failed_before.txt``)."""
    if rng.random() < 0.5:
        return spec.options_type()
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(spec.options_type):
        if isinstance(f.default, enum.Enum):
            changes[f.name] = rng.choice(list(type(f.default)))
        elif isinstance(f.default, bool):
            changes[f.name] = rng.random() < 0.5
    apart = random.Random(repr(rng.getstate()))
    for name in spec.options.names():
        offered = spec.options.choices(name, apart.choice(spec.sizes))
        if name not in changes and offered and apart.random() < OTHER_CHOICE:
            changes[name] = apart.choice(offered)
    return spec.options_type(**changes)


def random_header(spec: GameSpec[Any], rng: random.Random) -> Header:
    """A table of a size the options can deal (some sizes need options of their own)."""
    while True:
        options = random_options(spec, rng)
        sizes = list(spec.sizes)
        rng.shuffle(sizes)
        for n in sizes:
            try:
                header = new_header(spec.key, [f"P{i}" for i in range(n)], options)
                header.initial_state()
            except ValueError:
                continue
            return header


@dataclasses.dataclass(frozen=True)
class Played:
    """How a random game was dealt and how it ended."""

    way: str
    """``app`` (the app dealt), ``told`` (dealt by hand and told; the app guessed the card
    nobody may see) or ``told_centre`` (that card read off a centre reader)."""
    ending: str


def play(spec: GameSpec[Any], seed: int) -> Played:
    """One random game, every promise checked at every step; a broken one is raised as a
    :class:`~tests.runs.GameFailed` that says how to play the game again."""
    rng = random.Random(seed)
    header = random_header(spec, rng)
    told = spec.sensing.deal is not None and rng.random() < TOLD
    centre = rng.random() < CENTRE
    way = ("told_centre" if centre else "told") if told else "app"
    game = Game(spec, header, rng, told=told, centre=centre)
    try:
        game.play()
    except Exception as err:
        raise GameFailed(PATH, Replay(spec.key, way, seed), game.step, err) from err
    return Played(way, game.ending)


@dataclasses.dataclass
class Game:
    """One random game as it is played, step by step."""

    spec: GameSpec[Any]
    header: Header
    rng: random.Random
    told: bool
    centre: bool
    step: int = 0
    ending: str = ""

    def play(self) -> None:
        spec, header, rng, told, centre = self.spec, self.header, self.rng, self.told, self.centre
        seats = [Seat(i) for i in range(len(header.seats))]
        cards = [*spec.sensing.cards(header.decoded_options()), "NOPE"]
        hands = Hands(spec, rng, cards, told=told, centre=centre)
        declared = spec.every_event
        state, journal = header.initial_state(), []
        for self.step in range(MOST_STEPS):
            if spec.over(state) is not None:
                break
            if rng.random() < ATTEMPTS:
                attempt_illegal(spec, state, rng, seats, cards)
            action, outcome = hands.next(state)
            encoded = spec.codec.encode(action)
            assert spec.codec.decode(json.loads(json.dumps(encoded))) == action, encoded
            watched = rng.sample(seats, min(WATCHED, len(seats)))
            if rng.random() < ANSWERS:
                tries = {seat: [attempt_of(spec, state, rng, seat, cards)] for seat in watched}
                found = oracle.leaks(spec, state, watched, rng, tries=tries, move=action)
            else:
                found = oracle.leaks(spec, state, watched, rng, tablet=False)
            assert not found, (action, found)
            undeclared = [e.kind for e in outcome.events if e.kind not in declared]
            assert not undeclared, f"{undeclared}: declare them in the game's events.py"
            state = outcome.state
            journal.append(encoded)
        self.step = len(journal)
        assert not oracle.leaks(spec, state, seats, rng), "at its end"
        result = spec.over(state)
        assert result is not None, "the game did not end"
        again = replayed(header, json.loads(json.dumps(journal)))
        assert again == state, "the journal replays otherwise"
        self.ending = str(result.reason)


def outcomes(spec: GameSpec[Any], seed: int) -> Iterator[tuple[Any, Outcome[Any]]]:
    """A random game as :func:`play` deals and plays it, each state with the outcome of its
    move — without the oracle and the illegal attempts, so thousands cost little."""
    rng = random.Random(seed)
    header = random_header(spec, rng)
    told = spec.sensing.deal is not None and rng.random() < TOLD
    centre = rng.random() < CENTRE
    cards = [*spec.sensing.cards(header.decoded_options()), "NOPE"]
    hands = Hands(spec, rng, cards, told=told, centre=centre)
    state = header.initial_state()
    for _ in range(MOST_STEPS):
        if spec.over(state) is not None:
            return
        _, outcome = hands.next(state)
        yield state, outcome
        state = outcome.state


@dataclasses.dataclass
class Hands:
    """Who makes a random game's next move: the seats telling the deal the table made by
    hand, while it is told, else chance or a waiting seat."""

    spec: GameSpec[Any]
    rng: random.Random
    cards: list[CardId]
    told: bool
    centre: bool
    real: Action | None = None
    """The deal the table made by hand, while it is told."""

    def next(self, state: Any) -> tuple[Action, Any]:
        spec, rng = self.spec, self.rng
        if self.told and spec.sensing.deal is not None and spec.sensing.deal.waits(state):
            self.real = self.real or spec.roll(state, rng)
            action, outcome = word(spec, state, rng, self.cards, self.real, centre=self.centre)
            self.real = self.real if isinstance(action, TellDealt | LaidAside) else None
            return action, outcome
        return move(spec, state, rng, WEIGHTS.get(spec.key, {}))


def move(
    spec: GameSpec[Any], state: Any, rng: random.Random, weights: dict[str, float]
) -> tuple[Action, Any]:
    """The next action and its outcome: chance, or a waiting seat's weighted choice.

    A round is sometimes closed by the app, as its time runs out. Where chance is due and a
    seat may tell its result too (the card it drew, when no
    reader saw it), the seat tells it half the time; what it tells may be refused by
    facts it cannot know (the card is elsewhere), and chance then draws instead.
    """
    chance = spec.roll(state, rng)
    waiting = sorted(waiting_on(spec.pending(state)))
    round_ = open_round(state)
    if round_ is not None and rng.random() < CLOSES:
        close = CloseRound(n=round_.n)
        return close, spec.apply(state, close)
    if waiting and (chance is None or rng.random() < 0.5):
        action = playout.choose(spec, state, rng.choice(waiting), rng, weights)
        try:
            return action, spec.apply(state, action)
        except RuleViolation:
            assert chance is not None, f"listed, and refused: {action}"
    assert chance is not None
    return chance, spec.apply(state, chance)


def word(
    spec: GameSpec[Any],
    state: Any,
    rng: random.Random,
    box: list[CardId],
    real: Action,
    *,
    centre: bool,
) -> tuple[Action, Any]:
    """The next word of the deal ``real`` the table made by hand
    (:mod:`companion.core.dealing.told`):
    a seat still to tell (or now and then one that told already) says its part — now and
    then a word that is no part of it, or with another seat's card in it —; the centre
    reader reads the card nobody may see; or, every seat told, the deal the words make (the
    app guessing what no reader read, at a table with no ``centre`` reader)."""
    taps = spec.sensing.deal
    assert taps is not None
    parts, aside = told_deal.parts(taps, real)
    telling = [seat for seat in told_deal.waiting(state) if seat in parts]
    chance: Action | None
    if centre and aside is not None and state.phase.aside is None:
        chance = LaidAside(card=aside)
    elif not telling:
        chance = spec.from_words(state, rng, guess=True)
    else:
        again = [s for s in parts if s not in telling]
        seat = rng.choice(again) if again and rng.random() < AGAIN else telling[0]
        others = [c for s, p in parts.items() if s != seat for c in p]
        said = parts[seat]
        if rng.random() < WRONG_WORD:
            said = rng.sample([c for c in box if c != "NOPE"], len(said))
        elif rng.random() < CLASH and others:
            said = [*said[:-1], rng.choice(others)]
        told = TellDealt(seat=seat, cards=tuple(said))
        try:
            return told, spec.apply(state, told)
        except RuleViolation:
            told = TellDealt(seat=seat, cards=tuple(parts[seat]))
            return told, spec.apply(state, told)
    assert chance is not None
    return chance, spec.apply(state, chance)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.definition.get_closest_marker("random_games") is not None:
        parts = cases(metafunc.config, list(GAMES), ("drawn",),
                      deep=GAMES_EACH // CHUNK, fresh=PARTS)  # fmt: skip
        metafunc.parametrize(("game", "way", "part"), parts)


@pytest.mark.random_games
def test_random_games_keep_every_promise_of_the_core(
    game: str, way: str, part: int, request: pytest.FixtureRequest
) -> None:
    run = run_of(request.config)
    if run.replay is not None:
        assert play(GAMES[game], run.replay.seed).way == way, "the seed deals another way"
        return
    if run.deep:
        seeds: Iterable[int] = range(SEED_BASE + part * CHUNK, SEED_BASE + (part + 1) * CHUNK)
    else:
        seeds = run.seeds(PATH, game, part, SHARE_S)
    endings = Counter(play(GAMES[game], seed).ending for seed in seeds)
    played(request, f"rules {game}", endings.total())


def test_every_game_that_once_failed_keeps_every_promise_now() -> None:
    for failed in failed_before(PATH):
        game = failed.replay
        assert play(GAMES[game.game], game.seed).way == game.way, f"{game} is dealt another way"


# --- illegal attempts ---------------------------------------------------------------------


def attempt_illegal(
    spec: GameSpec[Any], state: Any, rng: random.Random, seats: list[Seat], cards: list[str]
) -> None:
    """An attempt built from an action's own fields changes nothing unless it was legal."""
    attempt = build_attempt(spec, state, rng, seats, cards)
    encoded = spec.codec.encode(attempt)
    assert spec.codec.decode(json.loads(json.dumps(encoded))) == attempt, "the decoder refused"
    before = seen(spec, state, attempt, seats)
    try:
        outcome = spec.apply(state, attempt)
    except RuleViolation as err:
        assert err.code and err.key == f"violation.{err.code}"
        assert seen(spec, state, attempt, seats) == before
        return
    stated = AuditHand | TellDealt  # a fact a seat states, not a choice: never listed
    if isinstance(attempt, SeatAction) and not isinstance(attempt, stated):
        assert listed_alike(spec, state, attempt, outcome.state), f"not listed: {attempt}"
    else:
        assert isinstance(attempt, ChanceAction | HostAction | stated), attempt
    assert outcome.state is not state


def attempt_of(
    spec: GameSpec[Any], state: Any, rng: random.Random, seat: Seat, cards: list[str]
) -> Action:
    """Something ``seat`` might send now, legal or not: often a card told or a hand stated
    with a card drawn from the whole box (the probes that once read the record off the
    refusals), else an attempt built from an action's own fields, as this seat's."""
    seats = [Seat(i) for i in range(len(state.players))]
    if rng.random() < 0.5:
        card = CardId(rng.choice(cards))
        if rng.random() < 0.5:
            return TellDraw(seat=seat, card=card)
        hand = [
            h if isinstance(h, str) else h["card"] for h in spec.private_view(state, seat)["hand"]
        ]
        return AuditHand(seat=seat, cards=(*map(CardId, hand), card))
    attempt = build_attempt(spec, state, rng, seats, cards)
    if not isinstance(attempt, SeatAction):  # a phone sends nothing else
        return TellDraw(seat=seat, card=CardId(rng.choice(cards)))
    return dataclasses.replace(attempt, seat=seat)


def listed_alike(spec: GameSpec[Any], state: Any, attempt: SeatAction, after: Any) -> bool:
    """The attempt is listed, or does just what a listed action does (a card named by its
    face, where another copy of it is the one the rules take)."""
    listed = spec.legal_actions(state, attempt.seat)
    if attempt in listed:
        return True
    for action in listed:
        try:
            if spec.apply(state, action).state == after:
                return True
        except RuleViolation:
            continue
    return False


def seen(spec: GameSpec[Any], state: Any, attempt: Action, seats: list[Seat]) -> list[JSONObject]:
    """What the table and the attempting seat see."""
    seat = getattr(attempt, "seat", None)
    mine = [spec.private_view(state, seat)] if seat in seats else []
    return [spec.public_view(state), *mine]


def build_attempt(
    spec: GameSpec[Any], state: Any, rng: random.Random, seats: list[Seat], cards: list[str]
) -> Action:
    """Half the time a legal action of a waiting seat with one field drawn again; else any
    action of the game with every field drawn from its type."""
    draw = Drawer(rng, seats, cards)
    waiting = sorted(waiting_on(spec.pending(state)))
    legal = spec.legal_actions(state, rng.choice(waiting)) if waiting else []
    if legal and rng.random() < 0.5:
        model = rng.choice(legal)
        fields = [f for f in dataclasses.fields(model) if f.init]
        if fields:
            f = rng.choice(fields)
            hint = hints_of(type(model))[f.name]
            return dataclasses.replace(model, **{f.name: draw(hint)})
    return draw.instance(rng.choice(spec.codec.classes))


@dataclasses.dataclass
class Drawer:
    """Values of a type, mostly in range and sometimes not: seats, cards, choices."""

    rng: random.Random
    seats: list[Seat]
    cards: list[str]

    def __call__(self, tp: Any) -> Any:
        rng = self.rng
        supertype = getattr(tp, "__supertype__", None)
        if tp is Seat:
            return Seat(rng.randrange(-1, len(self.seats) + 1))
        if tp is CardId:
            return CardId(rng.choice(self.cards))
        if supertype is not None:
            return self(supertype)
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            inner = [a for a in args if a is not type(None)]
            return None if rng.random() < 0.3 else self(rng.choice(inner))
        if origin is typing.Literal:
            return rng.choice(args)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self(args[0]) for _ in range(rng.randrange(4)))
            return tuple(self(a) for a in args)
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return rng.choice(list(tp))
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            return self.instance(tp)
        if tp is bool:
            return rng.random() < 0.5
        if tp is int:
            return rng.randrange(-1, 8)
        assert tp is str, tp
        return rng.choice(["", "x"])

    def instance(self, cls: type[Any]) -> Any:
        hints = hints_of(cls)
        return cls(**{f.name: self(hints[f.name]) for f in dataclasses.fields(cls) if f.init})


@functools.cache
def hints_of(cls: type[Any]) -> dict[str, Any]:
    """The types of ``cls``'s fields, resolved once (attempts are built at thousands of steps)."""
    return typing.get_type_hints(cls)


# --- every listed action is accepted --------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_every_listed_action_is_accepted_and_only_waiting_seats_have_any(game: str) -> None:
    spec = GAMES[game]
    checked = 0
    for seed in range(40):
        rng = random.Random(SEED_BASE - seed)
        header = random_header(spec, rng)
        state = header.initial_state()
        while spec.over(state) is None:
            waiting = waiting_on(spec.pending(state))
            telling = spec.roll(state, rng) is not None  # a seat may tell what chance gave
            for seat in map(Seat, range(len(header.seats))):
                legal = spec.legal_actions(state, seat)
                families = spec.families(state, seat)
                assert legal == [a for f in families for a in spec.legal_actions(state, seat, f)]
                assert bool(legal) == (seat in waiting), (seat, waiting)
                refused = 0
                for each in legal:
                    try:
                        spec.apply(state, each)
                    except RuleViolation:
                        assert telling, f"listed, and refused: {each}"
                        refused += 1
                assert refused < len(legal) or not legal, "nothing it could tell is taken"
                checked += len(legal)
            state = move(spec, state, rng, WEIGHTS.get(game, {}))[1].state
    assert checked > 10_000


# --- planted leaks ----------------------------------------------------------------------------

View = Callable[..., JSONObject]


def planted(spec: GameSpec[Any], **views: View) -> GameSpec[Any]:
    """``spec`` with some of its views replaced by leaky copies."""
    return dataclasses.replace(spec, **views)


def caught(spec: GameSpec[Any], games: int = 20, *, moves: bool = False) -> list[str]:
    """What the oracle finds in random games of ``spec``, played as the suite plays them —
    in each state, or (``moves``) in the answer to each move made."""
    for seed in range(games):
        rng = random.Random(seed)
        header = random_header(spec, rng)
        seats = [Seat(i) for i in range(len(header.seats))]
        state = header.initial_state()
        while spec.over(state) is None:
            action, outcome = move(spec, state, rng, WEIGHTS.get(spec.key, {}))
            if moves:
                found = oracle.leaks(spec, state, seats, rng, move=action, tablet=False)
            else:
                found = oracle.leaks(spec, outcome.state, seats, rng)
            if found:
                return found
            state = outcome.state
    return []


def test_the_oracle_finds_nothing_in_the_games_as_they_are() -> None:
    for spec in GAMES.values():
        assert caught(spec, games=3) == []
        assert caught(spec, games=3, moves=True) == []


def test_a_count_of_blood_stained_cards_per_seat_is_caught() -> None:
    """Microfilms §3, §7.5: the blood stains in a hand are its holder's to know."""
    spec = GAMES["microfilms"]

    def public(state: Any) -> JSONObject:
        view = spec.public_view(state)
        seats = view["seats"]
        assert isinstance(seats, list)
        blood: list[JSON] = [
            {**s, "blood": sum(cards.CARDS[c].blood for c in p.hand)}  # type: ignore[dict-item]
            for s, p in zip(seats, state.players, strict=True)
        ]
        return {**view, "seats": blood}

    found = caught(planted(spec, public_view=public))
    assert found and "the public view differs" in found[0] and "blood" in found[0]


def test_the_colour_of_a_face_down_card_in_transit_is_caught() -> None:
    """風聲 §3, §5.1: a 密電 or 直達 card travels face down; its colour is its sender's."""
    spec = GAMES["themessage"]

    def public(state: Any) -> JSONObject:
        view = spec.public_view(state)
        transit = view["transit"]
        if isinstance(transit, dict):
            view = {**view, "transit": {**transit, "colour": colour_of(state.transit.card).value}}
        return view

    found = caught(planted(spec, public_view=public))
    assert found and "transit" in found[0] and "colour" in found[0]


def test_a_teammate_told_to_a_seat_is_caught() -> None:
    """風聲 §3: nobody knows who shares their camp; a view that says so is caught, though it
    names no card the seat does not hold itself (its own identity card reads the same)."""
    spec = GAMES["themessage"]

    def private(state: Any, seat: Seat) -> JSONObject:
        view = spec.private_view(state, seat)
        me = state.players[seat].identity
        mates: list[JSON] = [i for i, p in enumerate(state.players) if p.identity == me]
        return {**view, "teammates": mates}

    found = caught(planted(spec, record_view=private))
    assert found and "teammates" in found[0]


def test_a_card_laid_face_down_on_the_pile_shown_to_the_table_is_caught() -> None:
    """暗火线 §5.6, ``disarmed_card_shown`` off: the card a Disarm took lies face down on
    the pile, its owner's to know; a pile shown as the record holds it is caught."""
    spec = GAMES["darkfireline"]

    def public(state: Any) -> JSONObject:
        return {**spec.public_view(state), "discard": list(state.discard)}

    found = caught(planted(spec, public_view=public))
    assert found and "the public view differs: .discard" in found[0]


def test_a_told_draw_offering_only_what_the_deck_holds_is_caught() -> None:
    """Microfilms §3, §4.1: the drawer's phone offers every card they could have drawn; one
    that offered only the deck's cards would tell them where every other card is."""
    spec = GAMES["microfilms"]

    class DeckOnly(Families[Any]):
        def actions(self, state: Any, seat: Seat, family: str | None = None) -> list[Action]:
            listed = super().actions(state, seat, family)
            return [a for a in listed if not isinstance(a, TellDraw) or a.card in state.deck]

    found = caught(dataclasses.replace(spec, moves=DeckOnly(spec.moves.of)))
    assert found and "its legal actions differ" in found[0]


def test_a_draw_the_table_can_tell_by_what_follows_it_is_caught() -> None:
    """Microfilms §3, §4.1: a card drawn is the drawer's to know. A draw after which the table
    sees what it would not have seen had another card come (here the drawer's status turned
    only when the card was the Ace) tells every other seat the card — though no event names
    it, and neither the state before nor the state after differs from its own world apart:
    only the answer to the move does, in a world the other seat cannot tell from this one."""
    spec = GAMES["microfilms"]
    rules = spec.rules

    def leaky(state: Any, action: Action) -> Any:
        out = rules(state, action)
        phase = state.phase
        if isinstance(action, Pick) and isinstance(phase, Drawing) and action.card == "ACE":
            turned = evolve_at(out.state.players, phase.seat, clean=True)
            return dataclasses.replace(out, state=evolve(out.state, players=turned))
        return out

    assert caught(dataclasses.replace(spec, rules=leaky)) == []  # no state alone shows it
    found = caught(dataclasses.replace(spec, rules=leaky), moves=True)
    assert found and "after Pick(card='ACE')" in found[0]  # its status, or the limit it sets


# --- what each kind of event shows -----------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_every_kind_of_event_is_declared_and_what_shows_anything_is_never_undone(
    game: str,
) -> None:
    """Microfilms §6.6 (action cards face up), 風聲 §5 (receipts and 文本 face up): undo
    stops at whatever may have shown something. Every kind of event a game makes is declared
    (a kind nobody declared would be taken to show all, and undone never); a kind that tells
    a seat a secret (but for a doubt's settling, which rides on any kind) is never declared
    ``NOTHING``, one that reveals is declared ``TABLE``, and so is one of a move that turns
    a card some seat could not see face up for all (暗火线's search warrant once was not:
    the leak oracle then took the move for one that showed the other seats nothing); and an
    action is undoable exactly when none of its events shows anything."""
    spec = GAMES[game]
    declared = {name: kind.shown for name, kind in spec.every_event.items()}
    for seed in range(150):  # dealt by the app, and by hand and told
        for state, outcome in outcomes(spec, SEED_BASE + 10**6 + seed):
            if out_of_sight(spec, state) - out_of_sight(spec, outcome.state):
                kinds = [e.kind for e in outcome.events]
                assert any(declared[k] is Shown.TABLE for k in kinds), f"{kinds} turn a card up"
            for event in outcome.events:
                assert event.kind in declared, f"{event.kind} is not declared"
                if any(s.kind not in SETTLING | ECHOES for s in event.secrets):
                    assert declared[event.kind] is not Shown.NOTHING, event.kind
                if event.reveals:
                    assert declared[event.kind] is Shown.TABLE, event.kind
            shows = any(declared[e.kind] is not Shown.NOTHING for e in outcome.events)
            assert spec.undoable(outcome.events) is not shows


ECHOES = frozenset({"deal_told"})
"""Secrets that give a seat back its own word (the cards it told of its deal, for its phone
to list): they tell it nothing new, so a kind that carries them may still be undone."""

KIND_GAMES = 2_000
"""The most random games each game plays to make every kind of event it declares."""

RARE: dict[str, dict[str, str]] = {
    "themessage": {
        "draw_skipped": "test_with_deck_and_discard_pile_empty_the_draw_is_skipped",
        "distribution_short": "test_a_distribution_the_deck_cannot_finish_stops_short",
        "intel_discarded": "test_intelligence_whose_sender_died_on_the_way_is_discarded",
    },
}
"""Kinds that 4,000 random games never made (the deck and the pile both empty at a draw or
a 真偽莫辨; a sender dead while their 密電 travels), each made by a named test of the
game's ``test_flow.py`` instead."""


@pytest.mark.parametrize("game", list(GAMES))
def test_every_kind_of_event_a_game_declares_is_made(game: str) -> None:
    """A declared kind no game ever makes is a rule that is never played, or a name that
    drifted from the code: random games — told and dealt, their options drawn from the
    domain — make every kind the game declares, within a few thousand games, but for a
    few the deck must run dry for, each made by a named test."""
    spec, rare = GAMES[game], RARE.get(game, {})
    wanted, made = set(spec.events) - set(rare), set[str]()
    for seed in range(KIND_GAMES):
        made |= {e.kind for _, outcome in outcomes(spec, SEED_BASE + 2 * 10**6 + seed)
                 for e in outcome.events}  # fmt: skip
        if wanted <= made:
            break
    assert sorted(wanted - made) == [], f"never made in {KIND_GAMES} games"
    flow = (
        (Path(__file__).parent / game / "test_flow.py").read_text(encoding="utf-8") if rare else ""
    )
    for kind, test in rare.items():
        assert kind in spec.events and f"def {test}(" in flow, (kind, test)
        assert f'"{kind}"' in flow.split(f"def {test}(")[1].split("\ndef ")[0], (kind, test)


def out_of_sight(spec: GameSpec[Any], state: Any) -> frozenset[CardId]:
    """Every card some seat cannot see where it lies."""
    seats = range(len(state.players))
    return frozenset[CardId]().union(
        *(spec.secrecy.hidden(state, Seat(s)).out_of_sight() for s in seats)
    )
