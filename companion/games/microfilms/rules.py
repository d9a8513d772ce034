"""How a Microfilms turn goes (digest §4–§8): apply, pending, roll.

Each phase of :mod:`~companion.games.microfilms.state` accepts a few kinds of
action; anything else is refused with the reason. A turn is one action
(§4), its answers (bribe, blackmail) and chance (interrogation, blackmail
pick), then the end of turn: hand limits with the Ace fee (§5.1–§5.3), the
reshuffle that starts a new night (§5.4), and the next seat still in the game.
"""

from __future__ import annotations

import random

from companion.core.actions import Action, Discard, Pass, Pick, TellDraw
from companion.core.audit import AuditHand
from companion.core.codec import to_json
from companion.core.copies import told_draw
from companion.core.errors import BadChance, NotInHand
from companion.core.memo import per_state
from companion.core.outcome import Event, GameOver, Outcome, Secret
from companion.core.phases import Dealing, Discarding
from companion.core.prompts import Prompt
from companion.core.rules import Turns, finish
from companion.core.types import CardId, Seat
from companion.core.values import evolve, without
from companion.games.microfilms import cards, claims, letter
from companion.games.microfilms.actions import (
    CLAIMS,
    AcceptBribe,
    Blackmail,
    Bribe,
    BuyOff,
    ClaimAgent,
    ClaimManager,
    Deal,
    Draw,
    GiveIn,
    Interrogate,
    RefuseBribe,
    Resist,
    Source,
    Steal,
    Withdraw,
)
from companion.games.microfilms.audit import audit
from companion.games.microfilms.cards import ACE, Use
from companion.games.microfilms.errors import AceFeeUnaffordable, NotEnoughFrancs, PileEmpty
from companion.games.microfilms.moves import (
    check_target,
    from_bank,
    move,
    pay_cost,
    play,
    set_clean,
    to_bank,
    to_discard,
    transfer,
    update,
)
from companion.games.microfilms.options import (
    HandLimitCheck,
    LastStanding,
    RefusedBribeCard,
    ReshuffleTiming,
)
from companion.games.microfilms.setup import apply_deal, roll_deal
from companion.games.microfilms.state import (
    BlackmailDeclared,
    BlackmailTaking,
    BribeOffered,
    Choosing,
    Drawing,
    Ending,
    Interrogating,
    State,
    Step,
)

ACE_FEE = 2
"""§5.3: discarding the Ace of Spades costs 2 francs, paid to the bank."""
INTERROGATE_FRANCS = 1
BLACKMAIL_FRANCS = 2
BUY_OFF_FRANCS = 2
STEAL_FRANCS = 2
WITHDRAW_FRANCS = 3


@per_state
def apply(state: State, action: Action) -> Outcome[State]:
    """Apply one action, or raise a RuleViolation and change nothing.

    :raises RuleViolation: the core's refusals (:meth:`companion.core.rules.Turns.apply`),
        and those of each rule: :class:`NotInHand`, :class:`NotEnoughFrancs`,
        :class:`NotInDeck`, :class:`BadChance`, :class:`PileEmpty`,
        :class:`AceFeeUnaffordable`, :class:`CardCannotPay`, :class:`BadTarget`, the claim
        refusals of :func:`companion.games.microfilms.claims.check`.
    """
    out = TURNS.apply(state, action)
    return Outcome(letter.learnt(out.state), out.events)


@per_state
def pending(state: State) -> tuple[Prompt, ...]:
    """What the table waits for from the players (nothing while chance is due)."""
    phase = state.phase
    if isinstance(phase, Choosing):
        return (Prompt("turn", (state.active,)),)
    if isinstance(phase, BribeOffered):
        return (Prompt("bribe_answer", (phase.target,), {"briber": state.active}),)
    if isinstance(phase, BlackmailDeclared):
        return (Prompt("blackmail_answer", (phase.target,), {"blackmailer": state.active}),)
    if isinstance(phase, Discarding):
        player = state.player(phase.seat)
        return (phase.prompt(len(player.hand) - player.limit),)
    if isinstance(phase, Drawing):
        return (Prompt("tell_draw", (phase.seat,)),)
    return ()


def roll(state: State, rng: random.Random) -> Action | None:
    """The chance result the state waits for, drawn from ``rng``; ``None`` if none is due."""
    phase = state.phase
    if isinstance(phase, Dealing):
        return roll_deal(state, rng)
    if isinstance(phase, Interrogating):
        return Pick(card=rng.choice(_interrogation_pool(state, phase.target)))
    if isinstance(phase, BlackmailTaking):
        return Pick(card=rng.choice(state.player(phase.target).hand))
    if isinstance(phase, Drawing):
        return Pick(card=rng.choice(state.deck))
    return None


