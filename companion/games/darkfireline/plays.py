"""The play phase (§4.2, §5): each card the active player may play, checked, then done.

A check refuses before anything changes; the state is immutable, so a refusal
leaves the table as it was. Every refusal is decided by public facts or by the
player's own hand.
"""

from __future__ import annotations

from companion.core.actions import Pass
from companion.core.errors import BadTarget, MalformedAction, NotInHand
from companion.core.outcome import Event, Secret
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at
from companion.games.darkfireline import combat, flow
from companion.games.darkfireline.actions import (
    Disarm,
    DrawExtra,
    EndPlay,
    Equip,
    FlashOn,
    Grenade,
    Heal,
    LeaveRestaurant,
    Removal,
    Shoot,
    SmokeOn,
    Warrant,
)
from companion.games.darkfireline.cards import ENVIRONMENTS, EQUIPMENT, Kind, kind_of
from companion.games.darkfireline.errors import (
    AlreadyUsed,
    FullHealth,
    JustEquipped,
    NotAdjacent,
    NothingThere,
    NotWithGrenade,
    OnlySerum,
    OwnEnvironment,
    Protected,
    WrongKind,
)
from companion.games.darkfireline.options import (
    GrenadeBullet,
    RestaurantEquip,
    StorageGrenade,
    SupermarketDraw,
)
from companion.games.darkfireline.reach import check_target, neighbours, ring
from companion.games.darkfireline.state import (
    Drawing,
    Flash,
    MayDraw,
    Playing,
    Smoke,
    State,
    Taking,
)

Step = tuple[State, list[Event]]


def played(state: State, seat: Seat, card: CardId, kinds: frozenset[Kind] | Kind) -> Kind:
    """The kind of ``card``, which ``seat`` holds; refuses another kind, and anything but a
    serum from a smoked player (§5.4)."""
    if card not in state.player(seat).hand:
        raise NotInHand(card=card)
    kind = kind_of(card)
    if kind not in (kinds if isinstance(kinds, frozenset) else {kinds}):
        raise WrongKind(card=card)
    if kind is not Kind.SERUM and state.smoked(seat):
        raise OnlySerum()
    return kind


def _spend(state: State, seat: Seat, card: CardId, *, to_discard: bool = True) -> State:
    hand = list(state.player(seat).hand)
    hand.remove(card)
    players = evolve_at(state.players, seat, hand=tuple(hand))
    return evolve(state, players=players, discard=(*state.discard, card) if to_discard else
                  state.discard)  # fmt: skip


def _skill(state: State, card: CardId) -> State:
    if state.done.skill is not None:
        raise AlreadyUsed(what="skill")
    return evolve(state, done=evolve(state.done, skill=kind_of(card)))


def shoot(state: State, a: Shoot) -> Step:
    """§5.1, §5.2: a bullet at one target, or a double bullet at one or two."""
    kind = played(state, a.seat, a.card, frozenset({Kind.SINGLE, Kind.DOUBLE}))
    done, grenade = state.done, state.done.skill is Kind.GRENADE
    if kind is Kind.DOUBLE and grenade:
        raise NotWithGrenade()
    extra = (
        state.options.grenade_bullet is GrenadeBullet.EXTRA
        and grenade and kind is Kind.SINGLE and not done.extra_single
    )  # fmt: skip
    if done.shot is not None and not extra:
        raise AlreadyUsed(what="shot")
    targets = tuple(sorted(a.targets))  # both are hit at once: the order names nothing
    if len(set(targets)) != len(targets) or not 1 <= len(targets) <= (2 if kind is Kind.DOUBLE
                                                                      else 1):  # fmt: skip
        raise MalformedAction(field="targets", expected="one target, or two for a double bullet")
    for target in targets:
        if target == a.seat:
            raise BadTarget(target=target)  # at oneself (INFERRED, §5.1)
        check_target(state, a.seat, target, kind)
    done = evolve(done, extra_single=True) if done.shot is not None else evolve(done, shot=kind)
    state = evolve(_spend(state, a.seat, a.card), done=done)
    events = [Event("shot", {"seat": a.seat, "card": a.card, "targets": list(targets)})]
    damage = 2 if kind is Kind.DOUBLE and len(targets) == 1 else 1
    for target in targets:
        state = combat.attacked(combat.hurt(state, target, damage, kind, events), target, events)
    return combat.after_attack(state, a.seat, events), events


