"""What a card on a reader means in 風聲 The Message, for a table with a reader per seat,
one in the centre and one on the discard pile (digest §4–§6, §10).

- **A seat's reader** — the seat's own spot:
  - at the start of its turn, a card from the deck is the ``draw`` (§4 step 2) and
    the ``pick`` it turned out to be; each further card of that draw is its ``pick``,
    seen only by the drawer. While the seat owes a probe a draw (§1.3), a deck card
    there is that answer and the card drawn;
  - a 真偽莫辨 card turned up for this seat is the ``pick`` that places it (§6.9);
  - the intelligence in front of it, while it decides, is ``receive`` (§5.2 step 3);
    passing it on or refusing it has no card to show, so it is said on the phone
    or the tablet (``decline``). A camera sees the text intelligence (face up) in
    front of each player it reaches, so its sight of it decides nothing: its receipt
    is said too;
  - a card of its own hand or intelligence means nothing: the record agrees.
- **The centre**: a function card played, by its holder — the record knows every
  hand, so the card says who laid it — when the rules let that seat play it now:
  the active player alone at turn start and in the play phases, any seat a round
  waits for (§5.2, §7). Which target, which play a 識破 cancels, which black card a
  燒燬 burns are asked of that seat. In play phase 1 the active player lays their
  intelligence here face down: ``send``, by the method printed on the card (§5.1),
  the 直達 addressee asked; when the card could also be played, which of the two is
  asked as well.
- **The discard pile**: the card a "−" probe costs its target (§6.8), a card
  discarded down to a hand limit (an option, §4). A card the record has on the
  pile, out of the game, or on its way there from the stack means nothing.

Secrets (§3, §10): the card being sent is known to its sender alone, a probe to its
player and its target. So a card in the centre counts as face down — every question
and every word about it goes to one seat's phone — while the active player has not
sent yet (it may be their intelligence), and whenever it is a probe. A tap on a seat's
reader never names the card in transit. A card the record has somewhere else is a
contradiction for the table to settle, never a change made behind anyone's back.
"""

from __future__ import annotations

from companion.core import taps
from companion.core.actions import Action, Discard, Pick
from companion.core.copies import Alike
from companion.core.phases import Discarding
from companion.core.types import CardId, Seat
from companion.games.themessage import cards, legal
from companion.games.themessage.actions import PLAYS, Answer, AnswerProbe, Draw, Receive, Send
from companion.games.themessage.cards import Function, Method
from companion.games.themessage.state import (
    Acting,
    Deciding,
    Drawing,
    Moment,
    Placing,
    ProbeAnswer,
    Responding,
    State,
)

IN_BOX = {preset: frozenset(ids) for preset, ids in cards.DECKS.items()}
"""The cards of each manifest (§1.3): a card of the other one is no card of this game."""

STARTED = (*PLAYS, Send)
"""What a card laid in the centre can start: a function played, or the intelligence sent."""


def _copies(state: State) -> Alike:
    return cards.ALIKE[state.options.deck]


def _known(state: State, card: CardId) -> bool:
    return card in IN_BOX[state.options.deck]


# --- a seat's own reader ----------------------------------------------------------------


def _at_seat(apply: taps.Apply[State], state: State, seat: Seat, card: CardId) -> taps.Decision:
    t, me, phase = state.transit, state.player(seat), state.phase
    if t is not None and card == t.card:
        return _intel_at(apply, state, seat)
    if card in me.hand or card in me.intel:
        return taps.Nothing()  # the record agrees: the seat's own card
    if isinstance(phase, Deciding) and t is not None and t.at == seat:
        return taps.Contradiction(
            seat, public=False, where="transit"
        )  # not the card passed to them
    if (isinstance(phase, Drawing) and phase.seat == seat) or (
        isinstance(phase, Placing) and phase.seats[:1] == (seat,)
    ):
        if card not in _deck(state):
            return taps.Contradiction(seat, public=False, where="deck")
        return taps.checked(apply, state, (Pick(card=card),), seat)
    if isinstance(phase, Acting) and state.moment is Moment.TURN_START and state.active == seat:
        first: Draw | AnswerProbe = Draw(seat=seat)
    elif isinstance(phase, ProbeAnswer) and phase.target == seat:
        first = AnswerProbe(seat=seat, answer=Answer.DRAW)  # refused unless a draw is owed
    elif isinstance(phase, Placing) and phase.seats:
        return taps.Nothing("ingest.placement_for", {"seat": phase.seats[0]}, seat)
    else:
        return taps.Nothing("ingest.not_your_draw", seat=seat)
    if card not in _deck(state):
        return taps.Contradiction(seat, public=False, where="deck")
    # the draw, then the pick the card turned out to be (none for the deck's last card)
    return taps.then(
        apply, _decide, state, taps.Station(taps.Place.SEAT, seat), card, first=first, seat=seat
    )


