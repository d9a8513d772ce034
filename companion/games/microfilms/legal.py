"""Every action a seat may take now — for manual entry on the tablet, bots and tests.

Actions come in families (draw, bribe, claim, …), each listed lazily, so a
face can offer the families first and a random player need not build every
possible action to pick one. The rules never consult this list; a property
test checks that ``apply`` accepts what it contains.

A list goes to the seat's own phone, so it may depend only on what that seat
knows: when a draw is told rather than seen, ``tell_draw`` offers every card
the drawer could have drawn as far as they know, and the rules refuse one the
record puts elsewhere. A hand audit (``audit_hand``) states a fact, not a
choice, and is not listed; ``audit_faces`` says what it may name.

The tablet lists the families of a turn for every identity the seat might have, with
every card not face up as its hand: thousands of actions, nearly all naming a card the
table cannot see. So those families are :class:`~companion.core.legal.Sparing`, and what
a family works out alike for all its cards (its targets, the letters' places) is worked
out once.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from companion.core import copies, memo
from companion.core.actions import Action, Discard, Pass, TellDraw
from companion.core.legal import Families, Family, Moot, Sparing
from companion.core.phases import Discarding
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at
from companion.games.microfilms import cards, claims, letter
from companion.games.microfilms.actions import (
    AcceptBribe,
    Blackmail,
    Bribe,
    BuyOff,
    ClaimAgent,
    ClaimAssassin,
    ClaimInterpol,
    ClaimJournalist,
    ClaimManager,
    Draw,
    GiveIn,
    Interrogate,
    LetterPlace,
    Pile,
    RefuseBribe,
    Resist,
    Source,
    Steal,
    Withdraw,
)
from companion.games.microfilms.cards import ACE, Nation, Use
from companion.games.microfilms.options import AgentClaim
from companion.games.microfilms.rules import (
    ACE_FEE,
    BLACKMAIL_FRANCS,
    BUY_OFF_FRANCS,
    INTERROGATE_FRANCS,
    TURNS,
)
from companion.games.microfilms.state import (
    BlackmailDeclared,
    BribeOffered,
    Choosing,
    Drawing,
    State,
)


def _families(state: State, seat: Seat) -> dict[str, Family[State]]:
    if not TURNS.waits_for(state, seat):
        return {}
    return _BY_PHASE[type(state.phase)]


MOVES = Families(_families)
legal_actions = MOVES.actions


@memo.per_value(1024)
def _paying(hand: tuple[CardId, ...], use: Use) -> tuple[CardId, ...]:
    """The cards of ``hand`` that pay for ``use``: the tablet's hand (every card not face up)
    is asked again for each use, in each mask, at each redraw."""
    return tuple(c for c in hand if cards.pays_for(c, use))


def _others(state: State, seat: Seat) -> list[Seat]:
    return [s for s in state.in_game() if s != seat]


def _accept(state: State, seat: Seat) -> Iterator[Action]:
    yield AcceptBribe(seat=seat)


def _refuse(state: State, seat: Seat) -> Iterator[Action]:
    if state.player(seat).francs >= 1 or state.options.refuse_without_francs:
        yield RefuseBribe(seat=seat)


def _resist(state: State, seat: Seat) -> Iterator[Action]:
    for c in _paying(state.player(seat).hand, Use.RESIST):
        yield Resist(seat=seat, card=c)


def _buy_off(state: State, seat: Seat) -> Iterator[Action]:
    francs = state.player(seat).francs
    if francs >= BUY_OFF_FRANCS or (state.options.partial_buy_off and francs >= 1):
        yield BuyOff(seat=seat)


def _give_in(state: State, seat: Seat) -> Iterator[Action]:
    yield GiveIn(seat=seat)


def _discard(state: State, seat: Seat) -> Iterator[Action]:
    me = state.player(seat)
    for c in me.hand:
        if c != ACE or me.francs >= ACE_FEE:
            yield Discard(seat=seat, card=c)


def _tell_draw(state: State, seat: Seat) -> Iterator[Action]:
    """Any card that is not an identity, not in the drawer's hand, not face up."""
    seen = {*state.player(seat).hand, *state.discard}
    for c in cards.ALL:
        if not cards.is_identity(c.id) and c.id not in seen:
            yield TellDraw(seat=seat, card=c.id)


def _draw(state: State, seat: Seat) -> Iterator[Action]:
    if state.deck:
        yield Draw(seat=seat, source=Source.DECK)
    if state.discard:
        yield Draw(seat=seat, source=Source.DISCARD)


def _pass(state: State, seat: Seat) -> Iterator[Action]:
    yield Pass(seat=seat)


def _bribe(state: State, seat: Seat) -> Iterator[Action]:
    for t in _others(state, seat):
        for c in state.player(seat).hand:
            yield Bribe(seat=seat, target=t, card=c)


