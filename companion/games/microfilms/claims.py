"""Victory claims (digest §7): who may claim, and whether a claim is true.

A claim is checked against the hidden state only the engine holds: the
removed Alliance letter (which fixes the alliance), identities, hands and
every card's place. :func:`check` refuses a claim that cannot be made at all
(wrong identity, not Clean, too early, no Microfilm to show); :func:`winners`
then judges it — ``None`` means the claim is wrong and the claimant is out.
"""

from __future__ import annotations

from companion.core.errors import BadTarget, MalformedAction
from companion.core.types import CardId, Seat
from companion.games.microfilms import cards
from companion.games.microfilms.actions import (
    CLAIMS,
    ClaimAgent,
    ClaimAssassin,
    ClaimInterpol,
    ClaimJournalist,
    ClaimManager,
    LetterPlace,
    Pile,
)
from companion.games.microfilms.cards import ACE, Kind, Nation
from companion.games.microfilms.errors import (
    BadLetterPlace,
    ClaimNeedsClean,
    ClaimNeedsLetter,
    ClaimNeedsMicrofilm,
    ClaimNotYourIdentity,
    ClaimTooEarly,
)
from companion.games.microfilms.options import AgentClaim
from companion.games.microfilms.state import Choosing, State

Claim = ClaimAgent | ClaimJournalist | ClaimAssassin | ClaimManager | ClaimInterpol

SECOND_NIGHT = 2
"""The Manager and Interpol claim only from night 2 (§7.4, §7.5)."""


def claim_type_for(identity: CardId) -> type[Claim]:
    """The one kind of claim an identity card can make."""
    if cards.CARDS[identity].kind is Kind.AGENT:
        return ClaimAgent
    return {
        cards.JOURNALIST: ClaimJournalist,
        cards.ASSASSIN: ClaimAssassin,
        cards.MANAGER: ClaimManager,
        cards.INTERPOL: ClaimInterpol,
    }[identity]


def min_night(state: State, claim: type[Claim]) -> int:
    if claim is ClaimAgent:
        return state.options.agent_min_night
    return SECOND_NIGHT if claim in (ClaimManager, ClaimInterpol) else 1


def may_claim(state: State, seat: Seat) -> bool:
    """Clean (where needed) and late enough in the game for this seat's identity."""
    identity = state.player(seat).identity
    assert identity is not None
    return _may(state, seat, claim_type_for(identity))


def heading(state: State, seat: Seat) -> frozenset[str]:
    """The heading "Claim victory" stands in the menu of the seat choosing its turn
    whenever an identity could claim now, by what the whole table sees (Clean, or an
    Agent's claim needs no Clean; late enough): whether it stands says nothing of which
    identity the seat holds. Under it, the seat's own claims — or why it has none now."""
    choosing = isinstance(state.phase, Choosing) and state.active == seat
    could = choosing and any(_may(state, seat, kind) for kind in CLAIMS)
    return frozenset({"claim"}) if could else frozenset()


def _may(state: State, seat: Seat, kind: type[Claim]) -> bool:
    needs_clean = kind is not ClaimAgent or state.options.agent_needs_clean
    return (state.player(seat).clean or not needs_clean) and state.night >= min_night(state, kind)


def check(state: State, claim: Claim) -> None:
    """Refuse a claim that cannot be made; say nothing about whether it is true."""
    p = state.player(claim.seat)
    assert p.identity is not None
    kind = claim_type_for(p.identity)
    if not isinstance(claim, kind):
        raise ClaimNotYourIdentity()
    if not may_claim(state, claim.seat):
        if state.night < min_night(state, kind):
            raise ClaimTooEarly(night=min_night(state, kind))
        raise ClaimNeedsClean()
    if isinstance(claim, ClaimAgent | ClaimJournalist):
        if cards.CARDS.get(claim.microfilm, cards.CARDS[ACE]).kind is not Kind.MICROFILM:
            raise ClaimNeedsMicrofilm(card=claim.microfilm)
        if claim.microfilm not in p.hand:
            raise ClaimNeedsMicrofilm(card=claim.microfilm)
    if isinstance(claim, ClaimAgent):
        if claim.aside is None and not state.letter_known:
            raise ClaimNeedsLetter()
        wants_named = state.options.agent_claim is AgentClaim.B
        if (claim.named is not None) != wants_named:
            raise MalformedAction(field="named", expected="a seat" if wants_named else "absent")
    named = getattr(claim, "named", None)
    may_name = state.in_game() if isinstance(claim, ClaimAssassin) else _others(state, claim.seat)
    if named is not None and named not in may_name:  # §7.3: whoever holds the Ace, himself too
        raise BadTarget(target=named)
    if isinstance(claim, ClaimManager):
        if not state.letter_known:  # never from night 2 on (letter.py): a guess is not judged
            raise ClaimNeedsLetter()
        _check_places(state, claim.letters)


def _others(state: State, seat: Seat) -> tuple[Seat, ...]:
    return tuple(s for s in state.in_game() if s != seat)


def _check_places(state: State, places: tuple[LetterPlace, LetterPlace]) -> None:
    letters = [lp.letter for lp in places]
    if len(set(letters)) != 2 or any(
        cards.CARDS.get(x, cards.CARDS[ACE]).kind is not Kind.LETTER for x in letters
    ):
        raise BadLetterPlace()
    for lp in places:
        if (lp.seat is None) == (lp.pile is None):
            raise BadLetterPlace()
        if lp.seat is not None and lp.seat not in state.in_game():
            raise BadTarget(target=lp.seat)


def winners(state: State, claim: Claim) -> tuple[Seat, ...] | None:
    """The seats that win if the (already checked) claim is true, else ``None``."""
    if isinstance(claim, ClaimAgent):
        return _agent(state, claim)
    if isinstance(claim, ClaimJournalist):
        nation = cards.CARDS[claim.microfilm].nation
        assert nation is not None
        true = state.player(claim.named).identity == cards.agent(nation)
    elif isinstance(claim, ClaimAssassin):
        true = ACE in state.player(claim.named).hand
    elif isinstance(claim, ClaimManager):
        true = all(_letter_is_at(state, lp) for lp in claim.letters)
    else:
        named = state.player(claim.named)
        true = not named.clean and any(cards.CARDS[c].blood for c in named.hand)
    return (claim.seat,) if true else None


def _agent(state: State, claim: ClaimAgent) -> tuple[Seat, ...] | None:
    me = state.player(claim.seat).identity
    assert me is not None
    mine = cards.CARDS[me].nation
    shown = cards.CARDS[claim.microfilm].nation
    lone = state.lone
    assert mine is not None and shown is not None and lone is not None
    enemy = shown == lone if mine != lone else shown != mine
    if claim.named is not None:
        enemy = enemy and state.player(claim.named).identity == cards.agent(shown)
    if not enemy:
        return None
    if mine == lone or not state.options.ally_wins:
        return (claim.seat,)
    seats = [_agent_seat(state, n) for n in Nation if n not in (mine, lone)]
    ally = next(s for s in seats if s is not None)
    if state.player(ally).eliminated and not state.options.eliminated_ally_wins:
        return (claim.seat,)
    return tuple(sorted((claim.seat, ally)))


def _agent_seat(state: State, nation: Nation) -> Seat | None:
    wanted = cards.agent(nation)
    return next((Seat(i) for i, p in enumerate(state.players) if p.identity == wanted), None)


def _letter_is_at(state: State, lp: LetterPlace) -> bool:
    if lp.seat is not None:
        return lp.letter in state.player(lp.seat).hand
    pile = state.deck if lp.pile is Pile.DECK else state.discard
    return lp.letter in pile
