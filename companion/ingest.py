"""From what the sensors feel to actions on the live table, and questions for the people.

Every observation goes through :meth:`Ingest.observe`, on the app's loop:

1. a source's status is kept for the faces (:attr:`Ingest.statuses`);
2. the place at the table it concerns is found from its source and zone
   (:attr:`Ingest.places`: a reader board's reader 3 watches seat 3, a
   camera's zone ``centre`` the centre);
3. a tag is recognised as a card of the deck — an unknown tag is reported and
   ignored, never guessed;
4. a card still lying where it was, or laid again within :data:`SETTLE_S`
   after it left with nothing committed meanwhile, counts once;
5. while the table waits for a game's deal and the game can be dealt by hand,
   the card is part of the real deal being read (``GameSpec.sensing.deal``); the
   deal is committed once every part of it was laid;
6. else the game says what the card means where it lies (``companion.core.taps``):
   a plan the rules already judged is committed as judged — its actions and the
   chance they cause in one transaction, published once; a card that allows
   several actions opens a :class:`Question` (on the tablet, or the acting seat's
   phone when the options show its hand); a card the record has elsewhere opens a
   :class:`Reconcile` — the record never changes behind anyone's back. A plan the
   rules refuse, or the journal cannot save (a full disk), is said, and changes nothing.

The result of each call is a :class:`Feedback` of plain values, with every
sentence as an i18n key and arguments, so the tablet and the phones say it in
their own language. A face must show a :class:`Notice` with a ``seat`` only on
that seat's phone: it may name a card the others must not see.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core import doubts, taps
from companion.core.actions import Action
from companion.core.dealing.told import LaidAside
from companion.core.errors import RuleViolation
from companion.core.taps import Ask, Contradiction, DealTaps, Nothing, Place, Plan, Station
from companion.core.types import JSON, CardId, Seat
from companion.journal_errors import JournalError
from companion.observations import (
    CardGone,
    Observation,
    SourceName,
    SourceStatus,
    TagPlaced,
    TagRemoved,
    Zone,
)
from companion.table import Table

SETTLE_S = 0.5
"""A tag read again this soon after it left the same reader never left (a shaky hand)."""

Recognise = Callable[[TagPlaced], CardId | None]
"""The card of the deck in play a tag is (``TagMap.recognise`` bound to a deck)."""
Spot = tuple[SourceName, Zone]
"""One reader of a source, or one zone a camera watches."""
Places = Mapping[Spot, Station]
"""The place at the table each spot watches."""


@dataclass(frozen=True)
class Notice:
    """A sentence for the table (``seat=None``) or for one seat's phone only."""

    key: str
    args: Mapping[str, JSON] = field(default_factory=dict)
    seat: Seat | None = None


@dataclass(frozen=True)
class Question:
    """``seat`` chooses what the tapped card does: one of ``options``.

    Asked on the tablet, or only on the seat's phone when ``private``. It lapses
    when anything else is committed first (``seq`` is the table's position).
    """

    id: int
    seat: Seat
    card: CardId
    options: tuple[Action, ...]
    private: bool
    seq: int


@dataclass(frozen=True)
class Reconcile:
    """A reader saw a card where the record does not have it.

    ``public`` is for the tablet and never names a hidden card; ``private``
    goes to ``seat``'s phone — or is ``None``: a hidden card nobody can safely be
    told of is named to nobody. Mend the record (a hand audit on a phone, an undo,
    manual entry) and :meth:`Ingest.retry`, or :meth:`Ingest.dismiss` the tap.
    """

    id: int
    spot: Spot
    card: CardId
    seat: Seat | None
    public: Notice
    private: Notice | None


@dataclass(frozen=True)
class Feedback:
    """What one observation or answer did, for the faces to show."""

    committed: tuple[Action, ...] = ()
    notices: tuple[Notice, ...] = ()
    question: Question | None = None
    reconcile: Reconcile | None = None
    status: SourceStatus | None = None


@dataclass
class _Lying:
    """What lies on one spot: a tag's UID, or a card a camera saw."""

    what: str
    seq: int
    """The table's position once its tap was handled."""
    left_at: float | None = None