def heal(state: State, a: Heal) -> Step:
    """§5.3: a serum heals its player by 1, as often as the player likes."""
    played(state, a.seat, a.card, Kind.SERUM)
    player = state.player(a.seat)
    if player.full and state.options.serum_caps:
        raise FullHealth()
    health = player.health + 1 if not player.full else player.health
    state = _spend(state, a.seat, a.card)
    state = evolve(state, players=evolve_at(state.players, a.seat, health=health))
    return state, [Event("healed", {"seat": a.seat, "card": a.card, "health": health})]


def smoke(state: State, a: SmokeOn) -> Step:
    """§5.4: smoke in front of another player, until the user's next turn."""
    played(state, a.seat, a.card, Kind.SMOKE)
    if a.target == a.seat:
        raise BadTarget(target=a.target)
    check_target(state, a.seat, a.target, Kind.SMOKE)
    state = _skill(_spend(state, a.seat, a.card, to_discard=False), a.card)
    state = evolve(state, smokes=(*state.smokes, Smoke(a.seat, a.target, a.card)))
    return state, [Event("smoked", {"seat": a.seat, "target": a.target})]


def flash(state: State, a: FlashOn) -> Step:
    """§5.5: a flashbang between two adjacent players — a Storage Room's holder counts as
    absent, so the players either side of them are adjacent — not the user (INFERRED).

    A pair named as the table sits, a holder beside the other, flashes the next player past
    the holder instead: the seed's own example, "E 对 B 和 C 使用闪光弹，因 C 有储藏室，
    实际被闪光的是 B 和 D" (§5.12)."""
    played(state, a.seat, a.card, Kind.FLASH)
    first, second = _past_storage(state, a.pair, a.seat)
    if first == second or a.seat in a.pair:
        raise BadTarget(target=a.seat if a.seat in a.pair else second)
    for target in (first, second):
        check_target(state, a.seat, target, Kind.FLASH)
    if second not in neighbours(ring(state, Kind.FLASH), first):
        raise NotAdjacent(seats=[first, second])
    state = _skill(_spend(state, a.seat, a.card, to_discard=False), a.card)
    pair = (min(first, second), max(first, second))
    state = evolve(state, flashes=(*state.flashes, Flash(a.seat, pair, a.card)))
    return state, [Event("flashed", {"seat": a.seat, "seats": list(pair)})]


def disarm(state: State, a: Disarm) -> Step:
    """§5.6: one card of a player to the discard pile — their environment, armour, a card of
    the hand taken blind, or, from a smoked player, only a smoke. An attack (§5.5).

    Aimed at oneself (an option), it removes no environment but a Restaurant equipped on an
    earlier turn: 餐厅是唯一可以自主解除的环境牌，但不可在装备的同一回合内解除 (§5.10)."""
    played(state, a.seat, a.card, Kind.DISARM)
    if a.target == a.seat:
        _own_removal(state, a)
    check_target(state, a.seat, a.target, Kind.DISARM)
    target = state.player(a.target)
    if state.smoked(a.target) and a.target != a.seat and a.what is not Removal.SMOKE:
        raise Protected(target=a.target)
    there = {
        Removal.ENVIRONMENT: target.environment is not None,
        Removal.ARMOUR: target.armour is not None,
        Removal.HAND: bool(target.hand) and not (a.target == a.seat and len(target.hand) == 1),
        Removal.SMOKE: state.smoked(a.target),
    }
    if not there[a.what]:
        raise NothingThere(what=a.what.value)
    state = _skill(_spend(state, a.seat, a.card), a.card)
    events = [Event("disarmed", {"seat": a.seat, "target": a.target, "what": a.what.value})]
    state = combat.attacked(state, a.target, events)
    if a.what is Removal.HAND:
        return evolve(state, phase=Taking(a.seat, a.target)), events
    if a.what is Removal.SMOKE:
        return combat.lift_smoke(state, a.target, events, one=True), events
    slot = "environment" if a.what is Removal.ENVIRONMENT else "armour"
    return unequip(state, a.target, slot, events), events


def _own_removal(state: State, a: Disarm) -> None:
    """A Disarm at oneself, where the table allows one, removes what the holder may."""
    environment = state.player(a.seat).environment
    if not state.options.disarm_self:
        raise BadTarget(target=a.target)
    if a.what is Removal.ENVIRONMENT and environment is not None:
        if kind_of(environment) is not Kind.RESTAURANT:
            raise OwnEnvironment()
        if state.done.equipped == environment:
            raise JustEquipped()


