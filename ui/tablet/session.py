"""One game at the tablet, as the tablet shows it: the feed, the alerts, the menus, in words.

No Kivy here, and no rules: the live game is the :class:`~companion.service.TableService`
every face shares, and its phones are served beside it. The session turns what the
service publishes into what the tablet's screens show — the public feed, alerts nobody
may miss, what the table waits for, the touch menu built from public facts — in the
tablet's language, and tells its listeners once per event at the table.
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.core.actions import Action, SeatAction
from companion.core.errors import RuleViolation
from companion.core.game import TableMenu
from companion.core.narrow import args as _args
from companion.core.narrow import objects as _objects
from companion.core.prompts import waiting_on
from companion.core.types import JSON, JSONObject, Seat
from companion.fairness import Opened
from companion.i18n import Voice, has
from companion.ingest import Question
from companion.journal_errors import JournalError
from companion.observations import SourceState, SourceStatus, describe_status
from companion.service import Change, TableService
from ui.faces import face_of
from ui.faces.base import Alert, Face, Pile, SeatFace
from ui.live import LiveTable
from ui.phones import DeviceStatus, Phones
from ui.seat_screen import cards_named, explained, history, view_message

FEED = 40


@dataclass(frozen=True)
class Choice:
    """One entry of the tablet's action menu: its path in words, and what it may mean.

    Two copies of a card read alike ("Interrogate/Blackmail (blood)" twice); the
    table cannot tell which copy was played, so the entry holds both and the
    first the rules accept is the one.
    """

    path: tuple[str, ...]
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class TableWords:
    """Everything the table screen shows of the game, in words and drawings, before any
    widget exists: the screen draws exactly this, and the leak oracle compares it across
    worlds no seat can tell apart (:mod:`testkit.oracle`) — every word on the tablet is public.
    """

    seats: tuple[SeatFace, ...]
    phones: tuple[tuple[DeviceStatus, ...], ...]
    """Each seat's phones: the one holding it, and any asking for it."""
    pile: Pile
    waiting: tuple[str, ...]
    """What the table waits for — or, when ``standing``, what holds until it is dealt with."""
    standing: bool
    guide: tuple[str, ...]
    """The real deal, step by step, while the players deal by hand and tell their phones."""
    feed: tuple[str, ...]
    """What happened last, oldest first."""
    acting: Seat | None
    menu: tuple[tuple[str, ...], ...]
    """What may be entered here for the seat acting, each entry's path in words."""
    phone_only: tuple[str, ...]
    """What only that seat's phone may enter now."""
    phoneless: tuple[Seat, ...]
    """The seats the table waits for whose phone is not with them."""
    readers: tuple[int, int] | None
    """Sources working, of all, where the table has any."""
    window: str | None
    seal: str | None
    question: tuple[str, tuple[tuple[str, ...], ...]] | None
    """A reader's card that may mean several things: the table's question and its paths."""
    reconcile: tuple[int, str] | None
    """The oldest card a reader saw where the record does not have it: its number, and
    what the table is told of it (never a hidden card)."""
    alerts: tuple[Alert, ...]


