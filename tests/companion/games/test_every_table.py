"""Every registered game at a live table, dealt and played in every way a table does it —
and what each seat is sent compared at the bytes, at every step, in worlds it cannot tell
apart (:mod:`testkit.oracle`).

The rules' suite (``test_every_game.py``) holds the rules to the core's promises; here the
same random games run through the real table service, its journal (an SQLite file), its
phones' server and the tablet's session, one way of dealing and sensing each:

- ``app``: a practice game — the app deals and draws;
- ``told``: the players deal the real cards and tell their phones, the draws too; now and
  then a seat tells a word that is no part of its deal first (refused on its phone only),
  or two seats' words cannot both be true (the table deals again);
- ``readers``: a reader at every seat, the centre and the discard pile: the deal is read
  off them, and every card a move shows is laid on its reader;
- ``camera``: a told deal, and an overhead camera that sees the cards laid face up in the
  centre and on the discard pile;
- ``mixed``: a told deal with the card nobody may see laid on a centre reader, readers at
  some seats and on the discard pile, the other seats telling what they draw.

At every table one or two seats have no phone: they play their private turn on the tablet,
whose screen is compared too; now and then a move is entered on the tablet, from its
menu of public facts (a refusal is the tablet's alert, compared with its words). At every
step, for every seat: its phone's frame (in a language drawn for it), its private turn,
its phone's answer to something it might send (legal or not), and — in one seat's world —
the tablet's every word. Each game is cut at a
step drawn for it and resumed from its journal, as a tablet killed and started again: the
table comes back exactly as it was, and every seat is sent the very same bytes; at its
end, its journal replays to the very same game — every tap committed what its actions make.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.clock import HandClock
from companion.core import playout
from companion.core.actions import Action, SeatAction, TellDraw
from companion.core.dealing.told import TellDealt, parts
from companion.core.errors import RuleViolation
from companion.core.prompts import waiting_on
from companion.core.rounds import open_round
from companion.core.taps import Place, Station
from companion.core.types import CardId, Seat
from companion.core.worlds import named_cards
from companion.games import GAMES
from companion.i18n import LANGS
from companion.journal import Journal
from companion.policy import Dealer, Draws
from companion.service import TableService
from companion.transcript import replayed
from hardware.emulated import DirectTable
from hardware.stickers import reader_stations, recogniser
from testkit import oracle
from tests.companion.games.test_every_game import (
    CLOSES,
    WEIGHTS,
    attempt_of,
    random_header,
)
from tests.runs import GameFailed, Replay, cases, failed_before, run_of
from tests.runs import played as count
from ui.hands import Hands
from ui.live import LiveTable
from ui.tablet.session import Session

PATH = "tests/companion/games/test_every_table.py"

WAYS = ("app", "told", "readers", "camera", "mixed")
TABLES = 4
"""Games of each game, each way, with ``--deep``: the fixed list ``SEED_BASE`` onwards."""
SEED_BASE = 9_120_000
SHARE_S = 9.0
"""How long each game's tables of each way play fresh games (one at least), on a core of
its own."""
MOST_STEPS = 5000
WRONG_WORD = 0.2
"""The share of seats that first tell a word that is no part of their deal."""
CLASH = 0.15
"""The share of told deals in which a seat names another's card as its own."""
TABLET = 0.15
"""The share of moves entered on the tablet, from its menu, rather than sent by a phone."""
CUT = (2, 120)
"""The steps between which a game is cut and resumed."""


@dataclass
class Live:
    """One game at a live table, one way: the service, the tablet's session, the hands that
    lay the cards (where there are readers or a camera), the seats without a phone."""

    way: str
    journal: Journal
    service: TableService
    session: Session
    hands: Hands | None
    phoneless: frozenset[Seat]
    clock: HandClock
    rng: random.Random
    places: dict[str, Station] = field(default_factory=dict)
    camera: frozenset[str] = frozenset()
    step: int = 0


def open_table(game: str, way: str, seed: int, folder: Path) -> Live:
    spec = GAMES[game]
    rng = random.Random(seed)
    header = random_header(spec, rng)
    n = len(header.seats)
    clock = HandClock()
    policy: dict[str, Any] = {"draws": Draws.APP, "dealer": Dealer.APP}
    if way != "app":
        policy = {"draws": Draws.TOLD, "dealer": Dealer.TABLE, "readers": way == "readers",
                  "centre": way == "mixed"}  # fmt: skip
    service = TableService.start(
        Journal(folder / f"{game}-{way}-{seed}.sqlite3"), game, header.seats,
        header.decoded_options(), rng=random.Random(seed + 1), clock=clock,
        teach=seed % 2 == 0, **policy,  # half the tables a first game: its lessons watched too
    )  # fmt: skip
    phoneless = frozenset(rng.sample([Seat(i) for i in range(n)], rng.choice([1, 1, 2])))
    session = Session(LiveTable(service, port=0), rng.choice(LANGS))
    live = Live(way, service.journal, service, session, None, phoneless, clock, rng)
    stations = reader_stations(n)
    if way == "readers":
        live.places = stations
    elif way == "camera":
        live.places = {k: r for k, r in stations.items() if r.place is not Place.SEAT}
        live.camera = frozenset(live.places)
    elif way == "mixed":
        seated = {f"seat{i + 1}" for i in range(n) if i % 2 == 0}
        live.places = {
            k: r for k, r in stations.items() if r.place is not Place.SEAT or k in seated
        }
    attach(live)
    return live


