"""The contract a game implements, so the table, the sensors and the faces need no game code.

A game is one :class:`GameSpec`: pure functions over an immutable state type,
and everything the rest of the app needs to know of it — its options, the
cards its box holds, what a card seen by a sensor means, how its real deal is
read, its bot, the table sizes it offers, how its sentences' arguments read,
and what each seat may not know. ``companion.games`` lists the games once;
nothing else in the app is keyed by a game.
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from companion.core import doubts, kinds
from companion.core.actions import Action, ActionCodec, TellDraw
from companion.core.audit import AuditHand
from companion.core.copies import Alike
from companion.core.dealing import told
from companion.core.domain import OptionDomain
from companion.core.explained import Explained
from companion.core.hearing import Told
from companion.core.kinds import Events, Kind
from companion.core.legal import Families
from companion.core.outcome import Event, GameOver, Outcome, Shown
from companion.core.prompts import Prompt
from companion.core.taps import Sensing
from companion.core.types import CardId, JSONObject, Seat
from companion.core.values import Frozen
from companion.core.words import Words
from companion.core.worlds import Secrecy

S = TypeVar("S")


class Bot(Protocol):
    """A seat the app plays itself (a demo's bot), from what that seat may know only."""

    def hear(self, public_events: Sequence[JSONObject]) -> None:
        """What the whole table saw happen, in order."""
        ...

    def choose(self, public: JSONObject, private: JSONObject, legal: Sequence[Action]) -> Action:
        """One of ``legal``, from the table's view and the seat's own."""
        ...


@dataclass(frozen=True)
class GameSpec(Generic[S]):
    """One game, whole.

    - ``setup(names, options)`` builds the state before the deal; the deal is a
      chance action like any other.
    - ``rules(state, action)`` returns an :class:`Outcome` or raises a
      :class:`~companion.core.errors.RuleViolation` (the state is immutable, so
      nothing changes on a refusal). Everything else applies actions through
      :meth:`apply`, which settles a player's word against the record first
      (:mod:`companion.core.doubts`): a told card or a hand audit is judged by what
      its speaker can see, and ``copies`` says which cards are the same face.
    - ``roll(state, rng)`` returns the chance action the state waits for, drawn
      from ``rng``, or ``None`` when no chance is pending.
    - ``pending(state)`` is what the table waits for from the players.
    - ``moves`` lists a seat's legal actions by family (:meth:`families`,
      :meth:`kinds`, :meth:`legal_actions`); these go to the seat's own phone.
      They, ``record_view`` and ``record_faces`` are of the record; a seat is given
      them of the table as its own word has it (:meth:`private_view`,
      :meth:`audit_faces`), so a card it named that the record has elsewhere
      looks to it as it said.
    - ``masks(state, seat)`` are the states the shared tablet cannot tell apart for
      ``seat`` (its hand and identity as anything they could be), from which
      :meth:`table_menu` offers what the tablet may enter for it; ``phone_only``
      names the families the tablet never offers (a choice only the seat may know).
    - ``public_view`` / :meth:`private_view` are the only way state leaves the core;
      ``revealed_view`` tells everything and is refused before the end.
    """

    key: str
    sizes: tuple[int, ...]
    """The table sizes a new game offers."""
    demo_sizes: tuple[int, ...]
    """The table sizes ``companion demo`` plays (the ones a first game is best at)."""
    codec: ActionCodec
    options: OptionDomain
    """The game's options: a frozen dataclass of every INFERRED or UNKNOWN rule, defaulted,
    and the values each may take (:mod:`companion.core.domain`)."""
    setup: Callable[[Sequence[str], Any], S]
    rules: Callable[[S, Action], Outcome[S]]
    roll: Callable[[S, random.Random], Action | None]
    pending: Callable[[S], tuple[Prompt, ...]]
    moves: Families[S]
    masks: Callable[[S, Seat], Iterable[S]]
    phone_only: frozenset[str]
    record_faces: Callable[[S, Seat], Sequence[tuple[CardId, ...]]]
    """What a seat may name in a hand audit, from what it knows: each face as the copies
    it could mean, its own cards first."""
    copies: Callable[[S], Alike]
    """The game's cards grouped by face, as the state's box has them."""
    over: Callable[[S], GameOver | None]
    endings: type[enum.StrEnum]
    """Every way the game can end (``GameOver.reason``), each named for its rule; and
    besides, in every game, the table stopping it (:class:`~companion.core.outcome.Stopped`)."""
    public_view: Callable[[S], JSONObject]
    record_view: Callable[[S, Seat], JSONObject]
    revealed_view: Callable[[S], JSONObject]
    sensing: Sensing[S]
    bot: Callable[[Seat, random.Random], Bot]
    """A player for one seat that sees only what that seat sees."""
    words: Words
    """How this game's own sentence arguments read (beyond :data:`companion.core.words.COMMON`)."""
    secrecy: Secrecy[S]
    events: Events
    """Every kind of event the game makes (beyond :data:`companion.core.kinds.CORE`), and
    what the app knows of each: its one table (:mod:`companion.core.kinds`)."""
    explained: Explained
    """Which kind of card each card is, for the text that explains it to a player, and the
    game in two minutes (its ``howto``)."""
    aimed: Callable[[S], frozenset[Seat]] = lambda state: frozenset()
    """The seats what the open round answers is aimed at, by public facts (the target of the
    card on top of 風聲's stack, the seat an intelligence reaches): a seat that stands aside
    but for those is asked in them (:mod:`companion.core.standing`)."""
    headings: Mapping[str, str] = field(default_factory=dict)
    """Actions a menu offers under another's name (``act.<heading>``), because their own
    says what the seat is: Microfilms' claims, one for each identity, all under "Claim
    victory" — a glance at a phone's first buttons reads no identity."""
    open_headings: Callable[[S, Seat], frozenset[str]] = lambda state, seat: frozenset()
    """The ``headings`` a seat's menu shows now by public facts alone, whether or not the
    seat has an action under them (then it is told why not): that a heading stands must
    not say what the seat is either (Microfilms: "Claim victory" on every turn a Clean
    player chooses, whoever they are — and a Suspicious one's, where an Agent may claim
    so)."""
    rematch: Callable[[S], Any] | None = None
    """The options of the next game at this table, by this finished one, where the rules
    carry something over (暗火线: whoever fired the last shot starts); ``None``: the same."""
    amend: Callable[[S, Action], S] | None = None
    """The record put right before an action is judged, where it held a guess of the app's
    that the action shows wrong (Microfilms' letter set aside at a deal no reader saw)."""

    @property
    def options_type(self) -> type[Any]:
        return self.options.type

    @property
    def min_seats(self) -> int:
        return min(self.sizes)

    @property
    def max_seats(self) -> int:
        return max(self.sizes)

    def apply(self, state: S, action: Action) -> Outcome[S]:
        """The rules applied to ``action``, a player's word settled against the record."""
        now: Any = state if self.amend is None else self.amend(state, action)
        if isinstance(action, told.TellDealt):
            return told.tell(self.sensing.deal, self.copies(now), now, action)
        if isinstance(action, told.Redeal):
            return told.redeal(self.sensing.deal, now, action)
        if isinstance(action, told.LaidAside):
            return told.laid_aside(self.sensing.deal, now, action)
        if isinstance(action, AuditHand):
            return doubts.audited(self.rules, self.secrecy.hidden, self.copies(now), now, action)
        if isinstance(action, TellDraw):
            return doubts.told(self.rules, self.secrecy.hidden, self.copies(now), now, action)
        if not now.doubts:
            return self.rules(now, action)
        return doubts.settled(self.rules, self.secrecy.hidden, now, action)

    def from_words(self, state: S, rng: random.Random, *, guess: bool) -> Action | None:
        """The deal the seats' words make, once all have told (:mod:`companion.core.dealing.told`);
        what no player may see is read off the centre reader, or the app may ``guess`` it."""
        taps = self.sensing.deal
        if taps is None:
            return None
        return told.from_words(taps, self.copies(state), self.apply, state, rng, guess=guess)

    def kind(self, name: str) -> Kind:
        """The declared kind of event ``name``; one nobody declared is taken to show all."""
        return self.every_event.get(name) or kinds.UNDECLARED

    def showing(self, kind: str) -> Shown:
        """What an event of ``kind`` may show."""
        return self.kind(kind).shown

    @functools.cached_property
    def every_event(self) -> kinds.Events:
        """The game's kinds of event and those every game makes (:data:`kinds.CORE`)."""
        return {**kinds.CORE, **self.events}

    @functools.cached_property
    def checks(self) -> frozenset[str]:
        """The kinds of event in which a seat (``seat``) looks in secret at another
        (``target``): an interrogation, a search warrant, a probe — who checked whom."""
        return frozenset(name for name, kind in self.every_event.items() if kind.check)

    @functools.cached_property
    def spoken(self) -> frozenset[str]:
        """The kinds of event the table's voice reads out (a turn, a night, an ending)."""
        return frozenset(name for name, kind in self.every_event.items() if kind.spoken)

    @functools.cached_property
    def told(self) -> Told:
        """Each kind of event that tells a seat a secret, and whom it tells what."""
        return kinds.told(self.every_event)

    @functools.cached_property
    def looks(self) -> frozenset[str]:
        """The kinds of secret that were a look at what someone hid: the story marks each."""
        return kinds.looks(self.every_event)

    def undoable(self, events: Iterable[Event]) -> bool:
        """Whether the action that made ``events`` may be taken back: none shows anything."""
        return all(self.showing(e.kind) is Shown.NOTHING for e in events)

    def private_view(self, state: S, seat: Seat) -> JSONObject:
        """What ``seat``'s phone shows: the table as its word has it, its own secrets."""
        return self.record_view(_word(state, seat), seat)

    def audit_faces(self, state: S, seat: Seat) -> Sequence[tuple[CardId, ...]]:
        return self.record_faces(_word(state, seat), seat)

    def families(self, state: S, seat: Seat) -> tuple[str, ...]:
        """The kinds of action ``seat`` may take now (``draw``, ``bribe``…), each with one."""
        return self.moves.open(_word(state, seat), seat)

    def kinds(self, state: S, seat: Seat) -> tuple[str, ...]:
        """Every family of the moment, open or not, without building an action (random play)."""
        return self.moves.kinds(_word(state, seat), seat)

    def legal_actions(self, state: S, seat: Seat, family: str | None = None) -> list[Action]:
        """Every action ``seat`` may take now, or only those of one ``family``."""
        return self.moves.actions(_word(state, seat), seat, family)

    def table_menu(self, state: S, seat: Seat) -> TableMenu:
        """What the shared tablet offers for ``seat``, from public facts only: the actions it
        may enter, and the kinds of action it says only the seat's phone may enter — what
        the seat could do as far as the table knows."""
        masks: list[Any] = list(self.masks(state, seat))
        if not masks:
            return TableMenu((), ())
        others = (Seat(s) for s in range(len(masks[0].players)) if s != seat)
        unseen = frozenset[CardId]().union(
            *(self.secrecy.hidden(masks[0], s).out_of_sight() for s in others)
        )
        actions, phone = self.moves.menu(masks, seat, self.phone_only, unseen)
        return TableMenu(tuple(actions), tuple(phone))


def _word(state: S, seat: Seat) -> S:
    now: Any = state
    return doubts.word_of(now, seat) if now.doubts else state


class TableMenu(Frozen):
    """The tablet's menu for one seat (:meth:`GameSpec.table_menu`)."""

    actions: tuple[Action, ...]
    phone_only: tuple[str, ...]
