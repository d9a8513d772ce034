"""Every action a seat may take now — for manual entry on the tablet, bots and tests.

The rules never consult this list; a property test checks that ``apply``
accepts exactly what it contains.
"""

from __future__ import annotations

import itertools

from companion.core.actions import Action
from companion.core.prompts import waiting_on
from companion.core.types import CardId, Seat
from companion.games.microfilms import cards, claims
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
    Discard,
    Draw,
    GiveIn,
    Interrogate,
    LetterPlace,
    Pass,
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
    BLACKMAIL_FRANCS,
    BUY_OFF_FRANCS,
    INTERROGATE_FRANCS,
    pending,
)
from companion.games.microfilms.state import (
    BlackmailDeclared,
    BribeOffered,
    Choosing,
    Discarding,
    State,
)


def legal_actions(state: State, seat: Seat) -> list[Action]:
    if seat not in waiting_on(pending(state)):
        return []
    phase, me = state.phase, state.player(seat)
    if isinstance(phase, BribeOffered):
        refuse = me.francs >= 1 or state.options.refuse_without_francs
        return [AcceptBribe(seat=seat), *([RefuseBribe(seat=seat)] if refuse else [])]
    if isinstance(phase, BlackmailDeclared):
        buy = me.francs >= BUY_OFF_FRANCS or (state.options.partial_buy_off and me.francs >= 1)
        return [
            *(Resist(seat=seat, card=c) for c in _paying(me.hand, Use.RESIST)),
            *([BuyOff(seat=seat)] if buy else []),
            GiveIn(seat=seat),
        ]
    if isinstance(phase, Discarding):
        return [Discard(seat=seat, card=c) for c in me.hand if c != ACE or me.francs >= 2]
    assert isinstance(phase, Choosing)
    return _turn_actions(state, seat)


def _paying(hand: tuple[CardId, ...], use: Use) -> list[CardId]:
    return [c for c in hand if cards.pays_for(c, use)]


def _turn_actions(state: State, seat: Seat) -> list[Action]:
    me = state.player(seat)
    others = [s for s in state.in_game() if s != seat]
    acts: list[Action] = [Pass(seat=seat)]
    acts += [Draw(seat=seat, source=Source.DECK)] if state.deck else []
    acts += [Draw(seat=seat, source=Source.DISCARD)] if state.discard else []
    acts += [Withdraw(seat=seat, card=c) for c in _paying(me.hand, Use.WITHDRAW)]
    interrogate_with: list[CardId | None] = list(_paying(me.hand, Use.INTERROGATE))
    interrogate_with += [None] if me.francs >= INTERROGATE_FRANCS else []
    blackmail_with: list[CardId | None] = list(_paying(me.hand, Use.BLACKMAIL))
    blackmail_with += [None] if me.francs >= BLACKMAIL_FRANCS else []
    for t in others:
        acts += [Bribe(seat=seat, target=t, card=c) for c in me.hand]
        acts += [Steal(seat=seat, target=t, card=c) for c in _paying(me.hand, Use.STEAL)]
        acts += [Interrogate(seat=seat, target=t, card=c) for c in interrogate_with]
        acts += [Blackmail(seat=seat, target=t, card=c) for c in blackmail_with]
    if claims.may_claim(state, seat):
        acts += _claims(state, seat, others)
    return acts


def _claims(state: State, seat: Seat, others: list[Seat]) -> list[Action]:
    me = state.player(seat)
    assert me.identity is not None
    kind = claims.claim_type_for(me.identity)
    films = [c for c in me.hand if cards.CARDS[c].kind is cards.Kind.MICROFILM]
    if kind is ClaimAgent:
        if state.options.agent_claim is AgentClaim.A:
            return [ClaimAgent(seat=seat, microfilm=m) for m in films]
        return [ClaimAgent(seat=seat, microfilm=m, named=t) for m in films for t in others]
    if kind is ClaimJournalist:
        return [ClaimJournalist(seat=seat, named=t, microfilm=m) for m in films for t in others]
    if kind is ClaimAssassin:
        return [ClaimAssassin(seat=seat, named=t) for t in others]
    if kind is ClaimInterpol:
        return [ClaimInterpol(seat=seat, named=t) for t in others]
    return [
        ClaimManager(seat=seat, letters=(a, b))
        for x, y in itertools.combinations([cards.letter(n) for n in Nation], 2)
        for a in _places(state, x)
        for b in _places(state, y)
    ]


def _places(state: State, letter: CardId) -> list[LetterPlace]:
    return [
        *(LetterPlace(letter=letter, seat=s) for s in state.in_game()),
        *(LetterPlace(letter=letter, pile=p) for p in Pile),
    ]