@Sparing
def _steal(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    others = _others(state, seat)
    for c in _paying(state.player(seat).hand, Use.STEAL):
        if not moot(c):
            yield from (Steal(seat=seat, target=t, card=c) for t in others)


@Sparing
def _withdraw(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    for c in _paying(state.player(seat).hand, Use.WITHDRAW):
        if not moot(c):
            yield Withdraw(seat=seat, card=c)


def _paid(
    use: Use, francs: int, make: Callable[[Seat, Seat, CardId | None], Action]
) -> Family[State]:
    """A family of acts on another seat, each paid with a card that pays for ``use`` or,
    card ``None``, with ``francs``."""

    def family(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
        me, others = state.player(seat), _others(state, seat)
        costs = (*_paying(me.hand, use), *((None,) if me.francs >= francs else ()))
        for c in costs:
            if c is None or not moot(c):
                yield from (make(seat, t, c) for t in others)

    return Sparing(family)


@Sparing
def _claim(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    if not claims.may_claim(state, seat):
        return
    me = state.player(seat)
    assert me.identity is not None
    kind = claims.claim_type_for(me.identity)
    others = _others(state, seat)
    films = [c for c in me.hand if cards.CARDS[c].kind is cards.Kind.MICROFILM]
    if kind is ClaimAgent:
        named = (None,) if state.options.agent_claim is AgentClaim.A else others
        asides = letter.candidates(state, seat)
        yield from (
            ClaimAgent(seat=seat, microfilm=m, named=t, aside=x)
            for m in films
            if not moot(m)
            for t in named
            for x in asides
            if x is None or not moot(x)
        )
    elif kind is ClaimJournalist:
        yield from (
            ClaimJournalist(seat=seat, named=t, microfilm=m)
            for m in films
            if not moot(m)
            for t in others
        )
    elif kind is ClaimAssassin:
        yield from (ClaimAssassin(seat=seat, named=t) for t in state.in_game())  # §7.3
    elif kind is ClaimInterpol:
        yield from (ClaimInterpol(seat=seat, named=t) for t in others)
    else:
        places = {x: _places(state, x) for x in (cards.letter(n) for n in Nation)}
        for x, y in itertools.combinations(places, 2):
            for a in places[x]:
                if moot(x) or moot(y):
                    break
                yield from (ClaimManager(seat=seat, letters=(a, b)) for b in places[y])


def _places(state: State, letter: CardId) -> list[LetterPlace]:
    """Everywhere a Manager may say ``letter`` is: with a seat in the game, or on a pile."""
    return [
        *(LetterPlace(letter=letter, seat=s) for s in state.in_game()),
        *(LetterPlace(letter=letter, pile=p) for p in Pile),
    ]


def audit_faces(state: State, seat: Seat) -> list[tuple[CardId, ...]]:
    """What ``seat`` could say it holds in a hand audit, face by face, its own cards first.

    Its own hand and every hand card not face up on the discard pile: all it knows.
    """
    hand = state.player(seat).hand
    rest = (c for c in cards.ALIKE if c not in hand and c not in state.discard)
    return copies.faces([*hand, *sorted(rest)], cards.ALIKE)


PHONE_ONLY = frozenset({"bribe", "tell_draw"})
"""Families whose choice only the acting seat may know (a card passed face down, a
card drawn unseen): never entered on the shared tablet, only on that seat's phone."""


def masks(state: State, seat: Seat) -> Iterator[State]:
    """The states the shared tablet cannot tell apart for ``seat``, to offer its actions.

    A seat's own legal list would show its hand and identity on the shared
    screen. So the table treats every card not face up as one the seat might
    hold, and every identity not shown as one it might have.
    """
    if not TURNS.waits_for(state, seat):
        return
    public = {*state.discard, *(p.identity for p in state.players if p.revealed)}
    maybe_hand = tuple(
        c.id for c in cards.ALL if not cards.is_identity(c.id) and c.id not in public
    )
    me = state.player(seat)
    identities = [me.identity] if me.revealed else [
        c.id for c in cards.ALL if cards.is_identity(c.id) and c.id not in public
    ]  # fmt: skip
    for identity in identities:
        yield evolve(
            state, players=evolve_at(state.players, seat, hand=maybe_hand, identity=identity)
        )


_BY_PHASE: dict[type, dict[str, Family[State]]] = {
    BribeOffered: {"accept_bribe": _accept, "refuse_bribe": _refuse},
    BlackmailDeclared: {"resist": _resist, "buy_off": _buy_off, "give_in": _give_in},
    Discarding: {"discard": _discard},
    Drawing: {"tell_draw": _tell_draw},
    Choosing: {
        "draw": _draw,
        "pass": _pass,
        "bribe": _bribe,
        "steal": _steal,
        "withdraw": _withdraw,
        "interrogate": _paid(
            Use.INTERROGATE,
            INTERROGATE_FRANCS,
            lambda s, t, c: Interrogate(seat=s, target=t, card=c),
        ),
        "blackmail": _paid(
            Use.BLACKMAIL, BLACKMAIL_FRANCS, lambda s, t, c: Blackmail(seat=s, target=t, card=c)
        ),
        "claim": _claim,
    },
}