# --- chance (§4.1, §6.4, §6.5) ------------------------------------------------


def _interrogation_pick(state: State, a: Pick) -> Step:
    assert isinstance(state.phase, Interrogating)
    target = state.phase.target
    if a.card not in _interrogation_pool(state, target):
        raise BadChance(what="pick")
    return _interrogation_result(state, target, a.card, [])


def _blackmail_pick(state: State, a: Pick) -> Step:
    assert isinstance(state.phase, BlackmailTaking)
    target = state.phase.target
    if a.card not in state.player(target).hand:
        raise BadChance(what="pick")
    return _blackmail_take(state, target, a.card, [])


def _draw_pick(state: State, a: Pick) -> Step:
    assert isinstance(state.phase, Drawing)
    if a.card not in state.deck:
        raise BadChance(what="draw")
    return _drawn(state, state.phase.seat, a.card)


# --- the five turn actions (§4, §6) -------------------------------------------


def _draw(state: State, a: Draw) -> Step:
    if a.source is Source.DECK:
        if not state.deck:
            raise PileEmpty(pile="deck")
        if len(state.deck) == 1 and state.letter_known:
            return _drawn(state, a.seat, state.deck[0])  # the last card: no chance, no word
        # While the letter set aside is a guess, the last card is told whatever it is:
        # asking only when it is a letter would tell the whole table what it is.
        return evolve(state, phase=Drawing(a.seat)), []
    if not state.discard:
        raise PileEmpty(pile="discard")
    card, state = state.discard[-1], evolve(state, discard=state.discard[:-1])
    state = update(state, a.seat, hand=(*state.player(a.seat).hand, card))
    return _end_action(state, [Event("took_discard", {"seat": a.seat, "card": card})])


def _tell_draw(state: State, a: TellDraw) -> Step:
    """The drawer names the card's face; any copy of it the deck holds is the one drawn."""
    return _drawn(state, a.seat, told_draw(a.card, state.deck, cards.ALIKE))


def _drawn(state: State, seat: Seat, card: CardId) -> Step:
    """The deck draw turned out to be ``card``: only the drawer learns it (§3, §9.7)."""
    state = evolve(state, deck=without(state.deck, card))
    state = update(state, seat, hand=(*state.player(seat).hand, card))
    events = [Event("drew", {"seat": seat}, (Secret(seat, "drew", {"card": card}),))]
    at_once = state.options.reshuffle_timing is ReshuffleTiming.WHEN_EMPTY
    if at_once and not state.deck and state.discard:
        state = _reshuffle(state, events)
    return _end_action(state, events)


def _pass(state: State, a: Pass) -> Step:
    got = min(1, state.bank)
    state = from_bank(state, a.seat, got)
    return _end_action(state, [Event("passed", {"seat": a.seat, "francs": got})])


def _bribe(state: State, a: Bribe) -> Step:
    check_target(state, a.seat, a.target)
    if a.card not in state.player(a.seat).hand:
        raise NotInHand(card=a.card)
    offered = Secret(a.target, "bribe_offered", {"card": a.card, "briber": a.seat})
    event = Event("bribe_offered", {"seat": a.seat, "target": a.target}, (offered,))
    return evolve(state, phase=BribeOffered(a.target, a.card)), [event]


def _accept_bribe(state: State, a: AcceptBribe) -> Step:
    assert isinstance(state.phase, BribeOffered)
    briber, card = state.active, state.phase.card
    state = move(state, card, briber, a.seat)
    events = [Event("bribe_accepted", {"seat": a.seat, "briber": briber})]
    state = set_clean(state, briber, True, events)
    return _end_action(state, events)


def _refuse_bribe(state: State, a: RefuseBribe) -> Step:
    assert isinstance(state.phase, BribeOffered)
    briber, card = state.active, state.phase.card
    francs = state.player(a.seat).francs
    if francs < 1 and not state.options.refuse_without_francs:
        raise NotEnoughFrancs(need=1, have=francs)
    paid = min(1, francs)
    state = transfer(state, a.seat, briber, paid)
    events = [Event("bribe_refused", {"seat": a.seat, "briber": briber, "francs": paid})]
    if state.options.refused_bribe_card is RefusedBribeCard.DISCARDED:
        state = to_discard(state, briber, card)
        events.append(Event("bribe_card_discarded", {"seat": briber, "card": card}))
    return _end_action(state, events)