def _intel_at(apply: taps.Apply[State], state: State, seat: Seat) -> taps.Decision:
    """The card in transit on ``seat``'s reader: received, when the decision is theirs (§5.2
    step 3: nothing may be played then, so the tap cannot mean anything else)."""
    t = state.transit
    assert t is not None
    if t.at != seat:
        return taps.Nothing("ingest.intel_not_yours", {"seat": t.at}, seat)
    if not isinstance(state.phase, Deciding):
        return taps.Nothing("ingest.intel_not_yet", seat=seat)
    return taps.checked(apply, state, (Receive(seat=seat),), seat)


def _deck(state: State) -> tuple[CardId, ...]:
    """The deck as the next draw finds it: an empty one is the discard pile (§4 step 2)."""
    return state.deck or state.discard


# --- the centre ---------------------------------------------------------------------------


def _at_centre(apply: taps.Apply[State], state: State, card: CardId) -> taps.Decision:
    t = state.transit
    if t is not None and card == t.card:
        return taps.Nothing()  # the intelligence, where its sender laid it
    holder = _holder(state, card)
    hush = _hush(state, card, holder)
    if holder is None:
        return _in_no_hand(state, card, hush)
    options = [
        a
        for a in legal.legal_actions(state, holder)
        if isinstance(a, STARTED) and taps.names_card(a, card)
    ]
    cannot = taps.Nothing("ingest.starts_nothing", {"card": card}, hush)
    return taps.offer(apply, state, holder, options, none=cannot, private=hush is not None)


def _hush(state: State, card: CardId, holder: Seat | None) -> Seat | None:
    """Who alone may hear of a card laid in the centre; ``None`` when it lies face up.

    Until the turn's intelligence has gone, a card the active player may hold may be
    it, laid face down (§5.1); only they are told of it — nobody else lays a card then
    that they would not show. A probe goes face down to its target (§6.8): its holder
    is told, or the active player, the only one who may play one.
    """
    if not state.sent and holder in (state.active, None):
        return state.active
    if cards.function_of(card) is Function.PROBE:
        return state.active if holder is None else holder
    return None


def _in_no_hand(state: State, card: CardId, hush: Seat | None) -> taps.Decision:
    """A card in the centre that no hand holds, by the record."""
    if _played(state, card):
        return taps.Nothing("ingest.already_played", {"card": card}, hush)
    if card in state.discard or card in state.removed:
        return taps.Nothing("ingest.on_the_pile", seat=hush)
    astray = _drawn_astray(state, card)
    if astray is not None:
        return astray
    owner = _intel_owner(state, card)
    if owner is not None:  # face up in front of them: its name is no secret
        return taps.Contradiction(owner, public=True, where="intel")
    if hush is not None:
        return taps.Contradiction(hush, public=False, where="hand")
    if isinstance(state.phase, Acting):
        return taps.Contradiction(state.active, public=True, where="hand")
    return taps.Contradiction(None, public=True, where="hands")


# --- the discard pile -------------------------------------------------------------------------


def _at_discard(apply: taps.Apply[State], state: State, card: CardId) -> taps.Decision:
    phase = state.phase
    if card in state.discard or card in state.removed or _played(state, card):
        return taps.Nothing()  # on the pile, out of the game, or going there when it resolves
    astray = _drawn_astray(state, card)
    if astray is not None:
        return astray
    face_up = state.options.discard_face_up
    if isinstance(phase, ProbeAnswer | Discarding):
        seat = phase.target if isinstance(phase, ProbeAnswer) else phase.seat
        if card not in state.player(seat).hand:
            return taps.Contradiction(seat, public=face_up, where="hand")
        if isinstance(phase, ProbeAnswer):  # refused, to the target alone, unless owed (§6.8)
            answer = AnswerProbe(seat=seat, answer=Answer.DISCARD, card=card)
            return taps.checked(apply, state, (answer,), seat)
        return taps.checked(apply, state, (Discard(seat=seat, card=card),), seat)
    owner = _intel_owner(state, card)
    if owner is not None:
        return taps.Contradiction(owner, public=True, where="discard")
    t = state.transit
    text = t is not None and card == t.card and t.method is Method.TEXT
    return taps.Contradiction(_holder(state, card), public=face_up or text, where="discard")


