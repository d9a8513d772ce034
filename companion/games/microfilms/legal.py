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
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from companion.core import copies
from companion.core.actions import Action, Discard, Pass, TellDraw
from companion.core.legal import Families, Family
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
    acting,
)
from companion.games.microfilms.state import (
    BlackmailDeclared,
    BribeOffered,
    Choosing,
    Drawing,
    State,
)


def _families(state: State, seat: Seat) -> dict[str, Family[State]]:
    if seat not in acting(state):
        return {}
    return _BY_PHASE[type(state.phase)]


MOVES = Families(_families)
legal_actions = MOVES.actions


def _paying(hand: tuple[CardId, ...], use: Use) -> list[CardId]:
    return [c for c in hand if cards.pays_for(c, use)]


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


def _steal(state: State, seat: Seat) -> Iterator[Action]:
    for c in _paying(state.player(seat).hand, Use.STEAL):
        for t in _others(state, seat):
            yield Steal(seat=seat, target=t, card=c)


def _withdraw(state: State, seat: Seat) -> Iterator[Action]:
    for c in _paying(state.player(seat).hand, Use.WITHDRAW):
        yield Withdraw(seat=seat, card=c)


def _costs(state: State, seat: Seat, use: Use, francs: int) -> list[CardId | None]:
    """A card that pays for ``use``, or ``None`` for paying ``francs`` instead."""
    me = state.player(seat)
    return [*_paying(me.hand, use), *([None] if me.francs >= francs else [])]


def _interrogate(state: State, seat: Seat) -> Iterator[Action]:
    for c in _costs(state, seat, Use.INTERROGATE, INTERROGATE_FRANCS):
        for t in _others(state, seat):
            yield Interrogate(seat=seat, target=t, card=c)


def _blackmail(state: State, seat: Seat) -> Iterator[Action]:
    for c in _costs(state, seat, Use.BLACKMAIL, BLACKMAIL_FRANCS):
        for t in _others(state, seat):
            yield Blackmail(seat=seat, target=t, card=c)


def _claim(state: State, seat: Seat) -> Iterator[Action]:
    if not claims.may_claim(state, seat):
        return
    me = state.player(seat)
    assert me.identity is not None
    kind = claims.claim_type_for(me.identity)
    others = _others(state, seat)
    films = [c for c in me.hand if cards.CARDS[c].kind is cards.Kind.MICROFILM]
    if kind is ClaimAgent:
        named = (None,) if state.options.agent_claim is AgentClaim.A else others
        yield from (
            ClaimAgent(seat=seat, microfilm=m, named=t, aside=x)
            for m in films
            for t in named
            for x in letter.candidates(state, seat)
        )
    elif kind is ClaimJournalist:
        yield from (ClaimJournalist(seat=seat, named=t, microfilm=m) for m in films for t in others)
    elif kind is ClaimAssassin:
        yield from (ClaimAssassin(seat=seat, named=t) for t in state.in_game())  # §7.3
    elif kind is ClaimInterpol:
        yield from (ClaimInterpol(seat=seat, named=t) for t in others)
    else:
        for x, y in itertools.combinations([cards.letter(n) for n in Nation], 2):
            for a in _places(state, x):
                yield from (ClaimManager(seat=seat, letters=(a, b)) for b in _places(state, y))


def _places(state: State, letter: CardId) -> list[LetterPlace]:
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
    if seat not in acting(state):
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
        "interrogate": _interrogate,
        "blackmail": _blackmail,
        "claim": _claim,
    },
}
