"""One game at the tablet: the table, its phones, and what the screens are told.

No Kivy here: the session owns the game's side of the tablet — starting or
resuming a table, its phone server, submitting what was entered by touch,
undo, re-seating, and the public feed and alerts — and tells its listener
when anything changed. Screens read it; they never call the rules.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.actions import Action
from companion.core.errors import RuleViolation
from companion.core.game import GameSpec
from companion.core.narrow import args as _args
from companion.core.taps import Role
from companion.core.types import JSONObject, Seat
from companion.games import GAMES
from companion.i18n import describe, describe_action, event_line, render, text
from companion.ingest import DEALS, Feedback, Ingest, Question, Recognise
from companion.journal import Journal
from companion.observations import (
    BadSourceUrl,
    Observation,
    ReaderStatus,
    SourceState,
    describe_status,
    parse_url,
)
from companion.table import Chance, Table, Update, dealt_by_hand, house_chance, players_tell
from ui.faces import FACES
from ui.faces.base import Alert, Face
from ui.phone.server import PhoneServer

FEED = 40
DRAWS = ("told", "app")
"""Who says what a draw from the deck was: the drawer's phone, or (practice) the app."""


@dataclass(frozen=True)
class Reader:
    """A reader at this table: its name, where it is (``nfc:tty:USB0:pn532``), what it watches."""

    name: str
    url: str
    role: Role

    @classmethod
    def parse(cls, text: str) -> Reader:
        """``seat:1=nfc:tty:USB0:pn532``, ``centre=nfc:usb``: the role, then the source.

        Raises :class:`BadReader` before the app starts, rather than leave a reader
        written wrong silently missing from the table.
        """
        role, _, url = text.partition("=")
        if not url:
            raise BadReader(text, "cli.reader.form")
        try:
            where = Role.parse(role)
        except ValueError:
            raise BadReader(role, "cli.reader.role") from None
        try:
            parse_url(url)
        except BadSourceUrl as err:
            raise BadReader(url, err.key) from err
        return cls(role, url, where)


class BadReader(ValueError):
    """A reader written wrong; ``key`` is the catalog's words for what is wrong with ``given``."""

    def __init__(self, given: str, key: str) -> None:
        super().__init__(f"{given}: {key}")
        self.given = given
        self.key = key


@dataclass(frozen=True)
class Choice:
    """One entry of the tablet's action menu: its path in words, and what it may mean.

    Two copies of a card read alike ("Interrogate/Blackmail (blood)" twice); the
    table cannot tell which copy was played, so the entry holds both and the
    first the rules accept is the one.
    """

    path: tuple[str, ...]
    actions: tuple[Action, ...]


