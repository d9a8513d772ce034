"""What a card on a reader means in Microfilms, for a table with a reader per seat,
one in the centre and one on the discard pile.

- **A seat's reader** during that seat's turn: a card from the deck is a draw
  (``draw`` then the ``pick`` it turned out to be — seen only by the drawer);
  the discard pile's top card is a draw from the pile.
- **The centre**: the active seat plays an action card face up (steal,
  withdraw, interrogate or blackmail; which use and which target are asked
  when the card allows several), or shows its identity or a Microfilm to
  claim victory (asked privately: the options show the hand). During a
  blackmail the target plays a Withdraw/Resist card there to resist.
- **The discard pile**: the cards a seat over its hand limit lays down.

A card the record puts somewhere else is a contradiction for the table to
settle, never a change made behind anyone's back; and a card that lies where
the record already has it (still on a reader, or re-read) means nothing.
"""

from __future__ import annotations

from companion.core import taps
from companion.core.actions import Action, Discard, Pick
from companion.core.copies import Alike
from companion.core.phases import Discarding
from companion.core.types import CardId, Seat
from companion.games.microfilms import cards, legal
from companion.games.microfilms.actions import (
    CLAIMS,
    Blackmail,
    Draw,
    Interrogate,
    Resist,
    Source,
    Steal,
    Withdraw,
)
from companion.games.microfilms.cards import Kind, Use
from companion.games.microfilms.state import BlackmailDeclared, Choosing, Drawing, State

PLAYED = ("steal", "withdraw", "interrogate", "blackmail")
"""The families a card laid face up in the centre can start (a bribe is offered face down)."""


def _copies(state: State) -> Alike:
    return cards.ALIKE


def _known(state: State, card: CardId) -> bool:
    return card in cards.CARDS


def _at_seat(apply: taps.Apply[State], state: State, seat: Seat, card: CardId) -> taps.Decision:
    phase, hand = state.phase, state.player(seat).hand
    if isinstance(phase, Drawing) and phase.seat == seat:
        if card in state.deck:
            return taps.checked(apply, state, (Pick(card=card),), seat)
        return taps.Contradiction(seat, public=False, where="deck")
    if card in hand:
        return taps.Nothing()  # the record agrees: a card in its owner's hand
    if not (isinstance(phase, Choosing) and state.active == seat):
        return taps.Nothing("ingest.not_your_draw", seat=seat)
    if state.discard and card == state.discard[-1]:
        return taps.checked(apply, state, (Draw(seat=seat, source=Source.DISCARD),), seat)
    if card in state.deck:  # the draw, then the pick the card turned out to be
        draw = Draw(seat=seat, source=Source.DECK)
        return taps.then(
            apply,
            _decide,
            state,
            taps.Station(taps.Place.SEAT, seat),
            card,
            first=draw,
            seat=seat,
        )
    return taps.Contradiction(seat, public=False, where="deck")


def _at_centre(apply: taps.Apply[State], state: State, card: CardId) -> taps.Decision:
    phase = state.phase
    if isinstance(phase, BlackmailDeclared):
        target = state.player(phase.target)
        if card not in target.hand:
            return taps.Contradiction(phase.target, public=True, where="hand")
        if not cards.pays_for(card, Use.RESIST):
            return taps.Nothing("ingest.cannot_resist", {"card": card})
        return taps.checked(apply, state, (Resist(seat=phase.target, card=card),))
    if not isinstance(phase, Choosing):
        return taps.Nothing("ingest.nothing_now", {"card": card})
    seat, me = state.active, state.player(state.active)
    if state.discard and card == state.discard[-1]:
        return taps.Nothing("ingest.already_played", {"card": card})
    if cards.is_identity(card) and card != me.identity:
        return taps.Contradiction(seat, public=True, where="identity")
    if card == me.identity or (cards.CARDS[card].kind is Kind.MICROFILM and card in me.hand):
        claims = [a for a in legal.legal_actions(state, seat, "claim") if _claims_with(a, card)]
        if not claims:
            return taps.Nothing("ingest.cannot_claim", seat=seat)
        return taps.Ask(seat, tuple(claims), private=True)
    if card not in me.hand:
        return taps.Contradiction(seat, public=True, where="hand")
    played = (a for f in PLAYED for a in legal.legal_actions(state, seat, f))
    options = [a for a in played if taps.names_card(a, card)]
    cannot = taps.Nothing("ingest.starts_nothing", {"card": card})
    return taps.offer(apply, state, seat, options, none=cannot)


def _claims_with(action: Action, card: CardId) -> bool:
    """An identity card starts any claim; a Microfilm, the claims that show it."""
    return cards.is_identity(card) or taps.names_card(action, card)


def _at_discard(apply: taps.Apply[State], state: State, card: CardId) -> taps.Decision:
    phase = state.phase
    if card in state.discard:
        return taps.Nothing()  # a played card laid on the pile, as the record has it
    if isinstance(phase, Discarding):
        if card in state.player(phase.seat).hand:
            return taps.checked(apply, state, (Discard(seat=phase.seat, card=card),))
        return taps.Contradiction(phase.seat, public=True, where="hand")
    return taps.Contradiction(None, public=True, where="discard")


# --- the other way round: where a player lays a card to make an action -----------------


_decide = taps.by_place(_known, _at_seat, _at_centre, _at_discard)
decide: taps.Decide[State] = taps.any_copy(_decide, _copies)
"""What a card seen by a reader means now (:data:`companion.core.taps.Decide`)."""


def laid(state: State, action: Action, top: taps.Top) -> taps.Laid | None:
    """The reader and the card that make ``action`` at a table with readers; ``None`` for an
    action no card shows (an answer to a bribe, a franc paid, giving in): it is said on
    the phone. A draw from the deck lays whichever card ``top`` says the deck gave.

    The inverse of :func:`decide`, for whoever plays a table of readers without hands:
    the demo, and the tests that replay a game by taps.
    """
    phase = state.phase
    if isinstance(action, Pick) and isinstance(phase, Drawing):
        return taps.Station(taps.Place.SEAT, phase.seat), action.card
    if isinstance(action, Draw):
        seat = taps.Station(taps.Place.SEAT, action.seat)
        if action.source is Source.DISCARD:
            return seat, state.discard[-1]
        return seat, top(state.deck)
    if isinstance(action, Discard):
        return taps.Station(taps.Place.DISCARD), action.card
    if isinstance(action, Steal | Withdraw | Interrogate | Blackmail | Resist):
        return None if action.card is None else (taps.Station(taps.Place.CENTRE), action.card)
    identity = state.player(action.seat).identity if isinstance(action, CLAIMS) else None
    return None if identity is None else (taps.Station(taps.Place.CENTRE), identity)