def _steal(state: State, a: Steal) -> Step:
    check_target(state, a.seat, a.target)
    state = play(state, a.seat, a.card, Use.STEAL)
    amount = min(STEAL_FRANCS, state.player(a.target).francs)
    state = transfer(state, a.target, a.seat, amount)
    event = Event("stole", {"seat": a.seat, "target": a.target, "card": a.card, "francs": amount})
    return _end_action(state, [event])


def _withdraw(state: State, a: Withdraw) -> Step:
    state = play(state, a.seat, a.card, Use.WITHDRAW)
    got = min(WITHDRAW_FRANCS, state.bank)
    state = from_bank(state, a.seat, got)
    return _end_action(state, [Event("withdrew", {"seat": a.seat, "card": a.card, "francs": got})])


def _interrogate(state: State, a: Interrogate) -> Step:
    check_target(state, a.seat, a.target)
    state, cost = pay_cost(
        state, a.seat, a.card, Use.INTERROGATE, INTERROGATE_FRANCS, target=a.target
    )
    events = [Event("interrogated", {"seat": a.seat, "target": a.target, "cost": cost})]
    pool = _interrogation_pool(state, a.target)
    if len(pool) == 1:
        return _interrogation_result(state, a.target, pool[0], events)
    return evolve(state, phase=Interrogating(a.target)), events


def _interrogation_pool(state: State, target: Seat) -> tuple[CardId, ...]:
    """§6.4: the identity card shuffled together with the whole hand."""
    p = state.player(target)
    assert p.identity is not None
    return (p.identity, *p.hand)


def _interrogation_result(state: State, target: Seat, card: CardId, events: list[Event]) -> Step:
    seen = Secret(state.active, "interrogation", {"target": target, "card": card})
    events.append(Event("interrogation_seen", {"seat": state.active, "target": target}, (seen,)))
    return _end_action(state, events)


def _blackmail(state: State, a: Blackmail) -> Step:
    check_target(state, a.seat, a.target)
    state, cost = pay_cost(state, a.seat, a.card, Use.BLACKMAIL, BLACKMAIL_FRANCS, target=a.target)
    event = Event("blackmailed", {"seat": a.seat, "target": a.target, "cost": cost})
    return evolve(state, phase=BlackmailDeclared(a.target)), [event]


def _resist(state: State, a: Resist) -> Step:
    state = play(state, a.seat, a.card, Use.RESIST)
    return _end_action(state, [Event("resisted", {"seat": a.seat, "card": a.card})])


def _buy_off(state: State, a: BuyOff) -> Step:
    francs = state.player(a.seat).francs
    partial = state.options.partial_buy_off and francs >= 1
    if francs < BUY_OFF_FRANCS and not partial:
        raise NotEnoughFrancs(need=BUY_OFF_FRANCS, have=francs)
    paid = min(BUY_OFF_FRANCS, francs)
    state = transfer(state, a.seat, state.active, paid)
    event = Event("bought_off", {"seat": a.seat, "blackmailer": state.active, "francs": paid})
    return _end_action(state, [event])


def _give_in(state: State, a: GiveIn) -> Step:
    events = [Event("gave_in", {"seat": a.seat, "blackmailer": state.active})]
    hand = state.player(a.seat).hand
    if len(hand) > 1:
        return evolve(state, phase=BlackmailTaking(a.seat)), events
    return _blackmail_take(state, a.seat, hand[0] if hand else None, events)


def _blackmail_take(state: State, target: Seat, card: CardId | None, events: list[Event]) -> Step:
    """§6.5: the blackmail succeeds — a card changes hands unseen, statuses flip."""
    blackmailer = state.active
    if card is not None:
        state = move(state, card, target, blackmailer)
        secrets = (
            Secret(blackmailer, "blackmail_took", {"card": card, "target": target}),
            Secret(target, "blackmail_lost", {"card": card, "blackmailer": blackmailer}),
        )
        events.append(Event("blackmail_took", {"seat": blackmailer, "target": target}, secrets))
    elif not state.options.blackmail_empty_hand_succeeds:
        return _end_action(state, events)
    state = set_clean(state, target, False, events)
    state = set_clean(state, blackmailer, True, events)
    return _end_action(state, events)