# --- where the record has a card ------------------------------------------------------------


def _drawn_astray(state: State, card: CardId) -> taps.Nothing | None:
    """A deck card on the wrong reader while someone draws or places one: the drawer's
    card, most likely — said to the drawer alone, so that nobody else learns it."""
    if card not in _deck(state):
        return None
    phase = state.phase
    if isinstance(phase, Drawing):
        return taps.Nothing("ingest.draw_on_own_reader", seat=phase.seat)
    if isinstance(phase, ProbeAnswer):
        return taps.Nothing("ingest.draw_on_own_reader", seat=phase.target)
    if isinstance(phase, Acting) and state.moment is Moment.TURN_START:
        return taps.Nothing("ingest.draw_on_own_reader", seat=state.active)
    if isinstance(phase, Placing) and phase.seats:  # turned up to lie face up
        return taps.Nothing("ingest.placement_for", {"seat": phase.seats[0]})
    return None


def _holder(state: State, card: CardId) -> Seat | None:
    return next((Seat(i) for i, p in enumerate(state.players) if card in p.hand), None)


def _intel_owner(state: State, card: CardId) -> Seat | None:
    return next((Seat(i) for i, p in enumerate(state.players) if card in p.intel), None)


def _played(state: State, card: CardId) -> bool:
    """Played and not yet resolved: on the stack, declared in the open round, or resolving
    (a probe being answered, a 真偽莫辨 being placed)."""
    phase = state.phase
    waiting = (*state.stack, *(phase.declared if isinstance(phase, Responding) else ()))
    resolving = phase.card if isinstance(phase, ProbeAnswer | Placing) else None
    return card == resolving or any(p.card == card for p in waiting)


# --- the other way round: where a player lays a card to make an action -----------------


def _passing(state: State, card: CardId) -> bool:
    """The text intelligence on its way (§5.1): face up in front of each player it reaches,
    received or not — what a camera sees of it says nothing of the decision."""
    t = state.transit
    return t is not None and t.card == card and t.method is Method.TEXT


_decide = taps.by_place(_known, _at_seat, _at_centre, _at_discard, passing=_passing)
decide: taps.Decide[State] = taps.any_copy(_decide, _copies)
"""What a card seen by a reader means now (:data:`companion.core.taps.Decide`)."""


def laid(state: State, action: Action, top: taps.Top) -> taps.Laid | None:
    """The reader and the card that make ``action`` at a table with readers; ``None`` for
    what no card shows (a pass, a refusal, a spoken probe answer): it is said on the phone.
    A draw lays whichever card ``top`` says the deck gave; nothing when there is nothing
    to draw (the draw is skipped).

    The inverse of :func:`decide`, for whoever plays a table of readers without hands:
    the demo, and the tests that replay a game by taps.
    """
    phase = state.phase
    if isinstance(action, Pick) and isinstance(phase, Drawing | Placing):
        seat = phase.seat if isinstance(phase, Drawing) else phase.seats[0]
        return taps.Station(taps.Place.SEAT, seat), action.card
    if isinstance(action, Draw) or (
        isinstance(action, AnswerProbe) and action.answer is Answer.DRAW
    ):
        deck = _deck(state)
        return (taps.Station(taps.Place.SEAT, action.seat), top(deck)) if deck else None
    if isinstance(action, STARTED):
        return taps.Station(taps.Place.CENTRE), action.card
    if isinstance(action, Receive):
        assert state.transit is not None
        return taps.Station(taps.Place.SEAT, action.seat), state.transit.card
    if isinstance(action, AnswerProbe | Discard) and action.card is not None:
        return taps.Station(taps.Place.DISCARD), action.card
    return None
