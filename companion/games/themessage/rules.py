"""How a 風聲 turn goes (digest §4–§8): apply, pending, roll.

A turn is: turn start (燒燬 may be played), draw two, play phase 1, send
exactly one intelligence and see it through its hops and windows, play
phase 2, end. Each action is checked here and then handed to
:mod:`~companion.games.themessage.flow`, which moves the table on until it
waits for someone again.
"""

from __future__ import annotations

import random

from companion.core import rounds
from companion.core.actions import Action, Discard, Pass, Pick, TellDraw
from companion.core.audit import AuditHand
from companion.core.copies import told_draw
from companion.core.dealing.deal import Deal
from companion.core.errors import (
    BadChance,
    BadTarget,
    MalformedAction,
    NotInHand,
    WrongMoment,
)
from companion.core.memo import per_state
from companion.core.outcome import Event, Outcome, Secret
from companion.core.phases import Dealing, Discarding
from companion.core.prompts import Prompt, drawing
from companion.core.rounds import CloseRound, Hold
from companion.core.rules import ANY_PHASE, Turns
from companion.core.types import JSON, CardId, Seat
from companion.core.values import evolve
from companion.games.themessage import cards, flow, timing
from companion.games.themessage.actions import (
    PLAYS,
    Answer,
    AnswerProbe,
    Burn,
    Counter,
    Decline,
    Draw,
    EndTurn,
    Lock,
    Lure,
    Playing,
    Probe,
    Receive,
    Send,
    TellPlacement,
)
from companion.games.themessage.audit import audit
from companion.games.themessage.cards import CARDS, Function, Method
from companion.games.themessage.effects import shown
from companion.games.themessage.errors import (
    MustReceive,
    MustSend,
    NeedsAddressee,
    NoSuchPlay,
    NotBlackIntel,
    NotNow,
    ProbeAnswerWrong,
    WrongFunction,
)
from companion.games.themessage.hops import must_receive, next_hop
from companion.games.themessage.moves import Step, from_hand, to_discard
from companion.games.themessage.probes import obligation
from companion.games.themessage.setup import apply_deal, roll_deal
from companion.games.themessage.state import (
    Acting,
    Deciding,
    Drawing,
    Moment,
    Placing,
    Play,
    ProbeAnswer,
    Responding,
    State,
    Transit,
)

FUNCTION_OF_ACT: dict[type[Action], Function] = {cls: Function(cls.act) for cls in PLAYS}
"""Each play action is named for the function it plays."""

ACTING_PROMPTS = {
    Moment.TURN_START: "turn_start",
    Moment.PLAY_1: "play",
    Moment.PLAY_2: "play_after",
}
"""What the active player acting alone is asked, by the moment of the turn."""
WINDOW_PROMPTS = {Moment.TRANSMIT: "window_transmit", Moment.ARRIVE: "window_arrive"}
"""A round over an empty stack is one of the two windows of a hop (§5.2); else ``respond``."""
INTERCEPTED_PROMPT = "window_intercepted"
"""The transmit window once a 截獲 took the card: it goes no further (§6.3)."""


@per_state
def apply(state: State, action: Action) -> Outcome[State]:
    """Apply one action, or raise a RuleViolation and change nothing.

    :raises RuleViolation: the core's refusals (:meth:`companion.core.rules.Turns.apply`),
        and those of each rule: :class:`NotInHand`, :class:`NotInDeck`, :class:`BadChance`,
        :class:`BadTarget`, :class:`WrongFunction`, :class:`NotNow`, :class:`NoSuchPlay`,
        :class:`NotBlackIntel`, :class:`MustSend`, :class:`NeedsAddressee`,
        :class:`MustReceive`, :class:`ProbeAnswerWrong`, :class:`MalformedAction`.
    """
    return TURNS.apply(state, action)