def taken(state: State, card: CardId, events: list[Event]) -> State:
    """The card a Disarm took blind from the target's hand goes to the discard pile, face
    up for all (an option: else face down, known to its owner)."""
    phase = state.phase
    assert isinstance(phase, Taking)
    hand = list(state.player(phase.target).hand)
    hand.remove(card)
    shown = state.options.disarmed_card_shown
    secrets = () if shown else (Secret(phase.target, "taken", {"card": card}),)
    args = {"seat": phase.target, "card": card if shown else None}
    events.append(Event("taken", args, secrets=secrets))
    players = evolve_at(state.players, phase.target, hand=tuple(hand))
    face_down = state.face_down if shown else state.face_down | {card}
    return evolve(state, players=players, discard=(*state.discard, card), face_down=face_down,
                  phase=Playing())  # fmt: skip


def grenade(state: State, a: Grenade) -> Step:
    """§5.8: 1 damage to the target and both its neighbours, body armour or not; never in a
    turn with a double bullet."""
    played(state, a.seat, a.card, Kind.GRENADE)
    if state.done.shot is Kind.DOUBLE:
        raise NotWithGrenade()
    if a.target == a.seat and not state.options.grenade_at_self:
        raise BadTarget(target=a.target)  # INFERRED: a grenade is thrown at someone else
    passing = state.options.storage_grenade is StorageGrenade.PASS_CLOCKWISE
    if not passing:
        check_target(state, a.seat, a.target, Kind.GRENADE)
    elif not 0 <= a.target < len(state.players) or not state.player(a.target).alive:
        raise BadTarget(target=a.target)
    state = _skill(_spend(state, a.seat, a.card), a.card)
    events = [Event("grenade", {"seat": a.seat, "target": a.target})]
    for victim in victims(state, a.target, passing=passing):
        state = combat.hurt(state, victim, 1, Kind.GRENADE, events)
        state = combat.attacked(state, victim, events)
    return combat.after_attack(state, a.seat, events), events


def victims(state: State, target: Seat, *, passing: bool) -> list[Seat]:
    """Who a grenade at ``target`` hurts, one entry a point of damage: the target and its
    neighbours on the ring without Storage Room holders; or, passing (an option), on the
    whole ring, each holder's point passed to the next player clockwise who holds none."""
    if not passing:
        seats = ring(state, Kind.GRENADE)
        return [target, *neighbours(seats, target)]
    seats = ring(state)
    hit = [target, *neighbours(seats, target)]
    out = []
    for seat in hit:
        at = seats.index(seat)
        for step in range(len(seats)):
            there = seats[(at - step) % len(seats)]  # clockwise: against the turn order
            if not state.player(there).has(Kind.STORAGE_ROOM):
                out.append(there)
                break
    return out


def warrant(state: State, a: Warrant) -> Step:
    """§5.14: the user alone sees the target's identity; the card leaves the game."""
    played(state, a.seat, a.card, Kind.WARRANT)
    if a.target == a.seat:
        raise BadTarget(target=a.target)
    check_target(state, a.seat, a.target, Kind.WARRANT)
    state = _skill(_spend(state, a.seat, a.card, to_discard=False), a.card)
    state = evolve(state, removed=(*state.removed, a.card))
    seen = Secret(
        a.seat, "identity_seen", {"seat": a.target, "identity": state.player(a.target).identity}
    )
    return state, [Event("warrant", {"seat": a.seat, "target": a.target}, secrets=(seen,))]


def equip(state: State, a: Equip) -> Step:
    """§4.2: an environment — replacing the old one — or body armour, once a turn."""
    kind = played(state, a.seat, a.card, EQUIPMENT)
    if state.done.equipped is not None:
        raise AlreadyUsed(what="equip")
    slot = "environment" if kind in ENVIRONMENTS else "armour"
    events = [Event("equipped", {"seat": a.seat, "card": a.card})]
    state = evolve(_spend(state, a.seat, a.card, to_discard=False),
                   done=evolve(state.done, equipped=a.card))  # fmt: skip
    if getattr(state.player(a.seat), slot) is not None:
        state = unequip(state, a.seat, slot, events)
    state = evolve(state, players=evolve_at(state.players, a.seat, **{slot: a.card}))
    if kind is Kind.RESTAURANT:
        state = _restaurant(state, a.seat, opened=True, events=events)
    if kind is Kind.SUPERMARKET and state.options.supermarket_draw is SupermarketDraw.MAY:
        state = evolve(state, phase=MayDraw(a.seat))  # §5.9: 可立即补摸, read as "may"
    elif kind is Kind.SUPERMARKET:  # §5.9: one card at once
        state = supermarket_draw(state, a.seat, events)
    return state, events