def _claim(state: State, a: claims.Claim) -> Step:
    claims.check(state, a)
    p = state.player(a.seat)
    if isinstance(a, ClaimManager):  # one claim, whichever letter is named first
        first, second = sorted(a.letters, key=lambda place: place.letter)
        a = evolve(a, letters=(first, second))
    body = to_json(a)
    assert isinstance(body, dict)
    args = {k: v for k, v in body.items() if v is not None and k != "aside"}
    kind = a.act + ("_named" if isinstance(a, ClaimAgent) and a.named is not None else "")
    events: list[Event] = []
    if isinstance(a, ClaimAgent) and a.aside is not None:
        state, events = letter.turned_up(state, a.seat, a.aside)
    events.append(Event(kind, {**args, "identity": p.identity}, reveals=True))
    state = update(state, a.seat, revealed=True)
    won = claims.winners(state, a)
    if won is not None:
        events.append(Event("claim_succeeded", {"seat": a.seat}))
        return finish(state, GameOver(Ending.CLAIM, won), events), events
    events.append(Event("claim_failed", {"seat": a.seat}))
    return _eliminate(state, a.seat, events)


def _eliminate(state: State, seat: Seat, events: list[Event]) -> Step:
    """§8: the hand goes face up to the discard pile; the seat is skipped from now on."""
    p = state.player(seat)
    if state.options.ace_fee_on_elimination and ACE in p.hand:
        state = to_bank(state, seat, min(ACE_FEE, p.francs))
    if state.options.eliminated_francs_to_bank:
        state = to_bank(state, seat, state.player(seat).francs)
    state = evolve(state, discard=(*state.discard, *p.hand))
    state = update(state, seat, hand=(), eliminated=True)
    events.append(Event("eliminated", {"seat": seat, "cards": list(p.hand)}, reveals=True))
    left = state.in_game()
    if len(left) < 2:
        lone = state.options.last_standing is LastStanding.WINS
        return finish(state, GameOver(Ending.LAST_STANDING, left if lone else ()), events), events
    return _end_action(state, events)


# --- end of turn (§5) -------------------------------------------------------------


def _discard(state: State, a: Discard) -> Step:
    p = state.player(a.seat)
    if a.card not in p.hand:
        raise NotInHand(card=a.card)
    fee = ACE_FEE if a.card == ACE else 0
    if p.francs < fee:
        raise AceFeeUnaffordable(need=fee, have=p.francs)
    state = to_discard(to_bank(state, a.seat, fee), a.seat, a.card)
    events = [Event("discarded", {"seat": a.seat, "card": a.card})]
    if fee:
        events.append(Event("ace_fee", {"seat": a.seat, "fee": fee}))
    return _end_action(state, events)


def _audit(state: State, a: AuditHand) -> Step:
    """A hand check; one made while a seat must discard may leave no one over the limit
    (the record had a card too many): then the turn goes on as after the last discard."""
    new, events = audit(state, a)
    return _end_action(new, events) if isinstance(state.phase, Discarding) else (new, events)


def _end_action(state: State, events: list[Event]) -> Step:
    """§5.1: the first seat over its hand limit must discard, one card at a time."""
    n = len(state.players)
    order = [state.active]
    if state.options.hand_limit_check is HandLimitCheck.ALL:
        order = [Seat((state.active + i) % n) for i in range(n)]
    for seat in order:
        p = state.player(seat)
        if not p.eliminated and len(p.hand) > p.limit:
            return evolve(state, phase=Discarding(seat)), events
    if not state.deck and state.discard:
        state = _reshuffle(state, events)
    return _next_turn(state), events


def _reshuffle(state: State, events: list[Event]) -> State:
    """§5.4: the discard pile, shuffled, becomes the deck; each reshuffle is a new night."""
    state = evolve(state, deck=tuple(sorted(state.discard)), discard=(), night=state.night + 1)
    events.append(Event("new_night", {"night": state.night, "cards": len(state.deck)}))
    return state


def _next_turn(state: State) -> State:
    n = len(state.players)
    seat = state.active
    for step in range(1, n + 1):
        seat = Seat((state.active + step) % n)
        if not state.player(seat).eliminated:
            break
    return evolve(state, active=seat, turn=state.turn + 1, phase=Choosing())


TURNS: Turns[State] = Turns(
    {
        Dealing: {Deal: apply_deal},
        Choosing: {
            Draw: _draw, Pass: _pass, Bribe: _bribe, Steal: _steal, Withdraw: _withdraw,
            Interrogate: _interrogate, Blackmail: _blackmail, **dict.fromkeys(CLAIMS, _claim),
        },
        BribeOffered: {AcceptBribe: _accept_bribe, RefuseBribe: _refuse_bribe},
        BlackmailDeclared: {Resist: _resist, BuyOff: _buy_off, GiveIn: _give_in},
        Discarding: {Discard: _discard},
        Drawing: {TellDraw: _tell_draw, Pick: _draw_pick},
        Interrogating: {Pick: _interrogation_pick},
        BlackmailTaking: {Pick: _blackmail_pick},
    },
    pending=pending, audit=_audit,
)  # fmt: skip