@per_state
def pending(state: State) -> tuple[Prompt, ...]:
    """What the table waits for from the players (nothing while chance is due)."""
    phase = state.phase
    if isinstance(phase, Acting):
        return (Prompt(ACTING_PROMPTS[state.moment], (state.active,)),)
    if isinstance(phase, Responding):
        return (_round_prompt(state, phase),)
    if isinstance(phase, Deciding):
        t = state.transit
        assert t is not None
        return (Prompt("decide", (t.at,), {"sender": t.sender, "method": t.method.value}),)
    if isinstance(phase, ProbeAnswer):
        return (Prompt("probe_answer", (phase.target,), {"prober": phase.prober}),)
    if isinstance(phase, Drawing):
        return (Prompt("tell_draw", (phase.seat,), drawing(phase.left, phase.of)),)
    if isinstance(phase, Placing):
        return (Prompt("tell_placement", phase.seats[:1], {"user": phase.user}),)
    if isinstance(phase, Discarding):
        return (phase.prompt(len(state.player(phase.seat).hand) - state.options.hand_limit),)
    return ()


def _round_prompt(state: State, phase: Responding) -> Prompt:
    """A round names every seat still to answer; its kind says which window is open, and
    the play it answers is named as the table sees it: whose, and what it was played as."""
    top = state.stack[-1] if state.stack else None
    args: dict[str, JSON] = {"top": None if top is None else top.n}
    if top is not None:
        args |= {"user": top.seat, "function": top.function.value}
    t = state.transit
    intercepted = state.moment is Moment.TRANSMIT and t is not None and t.forced
    if state.moment in (Moment.TRANSMIT, Moment.ARRIVE) and t is not None:
        args["holder"] = t.at
        if state.moment is Moment.TRANSMIT and not intercepted:
            args["to"] = next_hop(state)
    if phase.holding:
        args["holding"] = list(phase.holding)
    window = INTERCEPTED_PROMPT if intercepted else WINDOW_PROMPTS.get(state.moment)
    kind = "respond" if state.stack or window is None else window
    return Prompt(kind, phase.waiting, args)


def aimed(state: State) -> frozenset[Seat]:
    """The seats a response window's matter is aimed at, as the table sees it: the target
    of the card on top of the stack (or, for a 識破, the player of the play it cancels) —
    else the player the intelligence reached (or an interceptor must take it), or is about
    to reach (§5.2)."""
    if not isinstance(state.phase, Responding):
        return frozenset()
    if state.stack:
        top = state.stack[-1]
        cancelled = [p.seat for p in state.stack if top.on is not None and p.n == top.on]
        return frozenset(s for s in (top.target, *cancelled) if s is not None)
    t = state.transit
    if t is None or state.moment not in (Moment.TRANSMIT, Moment.ARRIVE):
        return frozenset()
    if state.moment is Moment.ARRIVE or t.forced:  # before the player it reached, or must
        return frozenset({t.at})
    reach = next_hop(state)
    return frozenset() if reach is None else frozenset({reach})


def roll(state: State, rng: random.Random) -> Action | None:
    """The chance result the state waits for, drawn from ``rng``; ``None`` if none is due."""
    phase = state.phase
    if isinstance(phase, Dealing):
        return roll_deal(state, rng)
    if isinstance(phase, Drawing | Placing):
        return Pick(card=rng.choice(state.deck))
    return None


# --- chance --------------------------------------------------------------------------------


def _pick(state: State, action: Pick) -> Step:
    phase = state.phase
    assert isinstance(phase, Drawing | Placing)
    if action.card not in state.deck:
        raise BadChance(what="draw")
    events: list[Event] = []
    if isinstance(phase, Drawing):
        return flow.settle(flow.drawn(state, phase, action.card, events), events)
    return flow.settle(flow.placed(state, phase, action.card, events), events)


# --- turn start and draws (§4) -----------------------------------------------------------------


def _draw(state: State, a: Draw) -> Step:
    if state.moment is not Moment.TURN_START:
        raise WrongMoment(act=a.act)
    return flow.settle(evolve(state, phase=Drawing(a.seat, flow.TURN_DRAW, of=flow.TURN_DRAW)), [])


def _tell_draw(state: State, a: TellDraw | TellPlacement) -> Step:
    """A card told rather than seen by a reader: the same as the ``pick`` it stands for.

    A person names a face, so any copy of it the deck holds is the card (§1.3).
    """
    return _pick(state, Pick(card=told_draw(a.card, state.deck, cards.ALIKE[state.options.deck])))