class Session:
    """The tablet's side of one live game and its phones."""

    def __init__(self, live: LiveTable, lang: str, *, resumed: bool = False) -> None:
        """``resumed``: a game taken up again after a pause or a restart — in a first game,
        what it had come to before counts as explained."""
        assert live.phones is not None, "the tablet's games always serve phones"
        self.live = live
        self.service: TableService = (service := live.service)
        self.phones: Phones = live.phones
        self.voice = Voice.of(lang, service.spec, service.names)
        self.face: Face = face_of(service.header.game)
        self.paused = False
        self.alerts: list[Alert] = []
        self.statuses: dict[str, SourceStatus] = {}
        """The latest status of every source, by name."""
        self._events: deque[JSONObject] = deque(service.recent(FEED), maxlen=FEED)
        self.heard = len(self._events)
        """How many public events the session has heard, ever: screens add only the new ones."""
        self._listeners: list[Callable[[], None]] = []
        self._choices: dict[tuple[Seat, str], tuple[TableMenu, list[Choice]]] = {}
        self._asking: dict[tuple[Seat, str], Alert] = {}
        """Each phone asking for a seat, and the alert that says so."""
        self._lessons: deque[str] = deque()
        """In a first game, the moments still to explain, the first shown now."""
        self._taught: set[str] = set()
        """The moments this game has explained: each is explained once."""
        self._teach(list(self._events), fresh=not resumed)
        service.subscribe(self._on_change)
        self.phones.on_connections(lambda _: self._phones_changed())

    async def stop(self) -> None:
        """The game's table stopped: its phones told goodbye, its clock stopped."""
        await self.live.stop()

    # --- what screens read ----------------------------------------------------------

    @property
    def lang(self) -> str:
        return self.voice.lang

    @property
    def names(self) -> list[str]:
        """The seats as the tablet calls them: a seat left blank is "Seat 3" in its language."""
        return [self.voice.seat(i) for i in range(len(self.service.names))]

    def subscribe(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def view(self) -> JSONObject:
        return self.service.public_view()

    def words(self, feed: int = FEED) -> TableWords:
        """What the table screen shows now (the last ``feed`` lines of what happened)."""
        view, voice, face = self.view(), self.voice, self.face
        n = len(self.service.names)
        standing = [a.text for a in face.standing(view, voice)]
        seat = self.acting()
        statuses = self.statuses.values()
        question = self.question()
        asked = None
        if question is not None:
            title = voice.say("ingest.ask.choose", {"seat": question.seat, "card": question.card})
            asked = (title, tuple(c.path for c in self.describe_options(question.options)))
        return TableWords(
            seats=tuple(face.seat(view, i, voice) for i in range(n)),
            phones=tuple(tuple(self.phones.phones_of(Seat(i))) for i in range(n)),
            pile=face.pile(view, voice),
            waiting=tuple(standing or self.waiting()),
            standing=bool(standing),
            guide=tuple(self.deal_guide() if self.service.telling_deal() else ()),
            feed=tuple(self.feed(feed)),
            acting=seat,
            menu=() if seat is None else tuple(c.path for c in self.choices(seat)),
            phone_only=() if seat is None else tuple(self.phone_only(seat)),
            phoneless=tuple(sorted(waiting_on(self.service.pending()) - self.phones.connected())),
            readers=(sum(s.state is SourceState.CONNECTED for s in statuses), len(statuses))
            if statuses else None,
            window=self.window_line(),
            seal=self.seal(),
            question=asked,
            reconcile=self.reconcile(),
            alerts=(*self.alerts, *self._lesson()),
        )  # fmt: skip

    def feed(self, last: int = FEED) -> list[str]:
        """The ``last`` things that happened, newest last, in the tablet's language."""
        return [line for _, line in self.news(last)]

    def news(self, last: int) -> list[tuple[str, str]]:
        """The ``last`` things that happened, newest last: each event's kind, and its line of
        the feed (what the table's voice may read out, :mod:`ui.tablet.speech`)."""
        voice, events = self.voice, list(self._events)[-last:] if last > 0 else []
        return [(str(e["kind"]), voice.event(str(e["kind"]), _args(e))) for e in events]

    def explain_news(self, back: int) -> list[str]:
        """What each card the ``back``-th newest line of the feed names does (0: the newest),
        in the tablet's language — public texts of public cards: a tap on the line shows
        them."""
        events = self._events
        if not 0 <= back < len(events):
            return []
        return explained(self.voice, cards_named(self.voice, [events[-1 - back]]))

    def waiting(self) -> list[str]:
        """What the table waits for, as the prompts say it — or the real deal, who has still
        to tell their phone, or what is still to be laid on the readers."""
        voice = self.voice
        dealing = self.service.dealing()
        if self.service.telling_deal():  # the steps themselves: deal_guide
            read = [voice.say(n.key, n.args) for n in dealing or ()]
            return [*self._prompted(), *read]
        if dealing is not None:
            intro = voice.text(f"ingest.deal.intro.{voice.game}")
            return [intro, *(voice.say(n.key, n.args) for n in dealing)]
        return self._prompted()

    def _prompted(self) -> list[str]:
        voice = self.voice
        return [
            voice.say(
                f"prompt.{voice.game}.{p.kind}",
                {**p.args, "seat": p.seats[0], "seats": list(p.seats)},
            )
            for p in self.service.pending()
            if p.seats
        ]

    def deal_guide(self) -> list[str]:
        """The real deal, step by step, for a table that deals by hand and tells the phones:
        who shuffles, what goes face down where — so that nobody sees a card they should not."""
        voice, options = self.voice, self.service.header.decoded_options()
        guide, counted = self.face.deal_guide(options, len(self.service.names))
        args: dict[str, JSON] = {**counted, "seat": 0}
        steps: list[str] = []
        for i in itertools.count(1):
            key = f"{guide}.{i}"
            if not has(voice.lang, key):
                return steps
            steps.append(voice.say(key, args))
        return steps

    def acting(self) -> Seat | None:
        return self.service.acting()

    def window_line(self) -> str | None:
        """The open response window, for the whole table: when it closes, or whom it waits
        for; ``None`` when none is open."""
        window, voice = self.service.window(), self.voice
        if window is None:
            return None
        if window.holding:
            return voice.say("tablet.window.holding", {"holding": list(window.holding)})
        if window.closes_in is None:
            return voice.text("tablet.window.waits")
        return voice.text("tablet.window.closes_in", seconds=math.ceil(window.closes_in))

    def choices(self, seat: Seat) -> list[Choice]:
        """What may be entered here for ``seat``: only from public facts (no hand, no identity).

        The screen asks at every redraw (:meth:`words`); the menu is worded once for each
        of the service's menus and each language."""
        menu = self.service.table_menu(seat)
        key = (seat, self.voice.lang)
        kept = self._choices.get(key)
        if kept is None or kept[0] is not menu:
            kept = self._choices[key] = (menu, self.describe_options(menu.actions))
        return list(kept[1])

    def describe_options(self, actions: Sequence[Action]) -> list[Choice]:
        """Actions as menu entries; look-alike copies of a card share one entry."""
        codec = self.service.spec.codec
        found: dict[tuple[str, ...], list[Action]] = {}
        for action in actions:
            found.setdefault(tuple(self.voice.action(codec.encode(action))), []).append(action)
        return [Choice(path, tuple(actions)) for path, actions in found.items()]

    def phone_only(self, seat: Seat) -> list[str]:
        """Families ``seat`` may choose now that only its phone may enter."""
        return [self.voice.render("act", f) for f in self.service.table_menu(seat).phone_only]

    def question(self) -> Question | None:
        """The open question the tablet asks (what a tapped card does), if any."""
        return self.service.question()

    def revealed(self) -> JSONObject:
        return self.service.revealed_view()

    def seal(self) -> str | None:
        """The fairness seal, in words, from the deal on: public, and worth noting down."""
        sealed = self.service.seal.fingerprint()
        return None if sealed is None else self.voice.text("tablet.seal", seal=sealed)

    def opened_seal(self) -> Opened | None:
        """The salt and the deal behind the seal, for checking it: only once the game is over."""
        return self.service.seal.opened()

    # --- what the host does -------------------------------------------------------------

    def submit(self, *actions: Action) -> bool:
        """Enter an action (the first of ``actions`` the rules accept).

        If none is accepted, the first refusal becomes an alert with its
        reason, and nothing has changed; so does a journal that cannot save it.
        """
        refused: RuleViolation | JournalError | None
        try:
            refused = self.service.submit_any(actions)
        except JournalError as err:
            refused = err
        if refused is not None:
            self._refused(refused)
        return refused is None

    def seat_message(self, seat: Seat) -> JSONObject:
        """What ``seat``'s phone would show now, in the tablet's language: for a private turn
        at the tablet, behind the hold, for a seat without its phone — its identity said
        in its secrets too, since the turn shows it open above them."""
        view = self.service.seat_view(seat)
        feed = history(self.voice, list(self._events))
        return view_message(view, self.voice, self.face, feed, veil=False)

    def act_for(self, seat: Seat, action: SeatAction) -> str | None:
        """An action of ``seat``'s own, taken in its private turn as its phone would send it;
        the refusal in words for that seat's eyes only (never a public alert: a refusal may
        say what only the seat knows), or ``None`` once accepted."""
        try:
            self.service.act(seat, action)
        except (RuleViolation, JournalError) as err:
            return self.voice.say(err.key, err.details)
        return None

    def _refused(self, err: RuleViolation | JournalError) -> None:
        kind = "journal" if isinstance(err, JournalError) else "violation"
        self._alert(Alert(kind, self.voice.say(err.key, err.details)))
        self._changed()

    def close_window(self) -> None:
        """The table closes the open window now, held or not: everyone still asked passes."""
        window = self.service.window()
        if window is not None:
            try:
                self.service.close_now(window.n)
            except (RuleViolation, JournalError) as err:
                self._refused(err)

    def to_undo(self) -> tuple[list[str], list[str]] | None:
        """What Undo would take back, for the table to confirm first: what happened, as the
        feed said it, and what to put back on the real table; ``None`` (and the reason in
        an alert) if nothing may be taken back."""
        try:
            events = self.service.to_undo()
        except (RuleViolation, JournalError) as err:
            self._refused(err)
            return None
        voice = self.voice
        said = [voice.event(str(e["kind"]), _args(e)) for e in events]
        back = [
            voice.say(key, _args(e))
            for e in events
            if has(voice.lang, key := f"undo.{voice.game}.{e['kind']}")
        ]
        return said, list(dict.fromkeys(back))

    def undo(self) -> None:
        try:
            self.service.undo()
        except (RuleViolation, JournalError) as err:
            self._refused(err)

    async def reseat(self, seat: Seat) -> None:
        """A new QR code for ``seat`` (its old token revoked), unless the journal cannot
        keep the new token: then an alert, and the old one still opens the seat."""
        try:
            await self.phones.reseat(seat)
        except JournalError as err:
            self._refused(err)
            return
        self._changed()

    async def admit(self, seat: Seat, label: str) -> None:
        await self.phones.admit(seat, label)
        self._changed()

    def tell(self, alert: Alert) -> None:
        """Something from beside the game the table must see (the voice cannot speak)."""
        self._alert(alert)
        self._changed()

    def dismiss(self) -> None:
        """The alerts tapped away — and the moment explained, the next one to explain."""
        self.alerts.clear()
        if self._lessons:
            self._lessons.popleft()
        self._hold()
        self._changed()

    def set_paused(self, paused: bool) -> None:
        """A paused table closes no window; on going on, the open one starts its time again."""
        self.paused = paused
        self._hold()
        self._changed()

    def _hold(self) -> None:
        """The window clock holds while the table is paused, or reads a lesson: a first
        game's group reading what a response window is must not see the window close
        meanwhile. Once they go on, the open window has its whole time again."""
        self.live.pause(self.paused or bool(self._lessons))

    def set_lang(self, lang: str) -> None:
        self.voice = self.voice.speaking(lang)
        self._changed()

    def answer(self, question: Question, action: Action) -> None:
        self.service.answer(question.id, action)

    def reconcile(self) -> tuple[int, str] | None:
        """The oldest open reconcile, in the tablet's language (its public notice only)."""
        open_ = self.service.reconciles()
        if not open_:
            return None
        public = open_[0].public
        return open_[0].id, self.voice.say(public.key, public.args)

    def read_again(self) -> None:
        """The record was mended (an undo, a hand audit): every contradicting card still
        lying on its reader is read again; one that still contradicts opens a new prompt."""
        for open_ in self.service.reconciles():
            self.service.retry(open_.id)
        self._changed()

    def dismiss_reconcile(self) -> None:
        """The table put the cards back where the record has them: forget those taps."""
        self.service.dismiss_reconciles()
        self._changed()

    # --- listening ------------------------------------------------------------------------

    def hear(self, status: SourceStatus) -> None:
        """Keep a source's news; a fault is said when the source comes to it (its first
        word included: a reader unplugged from the start), a warning whenever it says
        something new."""
        fault = status.state in (SourceState.RECONNECTING, SourceState.FAILED)
        warned = status.state is SourceState.CONNECTED and bool(status.reason)
        before = self.statuses.get(status.source)
        new_state = before is None or before.state != status.state
        new_reason = before is None or (before.reason, before.args) != (
            status.reason, status.args)  # fmt: skip
        if (fault and new_state) or (warned and new_reason):
            self._alert(Alert("reader", describe_status(self.voice.lang, status)))
        self.statuses[status.source] = status

    def _on_change(self, change: Change) -> None:
        """One event at the table: its public events, what the table must be told, one redraw."""
        voice = self.voice
        if change.status is not None:
            self.hear(change.status)
        prompt = None if change.reconcile is None else change.reconcile.public
        for notice in change.notices:  # a reconcile's words are the table screen's prompt
            if notice.seat is None and notice is not prompt:
                self._alert(Alert("reader", voice.say(notice.key, notice.args)))
        if change.update is not None:
            events = self.service.public_events(change.update)
            self._events.extend(events)
            self.heard += len(events)
            for alert in self.face.alerts(events, self.view(), voice):
                self._alert(alert)
            self._teach(events)
        self._changed()

    def _teach(self, events: Sequence[JSONObject], *, fresh: bool = True) -> None:
        """In a first game, each moment the table comes to for the first time — by an event
        every seat saw, or by what the table waits for — queued to be explained. A game
        resumed mid-way (not ``fresh``) counts its past moments explained, and explains
        only what the table waits for now."""
        if not self.service.header.policy.teach:
            return
        moments = self.service.spec.explained.moments
        past = [moments.events.get(str(e["kind"])) for e in events]
        if not fresh:
            self._taught.update(m for m in past if m is not None)
        pending = _objects(self.view()["pending"])
        came = past if fresh else []
        came += [moments.prompts.get(str(p["kind"])) for p in pending]
        for moment in came:
            if moment is not None and moment not in self._taught:
                self._taught.add(moment)
                self._lessons.append(moment)
        self._hold()

    def _lesson(self) -> tuple[Alert, ...]:
        """The moment explained now, as the alert the whole table reads first."""
        if not self._lessons:
            return ()
        voice, moments = self.voice, self.service.spec.explained.moments
        said = voice.text(moments.key(voice.game, self._lessons[0]))
        return (Alert("lesson", f"{voice.text('tablet.teach.title')}\n{said}"),)

    def _phones_changed(self) -> None:
        """A phone came or went; one that asks for a seat is an alert until it no longer asks."""
        asking = {
            (Seat(seat), phone.label)
            for seat in range(len(self.service.names))
            for phone in self.phones.phones_of(Seat(seat))
            if not phone.holds
        }
        for gone in set(self._asking) - asking:
            alert = self._asking.pop(gone)
            self.alerts = [a for a in self.alerts if a is not alert]
        for seat, label in sorted(asking - set(self._asking)):
            said = self.voice.text("tablet.alert.phone_asks", seat=self.names[seat], label=label)
            self._asking[(seat, label)] = alert = Alert("phone", said)
            self._alert(alert)
        self._changed()

    def _alert(self, alert: Alert) -> None:
        """Only the newest alert of a kind stays: an older one is what it replaced."""
        self.alerts = [a for a in self.alerts if a.kind != alert.kind]
        self.alerts.append(alert)

    def _changed(self) -> None:
        for listener in self._listeners:
            listener()