class Ingest:
    """Turns one table's observations into actions; ``places`` says what each spot watches."""

    def __init__(
        self,
        table: Table,
        places: Places,
        recognise: Recognise,
        rng: random.Random | None = None,
        reads_deal: bool = True,
    ) -> None:
        self.table = table
        self.places = dict(places)
        self.reads_deal = reads_deal
        """Whether the deal is read off these readers (else it is told on the phones)."""
        self.recognise = recognise
        self._decide = table.spec.sensing.decide
        self._deals = table.spec.sensing.deal
        self._seen: Any = None
        """What the readers saw of the deal so far (the game's own value)."""
        self._rng = rng or random.SystemRandom()
        """Draws what the app draws of a deal read off the readers (the start player)."""
        self.statuses: dict[SourceName, SourceStatus] = {}
        self._questions: dict[int, Question] = {}
        self._reconciles: dict[int, Reconcile] = {}
        self._lying: dict[Spot, _Lying] = {}
        self._ids = itertools.count(1)

    @property
    def questions(self) -> list[Question]:
        """The questions still open (none lapses unseen: a lapsed one is dropped here)."""
        self._questions = {i: q for i, q in self._questions.items() if q.seq == self.table.seq}
        return list(self._questions.values())

    @property
    def reconciles(self) -> list[Reconcile]:
        return list(self._reconciles.values())

    def dealing(self) -> list[Notice] | None:
        """While the table waits for its real deal to be read: what is still to be laid."""
        deals = self._deals
        if deals is None or not self.reads_deal or not deals.waits(self.table.state):
            return None
        return [Notice(key, args) for key, args in deals.missing(self._seen_so_far(deals))]

    def observe(self, obs: Observation) -> Feedback:
        if isinstance(obs, SourceStatus):
            self.statuses[obs.source] = obs
            return Feedback(status=obs)
        spot = (obs.source, obs.zone)
        if isinstance(obs, TagRemoved | CardGone):
            here = self._lying.get(spot)
            if here is not None and here.what == (
                obs.uid if isinstance(obs, TagRemoved) else obs.card
            ):
                here.left_at = obs.at
            return Feedback()
        station = self.places.get(spot)
        if station is None:
            return Feedback(notices=(Notice("ingest.no_role", {"reader": _named(spot)}),))
        what = obs.uid if isinstance(obs, TagPlaced) else obs.card
        if self._lingers(spot, what, obs.at):
            return Feedback()
        card = self.recognise(obs) if isinstance(obs, TagPlaced) else obs.card
        if card is None:
            notice = Notice("ingest.unknown_tag", {"reader": _named(spot), "uid": what})
            return Feedback(notices=(notice,))
        feedback = self._tap(spot, station, card)
        self._lying[spot] = _Lying(what, self.table.seq)
        return feedback

    def answer(self, question: int, action: Action) -> Feedback:
        """The seat chose ``action`` for an open question; a refusal keeps it open."""
        asked = next((q for q in self.questions if q.id == question), None)
        if asked is None:
            return Feedback(notices=(Notice("ingest.question_lapsed"),))
        if action not in asked.options:
            return Feedback(notices=(Notice("ingest.not_an_option", seat=asked.seat),))
        feedback = self._submit(action)
        if feedback.committed:
            del self._questions[question]
        return feedback

    def retry(self, reconcile: int) -> Feedback:
        """Read the tap again against the record as it is now (after it was mended)."""
        open_ = self._reconciles.pop(reconcile, None)
        if open_ is None:
            return Feedback()
        return self._tap(open_.spot, self.places[open_.spot], open_.card)

    def dismiss(self, reconcile: int) -> None:
        """Forget a contradicting tap (the card went back where the record has it)."""
        self._reconciles.pop(reconcile, None)

    def _lingers(self, spot: Spot, what: str, at: float) -> bool:
        """Still lying there, or back so soon that nothing happened at the table meanwhile."""
        here = self._lying.get(spot)
        if here is None or here.what != what:
            return False
        if here.left_at is None:
            return True
        back_at_once = at - here.left_at < SETTLE_S and here.seq == self.table.seq
        here.left_at = None if back_at_once else here.left_at
        return back_at_once

    def _tap(self, spot: Spot, station: Station, card: CardId) -> Feedback:
        if self._deals is not None and self._deals.waits(self.table.state):
            if self.reads_deal:
                return self._deal_tap(self._deals, station, card)
            return self._aside_tap(self._deals, station, card)
        decision = self._decide(self.table.spec.apply, self.table.state, station, card)
        if not isinstance(decision, Plan | Ask):
            decision = self._by_word(station, card) or decision
        if isinstance(decision, Plan):
            return self._commit(decision)
        if isinstance(decision, Ask):
            asked = Question(next(self._ids), decision.seat, card, decision.options,
                             decision.private, self.table.seq)  # fmt: skip
            self._questions[asked.id] = asked
            return Feedback(question=asked)
        if isinstance(decision, Contradiction):
            found = self._reconcile(spot, card, decision)
            self._reconciles[found.id] = found
            return Feedback(reconcile=found)
        return Feedback(notices=_said(decision))

    def _by_word(self, station: Station, card: CardId) -> Plan | Ask | None:
        """A card a seat told the app it holds while the record has it elsewhere (its doubt,
        :mod:`companion.core.doubts`), laid now: read as that seat's word has the table —
        its own card, played — and its moves judged on the record, which settles the doubt.
        ``None`` where no word names the card, or the word's reading makes no move either."""
        apply, state = self.table.spec.apply, self.table.state
        for doubt in getattr(state, "doubts", ()):
            if doubt.told != card:
                continue
            reading = self._decide(apply, doubts.word_of(state, doubt.seat), station, card)
            if isinstance(reading, Ask):
                return reading
            if isinstance(reading, Plan):
                judged = taps.checked(apply, state, reading.actions)
                return judged if isinstance(judged, Plan) else None
        return None

    def _seen_so_far(self, deals: DealTaps) -> Any:
        if self._seen is None:
            self._seen = deals.start(self.table.state)
        return self._seen

    def _deal_tap(self, deals: DealTaps, station: Station, card: CardId) -> Feedback:
        """A card of the real deal: kept until the deal is whole, then the deal committed.

        A deal the rules refuse (two Freelancers where one belongs) is said, and what was
        read stays: the players lay the wrong card's replacement and the deal is read again.
        """
        seen = deals.see(self.table.state, self._seen_so_far(deals), station, card)
        if isinstance(seen, Nothing):
            return Feedback(notices=_said(seen))
        self._seen = seen
        if deals.missing(seen):
            return Feedback()
        feedback = self._submit(deals.deal(self.table.state, seen, self._rng))
        if feedback.committed:
            self._seen = None
        return feedback

    def _aside_tap(self, deals: DealTaps, station: Station, card: CardId) -> Feedback:
        """A card laid during a deal the players tell on their phones: only the card no
        player may see (on the centre reader) is the readers' to read."""
        if station.place is not Place.CENTRE or deals.unseen is None:
            told = f"ingest.deal.told_on_phones.{self.table.spec.key}"
            return Feedback(notices=(Notice(told),))
        seen = deals.see(self.table.state, deals.start(self.table.state), station, card)
        if isinstance(seen, Nothing):
            return Feedback(notices=_said(seen))
        return self._submit(LaidAside(card=card))

    def _commit(self, plan: Plan) -> Feedback:
        """A tap's plan, committed as one event (its chance with it), published once."""
        try:
            self.table.commit(plan)
        except (RuleViolation, JournalError) as err:  # the table moved, or could not save
            return Feedback(notices=(Notice(err.key, err.details),))
        return Feedback(plan.actions)

    def _submit(self, action: Action) -> Feedback:
        try:
            self.table.submit(action)
        except (RuleViolation, JournalError) as err:
            return Feedback(notices=(Notice(err.key, err.details),))
        return Feedback((action,))

    def _reconcile(self, spot: Spot, card: CardId, c: Contradiction) -> Reconcile:
        args: dict[str, JSON] = {"reader": _named(spot), "seat": c.seat}
        if c.public:
            public = Notice(f"ingest.reconcile.{c.where}", {**args, "card": card})
            return Reconcile(next(self._ids), spot, card, c.seat, public, None)
        if c.seat is None:  # hidden, and nobody may safely be told which card it is
            public = Notice("ingest.reconcile.unnamed", args)
            return Reconcile(next(self._ids), spot, card, None, public, None)
        public = Notice("ingest.reconcile.hidden", args)
        private = Notice(f"ingest.reconcile.{c.where}", {**args, "card": card}, c.seat)
        return Reconcile(next(self._ids), spot, card, c.seat, public, private)


def failed(obs: Observation) -> Notice:
    """What the table is told when handling ``obs`` went wrong: on which reader, never which
    card — the tag may be anyone's hidden card, and nothing was read of it for sure."""
    zone = "" if isinstance(obs, SourceStatus) else obs.zone
    return Notice("ingest.fault", {"reader": _named((obs.source, zone))})


def _named(spot: Spot) -> str:
    """A spot as a person reads it: the source's name, and its zone if it has several."""
    source, zone = spot
    return f"{source} {zone}" if zone else source


def _said(nothing: Nothing) -> tuple[Notice, ...]:
    return (Notice(nothing.key, nothing.args, nothing.seat),) if nothing.key else ()