def attach(live: Live) -> None:
    """The table's readers and camera, on the service (again, after a resume)."""
    if not live.places:
        return
    service = live.service
    table = DirectTable(service.observe, camera=live.camera)
    cards = service.spec.sensing.cards(service.header.decoded_options())
    service.use_sensors(table.places(live.places), recogniser(cards))
    live.hands = Hands(service, table, live.places, live.rng)


async def play(live: Live) -> list[str]:
    """The game to its end, every seat's bytes compared at every step, cut once and resumed;
    the first step's leaks, if there are any."""
    spec, rng = live.service.spec, live.rng
    cut = rng.randint(*CUT)
    for live.step in range(MOST_STEPS):
        step = live.step
        service = live.service
        if service.over() is not None:
            break
        if step == cut:
            resumed(live)
            service = live.service
        state = service.table.state
        seats = [Seat(i) for i in range(len(service.names))]
        cards = [*spec.sensing.cards(service.header.decoded_options()), "NOPE"]
        tries: dict[Seat, list[SeatAction]] = {}
        for seat in seats:
            attempt = attempt_of(spec, state, rng, seat, cards)
            if isinstance(attempt, SeatAction):
                tries[seat] = [attempt]
        langs = {seat: rng.choice(LANGS) for seat in seats}
        found = oracle.leaks(live.session, seats, rng, langs=langs, tries=tries,
                             phoneless=live.phoneless)  # fmt: skip
        if found:
            return [f"{live.way}, step {step}: {f}" for f in found]
        live.clock.now += rng.choice([0.0, 1.0, 7.0])
        await move(live)
    service = live.service
    assert service.over() is not None, "the game did not end"
    again = replayed(service.header, [e.action for e in live.journal.entries(service.game_id)])
    assert again == service.table.state, "its journal replays to another game"
    return []


async def move(live: Live) -> None:
    """The table's next event: the deal told or laid, a card drawn, a seat's move, a round
    closed by its time."""
    service, rng, hands = live.service, live.rng, live.hands
    spec, state = service.spec, service.table.state
    if service.telling_deal():
        tell_deal(live)
        return
    if hands is not None and hands.dealing():
        await hands.deal()
        return
    round_ = open_round(state)
    if round_ is not None and rng.random() < CLOSES:
        service.close_now(round_.n)
        return
    waiting = sorted(waiting_on(spec.pending(state)))
    assert waiting, f"nobody to move in {type(state.phase).__name__}"
    seat = rng.choice(waiting)
    due = spec.roll(state, rng)  # what the deck gave, where a seat or a reader says it
    if due is not None and hands is not None and hands.where(due) is not None:
        await hands.make(due)
        return
    menu = live.session.choices(seat) if due is None and rng.random() < TABLET else []
    if menu:  # entered by touch on the tablet, from its menu of public facts
        live.session.submit(*rng.choice(menu).actions)
        return
    if due is not None and rng.random() < 0.8:  # the drawer says what the deck gave, mostly
        action = told_of(spec, state, seat, due)
    else:
        action = playout.choose(spec, state, seat, rng, WEIGHTS.get(spec.key, {}))
    if hands is not None and laid_plainly(live, action):
        await hands.make(action)
    else:
        send(live, seat, action)


def laid_plainly(live: Live, action: Action) -> bool:
    """Whether ``action`` is made by laying its card: a reader lies where it goes, and
    neither that card nor any the move names is one a seat's word and the record put in
    two places (a doubt: the tap is then read as the record has it — an identity laid for
    a claim that shows a doubted Microfilm finds no such claim — and the seat that doubted
    says its move on its phone)."""
    assert live.hands is not None
    where = live.hands.where(action)
    if where is None:
        return False
    shown = {where[1], *named_cards(action)}
    doubts = getattr(live.service.table.state, "doubts", ())
    return all(shown.isdisjoint((d.told, d.held)) for d in doubts)


def told_of(spec: Any, state: Any, seat: Seat, due: Action) -> Action:
    """What the seat tells of the card chance gave it, as its phone names it: the card's own
    face where its list has one, else a move of its own."""
    card = getattr(due, "card", None)
    listed = spec.legal_actions(state, seat)
    told = [a for a in listed if isinstance(a, TellDraw) and a.card == card]
    return told[0] if told else listed[0]


