"""The live game every face uses: the table, its sensors, its questions, who may act now.

The tablet, the phones' server, the demo and the terminal are all faces of
one :class:`TableService`. It owns the :class:`~companion.table.Table` and the
chance policy (drawn by the app, told by a player, or read off the readers),
the ingest of the sensors attached to it, the questions a card cannot answer
and the contradictions a card raises, and what each seat is asked. A face
reads views (the table's, or :meth:`TableService.seat_view` for one seat's
phone) and posts actions; it never reads the game's state, and never another
face.

Everything that happens at the table — an action posted, a card laid, a
question answered — is one event, published once to every listener as a
:class:`Change`: the committed actions and the chance they caused (one journal
transaction), what must be said, and to whom. A phone therefore receives one
view per tap, and the tablet redraws once.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core.actions import Action, Pass, SeatAction
from companion.core.copies import Alike, by_face, held_copies, matching, readings
from companion.core.dealing import told
from companion.core.errors import NotInHand, RuleViolation
from companion.core.game import GameSpec, TableMenu
from companion.core.narrow import obj as _obj
from companion.core.outcome import GameOver
from companion.core.prompts import Prompt, waiting_on
from companion.core.rounds import CloseRound, open_round
from companion.core.standing import Order, Standing, stand_aside
from companion.core.taps import Nothing, Place, Station
from companion.core.types import JSON, CardId, JSONObject, Seat
from companion.core.views import public_event
from companion.core.worlds import named_cards
from companion.games import GAMES
from companion.ingest import (
    Feedback,
    Ingest,
    Notice,
    Places,
    Question,
    Recognise,
    Reconcile,
    failed,
)
from companion.journal import Journal
from companion.observations import Observation, SourceStatus
from companion.policy import WINDOW_SECONDS, Dealer, Draws, Policy
from companion.seal import TableSeal
from companion.sensors import Sensors
from companion.table import (
    Chance,
    Table,
    Update,
    dealt_by_hand,
    dealt_by_words,
    house_chance,
    players_tell,
)
from companion.transcript import Header, replayed

log = logging.getLogger(__name__)

TIMED_OUT = "phone.window.timed_out"
"""What a seat a window waited for is told when its time ran out: which seats a window
waits for is public, so the notice says nothing its views do not."""


@dataclass(frozen=True)
class Telling:
    """A deal told on the phones, as one seat's phone shows it: how many cards its part is,
    each face it may name (as the copies it could mean), and the cards it told so far."""

    size: int
    faces: tuple[tuple[CardId, ...], ...]
    told: tuple[CardId, ...]
    waiting: tuple[Seat, ...]
    """The seats still to tell (every seat sees the same)."""


@dataclass(frozen=True)
class Change:
    """What one event at the table changed, for every face: published once per event."""

    update: Update | None = None
    """The actions committed (and the chance they caused), if any."""
    notices: tuple[Notice, ...] = ()
    """What must be said: to the table (``seat=None``), or to one seat's phone only."""
    asked: frozenset[Seat] = frozenset()
    """Seats whose own view must be sent again: put a question only their phone may see, or
    that set a standing answer to the rounds."""
    status: SourceStatus | None = None
    clock: bool = False
    """The open round's clock held or let go (the table paused, or going on): a public
    change no move made, which every screen of the table shows anew."""
    question: Question | None = None
    """A question a card put to the table: the tablet must ask it now."""
    reconcile: Reconcile | None = None
    """A card that contradicts the record: its public notice (among ``notices``) is what
    the table's reconcile prompt says."""


@dataclass(frozen=True)
class Window:
    """A round open at the table (風聲's response windows), as the faces show it.

    ``closes_in`` is the seconds left before the app closes it for everyone still to
    answer — ``None`` while a seat asked it to wait (``holding``) or when the table waits
    for every answer. The time is the table's (``window`` kept with the game), the same for
    every round: nothing a seat holds makes it open, close or last otherwise.
    """

    n: int
    waiting: tuple[Seat, ...]
    holding: tuple[Seat, ...]
    closes_in: float | None


