"""Setting up a game (digest §2): the table before the deal, the deal, its check.

The deal is a chance action. :func:`roll_deal` draws one as the box is dealt
(one identity card each from the mix, three game cards each, the rest the
deck, a random start player); :func:`apply_deal` accepts any deal that could
have come out of the box, so a scenario can state an exact game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from companion.core.errors import BadChance
from companion.core.outcome import Event, Secret
from companion.core.types import CardId, Seat
from companion.core.values import evolve
from companion.games.themessage import cards
from companion.games.themessage.actions import Deal
from companion.games.themessage.cards import IDENTITY, IDENTITY_COPIES, Camp
from companion.games.themessage.options import DEFAULT_MIXES, Mix, Options
from companion.games.themessage.state import Acting, Moment, Player, State

MIN_SEATS = 3
MAX_SEATS = 9
HAND = 3
"""§2 step 3: three game cards each."""


def mix_for(options: Options, players: int) -> Mix:
    """The identity cards to deal: the option's mix, or the green-free default (§2)."""
    mix = options.identities or DEFAULT_MIXES.get(players)
    if mix is None:
        raise ValueError(
            f"no identity mix without green for {players} players: set one in the options"
        )
    counts = (mix.red, mix.blue, mix.green)
    if sum(counts) != players or min(counts) < 0 or max(counts) > IDENTITY_COPIES:
        raise ValueError(f"the mix must deal one of the 3 copies per camp to each of {players}")
    if mix.red < 1 or mix.blue < 1:
        raise ValueError("the mix needs at least one red and one blue identity")
    return mix


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
    mix_for(options, len(names))
    return State(options=options, players=tuple(Player(name=n) for n in names))


def roll_deal(state: State, rng: random.Random) -> Deal:
    n = len(state.players)
    ids = identity_cards(mix_for(state.options, n))
    rng.shuffle(ids)
    dealt = rng.sample(cards.DECKS[state.options.deck], HAND * n)
    return Deal(
        first=Seat(rng.randrange(n)),
        identities=tuple(ids),
        hands=tuple(tuple(dealt[i * HAND : (i + 1) * HAND]) for i in range(n)),
    )


def apply_deal(state: State, deal: Deal) -> tuple[State, list[Event]]:
    n = len(state.players)
    _check_deal(state, deal, n)
    in_hands = {c for hand in deal.hands for c in hand}
    deck = tuple(c for c in cards.DECKS[state.options.deck] if c not in in_hands)
    players = tuple(
        evolve(p, identity=deal.identities[i], hand=deal.hands[i])
        for i, p in enumerate(state.players)
    )
    event = Event(
        "dealt",
        {"first": deal.first},
        secrets=tuple(
            Secret(Seat(i), "dealt", {"identity": deal.identities[i], "hand": list(deal.hands[i])})
            for i in range(n)
        ),
    )
    new = evolve(
        state,
        players=players,
        deck=deck,
        active=deal.first,
        last_user=deal.first,
        turn=1,
        moment=Moment.TURN_START,
        phase=Acting(),
    )
    began = Event("turn_began", {"seat": deal.first, "turn": 1})
    return new, [event, began]


def _check_deal(state: State, deal: Deal, n: int) -> None:
    def bad(why: str) -> BadChance:
        """``why`` is for the developer reading a broken scenario; players see "deal"."""
        return BadChance(what="deal", detail=why)

    if not 0 <= deal.first < n:
        raise bad("first")
    if Counter(deal.identities) != Counter(identity_cards(mix_for(state.options, n))):
        raise bad("identities: one per seat, as the mix says")
    if len(deal.hands) != n or any(len(h) != HAND for h in deal.hands):
        raise bad("hands: three cards per seat")
    dealt = [c for hand in deal.hands for c in hand]
    box = set(cards.DECKS[state.options.deck])
    if len(set(dealt)) != len(dealt) or not set(dealt) <= box:
        raise bad("hands: distinct cards of the box")
