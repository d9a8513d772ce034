"""What a card seen by a reader means: the values a game's tap rules return.

Each reader watches one place at the table (:class:`Station`): a seat's own
spot, the centre where cards are played, or the discard pile. A game says
what a card seen there means now (``decide(state, station, card)``) with one of
four answers: a :class:`Plan` of actions, an :class:`Ask` for the arguments a
card cannot carry, a :class:`Contradiction` between the table and the record,
or :class:`Nothing` to do. The answers are plain values; ``companion.ingest``
carries them out on the live table.

The helpers at the end are the steps every game's tap rules take alike, so the
games keep only what is their own: :func:`checked` (let the rules judge a plan
before it is offered), :func:`offer` (one choice is done, several are asked),
:func:`then` (a tap that means one action and then whatever the card means
after it — a draw, then the card it turned out to be) and :func:`any_copy`
(a card read as another copy of its face when the record mixed the two up).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from companion.core.actions import Action
from companion.core.codec import cards_of
from companion.core.copies import Alike
from companion.core.errors import RuleViolation
from companion.core.outcome import Outcome
from companion.core.rules import Staged, over
from companion.core.types import JSON, CardId, Seat
from companion.core.values import Frozen


class Place(enum.StrEnum):
    SEAT = "seat"
    CENTRE = "centre"
    DISCARD = "discard"


class Station(Frozen):
    """A reader's station at the table: the place it watches (a seat's own, the centre, the
    discard pile); ``seat`` for a seat's own reader."""

    place: Place
    seat: Seat | None = None
    seen: bool = False
    """Watched by a camera: it sees every face-up card lying there — one pushed across
    the table as well as one laid there on purpose — where a reader feels only a card
    laid on it."""

    @classmethod
    def parse(cls, text: str) -> Station:
        """``seat:2`` (1-based, as players count), ``centre`` or ``discard``."""
        place, _, number = text.partition(":")
        if place == Place.SEAT and number.isdigit() and int(number) >= 1:
            return cls(Place.SEAT, Seat(int(number) - 1))
        if place in (Place.CENTRE, Place.DISCARD) and not number:
            return cls(Place(place))
        raise ValueError(f"a reader's station is seat:N, centre or discard, not {text!r}")


Applied = tuple[Action, Outcome[Any]]
"""An action and what the rules made of it."""


class Plan(Frozen):
    """These actions, in order, as the rules judged them on ``base``: each with its outcome.

    A tap is judged once, before anything is committed, so a plan the rules refuse
    halfway never leaves half of itself on the table; and a plan judged on the state
    the table still holds is committed as it was judged, not applied again.
    """

    steps: tuple[Applied, ...]
    base: Any

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(action for action, _ in self.steps)


class Ask(Frozen):
    """The card starts one of ``options``; ``seat`` chooses. ``private`` questions go to
    that seat's phone only (their options show what only the seat knows)."""

    seat: Seat
    options: tuple[Action, ...]
    private: bool = False


class Contradiction(Frozen):
    """The card is not where the record has it. ``seat`` is whose hand is in question;
    ``public`` says whether the card lies face up (so the table may be told its name).
    A hidden card with no ``seat`` is named to nobody: no one could be told it without
    perhaps learning another's card."""

    seat: Seat | None
    public: bool
    where: str
    """What the record disagrees with (``hand``, ``hands``, ``identity``, ``deck``,
    ``discard``, ``intel``, ``transit``); i18n ``ingest.reconcile.*``."""


class Nothing(Frozen):
    """Nothing to do; ``key`` says why, for the seat alone when ``seat`` is set."""

    key: str = ""
    args: Mapping[str, JSON] = field(default_factory=dict)
    seat: Seat | None = None


Decision = Plan | Ask | Contradiction | Nothing

Top = Callable[[Sequence[CardId]], CardId]
"""Which of ``cards`` a deck gives next: the one on top (a shuffled deck, a script)."""
Laid = tuple[Station, CardId]
"""The reader's place and the card a player lays there."""


