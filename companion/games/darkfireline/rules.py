"""How a 暗火线 turn goes (digest §4–§8): apply, pending, roll.

A turn is: its start (what its player placed ends), the draws, the play phase —
skipped by a flashbanged player — and the discard phase. An attack that leaves
players dying opens a rescue round for each (:mod:`combat`). Each action is
checked and done in :mod:`plays`, :mod:`flow` or :mod:`combat`.
"""

from __future__ import annotations

import random

from companion.core import rounds
from companion.core.actions import Action, Discard, Pass, Pick, TellDraw
from companion.core.audit import AuditHand, mend
from companion.core.copies import copy_in, told_draw
from companion.core.dealing.deal import Deal
from companion.core.errors import BadChance, MalformedAction, NotInHand, WrongMoment
from companion.core.memo import per_state
from companion.core.outcome import Event, Outcome
from companion.core.phases import Dealing, Discarding
from companion.core.prompts import Prompt, drawing
from companion.core.rounds import CloseRound, Hold
from companion.core.rules import Turns
from companion.core.types import Seat
from companion.core.values import evolve, evolve_at
from companion.games.darkfireline import combat, flow, plays
from companion.games.darkfireline.actions import (
    Disarm,
    DrawExtra,
    EndPlay,
    Equip,
    FirstAid,
    FlashOn,
    Grenade,
    Heal,
    LeaveRestaurant,
    Shoot,
    SmokeOn,
    TellTaken,
    Warrant,
)
from companion.games.darkfireline.cards import Kind, kind_of
from companion.games.darkfireline.copies import alike
from companion.games.darkfireline.errors import WrongKind
from companion.games.darkfireline.setup import apply_deal, roll_deal
from companion.games.darkfireline.state import (
    Drawing,
    MayDraw,
    Playing,
    Rescue,
    Rescuing,
    State,
    Taking,
)

Step = tuple[State, list[Event]]


@per_state
def apply(state: State, action: Action) -> Outcome[State]:
    """Apply one action, or raise a RuleViolation and change nothing."""
    return TURNS.apply(state, action)


@per_state
def pending(state: State) -> tuple[Prompt, ...]:
    """What the table waits for from the players (nothing while chance is due)."""
    phase = state.phase
    if isinstance(phase, Playing):
        return (Prompt("play", (state.active,)),)
    if isinstance(phase, MayDraw):
        return (Prompt("may_draw", (phase.seat,)),)
    if isinstance(phase, Drawing):
        return (Prompt("tell_draw", (phase.seat,), drawing(phase.left, phase.of)),)
    if isinstance(phase, Taking):
        return (Prompt("tell_taken", (phase.target,), {"user": phase.user}),)
    if isinstance(phase, Rescuing):
        return (Prompt("rescue", phase.waiting, {"dying": phase.dying, "round": phase.n}),)
    if isinstance(phase, Discarding):
        return (phase.prompt(len(state.player(phase.seat).hand) - state.hand_limit(phase.seat)),)
    return ()


def aimed(state: State) -> frozenset[Seat]:
    """A rescue round is for its dying player (§6.2), who is not asked in it: a seat that
    stands aside but for what is aimed at it lets every rescue go by."""
    phase = state.phase
    return frozenset({phase.dying}) if isinstance(phase, Rescuing) else frozenset()


def roll(state: State, rng: random.Random) -> Action | None:
    """The chance result the state waits for, drawn from ``rng``; ``None`` if none is due."""
    phase = state.phase
    if isinstance(phase, Dealing):
        return roll_deal(state, rng)
    if isinstance(phase, Drawing):
        return Pick(card=rng.choice(state.deck))
    if isinstance(phase, Taking):
        return Pick(card=rng.choice(state.player(phase.target).hand))
    return None


def _pick(state: State, a: Pick) -> Step:
    events: list[Event] = []
    phase = state.phase
    if isinstance(phase, Taking):
        if a.card not in state.player(phase.target).hand:
            raise BadChance(what="taken")
        return plays.taken(state, a.card, events), events
    if a.card not in state.deck:
        raise BadChance(what="draw")
    return flow.drawn(state, a.card, events), events


