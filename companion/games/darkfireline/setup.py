"""Setting up a game (digest §2): the table before the deal, the deal, its check.

The deal is a chance action. :func:`roll_deal` draws one as the box is dealt
(an identity card each from the mix, three game cards each, the rest the deck,
a random first player); :func:`apply_deal` accepts any deal that could have come
out of the box, so a scenario can state an exact game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from companion.core.dealing import deal
from companion.core.dealing.by_hand import hands_dealt
from companion.core.dealing.deal import Deal
from companion.core.domain import OptionDomain, Problem
from companion.core.errors import BadChance
from companion.core.outcome import Event
from companion.core.phases import Dealing
from companion.core.types import JSON, CardId, Seat
from companion.core.values import evolve
from companion.games.darkfireline import flow
from companion.games.darkfireline.cards import IDENTITY, Role
from companion.games.darkfireline.options import DEFAULT_DECK_SERUMS, DEFAULT_MIXES, Mix, Options
from companion.games.darkfireline.state import HEALTH, Player, State

MIN_SEATS = 4
MAX_SEATS = 10
HAND = 3
"""§2 step 5: three game cards each."""


def mix_for(options: Options, players: int) -> Mix:
    """The identity cards to deal: the option's mix, or the default for the size (§2); the
    setup refused a mix that cannot deal (:data:`DOMAIN`)."""
    return options.identities or DEFAULT_MIXES[players]


def box(options: Options, players: int) -> tuple[CardId, ...]:
    """Every game card of this table's deck before the deal, sorted."""
    return options.box.cards(deck_serums(options, players))


def deck_serums(options: Options, players: int) -> int:
    """§1.2, §2 step 2: the serums shuffled into this table's deck."""
    serums = options.deck_serums
    return DEFAULT_DECK_SERUMS[players] if serums is None else serums


def serums_needed(options: Options, players: int) -> int:
    """§1.2, §2: the serums a table takes from the box — four face up in front of each
    player as health, and the deck's."""
    return HEALTH * players + deck_serums(options, players)


def seen(options: Options) -> tuple[CardId, ...]:
    """Every card a sensor may see in a game with ``options``, whatever its table size:
    the box with as many serums as the largest table shuffles in (a superset for a smaller
    table with the default serums; the rules know the exact deck, §2 step 2)."""
    return box(options, MAX_SEATS)


def problems(options: Options, players: int) -> list[Problem]:
    """§2: a mix that does not give each player one identity, or leaves a side empty (a side
    of none has lost); a box too small to deal every player their first hand, or holding
    too few serums for the health laid out and the deck."""
    found = []
    mix = options.identities or DEFAULT_MIXES.get(players)
    total = 0 if mix is None else mix.total
    if mix is None or total != players:
        found.append(Problem("option.darkfireline.identities.wrong_total",
                             {"total": total, "seats": players}))  # fmt: skip
    elif min(mix.swat, mix.citizen, mix.terrorist) < 1:
        found.append(Problem("option.darkfireline.identities.side_missing"))
    cards, needed = len(box(options, players)), HAND * players
    if cards < needed:
        found.append(Problem("option.darkfireline.box.too_few", {"cards": cards, "needed": needed}))
    held, serums = options.box_serums, serums_needed(options, players)
    if held is not None and held < serums:
        deck = deck_serums(options, players)
        args: dict[str, JSON] = {"held": held, "needed": serums, "deck": deck}
        found.append(Problem("option.darkfireline.box_serums.too_few", args))
    if options.starter is not None and not 0 <= options.starter < players:
        found.append(Problem("option.darkfireline.starter.missing", {"seats": players}))
    return found


DOMAIN = OptionDomain(
    Options,
    defaults={
        "identities": DEFAULT_MIXES.get,
        "deck_serums": DEFAULT_DECK_SERUMS.get,
        "box_serums": lambda seats: serums_needed(Options(), seats),  # what this table needs
    },
    own_choices={"starter": lambda seats: [None, *range(seats)]},
    counted=frozenset({"box", "identities", "deck_serums", "box_serums"}),
    check=problems,
)
"""§2: the digest's mix and the guessed serums for this many players; the box, the mix and
the serums counted one by one."""


def identity_cards(mix: Mix) -> list[CardId]:
    return [
        *[IDENTITY[Role.SWAT]] * mix.swat,
        *[IDENTITY[Role.CITIZEN]] * mix.citizen,
        *[IDENTITY[Role.TERRORIST]] * mix.terrorist,
    ]


def setup(names: Sequence[str], options: Options) -> State:
    """The table before the deal; refuses a seat count, a mix or a box that cannot deal."""
    n = len(names)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise ValueError(f"暗火线 is for {MIN_SEATS} to {MAX_SEATS} players")
    DOMAIN.refuse_unfit(options, n)
    return State(
        options=options, players=tuple(Player(name=name) for name in names), phase=Dealing()
    )


def roll_deal(state: State, rng: random.Random) -> Deal:
    """The deal as the box gives it; the seat the table chose starts, if it chose one."""
    n = len(state.players)
    dealt = deal.roll(identity_cards(mix_for(state.options, n)), box(state.options, n), HAND, rng)
    starter = state.options.starter
    return dealt if starter is None else evolve(dealt, first=Seat(starter))


def apply_deal(state: State, given: Deal) -> tuple[State, list[Event]]:
    n = len(state.players)
    cards = box(state.options, n)
    deal.check(given, identity_cards(mix_for(state.options, n)), cards, HAND)
    starter = state.options.starter
    if starter is not None and given.first != starter:
        raise BadChance(what="deal", detail=f"first: the table chose seat {starter}")
    events = [deal.dealt(given)]
    state = evolve(state, players=deal.seated(state.players, given), deck=deal.deck(cards, given))
    return flow.begin_turn(state, given.first, events), events


def _deck_at_deal(state: State) -> tuple[CardId, ...]:
    return box(state.options, len(state.players))


DEAL = hands_dealt(HAND, _deck_at_deal, roll_deal)
"""§2 steps 4–5, dealt by hand: three game cards to each player, laid on their own reader or
told on their phone; the identity cards stay in the box and the app deals the identities
(:mod:`companion.core.dealing.by_hand`)."""


def rematch(state: State) -> Options:
    """The options of the next game at this table, by this finished one (§2 step 6):
    whoever fired the last shot starts it; with no shot fired, the same as this game's."""
    shooters = (e.args["seat"] for e in reversed(state.history) if e.kind == "shot")
    shooter = next((s for s in shooters if isinstance(s, int)), state.options.starter)
    return replace(state.options, starter=shooter)