# --- playing a function card (§6, §7) --------------------------------------------------------


def _play(state: State, a: Playing) -> Step:
    if a.card not in state.player(a.seat).hand:
        raise NotInHand(card=a.card)
    function = FUNCTION_OF_ACT[type(a)]
    if CARDS[a.card].function is not function:
        raise WrongFunction(card=a.card, function=function.value)
    if function not in timing.functions_now(state, a.seat):
        raise NotNow(function=function.value)
    _check_target(state, a)
    play = Play(
        n=state.plays + 1,
        seat=a.seat,
        card=a.card,
        target=getattr(a, "target", None),
        on=getattr(a, "on", None),
        intel=getattr(a, "intel", None),
        function=function,
    )
    state = evolve(from_hand(state, a.seat, a.card), plays=state.plays + 1)
    args: dict[str, JSON] = {"seat": a.seat, "n": play.n, "function": function.value}
    for name, value in (("card", shown(play)), ("target", play.target)):
        if value is not None:
            args[name] = value
    for name in ("on", "intel"):
        value = getattr(play, name)
        if value is not None:
            args[name] = value
    events = [Event(f"played_{function.value}", args)]
    phase = state.phase
    if isinstance(phase, Responding):
        return flow.settle(flow.declare(state, phase, play, events), events)
    return flow.settle(flow.push(state, play), events)


def _check_target(state: State, a: Playing) -> None:
    if isinstance(a, Lock) and a.target not in timing.lock_targets(state, a.seat):
        raise BadTarget(target=a.target)
    if isinstance(a, Lure) and a.target not in timing.lure_targets(state, a.seat):
        raise BadTarget(target=a.target)
    if isinstance(a, Probe) and a.target not in timing.probe_targets(state, a.seat):
        raise BadTarget(target=a.target)
    if isinstance(a, Counter) and a.on not in timing.counter_targets(state, a.seat):
        raise NoSuchPlay(on=a.on)
    if isinstance(a, Burn):
        black = timing.burn_targets(state)
        if a.target not in black:
            raise BadTarget(target=a.target)
        if a.intel not in black[a.target]:
            raise NotBlackIntel(card=a.intel)


def _pass(state: State, a: Pass) -> Step:
    phase = state.phase
    assert isinstance(phase, Responding)
    state = evolve(state, phase=phase.answer(a.seat))
    return flow.settle(state, [Event("passed", {"seat": a.seat})])


def _close(state: State, a: CloseRound) -> Step:
    """§5.2, §7: a round nobody answered in time closes as if all still asked had passed."""
    phase = state.phase
    assert isinstance(phase, Responding)
    waiting: list[JSON] = list(phase.waiting)
    state = evolve(state, phase=phase.close(a.n))
    return flow.settle(state, [Event("round_closed", {"seats": waiting})])


# --- sending (§5) -------------------------------------------------------------------------------


def sendable(state: State, seat: Seat, card: CardId) -> bool:
    """A 直達 card needs another player still in the game to be sent to."""
    return CARDS[card].method is not Method.DIRECT or len(state.living()) > 1


def _send(state: State, a: Send) -> Step:
    if state.moment is not Moment.PLAY_1:
        raise WrongMoment(act=a.act)
    if a.card not in state.player(a.seat).hand:
        raise NotInHand(card=a.card)
    method = CARDS[a.card].method
    if method is Method.DIRECT:
        if a.target is None or a.target == a.seat or a.target not in state.living():
            raise NeedsAddressee(method=method.value)
    elif a.target is not None:
        raise NeedsAddressee(method=method.value)
    transit = Transit(
        card=a.card,
        sender=a.seat,
        method=method,
        at=a.seat,
        target=a.target,
        seen_by=frozenset({a.seat}),
    )
    last = a.seat if state.options.send_sets_order else state.last_user
    state = evolve(from_hand(state, a.seat, a.card), transit=transit, sent=True, last_user=last)
    args: dict[str, JSON] = {"seat": a.seat, "method": method.value}
    if a.target is not None:
        args["target"] = a.target
    if method is Method.TEXT:
        args["card"] = a.card
        secrets: tuple[Secret, ...] = ()
    else:
        secrets = (Secret(a.seat, "sent", {"card": a.card}),)
    events = [Event("sent", args, secrets)]
    return flow.settle(flow.start_hop(state, events), events)