@dataclass(frozen=True)
class SeatView:
    """All that one seat's phone receives of the game, and nothing else.

    ``actions`` are the seat's legal actions in their JSON form, each card named by its
    face — or, while a card it laid asks a question only it may see, that question's
    options; ``audit`` what it may name in a hand audit (``None`` in a game without one);
    ``dealing`` whether the table waits for its real deal to be laid on the readers;
    ``telling`` what it may tell of a deal the players dealt by hand, while the table waits
    for its word; ``window`` the round open, the same for every seat.
    """

    seat: Seat
    seq: int
    private: JSONObject
    public: JSONObject
    actions: tuple[JSONObject, ...]
    question: Question | None
    audit: tuple[tuple[CardId, ...], ...] | None
    dealing: bool
    telling: Telling | None
    window: Window | None
    copies: Alike
    """The game's cards by face: a phone is sent faces, never a copy's id (:func:`by_face`)."""
    identities: tuple[JSON, ...] | None = None
    """Once the game is over, every seat's identity — the same for every seat, as the
    tablet's game-over screen shows them; ``None`` before."""
    told: tuple[JSONObject, ...] = ()
    """Once the game is over, every secret of the game — ``seat``, ``kind``, ``args`` and
    ``at``, the place of the event it was told with — as the tablet's game-over screen
    shows them: the game's story, the same for every seat; none before."""
    teach: bool = False
    """A first game: the phone explains each of its prompts the first time it comes."""
    standing: Standing | None = None
    """What the seat asked the table to pass for it (:meth:`TableService.stand`), while
    that lasts."""
    playable: frozenset[CardId] = frozenset()
    """The faces ``actions`` name: a card of the seat's hand none of them names cannot be
    played now (the phone says so, and when it can be)."""
    headings: frozenset[str] = frozenset()
    """The headings its menu shows now whatever the seat holds
    (:attr:`~companion.core.game.GameSpec.open_headings`); one with no action under it
    says why."""


Listener = Callable[[Change], None]


def chance_policy(spec: GameSpec[Any], policy: Policy, rng: random.Random) -> Chance:
    """Where chance comes from at a table, as its kept policy says: the deal of a game dealt
    by hand is read off the readers, or made from what the players tell (what no player may
    see read off a centre reader, if there is one); a draw no reader sees is told by its
    drawer, unless the app draws it."""
    told = policy.readers or policy.draws is Draws.TOLD
    chance = players_tell(spec, rng) if told else house_chance(spec, rng)
    if policy.readers:
        return dealt_by_hand(spec, chance)
    if policy.dealer is Dealer.TABLE:
        return dealt_by_words(spec, chance, rng, centre=policy.centre)
    return chance


Asked = tuple[int | None, tuple[Prompt, ...]]
"""What a table asks after a move: the number of the round then open, and its prompts."""


def _asked(table: Table) -> Asked:
    round_ = open_round(table.state)
    return (None if round_ is None else round_.n), table.pending()


ASKED_KEPT = 64
"""How many of the table's last moves keep what it then asked: a phone's answer to a view
older than that is stale whatever it answered."""


@dataclass(frozen=True)
class RoomView:
    """All the room's screen receives of the game (a TV, a laptop, a player out of the game):
    what the whole table may know and nothing else — the public view, the open round, and
    once the game is over what the tablet's game-over screen shows."""

    seq: int
    public: JSONObject
    window: Window | None
    dealing: bool
    identities: tuple[JSON, ...] | None = None
    """Once the game is over, every seat's identity; ``None`` before."""
    told: tuple[JSONObject, ...] = ()
    """Once the game is over, every secret of the game, placed (:attr:`SeatView.told`)."""


class StaleAnswer(RuleViolation):
    """A phone answered a view the table has moved on from: its answer is not applied."""

    code = "stale"