class DealTaps(Frozen):
    """How a game's real deal is read off the readers, for a game that can be dealt by hand.

    The players deal the real cards as the rulebook says and lay what each must
    show the app on a reader; nobody sees more than at a table without the app.
    ``seen`` is the game's own record of what was read so far: ``start(state)``
    makes an empty one, ``see(state, seen, station, card)`` takes a card in (or says
    with :class:`Nothing` why it has no place in the deal), ``missing(seen)`` says
    what is still to come as ``(key, args)`` sentences, and once nothing is
    missing ``deal(state, seen, rng)`` is the deal action, with what the app
    draws itself (the start player; 風聲's identities) drawn from ``rng``.

    The same record is filled from the players' words where the real cards were dealt
    with no reader (:mod:`companion.core.dealing.told`): ``size`` cards a seat says it was dealt,
    ``owes(seen, seat)`` whether the seat's part is still incomplete, and ``unseen(state,
    seen, rng)`` what no player may see nor any reader read — Microfilms' letter set
    aside — drawn by the app and marked as a guess it must not judge by.
    """

    waits: Callable[[Any], bool]
    """The state waits for its deal."""
    start: Callable[[Any], Any]
    see: Callable[[Any, Any, Station, CardId], Any]
    missing: Callable[[Any], list[tuple[str, dict[str, JSON]]]]
    deal: Callable[[Any, Any, random.Random], Action]
    laid: Callable[[Any], list[Laid]]
    """Where each card of a deal action is laid (for hands at an emulated table)."""
    size: int
    owes: Callable[[Any, Seat], bool]
    unseen: Callable[[Any, Any, random.Random], Any] | None = None


def names_card(action: Action, card: CardId) -> bool:
    """True if one of the action's card fields is ``card`` (what a tapped card can start)."""
    return card in cards_of(action)


S = TypeVar("S")
SS = TypeVar("SS", bound=Staged)
Apply = Callable[[S, Action], Outcome[S]]
"""A game's rules (``GameSpec.apply``): the next state, or a RuleViolation."""
Decide = Callable[[Apply[S], S, Station, CardId], Decision]
"""A game's tap rules: what ``card`` seen by the reader watching ``station`` means now, each
move it makes judged by ``apply`` — the game's whole rules (``GameSpec.apply``: a player's
word settled against the record too), so that a tap commits just what replaying its
actions from the journal makes."""
Lay = Callable[[S, Action, Top], Laid | None]
"""Where a card is laid to make an action at a table of readers; ``None`` if no card shows it."""


@dataclass(frozen=True)
class Sensing(Generic[S]):
    """What the sensors need of a game.

    ``boxes`` holds, per box preset, every physical card a sensor may see, in the
    order a registration asks for them; ``cards(options)`` every card one may see in a
    game played with ``options`` (a preset's, or, for a game whose box a group counts
    itself, the cards those counts make). ``decide`` is the game's tap rules, ``deal``
    how its real deal is read off the readers (``None``: the app deals it), and ``laid``
    the inverse of ``decide`` — where a card is laid to make a move — for hands at an
    emulated table.
    """

    boxes: Mapping[str, tuple[CardId, ...]]
    cards: Callable[[Any], tuple[CardId, ...]]
    decide: Decide[S]
    deal: DealTaps | None
    laid: Lay[S]