def _end_turn(state: State, a: EndTurn) -> Step:
    if state.moment is Moment.TURN_START:
        raise WrongMoment(act=a.act)
    if state.moment is Moment.PLAY_1:
        if any(sendable(state, a.seat, c) for c in state.player(a.seat).hand):
            raise MustSend()
        events = [Event("cannot_send", {"seat": a.seat})]
        return evolve(state, moment=Moment.PLAY_2, cannot_send=True), events
    events = []
    return flow.settle(flow.end_turn(state, events), events)


def _receive(state: State, a: Receive) -> Step:
    events: list[Event] = []
    return flow.settle(flow.receive(state, events), events)


def _decline(state: State, a: Decline) -> Step:
    t = state.transit
    assert t is not None
    if must_receive(state, a.seat):
        raise MustReceive()
    if t.method is Method.DIRECT:
        state = evolve(state, transit=evolve(t, refused=True))
    events = [Event("declined", {"seat": a.seat})]
    return flow.settle(flow.start_hop(state, events), events)


# --- probes (§6.8) --------------------------------------------------------------------------


def _answer_probe(state: State, a: AnswerProbe) -> Step:
    phase = state.phase
    assert isinstance(phase, ProbeAnswer)
    me = state.player(a.seat)
    assert me.identity is not None
    owed, count = obligation(me.identity, phase.card, state.options)
    if a.answer is not owed:
        raise ProbeAnswerWrong()
    discards = a.answer is Answer.DISCARD
    if a.card is not None and not discards:
        raise MalformedAction(field="card", expected="absent")
    if discards and (a.card not in me.hand if me.hand else a.card is not None):
        raise NotInHand(card=a.card)  # a card of one's hand, or none from an empty hand
    state = evolve(state, removed=(*state.removed, phase.card))
    args: dict[str, JSON] = {"seat": a.seat, "prober": phase.prober, "answer": a.answer.value}
    if a.answer is Answer.DRAW:
        args["draws"] = count
        events = [Event("probe_answered", args)]
        return flow.settle(
            evolve(state, phase=Drawing(a.seat, count, probe=True, of=count)), events
        )
    if a.card is not None:
        state = to_discard(from_hand(state, a.seat, a.card), a.card)
        args["count"] = 1
        if state.options.discard_face_up:
            args["card"] = a.card
    events = [Event("probe_answered", args)]
    return flow.settle(flow.after_resolution(state, events), events)


def _discard(state: State, a: Discard) -> Step:
    if a.card not in state.player(a.seat).hand:
        raise NotInHand(card=a.card)
    state = to_discard(from_hand(state, a.seat, a.card), a.card)
    args: dict[str, JSON] = {"seat": a.seat}
    if state.options.discard_face_up:
        args["card"] = a.card
    events = [Event("discarded", args)]
    return flow.settle(flow.end_turn(state, events), events)


def _audit(state: State, a: AuditHand) -> Step:
    """A hand check; one made while a seat must discard may leave it within the limit (the
    record had a card too many): then the turn ends as after the last discard."""
    new, events = audit(state, a)
    if not isinstance(state.phase, Discarding):
        return new, events
    return flow.settle(flow.end_turn(new, events), events)


TURNS: Turns[State] = Turns(
    {
        ANY_PHASE: dict.fromkeys(PLAYS, _play),  # each play checks its own timing (§6, §7)
        Dealing: {Deal: apply_deal},
        Acting: {Draw: _draw, Send: _send, EndTurn: _end_turn},
        Drawing: {TellDraw: _tell_draw, Pick: _pick},
        Placing: {TellPlacement: _tell_draw, Pick: _pick},
        Responding: {Pass: _pass, Hold: rounds.hold, CloseRound: _close},
        Deciding: {Receive: _receive, Decline: _decline},
        ProbeAnswer: {AnswerProbe: _answer_probe},
        Discarding: {Discard: _discard},
    },
    pending=pending, audit=_audit,
)  # fmt: skip