class TableService:
    """One game in play, for every face. Build with :meth:`start` or :meth:`resume`."""

    def __init__(
        self,
        table: Table,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
        deals_on_readers: bool = False,
    ) -> None:
        self.table = table
        self.deals_on_readers = deals_on_readers
        """Whether the deal is read off the readers (else the app deals, or the players tell)."""
        self._rng = rng or random.SystemRandom()
        self.ingest: Ingest | None = None
        self._listeners: list[Listener] = []
        self._held: list[Update] = []
        self._busy = False
        self._menus: dict[Seat, tuple[Any, TableMenu]] = {}
        self._clock = clock
        self._opened: tuple[int, float] | None = None
        self._window_held = False
        """The table is paused, or reads a lesson: the open round waits (:meth:`hold_window`)."""
        self._orders: dict[Seat, Order] = {}
        """Each seat's standing answer to the rounds (:mod:`companion.core.standing`): kept
        with the service, not the journal — a resumed game asks every seat again."""
        self.seal = TableSeal(table)
        """The fairness seal: its fingerprint public from the deal on, opened at the end."""
        self._asked: dict[int, Asked] = {table.seq: _asked(table)}
        """What the table waited for after each of its last moves (:data:`ASKED_KEPT`), by
        ``seq``: what a phone answering an older view was asked."""
        table.subscribe(self._on_update)

    @classmethod
    def start(
        cls,
        journal: Journal,
        game: str,
        names: Sequence[str],
        options: object = None,
        *,
        draws: Draws = Draws.TOLD,
        readers: bool = False,
        dealer: Dealer = Dealer.APP,
        centre: bool = False,
        rng: random.Random | None = None,
        window: int = WINDOW_SECONDS,
        voice: bool = False,
        teach: bool = False,
        by: str = "",
        clock: Callable[[], float] = time.monotonic,
    ) -> TableService:
        """A new game, journaled and dealt — by the app, or by hand: read off ``readers``, or
        told by the players on their phones (``dealer``), with a ``centre`` reader for what
        nobody may see.

        The policy (:class:`~companion.policy.Policy`: these, ``window`` the seconds a round
        waits for answers, ``voice``, and ``by`` what made the game) is kept with the game,
        so a resumed game goes on the same way. A seed (``rng``) is for demos and tests;
        real games draw from the operating system.
        """
        source = rng or random.SystemRandom()
        policy = Policy(draws=draws, readers=readers, dealer=dealer, centre=centre, window=window,
                        voice=voice, teach=teach, by=by)  # fmt: skip
        chance = chance_policy(GAMES[game], policy, source)
        table = Table.start(
            journal, game, names, options=options, chance=chance, meta=policy.meta()
        )
        return cls(table, source, clock, readers)

    @classmethod
    def resume(
        cls,
        journal: Journal,
        game_id: int,
        *,
        readers: bool | None = None,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> TableService:
        """The game exactly as its last committed action left it, on the same policy —
        unless ``readers`` says whether the table has readers now."""
        header = journal.header(game_id)
        policy = header.policy
        if readers is not None:
            policy = dataclasses.replace(policy, readers=readers)
        source = rng or random.SystemRandom()
        chance = chance_policy(header.spec, policy, source)
        table = Table.resume(journal, game_id, chance=chance)
        return cls(table, source, clock, policy.readers)

    @classmethod
    def again(
        cls,
        journal: Journal,
        game_id: int,
        *,
        readers: bool = False,
        centre: bool = False,
        rng: random.Random | None = None,
        by: str = "",
    ) -> TableService:
        """Game ``game_id``'s table again, dealt anew: its seats, names, options and way of
        playing — ``readers`` and ``centre`` as the table has them now, and what the rules
        carry over from the finished game (:attr:`GameSpec.rematch`: 暗火线's last shooter
        starts) — and its seats' tokens, so that each phone's code opens the new game:
        nobody scans again."""
        header = journal.header(game_id)
        policy, options, rematch = header.policy, header.decoded_options(), header.spec.rematch
        if rematch is not None:
            options = rematch(replayed(header, journal.actions(game_id)))
        service = cls.start(
            journal, header.game, header.seats, options, draws=policy.draws,
            readers=readers, dealer=policy.dealer, centre=centre, rng=rng, window=policy.window,
            voice=policy.voice, by=by,  # a rematch is no longer a first game: nothing taught
        )  # fmt: skip
        for seat, token, revoked in journal.seat_tokens(game_id):
            if not revoked:
                journal.add_seat_token(service.game_id, seat, token)
        return service

    # --- what faces read ------------------------------------------------------------

    @property
    def header(self) -> Header:
        return self.table.header

    @property
    def spec(self) -> GameSpec[Any]:
        return self.table.spec

    @property
    def names(self) -> tuple[str, ...]:
        return self.table.header.seats

    @property
    def journal(self) -> Journal:
        return self.table.journal

    @property
    def game_id(self) -> int:
        return self.table.game_id

    @property
    def seq(self) -> int:
        return self.table.seq

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def public_view(self) -> JSONObject:
        return self.table.public_view()

    def pending(self) -> tuple[Prompt, ...]:
        """What the table waits for from the players — before a deal told on the phones,
        the seats still to tell what they were dealt."""
        if self.telling_deal():
            waiting = told.waiting(self.table.state)
            return (Prompt("tell_dealt", waiting),) if waiting else ()
        return self.table.pending()

    def telling_deal(self) -> bool:
        """Whether the table waits for the players to tell the deal they made by hand."""
        deal = self.spec.sensing.deal
        if deal is None or not deal.waits(self.table.state) or self.over() is not None:
            return False
        return not self.deals_on_readers and self.header.policy.dealer is Dealer.TABLE

    def acting(self) -> Seat | None:
        """The first seat the table waits for, if it waits for one."""
        prompts = self.table.pending()
        return prompts[0].seats[0] if prompts and prompts[0].seats else None

    def over(self) -> GameOver | None:
        return self.table.over()

    def goes_on(self) -> bool:
        """Whether the table can go on: it is over, a seat it waits for can act, or its real
        deal waits to be laid on the readers. A resumed game always can — a table that
        cannot is a bug, and ``companion resume --json`` says so for scripts to check."""
        if self.over() is not None:
            return True
        if self.telling_deal():
            return True
        waiting = waiting_on(self.pending())
        if waiting:
            return all(self.table.legal_actions(seat) for seat in waiting)
        deal = self.spec.sensing.deal
        return self.deals_on_readers and deal is not None and deal.waits(self.table.state)

    def revealed_view(self) -> JSONObject:
        return self.table.revealed_view()

    @property
    def window_seconds(self) -> int:
        """How long a round waits for answers at this table; ``0``: until all have answered."""
        return self.header.policy.window

    def window(self) -> Window | None:
        """The round open now, if any, and when the app closes it."""
        round_ = open_round(self.table.state)
        if round_ is None or self.over() is not None:
            return None
        now = self._clock()
        if self._opened is None or self._opened[0] != round_.n:
            self._opened = (round_.n, now)  # first seen now: at its opening, or on resume
        seconds = self.window_seconds
        left = None
        if seconds and not round_.holding and not self._window_held:
            left = max(0.0, self._opened[1] + seconds - now)
        return Window(round_.n, round_.waiting, round_.holding, left)

    def seat_view(self, seat: Seat) -> SeatView:
        """What ``seat``'s phone receives now."""
        table, spec = self.table, self.table.spec
        question = self.question_for(seat)
        actions = question.options if question is not None else table.legal_actions(seat)
        has_audit = "audit_hand" in spec.codec.names
        audit = tuple(spec.audit_faces(table.state, seat)) if has_audit else None
        copies = spec.copies(table.state)
        identities, told = self._revealed()
        return SeatView(
            seat=seat,
            seq=table.seq,
            private=table.private_view(seat),
            public=table.public_view(),
            actions=tuple(_obj(by_face(spec.codec.encode(a), copies)) for a in actions),
            question=question,
            audit=audit,
            dealing=self.dealing() is not None,
            telling=self.telling(seat),
            window=self.window(),
            copies=copies,
            identities=identities,
            told=told,
            standing=self.standing(seat),
            teach=table.header.policy.teach,
            playable=frozenset(copies.face.get(c, c) for a in actions for c in named_cards(a)),
            headings=spec.open_headings(table.state, seat) if question is None else frozenset(),
        )

    def room_view(self) -> RoomView:
        """What the room's screen is sent now: the table as every seat may see it."""
        identities, told = self._revealed()
        table = self.table
        return RoomView(
            seq=table.seq, public=table.public_view(), window=self.window(),
            dealing=self.dealing() is not None, identities=identities, told=told,
        )  # fmt: skip

    def standing(self, seat: Seat) -> Standing | None:
        """What ``seat`` asked the table to pass for it, if that still holds."""
        order = self._orders.get(seat)
        return order.standing if order is not None and order.lasts(self.table.state) else None

    def _revealed(self) -> tuple[tuple[JSON, ...] | None, tuple[JSONObject, ...]]:
        """Once the game is over, every identity and every secret with the place of its
        event (:attr:`SeatView.identities`, :attr:`SeatView.told`), read off one revealed
        view; ``None`` and none before."""
        if self.over() is None:
            return None, ()
        revealed = self.table.revealed_view()
        identities, timeline = revealed["identities"], revealed["timeline"]
        assert isinstance(identities, list) and isinstance(timeline, list)
        told = tuple(
            {**_obj(secret), "at": entry["index"]}
            for entry in map(_obj, timeline)
            for secret in (entry["secrets"] if isinstance(entry["secrets"], list) else [])
        )
        return tuple(identities), told

    def telling(self, seat: Seat) -> Telling | None:
        """What ``seat`` may tell of a deal the players made by hand, while the table waits
        for the words: each card of the box its part could hold, grouped by face."""
        taps = self.spec.sensing.deal
        if taps is None or not self.telling_deal():
            return None
        state = self.table.state
        start, station = taps.start(state), Station(Place.SEAT, seat)
        box = self.spec.sensing.cards(state.options)
        fits = tuple(c for c in box if not isinstance(taps.see(state, start, station, c), Nothing))
        faces = self.spec.copies(state).grouped(fits)
        return Telling(taps.size, faces, told.words(state)[seat], told.waiting(state))

    def private_view(self, seat: Seat) -> JSONObject:
        return self.table.private_view(seat)

    def recent(self, last: int) -> list[JSONObject]:
        """The game's ``last`` public events, oldest first, as the table heard them: the feed
        a face opens with on a game already under way (a resumed one, after a restart); each
        with its ``index`` in the history, named as :meth:`public_events` names them."""
        history = self.table.state.history
        first = max(0, len(history) - last)
        shown = enumerate(history[first:], first) if last > 0 else ()
        return self._by_face([{**public_event(e), "index": i} for i, e in shown])

    def public_events(self, update: Update) -> list[JSONObject]:
        """``update``'s events as the whole table sees them (:meth:`Update.public`), every
        copy of a card named by its face: which copy a told card took follows from where the
        others lie (:func:`by_face`), so a history naming copies would tell every phone and
        the room screen something of other hands."""
        return self._by_face(update.public())

    def _by_face(self, events: list[JSONObject]) -> list[JSONObject]:
        copies = self.spec.copies(self.table.state)
        return [_obj(by_face(e, copies)) for e in events]

    def table_menu(self, seat: Seat) -> TableMenu:
        """What the shared tablet offers for ``seat``: from public facts only.

        The tablet asks at every redraw; the menu is listed once for each state.
        """
        state = self.table.state
        kept = self._menus.get(seat)
        if kept is None or kept[0] is not state:
            kept = self._menus[seat] = (state, self.spec.table_menu(state, seat))
        return kept[1]

    def dealing(self) -> list[Notice] | None:
        """While the table waits for its real deal to be read: what is still to be laid —
        at a table that tells its deal, once every seat has told, the card for the centre."""
        taps = self.spec.sensing.deal
        if taps is not None and self.telling_deal():
            state = self.table.state
            missing = told.still_to_read(taps, self.spec.copies(state), state)
            return [Notice(key, args) for key, args in missing] if missing else None
        return None if self.ingest is None else self.ingest.dealing()

    def question(self) -> Question | None:
        """The open question the tablet asks (what a tapped card does), if any."""
        questions = [] if self.ingest is None else self.ingest.questions
        return next((q for q in questions if not q.private), None)

    def question_for(self, seat: Seat) -> Question | None:
        """The open question only ``seat``'s phone may see (its options show its hand)."""
        questions = [] if self.ingest is None else self.ingest.questions
        return next((q for q in questions if q.private and q.seat == seat), None)

    def reconciles(self) -> list[Reconcile]:
        return [] if self.ingest is None else self.ingest.reconciles

    # --- what faces post ------------------------------------------------------------

    def submit(self, action: Action) -> Update:
        """An action entered at the table; a RuleViolation leaves everything as it was."""
        with self._event():
            return self.table.submit(action)

    def submit_any(self, actions: Sequence[Action]) -> RuleViolation | None:
        """The first of ``actions`` the rules accept (two copies of one card read alike on
        the tablet's menu); if none is, the first refusal, and nothing has changed."""
        refusals = []
        for action in actions:
            try:
                self.submit(action)
            except RuleViolation as err:
                refusals.append(err)
            else:
                return None
        return refusals[0]

    def act(self, seat: Seat, action: SeatAction, seen: int | None = None) -> None:
        """An action from ``seat``'s own phone: the answer to its own open question, if it
        is one of its options, else an action judged like any other. A phone names cards by
        face: the action is the listed one its body stands for, if any.

        ``seen`` is the number (``seq``) of the view the phone answered. An answer to what
        the table no longer asks this seat — sent twice on a slow network, tapped twice, or
        a pass to a round that has closed — is refused (:class:`StaleAnswer`), never applied
        to a later question its player has not seen. Other seats' moves meanwhile do not
        make it stale (a window's passes, a told deal, come in at once). What the table asks
        is public, so the refusal tells the seat nothing its views do not.

        :raises StaleAnswer: what the table asks ``seat`` changed since view ``seen``.
        """
        if seen is not None and self._asked_of(seat, seen) != self._asked_of(seat, self.seq):
            raise StaleAnswer()
        question = self.question_for(seat)
        meant = self.meant(seat, action)
        if question is not None and meant in question.options:
            self.answer(question.id, meant)
        else:
            self.submit(meant)

    def judge(self, seat: Seat, action: SeatAction) -> RuleViolation | None:
        """What :meth:`act` would answer ``seat`` now, without acting: the rules' refusal of
        the action its phone's body stands for, or ``None`` where they take it."""
        try:
            self.spec.apply(self.table.state, self.meant(seat, action))
        except RuleViolation as err:
            return err
        return None

    def meant(self, seat: Seat, action: Action) -> Action:
        """The action a phone's body stands for: it names cards by face, so it is the listed
        action (a legal one, or an option of the seat's own question) it names, else the
        first reading of its copies (:func:`readings`) the rules take — or, if they take
        none, the one whose refusal is the same whichever copies lie where. A hand stated
        card by card, too many readings to try, is read as the copies the seat holds.

        A body is always matched by face, even one that names a listed copy itself: taken
        as it came, it would play another copy than a body naming the face alone, and
        sooner — and both the hand left and the time taken would tell the seat which copy
        it holds, so where the face's other copies are."""
        question = self.question_for(seat)
        listed = question.options if question is not None else self.table.legal_actions(seat)
        codec, copies = self.spec.codec, self.spec.copies(self.table.state)
        found = matching(codec.encode(action), ((codec.encode(a), a) for a in listed), copies)
        if found is not None:
            return found
        every = readings(action, copies, READINGS)
        if every is None:
            hand = self.table.state.players[seat].hand if 0 <= seat < len(self.names) else ()
            return held_copies(action, hand, copies)
        refused: list[tuple[tuple[bool, str, str], Action]] = []
        for reading in every:
            try:
                self.spec.apply(self.table.state, reading)
            except RuleViolation as err:
                refused.append((_rank(err, copies), reading))
            else:
                return reading
        return min(refused, key=lambda each: each[0])[1]

    def stand(self, seat: Seat, standing: Standing | None) -> None:
        """``seat`` asks the table to pass for it in every round ``standing`` covers from
        now — the open one too — or, ``None``, to be asked again. Every phone is told, as
        of any move: a seat's own view says what it set, and a round may have closed."""
        if not 0 <= seat < len(self.names):
            raise ValueError(f"no seat {seat}")
        with self._event() as said:
            said.append(Change(asked=frozenset({seat})))
            if standing is None:
                self._orders.pop(seat, None)
            else:
                self._orders[seat] = Order(standing=standing, turn=self.table.state.turn)

    def _stand_aside(self) -> None:
        """Pass for every seat the open round asks whose standing answer covers it, until
        the table asks none: a round that closes may open another."""
        while self._orders and self.over() is None:  # no orders, the common case: no work
            state = self.table.state
            seats = stand_aside(state, self._orders, self.spec.aimed(state))
            if not seats:
                return
            try:
                self.table.submit(Pass(seat=seats[0]))
            except RuleViolation:  # a round no pass answers: ask that seat by hand
                log.exception("passing for seat %s was refused", seats[0])
                del self._orders[seats[0]]

    def hold_window(self, held: bool) -> None:
        """The table paused, or reading a lesson: the open round waits for every answer, and
        every phone is shown so — not a countdown running to nothing. Going on, the round
        has its whole time again from now."""
        if held == self._window_held:
            return
        self._window_held = held
        self._opened = None
        if self.window() is not None:
            self._publish(Change(asked=frozenset(map(Seat, range(len(self.names)))), clock=True))

    def close_due(self, n: int) -> bool:
        """Close round ``n`` if its time is up and no seat holds it (the faces' timer calls
        this when :meth:`window` said it would be due); whether it closed."""
        window = self.window()
        if window is None or window.n != n or window.closes_in != 0:
            return False
        with self._event() as said:  # each seat it waited for told it passed: not a silent swap
            self.table.submit(CloseRound(n=n))
            said.append(Change(notices=tuple(Notice(TIMED_OUT, seat=s) for s in window.waiting)))
        return True

    def close_now(self, n: int) -> None:
        """The table closes round ``n`` at once, even one a seat holds (the tablet's button)."""
        self.submit(CloseRound(n=n))

    def to_undo(self) -> tuple[JSONObject, ...]:
        """What an undo would take back, as everyone saw it (to confirm it before)."""
        return self.table.to_undo()

    def undo(self) -> Update:
        """Take back the last action, unless it showed anything to anyone — a pass the table
        made for a seat that stands aside too, which is then asked by hand."""
        with self._event(stand=False):
            return self.table.undo()

    def answer(self, question: int, action: Action) -> Feedback:
        """The chosen action for an open question; a refusal keeps it open."""
        return self._feedback(lambda ingest: ingest.answer(question, action))

    def retry(self, reconcile: int) -> Feedback:
        """Read a contradicting card again, against the record as it is now."""
        return self._feedback(lambda ingest: ingest.retry(reconcile))

    def dismiss_reconciles(self) -> None:
        """The table put the cards back where the record has them: forget those taps."""
        if self.ingest is not None:
            for r in self.ingest.reconciles:
                self.ingest.dismiss(r.id)

    # --- sensors --------------------------------------------------------------------

    def attach(self, sensors: Sensors) -> None:
        """From now on, what ``sensors`` feel becomes actions at this table."""
        self.use_sensors(sensors.places, sensors.recognise)
        assert self.ingest is not None
        self.ingest.statuses.update(sensors.statuses)
        sensors.handler = self.observe

    def use_sensors(self, places: Places, recognise: Recognise) -> None:
        """From now on, observations of ``places`` are read as cards laid at this table."""
        self.ingest = Ingest(self.table, places, recognise, self._rng, self.deals_on_readers)

    def observe(self, obs: Observation) -> Feedback:
        """One observation of an attached sensor, on the app's loop.

        Whatever goes wrong while handling it — reading the tag, the tap rules, the
        journal, a face told of it — is logged with its traceback, said to the table as
        a reader alert naming no card, and goes no further: the reader keeps listening,
        and the card can simply be laid again. What the journal committed before the
        fault stays committed.
        """
        try:
            return self._feedback(lambda ingest: ingest.observe(obs))
        except Exception:
            log.exception("handling an observation of %s failed", obs.source)
            notice = failed(obs)
            self._publish(Change(notices=(notice,)))
            return Feedback(notices=(notice,))

    def _feedback(self, work: Callable[[Ingest], Feedback]) -> Feedback:
        if self.ingest is None:
            return Feedback()
        with self._event() as said:
            feedback = work(self.ingest)
            said.append(_change_of(feedback))
        return feedback

    # --- publishing -------------------------------------------------------------------

    def _on_update(self, update: Update) -> None:
        if self._busy:
            self._held.append(update)
        else:
            self._publish(Change(update=update))

    @contextlib.contextmanager
    def _event(self, *, stand: bool = True) -> Iterator[list[Change]]:
        """One event at the table: what the table commits inside it is published once, at
        the end, with what the event says (appended to the list it yields) — and, unless
        ``stand`` is off, the passes it makes for the seats that stand aside."""
        said: list[Change] = []
        self._busy = True
        try:
            yield said
            if stand:
                self._stand_aside()
        finally:
            self._busy = False
            held, self._held = self._held, []
            update = Update.merged(held) if held else None
            change = said[0] if said else Change()
            if update is not None or change != Change():
                self._publish(replace(change, update=update))

    def _asked_of(self, seat: Seat, seq: int) -> tuple[int | None, list[object]] | None:
        """What the table asked ``seat`` after move ``seq`` — the round then open, and each
        prompt's kind and what it says, not who else it still waits for — or ``None`` if
        that is no longer kept (or never was): an answer to it is stale."""
        asked = _asked(self.table) if seq == self.seq else self._asked.get(seq)
        if asked is None:
            return None
        n, prompts = asked
        return n, [(p.kind, p.args) for p in prompts if seat in p.seats]

    def _publish(self, change: Change) -> None:
        if change.update is not None:
            self._asked[self.seq] = _asked(self.table)
            for old in [seq for seq in self._asked if seq <= self.seq - ASKED_KEPT]:
                del self._asked[old]
        self.window()  # a round that just opened starts its time now
        for listener in self._listeners:
            listener(change)


def _change_of(feedback: Feedback) -> Change:
    notices = list(feedback.notices)
    if feedback.reconcile is not None:
        notices.append(feedback.reconcile.public)
        if feedback.reconcile.private is not None:
            notices.append(feedback.reconcile.private)
    asked = feedback.question
    private = asked is not None and asked.private
    seats = frozenset({asked.seat}) if asked is not None and private else frozenset()
    public = None if private else asked
    return Change(notices=tuple(notices), asked=seats, status=feedback.status, question=public,
                  reconcile=feedback.reconcile)  # fmt: skip


READINGS = 64
"""The most readings of an action's copies tried: an action names one to three cards, so
a few dozen at most; more is a whole hand stated, whose cards are the seat's own."""


def _rank(err: RuleViolation, copies: Alike) -> tuple[bool, str, str]:
    """Which refusal of a face-named action a seat is given: every reading's refusal is
    the same in worlds that trade copies, so the least by this order is too. "Not in your
    hand" comes last: the seat holds that face, or no reading would have another answer."""
    said = json.dumps(by_face(err.details, copies), sort_keys=True, ensure_ascii=False)
    return isinstance(err, NotInHand), err.code, said