def _tell_draw(state: State, a: TellDraw) -> Step:
    """A card told rather than seen by a reader: a person names a face, so any copy of it
    the deck holds is the card."""
    return _pick(state, Pick(card=told_draw(a.card, state.deck, alike(state))))


def _tell_taken(state: State, a: TellTaken) -> Step:
    card = copy_in(a.card, state.player(a.seat).hand, alike(state))
    if card is None:
        raise NotInHand(card=a.card)
    return _pick(state, Pick(card=card))


def _discard(state: State, a: Discard) -> Step:
    if a.card not in state.player(a.seat).hand:
        raise NotInHand(card=a.card)
    events: list[Event] = []
    return flow.discarded(state, a.seat, a.card, events), events


# --- rescue rounds (§6.2) ---------------------------------------------------------------------


def _first_aid(state: State, a: FirstAid) -> Step:
    """A kit offered: told to nobody until the round closes, like a pass, so that how a
    seat answers shows nothing of its hand."""
    phase = state.phase
    assert isinstance(phase, Rescuing)
    if a.card not in state.player(a.seat).hand:
        raise NotInHand(card=a.card)
    if kind_of(a.card) is not Kind.FIRST_AID:
        raise WrongKind(card=a.card)
    return _answered(evolve(state, phase=phase.answer(a.seat, Rescue(a.seat, a.card))), a.seat)


def _pass(state: State, a: Pass) -> Step:
    phase = state.phase
    assert isinstance(phase, Rescuing)
    return _answered(evolve(state, phase=phase.answer(a.seat)), a.seat)


def _answered(state: State, seat: Seat) -> Step:
    """The round closes once its outcome is settled: the seat with priority offered, or
    everyone answered."""
    events = [Event("answered", {"seat": seat})]
    assert isinstance(state.phase, Rescuing)
    decided = combat.decided(state, state.phase)
    return (combat.close_rescue(state, events) if decided else state), events


def _close(state: State, a: CloseRound) -> Step:
    """A round nobody answered in time closes as if all still asked had passed."""
    phase = state.phase
    assert isinstance(phase, Rescuing)
    events = [Event("round_closed", {"seats": list(phase.waiting)})]
    return combat.close_rescue(evolve(state, phase=phase.close(a.n)), events), events


def _audit(state: State, a: AuditHand) -> Step:
    """Mend the record of a living player's hand from what its owner says it holds — not
    while chance draws from the deck or from a hand, which an audit exchanges cards with."""
    if isinstance(state.phase, Dealing | Drawing | Taking):
        raise WrongMoment(act=a.act)
    if not 0 <= a.seat < len(state.players):
        raise MalformedAction(field="seat", expected="a seat of this table")
    if not state.player(a.seat).alive:
        raise WrongMoment(act=a.act)
    mended = mend(a.seat, state.player(a.seat).hand, state.deck, a.cards, alike(state))
    players = evolve_at(state.players, a.seat, hand=mended.hand)
    return evolve(state, players=players, deck=mended.deck), [mended.event]


TURNS: Turns[State] = Turns(
    {
        Dealing: {Deal: apply_deal},
        Drawing: {TellDraw: _tell_draw, Pick: _pick},
        Taking: {TellTaken: _tell_taken, Pick: _pick},
        Playing: {
            Shoot: plays.shoot, Heal: plays.heal, SmokeOn: plays.smoke, FlashOn: plays.flash,
            Disarm: plays.disarm, Grenade: plays.grenade, Warrant: plays.warrant,
            Equip: plays.equip, LeaveRestaurant: plays.leave_restaurant, EndPlay: plays.end_play,
        },
        MayDraw: {DrawExtra: plays.draw_extra, Pass: plays.extra_declined},
        Rescuing: {FirstAid: _first_aid, Pass: _pass, Hold: rounds.hold, CloseRound: _close},
        Discarding: {Discard: _discard},
    },
    pending=pending, audit=_audit,
)  # fmt: skip
