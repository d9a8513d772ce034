"""Setting up a game (digest §2): the table before the deal, the deal, its check.

The deal is a chance action. :func:`roll_deal` draws one the way the box says
(3 of 4 Agents, N−3 Freelancers, one letter out unseen, one action card each,
the rest shuffled into the deck); :func:`apply_deal` accepts any deal that
could have come out of the box, so a scenario can state an exact game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.domain import OptionDomain
from companion.core.errors import BadChance
from companion.core.outcome import Event, Secret
from companion.core.phases import Dealing
from companion.core.types import CardId, Seat
from companion.core.values import evolve
from companion.games.microfilms import cards
from companion.games.microfilms.actions import Deal
from companion.games.microfilms.cards import ACE, Kind
from companion.games.microfilms.options import Options
from companion.games.microfilms.state import Choosing, Player, State, Step

MIN_SEATS = 3
MAX_SEATS = 6
FRANCS = 30
"""Ten 1-franc and ten 2-franc chips (§1.1)."""

OPENING_FRANCS: dict[int, tuple[int, ...]] = {3: (3,), 4: (3, 4), 5: (4, 5), 6: (4, 5, 6)}
"""§2 step 10: which positions, counted clockwise from the start player (1), get 1 franc."""

DOMAIN = OptionDomain(Options)
"""Every option's every value deals any table the game seats: flags, choices, and the
night an Agent may first claim (§7.1) among the first three."""


def setup(names: Sequence[str], options: Options) -> State:
    """The table before the deal: everyone Suspicious, all francs in the bank."""
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise ValueError(f"Microfilms is for {MIN_SEATS} to {MAX_SEATS} players")
    return State(
        options=options, players=tuple(Player(name=n) for n in names), bank=FRANCS, phase=Dealing()
    )


def opening_seats(first: Seat, n: int) -> tuple[Seat, ...]:
    return tuple(Seat((first + pos - 1) % n) for pos in OPENING_FRANCS[n])


def roll_deal(state: State, rng: random.Random) -> Deal:
    n = len(state.players)
    agents = rng.sample(cards.AGENTS, 3)
    nations = [cards.CARDS[a].nation for a in agents]
    return Deal(
        first=Seat(rng.randrange(n)),
        identities=tuple(rng.sample([*agents, *rng.sample(cards.FREELANCERS, n - 3)], n)),
        letter_out=rng.choice([cards.letter(x) for x in nations if x is not None]),
        hands=tuple(rng.sample(cards.ACTIONS, n)),
    )


def deck_of(deal: Deal) -> tuple[CardId, ...]:
    """§2 step 8: the undealt action cards, the Ace, two letters and three Microfilms."""
    nations = {cards.CARDS[c].nation for c in deal.identities} - {None}
    objects = (Kind.MICROFILM, Kind.LETTER)
    in_play = {c.id for c in cards.ALL if c.nation in nations and c.kind in objects}
    rest = {*cards.ACTIONS, ACE, *in_play} - {*deal.hands, deal.letter_out}
    return tuple(sorted(rest))


def apply_deal(state: State, deal: Deal) -> Step:
    n = len(state.players)
    _check_deal(deal, n)
    deck = deck_of(deal)
    dealt = {*deal.identities, *deal.hands, *deck, deal.letter_out}
    removed = (*(c.id for c in cards.ALL if c.id not in dealt), deal.letter_out)
    opening = opening_seats(deal.first, n)
    players = tuple(
        evolve(p, identity=deal.identities[i], hand=(deal.hands[i],), francs=int(i in opening))
        for i, p in enumerate(state.players)
    )
    event = Event(
        "dealt",
        {"first": deal.first, "opening": list(opening)},
        secrets=tuple(
            Secret(Seat(i), "dealt", {"identity": deal.identities[i], "hand": [deal.hands[i]]})
            for i in range(n)
        ),
    )
    new = evolve(
        state,
        players=players,
        bank=state.bank - len(opening),
        deck=deck,
        removed=removed,
        lone=cards.CARDS[deal.letter_out].nation,
        letter_known=deal.letter_seen,
        active=deal.first,
        turn=1,
        phase=Choosing(),
    )
    return new, [event]


def _check_deal(deal: Deal, n: int) -> None:
    def bad(why: str) -> BadChance:
        """``why`` is for the developer reading a broken scenario; players see "deal"."""
        return BadChance(what="deal", detail=why)

    if not 0 <= deal.first < n:
        raise bad("first")
    known = cards.CARDS
    if any(c not in known for c in (*deal.identities, *deal.hands, deal.letter_out)):
        raise bad("unknown card")
    ids = deal.identities
    kinds = [known[c].kind for c in ids]
    if len(ids) != n or len(set(ids)) != n or kinds.count(Kind.AGENT) != 3:
        raise bad("identities: 3 Agents and N−3 Freelancers, one per seat")
    if kinds.count(Kind.FREELANCER) != n - 3:
        raise bad("identities: 3 Agents and N−3 Freelancers, one per seat")
    nations = [known[c].nation for c in ids if known[c].kind is Kind.AGENT]
    if deal.letter_out not in [cards.letter(x) for x in nations if x is not None]:
        raise bad("letter_out must be the letter of an Agent in play")
    if len(deal.hands) != n or len(set(deal.hands)) != n:
        raise bad("hands: one action card per seat")
    if any(known[c].kind is not Kind.ACTION for c in deal.hands):
        raise bad("hands: one action card per seat")