class Session:
    def __init__(self, table: Table, phones: PhoneServer, lang: str) -> None:
        self.table = table
        self.phones = phones
        self.lang = lang
        self.face: Face = FACES[table.header.game]
        self.paused = False
        self.alerts: list[Alert] = []
        self.ingest: Ingest | None = None
        self.statuses: dict[str, ReaderStatus] = {}
        """The latest status of every reader, by name."""
        self._events: deque[JSONObject] = deque(maxlen=FEED)
        self.heard = 0
        """How many public events the session has heard, ever: screens add only the new ones."""
        self._listeners: list[Callable[[], None]] = []
        table.subscribe(self._on_update)
        phones.on_connections(lambda _: self._changed())
        phones.asker = self

    @classmethod
    def start(
        cls,
        journal: Journal,
        game: str,
        names: Sequence[str],
        options: object,
        lang: str,
        *,
        draws: str = "told",
        readers: bool = False,
        host: str | None = None,
        port: int = 0,
        rng: random.Random | None = None,
    ) -> Session:
        """A new game: journaled, its phone server ready to start, and dealt — by the app, or
        with ``readers``, by hand, for a game whose real deal the readers can read."""
        meta: JSONObject = {"by": "tablet", "draws": draws}
        chance = _chance(GAMES[game], draws, rng, readers)
        table = Table.start(journal, game, names, options=options, chance=chance, meta=meta)
        return cls(table, PhoneServer(table, host=host, port=port), lang)

    @classmethod
    def resume(
        cls,
        journal: Journal,
        game_id: int,
        lang: str,
        *,
        readers: bool = False,
        host: str | None = None,
        port: int = 0,
    ) -> Session:
        """The game exactly as its last committed action left it, phones keeping their seats.

        A deal not yet read whole is laid again (a card still lying on its reader counts
        as laid), or made by the app if the table has no readers now."""
        header = journal.header(game_id)
        draws = str(header.meta.get("draws", "told"))
        chance = _chance(header.spec, draws, None, readers)
        table = Table.resume(journal, game_id, chance=chance)
        return cls(table, PhoneServer(table, host=host, port=port), lang)

    # --- what screens read ----------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return list(self.table.header.seats)

    def subscribe(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def view(self) -> JSONObject:
        return self.table.public_view()

    def feed(self, last: int = FEED) -> list[str]:
        """The ``last`` things that happened, newest last, in the tablet's language."""
        game = self.table.header.game
        lines = []
        for e in list(self._events)[-last:]:
            lines.append(event_line(self.lang, game, str(e["kind"]), _args(e), self.names))
        return lines

    def waiting(self) -> list[str]:
        """What the table waits for, as the prompts say it — or the real deal, what is still
        to be laid on the readers."""
        dealing = None if self.ingest is None else self.ingest.dealing()
        if dealing is not None:
            intro = text(self.lang, f"ingest.deal.intro.{self.table.header.game}")
            return [intro, *(describe(self.lang, n.key, n.args, self.names) for n in dealing)]
        game = self.table.header.game
        return [
            describe(
                self.lang, f"prompt.{game}.{p.kind}", {**p.args, "seat": p.seats[0]}, self.names
            )
            for p in self.table.pending()
            if p.seats
        ]

    def acting(self) -> Seat | None:
        prompts = self.table.pending()
        return prompts[0].seats[0] if prompts and prompts[0].seats else None

    def choices(self, seat: Seat) -> list[Choice]:
        """What may be entered here for ``seat``: only from public facts (no hand, no identity)."""
        return self.describe_options(self.table.spec.table_actions(self.table.state, seat))

    def describe_options(self, actions: Sequence[Action]) -> list[Choice]:
        """Actions as menu entries; look-alike copies of a card share one entry."""
        found: dict[tuple[str, ...], list[Action]] = {}
        for action in actions:
            body = self.table.spec.codec.encode(action)
            path = tuple(describe_action(self.lang, body, self.names))
            found.setdefault(path, []).append(action)
        return [Choice(path, tuple(actions)) for path, actions in found.items()]

    def phone_only(self, seat: Seat) -> list[str]:
        """Families ``seat`` may choose now that only its phone may enter."""
        spec = self.table.spec
        families = spec.families(self.table.state, seat)
        return [render(self.lang, "act", f, self.names) for f in families if f in spec.phone_only]

    # --- what the host does -------------------------------------------------------------

    def submit(self, *actions: Action) -> bool:
        """Enter an action (the first of ``actions`` the rules accept).

        If none is accepted, the first refusal becomes an alert with its
        reason, and nothing has changed.
        """
        refusals = []
        for action in actions:
            try:
                self.table.submit(action)
            except RuleViolation as err:
                refusals.append(err)
            else:
                return True
        self._refused(refusals[0])
        return False

    def _refused(self, err: RuleViolation) -> None:
        self.alerts.append(
            Alert("violation", describe(self.lang, err.key, err.details, self.names))
        )
        self._changed()

    def undo(self) -> None:
        try:
            self.table.undo()
        except RuleViolation as err:
            self._refused(err)

    async def reseat(self, seat: Seat) -> None:
        await self.phones.reseat(seat)
        self._changed()

    def dismiss(self) -> None:
        self.alerts.clear()
        self._changed()

    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        self._changed()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self._changed()

    def revealed(self) -> JSONObject:
        return self.table.revealed_view()

    # --- readers ---------------------------------------------------------------------------

    def use_readers(self, roles: Mapping[str, Role], recognise: Recognise) -> None:
        """From now on, what the readers see becomes actions (``companion.ingest``)."""
        self.ingest = Ingest(self.table, roles, recognise)

    def observe(self, obs: Observation) -> None:
        """A reader's report, on the app's loop."""
        if isinstance(obs, ReaderStatus):
            fault = obs.state in (SourceState.RECONNECTING, SourceState.FAILED)
            if fault and self.statuses.get(obs.source, obs).state != obs.state:
                self.alerts.append(Alert("reader", describe_status(self.lang, obs)))
            self.statuses[obs.source] = obs
        if self.ingest is not None:
            self._feedback(self.ingest.observe(obs))
        else:
            self._changed()

    def question(self) -> Question | None:
        """The open question the tablet asks (what a tapped card does), if any."""
        if self.ingest is None:
            return None
        return next((q for q in self.ingest.questions if not q.private), None)

    def question_for(self, seat: Seat) -> Question | None:
        """The open question only ``seat``'s phone may see (its options show the hand)."""
        if self.ingest is None:
            return None
        return next((q for q in self.ingest.questions if q.private and q.seat == seat), None)

    def answer(self, question: Question, action: Action) -> None:
        assert self.ingest is not None
        self._feedback(self.ingest.answer(question.id, action))

    def answers(self, seat: Seat, action: Action) -> bool:
        """A phone's choice that answers its own open question (the phone server asks)."""
        question = self.question_for(seat)
        if question is None or action not in question.options:
            return False
        self.answer(question, action)
        return True

    def dismiss_reconcile(self) -> None:
        """The table put the card back where the record has it: forget the taps."""
        if self.ingest is not None:
            for r in self.ingest.reconciles:
                self.ingest.dismiss(r.id)
        self.dismiss()

    def _feedback(self, feedback: Feedback) -> None:
        """Say what a reader's card did: to the table, or to one seat's phone only."""
        notices = list(feedback.notices)
        if feedback.reconcile is not None:
            notices.append(feedback.reconcile.public)
            if feedback.reconcile.private is not None:
                notices.append(feedback.reconcile.private)
        for notice in notices:
            if notice.seat is None:
                said = describe(self.lang, notice.key, notice.args, self.names)
                self.alerts.append(Alert("reader", said))
            else:
                self.phones.tell(notice.seat, notice.key, notice.args)
        asked = feedback.question
        if asked is not None and asked.private:
            self.phones.refresh(asked.seat)
        self._changed()

    # --- listening ------------------------------------------------------------------------

    def _on_update(self, update: Update) -> None:
        events = update.public()
        self._events.extend(events)
        self.heard += len(events)
        self.alerts.extend(self.face.alerts(events, self.view(), self.lang, self.names))
        self._changed()

    def _changed(self) -> None:
        for listener in self._listeners:
            listener()


def _chance(spec: GameSpec[Any], draws: str, rng: random.Random | None, readers: bool) -> Chance:
    source = rng or random.SystemRandom()
    chance = (house_chance if draws == "app" else players_tell)(spec, source)
    return dealt_by_hand(chance) if readers and spec.key in DEALS else chance
