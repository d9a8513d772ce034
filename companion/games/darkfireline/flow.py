"""How the table moves on (§4): a turn's start, its draws, the discard phase, the next turn.

Each function takes the state and the list of events so far, and returns the state
once the table waits for someone again, adding what the table heard.
"""

from __future__ import annotations

from companion.core.outcome import Event, Secret
from companion.core.phases import Discarding
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at
from companion.games.darkfireline.cards import Kind
from companion.games.darkfireline.state import Done, Drawing, Playing, State

DRAWS = 2
"""§4.1: two cards a draw phase, three with the Supermarket."""


def begin_turn(state: State, seat: Seat, events: list[Event]) -> State:
    """§4: ``seat``'s turn begins — what it placed ends (§5.4, §5.5) — and it draws."""
    turn = state.turn + 1
    events.append(Event("turn_began", {"seat": seat, "turn": turn}))
    state = end_markers(state, seat, events)
    draws = DRAWS + state.player(seat).has(Kind.SUPERMARKET)
    new = evolve(state, turn=turn, active=seat, done=Done(), phase=Drawing(seat, draws, of=draws))
    return ready_to_draw(new, events)


def end_markers(state: State, user: Seat, events: list[Event]) -> State:
    """Smoke and flashbangs ``user`` placed end: at the start of their turn, or their death."""
    for smoke in state.smokes:
        if smoke.user == user:
            events.append(Event("smoke_ended", {"seat": smoke.target}))
    for flash in state.flashes:
        if flash.user == user:
            events.append(Event("flash_ended", {"seats": list(flash.pair)}))
    ended = [*(s.card for s in state.smokes if s.user == user),
             *(f.card for f in state.flashes if f.user == user)]  # fmt: skip
    return evolve(
        state,
        smokes=tuple(s for s in state.smokes if s.user != user),
        flashes=tuple(f for f in state.flashes if f.user != user),
        discard=(*state.discard, *ended),
    )


def ready_to_draw(state: State, events: list[Event]) -> State:
    """Before a draw: an empty deck takes every discard (a pile that was empty when the
    deck ran out has had cards since); with nothing left anywhere, the draws that cannot be
    made are not (INFERRED)."""
    phase = state.phase
    assert isinstance(phase, Drawing)
    state = refilled(state, events)
    return state if state.deck else after_draws(state, phase, events)


def refilled(state: State, events: list[Event]) -> State:
    """The moment the deck is drawn out, every discard is shuffled into a new one (§4.1, §7:
    立即, at once — not at the next draw, which would take the cards discarded meanwhile)."""
    if state.deck or not state.discard:
        return state
    events.append(Event("reshuffled", {"count": len(state.discard)}))
    return evolve(state, deck=tuple(sorted(state.discard)), discard=(), face_down=frozenset())


def drawn(state: State, card: CardId, events: list[Event]) -> State:
    """The card a draw gave goes to the drawer's hand, known to them alone."""
    phase = state.phase
    assert isinstance(phase, Drawing)
    seat = phase.seat
    deck = list(state.deck)
    deck.remove(card)
    hand = (*state.player(seat).hand, card)
    events.append(Event("drew", {"seat": seat}, secrets=(Secret(seat, "drew", {"card": card}),)))
    state = evolve(state, deck=tuple(deck), players=evolve_at(state.players, seat, hand=hand))
    state = refilled(state, events)
    if phase.left > 1:
        return ready_to_draw(evolve(state, phase=evolve(phase, left=phase.left - 1)), events)
    return after_draws(state, phase, events)


def after_draws(state: State, phase: Drawing, events: list[Event]) -> State:
    """The play phase — skipped by a flashbanged player (§4.4) — or back to it after the
    Supermarket's draw."""
    if not phase.then_play and state.flashed(phase.seat):
        events.append(Event("play_skipped", {"seat": phase.seat}))
        return to_discard(state, events)
    return evolve(state, phase=Playing())


def to_discard(state: State, events: list[Event]) -> State:
    """§4.3: the discard phase, down to the hand limit as equipped now; then the next turn."""
    seat = state.active
    if len(state.player(seat).hand) > state.hand_limit(seat):
        return evolve(state, phase=Discarding(seat))
    return next_turn(state, events)


def discarded(state: State, seat: Seat, card: CardId, events: list[Event]) -> State:
    hand = list(state.player(seat).hand)
    hand.remove(card)
    events.append(Event("discarded", {"seat": seat, "card": card}))
    state = evolve(
        state, players=evolve_at(state.players, seat, hand=tuple(hand)),
        discard=(*state.discard, card),
    )  # fmt: skip
    return to_discard(state, events)


def next_turn(state: State, events: list[Event]) -> State:
    """The next living player in turn order; the dead are skipped (§4.4)."""
    living = state.living()
    after = [s for s in living if s > state.active] or list(living)
    return begin_turn(state, after[0], events)