def by_place(
    known: Callable[[SS, CardId], bool],
    at_seat: Callable[[Apply[SS], SS, Seat, CardId], Decision],
    at_centre: Callable[[Apply[SS], SS, CardId], Decision],
    at_discard: Callable[[Apply[SS], SS, CardId], Decision],
    *,
    passing: Callable[[SS, CardId], bool] | None = None,
) -> Decide[SS]:
    """A game's tap rules from one rule for each place a card can lie.

    A card seen once the game is over, or one that is no card of this game's box (a
    card of another game on the table), means nothing and says why; any other is
    what the rule of its place makes of it. A card ``passing`` through the seats face up
    (風聲's text intelligence, in front of each player in turn) means nothing when a
    camera sees it in a seat's place: it arrives there whether or not it is received.
    """

    def decide(apply: Apply[SS], state: SS, station: Station, card: CardId) -> Decision:
        if over(state) is not None:
            return Nothing("ingest.game_over")
        if not known(state, card):
            return Nothing("ingest.not_this_game", {"card": card})
        if station.seen and station.place is Place.SEAT and passing and passing(state, card):
            return Nothing()
        if station.place is Place.SEAT:
            assert station.seat is not None
            return at_seat(apply, state, station.seat, card)
        if station.place is Place.CENTRE:
            return at_centre(apply, state, card)
        return at_discard(apply, state, card)

    return decide


def checked(
    apply: Apply[S], state: S, actions: Sequence[Action], seat: Seat | None = None
) -> Plan | Nothing:
    """The plan, if the rules take every step of it; else why not — for ``seat`` alone when
    the card is hidden (a draw), for the table when it lies face up."""
    base, steps = state, []
    try:
        for action in actions:
            outcome = apply(state, action)
            steps.append((action, outcome))
            state = outcome.state
    except RuleViolation as err:
        return Nothing(err.key, err.details, seat)
    return Plan(tuple(steps), base)


def offer(
    apply: Apply[S],
    state: S,
    seat: Seat,
    options: Sequence[Action],
    *,
    none: Nothing,
    private: bool = False,
) -> Decision:
    """What a card that can start any of ``options`` means: ``none`` when it starts nothing,
    the one option when there is one (as the rules judge it), else a question to ``seat``.

    ``private`` sends the question to the seat's phone alone (its options name a card the
    table must not see); a refusal of the one option is then said to the seat alone too.
    """
    if not options:
        return none
    if len(options) == 1:
        return checked(apply, state, options[:1], seat if private else None)
    return Ask(seat, tuple(options), private)


def then(
    apply: Apply[S],
    decide: Decide[S],
    state: S,
    station: Station,
    card: CardId,
    *,
    first: Action,
    seat: Seat | None = None,
) -> Decision:
    """``first``, and then what the same card on the same reader means once it is done.

    A card from the deck on a seat's reader is the draw and the card it turned out to
    be; when the rules knew the card without asking (the deck's last card), it simply
    lies in the hand after ``first``, and the tap is ``first`` alone. A question the card
    would raise after ``first`` cannot be asked before ``first`` is done: the tap is then
    ``first`` alone, and the card laid again asks it. A refusal or a contradiction leaves
    the table as it was (``seat`` alone hears a refusal: the card is hidden).
    """
    try:
        done = apply(state, first)
    except RuleViolation as err:
        return Nothing(err.key, err.details, seat)
    rest = decide(apply, done.state, station, card)
    if isinstance(rest, Plan):
        return Plan(((first, done), *rest.steps), state)
    if isinstance(rest, Ask) or (isinstance(rest, Nothing) and not rest.key):
        return Plan(((first, done),), state)
    return rest


def any_copy(decide: Decide[S], copies: Callable[[S], Alike]) -> Decide[S]:
    """``decide``, reading a card the record has elsewhere as another copy of its face.

    Copies read alike (two blood Interrogate/Blackmail cards, six black 密電 鎖定):
    a draw told by a phone records one copy, and the sticker the player really
    drew may be another. A card laid that contradicts the record is therefore
    read as each other copy of its face in turn, and the first reading that makes
    a move (or that the record simply agrees with) stands: the table is the same
    game either way. Otherwise the contradiction stands.
    """

    def read(apply: Apply[S], state: S, station: Station, card: CardId) -> Decision:
        decision = decide(apply, state, station, card)
        if not isinstance(decision, Contradiction):
            return decision
        for other in copies(state).get(card, (card,))[1:]:
            reading = decide(apply, state, station, other)
            if isinstance(reading, Plan | Ask) or reading == Nothing():
                return reading
        return decision

    return read