def send(live: Live, seat: Seat, action: Action) -> None:
    """``action`` as its seat sends it: from its phone, or in its private turn at the tablet
    for a seat without one; what no seat sends, entered at the tablet. A refusal changes
    nothing."""
    service = live.service
    if not isinstance(action, SeatAction):
        service.submit(action)
    elif seat in live.phoneless:
        live.session.act_for(seat, action)
    else:
        with contextlib.suppress(RuleViolation):  # said on its phone, and compared already
            service.act(seat, action)


def tell_deal(live: Live) -> None:
    """Every seat still to tell says its part of the real deal — now and then a word that
    is no part of it first, or another seat's card (words that cannot all be true)."""
    service, rng = live.service, live.rng
    spec, state = service.spec, service.table.state
    deal = spec.roll(state, rng)
    taps = spec.sensing.deal
    assert deal is not None and taps is not None
    told_parts, aside = parts(taps, deal)
    if aside is not None and live.way == "mixed":
        lay_aside(live, aside)  # the card nobody may see goes face down on its reader
    clash = rng.random() < CLASH and len(told_parts) > 1
    waiting = [s for s in map(Seat, range(len(service.names))) if s in told_parts]
    for seat in waiting:
        word = told_parts[seat]
        if clash and seat == waiting[0]:
            word = [*word[:-1], told_parts[waiting[1]][-1]]  # another seat's card: both cannot be
        elif rng.random() < WRONG_WORD:
            box = spec.sensing.cards(service.header.decoded_options())
            send(live, seat, TellDealt(seat=seat, cards=tuple(rng.sample(box, len(word)))))
        send(live, seat, TellDealt(seat=seat, cards=tuple(word)))
        if not service.telling_deal():
            return


def lay_aside(live: Live, card: CardId) -> None:
    """The card no player may see, laid face down on the centre reader (at once)."""
    assert live.hands is not None
    centre = next(name for name, station in live.places.items() if station.place is Place.CENTRE)
    _run(live.hands.readers.lay(centre, card))


def _run(coroutine: Any) -> Any:
    """A lay on the direct table is done at once: no waiting, so no loop is needed."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("a direct lay never waits")


def resumed(live: Live) -> None:
    """The tablet killed and started again on its journal: the same table, and every seat
    sent the same bytes."""
    before = live.service
    seats = [Seat(i) for i in range(len(before.names))]
    sent = {s: _untimed(live.session.live.phones.frame(s, "en")) for s in seats}
    words = oracle.shown(live.session)
    service = TableService.resume(live.journal, before.game_id, rng=random.Random(7),
                                  clock=live.clock)  # fmt: skip
    assert service.table.state == before.table.state, "resumed otherwise"
    live.service = service
    live.session = Session(LiveTable(service, port=0), live.session.lang, resumed=True)
    attach(live)
    assert {s: _untimed(live.session.live.phones.frame(s, "en")) for s in seats} == sent
    assert _unalerted(oracle.shown(live.session)) == _unalerted(words)


def _untimed(frame: str) -> str:
    """A frame without its countdown: a round open at a restart has its whole time again."""
    message = json.loads(frame)
    if isinstance(message.get("window"), dict):
        message["window"]["closes_in"] = None
    return json.dumps(message, ensure_ascii=False)


def _unalerted(words: str) -> str:
    """What the room is shown (:func:`testkit.oracle.shown`: the tablet's words and the room
    screen's frames) without alerts and countdowns: a restarted tablet has heard no alert
    yet, and an open round starts its time again."""
    tablet, rooms = json.loads(words)
    tablet["alerts"], tablet["window"] = [], None
    untimed = [{**json.loads(room), "window": None} for room in rooms]
    return json.dumps([tablet, untimed], ensure_ascii=False)


async def played(game: str, way: str, seed: int, folder: Path) -> None:
    """One table's game, played to its end: a leak or a broken promise is raised as a
    :class:`~tests.runs.GameFailed` that says how to play the game again."""
    live = open_table(game, way, seed, folder)
    try:
        found = await play(live)
        assert found == [], found
    except Exception as err:
        raise GameFailed(PATH, Replay(game, way, seed), live.step, err) from err


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.definition.get_closest_marker("random_games") is not None:
        tables = cases(metafunc.config, list(GAMES), WAYS, deep=1, fresh=1)
        metafunc.parametrize(("game", "way", "part"), tables)


@pytest.mark.random_games
async def test_every_seat_is_sent_only_what_it_may_know_in_every_way_a_table_plays(
    game: str, way: str, part: int, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    run = run_of(request.config)
    if run.replay is not None:
        seeds: Iterable[int] = [run.replay.seed]
    elif run.deep:
        seeds = range(SEED_BASE, SEED_BASE + TABLES * 10, 10)
    else:
        seeds = run.seeds(PATH, f"{game}/{way}", part, SHARE_S)
    tables = 0
    for seed in seeds:
        await played(game, way, seed, tmp_path)
        tables += 1
    count(request, f"tables {game}", tables)


async def test_every_table_that_once_failed_sends_only_what_each_seat_may_know_now(
    tmp_path: Path,
) -> None:
    for failed in failed_before(PATH):
        await played(failed.replay.game, failed.replay.way, failed.replay.seed, tmp_path)
