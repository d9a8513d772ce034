"""Setting up a game (digest §2): the table before the deal, the deal, its check.

The deal is a chance action. :func:`roll_deal` draws one as the box is dealt
(one identity card each from the mix, three game cards each, the rest the
deck, a random start player); :func:`apply_deal` accepts any deal that could
have come out of the box, so a scenario can state an exact game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.dealing import deal
from companion.core.dealing.deal import Deal
from companion.core.domain import OptionDomain, Problem
from companion.core.outcome import Event
from companion.core.phases import Dealing
from companion.core.types import JSON, CardId
from companion.core.values import evolve
from companion.games.themessage import cards
from companion.games.themessage.cards import IDENTITY, IDENTITY_COPIES, Camp
from companion.games.themessage.options import (
    DEFAULT_MIXES,
    PRINTED_MIXES,
    TWO_CAMP_MIXES,
    Mix,
    Options,
)
from companion.games.themessage.state import Acting, Moment, Player, State

MIN_SEATS = 3
MAX_SEATS = 9
HAND = 3
"""§2 step 3: three game cards each."""


def mix_for(options: Options, players: int) -> Mix:
    """The identity cards to deal: the option's mix, or the green-free default (§2)."""
    return options.identities or DEFAULT_MIXES[players]


def problems(options: Options, players: int) -> list[Problem]:
    """§2: a table size with no mix without green needs one chosen; a mix must deal one of
    the three copies of a camp's card to each player, and seat red and blue both."""
    mix = options.identities or DEFAULT_MIXES.get(players)
    if mix is None:
        return [Problem("option.themessage.identities.none_without_green", {"seats": players})]
    counts = (mix.red, mix.blue, mix.green)
    if sum(counts) != players or min(counts) < 0 or max(counts) > IDENTITY_COPIES:
        args: dict[str, JSON] = {"seats": players, "copies": IDENTITY_COPIES}
        return [Problem("option.themessage.identities.wrong_total", args)]
    if mix.red < 1 or mix.blue < 1:
        return [Problem("option.themessage.identities.camp_missing")]
    return []


def identity_choices(players: int) -> list[Mix | None]:
    """The identity mixes for a table: the green-free default first, the other two-camp
    mix of an odd table, then the box's printed ones."""
    printed: list[Mix | None] = [*TWO_CAMP_MIXES.get(players, ()), *PRINTED_MIXES.get(players, ())]
    return [None, *printed] if players in DEFAULT_MIXES else printed


DOMAIN = OptionDomain(
    Options,
    own_choices={
        "identities": identity_choices,
        "probe_plus_draws": lambda seats: [1, 2],
        "hand_limit": lambda seats: [0, 3, 5, 7],
    },
    check=problems,
)
"""§2 and the options the digest marks INFERRED: every value the new-game screen offers."""


def identity_cards(mix: Mix) -> list[CardId]:
    return [
        *[IDENTITY[Camp.RED]] * mix.red,
        *[IDENTITY[Camp.BLUE]] * mix.blue,
        *[IDENTITY[Camp.GREEN]] * mix.green,
    ]


def setup(names: Sequence[str], options: Options) -> State:
    """The table before the deal; refuses a seat count or identity mix the box cannot deal."""
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise ValueError(f"風聲 is for {MIN_SEATS} to {MAX_SEATS} players")
    DOMAIN.refuse_unfit(options, len(names))
    return State(options=options, players=tuple(Player(name=n) for n in names), phase=Dealing())


def roll_deal(state: State, rng: random.Random) -> Deal:
    ids = identity_cards(mix_for(state.options, len(state.players)))
    return deal.roll(ids, cards.DECKS[state.options.deck], HAND, rng)


def apply_deal(state: State, given: Deal) -> tuple[State, list[Event]]:
    box = cards.DECKS[state.options.deck]
    deal.check(given, identity_cards(mix_for(state.options, len(state.players))), box, HAND)
    new = evolve(
        state,
        players=deal.seated(state.players, given),
        deck=deal.deck(box, given),
        active=given.first,
        last_user=given.first,
        turn=1,
        moment=Moment.TURN_START,
        phase=Acting(),
    )
    began = Event("turn_began", {"seat": given.first, "turn": 1})
    return new, [deal.dealt(given), began]