def supermarket_draw(state: State, seat: Seat, events: list[Event]) -> State:
    """§5.9: the one card the Supermarket gives at once, then back to the play phase."""
    return flow.ready_to_draw(evolve(state, phase=Drawing(seat, 1, then_play=True)), events)


def draw_extra(state: State, a: DrawExtra) -> Step:
    """§5.9 (``supermarket_draw = may``): the player takes the Supermarket's card."""
    events = [Event("extra_drawn", {"seat": a.seat})]
    return supermarket_draw(state, a.seat, events), events


def extra_declined(state: State, a: Pass) -> Step:
    """§5.9 (``supermarket_draw = may``): the player lets the Supermarket's card go."""
    return evolve(state, phase=Playing()), [Event("extra_declined", {"seat": a.seat})]


def unequip(state: State, seat: Seat, slot: str, events: list[Event]) -> State:
    """What lies in ``slot`` in front of ``seat`` goes to the discard pile."""
    card = getattr(state.player(seat), slot)
    assert card is not None
    events.append(Event("unequipped", {"seat": seat, "card": card}))
    state = evolve(state, players=evolve_at(state.players, seat, **{slot: None}),
                   discard=(*state.discard, card))  # fmt: skip
    if kind_of(card) is Kind.RESTAURANT:
        state = _restaurant(state, seat, opened=False, events=events)
    return state


def _restaurant(state: State, seat: Seat, *, opened: bool, events: list[Event]) -> State:
    """§5.10: equipped, a fifth serum face up — health and its maximum up by 1, and below
    full health 1 more (:class:`RestaurantEquip`); removed, the maximum back to 4 and a
    fifth point lost, or, below full, 1 health back (INFERRED)."""
    player = state.player(seat)
    if opened:
        heals = state.options.restaurant_equip is RestaurantEquip.POINT_AND_HEAL
        most, health = 5, min(5, player.health + 1 + (heals and not player.full))
    else:
        most = 4
        health = 4 if player.full else min(4, player.health + 1)
    events.append(Event("health", {"seat": seat, "health": health, "most": most}))
    return evolve(state, players=evolve_at(state.players, seat, health=health, most=most))


def _past_storage(state: State, pair: tuple[Seat, Seat], user: Seat) -> tuple[Seat, Seat]:
    """``pair`` with its one Storage Room holder, if it sits beside the other, replaced by
    the first player past the holder, away from the other, whom the room does not keep out
    (§5.12) — unless that is the flashbang's user; any other pair as named (and refused)."""
    seats = state.living()
    if not set(pair) <= set(seats):
        return pair  # refused as named
    holding = [s for s in pair if state.player(s).has(Kind.STORAGE_ROOM)]
    if len(holding) != 1:
        return pair
    holder = holding[0]
    other = pair[1] if pair[0] == holder else pair[0]
    i, n = seats.index(holder), len(seats)
    step = 1 if seats[(i - 1) % n] == other else -1 if seats[(i + 1) % n] == other else 0
    if step == 0:
        return pair
    for k in range(1, n):
        past = seats[(i + step * k) % n]
        if not state.player(past).has(Kind.STORAGE_ROOM):
            if past in (user, other):
                return pair
            return (other, past) if pair[0] == other else (past, other)
    return pair


def leave_restaurant(state: State, a: LeaveRestaurant) -> Step:
    """§5.10: the only environment its holder may remove — not on the turn it came; with
    ``leaving_restaurant_is_equip``, as the turn's one equip."""
    player = state.player(a.seat)
    if player.environment is None:
        raise NothingThere(what="environment")
    if kind_of(player.environment) is not Kind.RESTAURANT:
        raise OwnEnvironment()  # one lies there: it is not one its holder may take off
    if state.smoked(a.seat):
        raise OnlySerum()
    if state.done.equipped == player.environment:
        raise JustEquipped()
    if state.options.leaving_restaurant_is_equip:
        if state.done.equipped is not None:
            raise AlreadyUsed(what="equip")
        state = evolve(state, done=evolve(state.done, equipped=player.environment))
    events: list[Event] = []
    return unequip(state, a.seat, "environment", events), events


def end_play(state: State, a: EndPlay) -> Step:
    events: list[Event] = [Event("play_ended", {"seat": a.seat})]
    return flow.to_discard(state, events), events
