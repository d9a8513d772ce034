"""What a card on a reader means in 暗火线, for a table with a reader per seat, one in
the centre and one on the discard pile (digest §4–§6).

- **A seat's reader** — the seat's own spot, where what it equips lies (§1.3):
  - while the seat draws, a card of the deck is the card drawn (``pick``), seen only
    by the drawer;
  - in its play phase, an environment or body armour of its hand laid there is
    ``equip``; its own hand, environment and armour otherwise mean nothing — the record
    agrees.
- **The centre**: a card played by its holder — the record knows every hand, so the
  card says who laid it — when the rules let that seat play it now: a bullet, a serum, a
  skill in the active player's play phase; a first-aid kit in a rescue round, by a seat
  asked. Targets, a flashbang's pair and what a Disarm takes are asked of that seat.
- **The discard pile**: a card discarded down to the hand limit (§4.3); the card a
  Disarm took blind from a hand (§5.6) — it goes there face up.

Every card played lies face up (§3), so a question about it goes to the table. A card
of the deck is a secret of its drawer's: laid anywhere but the drawer's reader while
they draw, it is said to the drawer alone. A card the record has somewhere else is a
contradiction for the table to settle, never a change made behind anyone's back.
"""

from __future__ import annotations

from companion.core import taps
from companion.core.actions import Action, Discard, Pick
from companion.core.phases import Discarding
from companion.core.types import CardId, Seat
from companion.games.darkfireline import legal, setup
from companion.games.darkfireline.actions import (
    Disarm,
    Equip,
    FirstAid,
    FlashOn,
    Grenade,
    Heal,
    Shoot,
    SmokeOn,
    Warrant,
)
from companion.games.darkfireline.copies import alike
from companion.games.darkfireline.state import Drawing, Playing, State, Taking

CENTRED = (Shoot, Heal, SmokeOn, FlashOn, Disarm, Grenade, Warrant, FirstAid)
"""What a card laid in the centre can do: a card played, or a kit offered."""


def _known(state: State, card: CardId) -> bool:
    return card in setup.box(state.options, len(state.players))


def _at_seat(apply: taps.Apply[State], state: State, seat: Seat, card: CardId) -> taps.Decision:
    phase, me = state.phase, state.player(seat)
    if isinstance(phase, Drawing) and phase.seat == seat:
        if card not in state.deck:
            return taps.Contradiction(seat, public=False, where="deck")
        return taps.checked(apply, state, (Pick(card=card),), seat)
    if card in me.hand and isinstance(phase, Playing) and state.active == seat:
        equip = [a for a in legal.legal_actions(state, seat, "equip") if taps.names_card(a, card)]
        if equip:
            return taps.checked(apply, state, equip[:1])
    if card in me.hand or card in (me.environment, me.armour):
        return taps.Nothing()  # the record agrees: the seat's own card
    astray = _drawn_astray(state, card)
    if astray is not None:
        return astray
    return _elsewhere(state, card, where="hand")


def _at_centre(apply: taps.Apply[State], state: State, card: CardId) -> taps.Decision:
    holder = _holder(state, card)
    if holder is None:
        if card in state.discard or card in state.removed:
            return taps.Nothing("ingest.on_the_pile")
        return _drawn_astray(state, card) or _elsewhere(state, card, where="hand")
    options = [
        a for a in legal.legal_actions(state, holder)
        if isinstance(a, CENTRED) and taps.names_card(a, card)
    ]  # fmt: skip
    cannot = taps.Nothing("ingest.starts_nothing", {"card": card})
    return taps.offer(apply, state, holder, options, none=cannot)


def _at_discard(apply: taps.Apply[State], state: State, card: CardId) -> taps.Decision:
    phase = state.phase
    if card in state.discard or card in state.removed:
        return taps.Nothing()  # on the pile already, or out of the game
    if isinstance(phase, Taking):
        if card not in state.player(phase.target).hand:
            return taps.Contradiction(phase.target, public=True, where="hand")
        return taps.checked(apply, state, (Pick(card=card),))
    if isinstance(phase, Discarding):
        if card not in state.player(phase.seat).hand:
            return taps.Contradiction(phase.seat, public=True, where="hand")
        return taps.checked(apply, state, (Discard(seat=phase.seat, card=card),))
    return _drawn_astray(state, card) or _elsewhere(state, card, where="discard")


def _drawn_astray(state: State, card: CardId) -> taps.Nothing | None:
    """A deck card on the wrong reader while someone draws: the drawer's card, most likely —
    said to the drawer alone, so that nobody else learns it."""
    phase = state.phase
    if card in state.deck and isinstance(phase, Drawing):
        return taps.Nothing("ingest.draw_on_own_reader", seat=phase.seat)
    return None


def _elsewhere(state: State, card: CardId, *, where: str) -> taps.Decision:
    """A card the record has somewhere the reader does not see it: face up in front of a
    player (public), in a hand (its holder's), or in the deck (nobody's to be told)."""
    for i, p in enumerate(state.players):
        if card in (p.environment, p.armour):
            return taps.Contradiction(Seat(i), public=True, where="equipment")
    if card in {*(s.card for s in state.smokes), *(f.card for f in state.flashes)}:
        return taps.Nothing()  # a marker, where its user laid it
    holder = _holder(state, card)
    if holder is not None:
        return taps.Contradiction(holder, public=False, where=where)
    return taps.Contradiction(None, public=False, where="deck")


def _holder(state: State, card: CardId) -> Seat | None:
    return next((Seat(i) for i, p in enumerate(state.players) if card in p.hand), None)


_decide = taps.by_place(_known, _at_seat, _at_centre, _at_discard)
decide: taps.Decide[State] = taps.any_copy(_decide, alike)
"""What a card seen by a reader means now (:data:`companion.core.taps.Decide`)."""


def laid(state: State, action: Action, _top: taps.Top) -> taps.Laid | None:
    """The reader and the card that make ``action`` at a table with readers; ``None`` for
    what no card shows (a pass, the end of a play phase, leaving the Restaurant): it is
    said on the phone or the tablet. The inverse of :func:`decide`, for the demo and the
    tests that replay a game by taps."""
    phase = state.phase
    if isinstance(action, Pick) and isinstance(phase, Drawing):
        return taps.Station(taps.Place.SEAT, phase.seat), action.card
    if isinstance(action, Pick) and isinstance(phase, Taking):
        return taps.Station(taps.Place.DISCARD), action.card
    if isinstance(action, Equip):
        return taps.Station(taps.Place.SEAT, action.seat), action.card
    if isinstance(action, CENTRED):
        return taps.Station(taps.Place.CENTRE), action.card
    if isinstance(action, Discard):
        return taps.Station(taps.Place.DISCARD), action.card
    return None  # every draw is a pick that names its card: the deck's top is not asked
