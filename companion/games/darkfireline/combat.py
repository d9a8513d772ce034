"""Damage, dying, rescue and death (digest §5, §6, §8).

An attack hurts, breaks the flashbang its victims stand in (§5.5), and may leave
players dying. Each dying player in turn — counter-clockwise from the attacker,
that is in turn order after them (§6.5, INFERRED) — gets a rescue round: every
seat public facts allow is asked at once, whether or not it holds a kit. A kit
offered brings the player back to 1 health; none, and the player dies: their
identity is shown, their cards go to the attacker's hand, and the game may end.
Where several are dying at once, a player rescued may save the others with a kit of
their own (§6.5, seed: 如果被救回的濒死者手上正好有急救包，他可以救助其他濒死者): so a
round that closes with no kit while others are dying holds that death until every
dying player has been seen to, and asks again those rescued since. An attack that
left anyone dying ends its attacker's play phase (§6.3, §6.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.core.outcome import Event, GameOver, Secret
from companion.core.rules import finish
from companion.core.types import JSON, CardId, Seat
from companion.core.values import evolve, evolve_at
from companion.games.darkfireline import flow
from companion.games.darkfireline.cards import ROLE_OF, Kind, Role
from companion.games.darkfireline.options import FirstAidPriority, GrenadeDeaths
from companion.games.darkfireline.state import (
    HEALTH,
    Ending,
    Playing,
    Rescuing,
    State,
    Unsaved,
)


def hurt(state: State, seat: Seat, damage: int, kind: Kind, events: list[Event]) -> State:
    """``seat`` takes ``damage`` from a card of ``kind``: body armour stops one of a
    bullet's (§5.13) — but the last of a double bullet's, with ``split_double_hits_armour``;
    health stops at 0, and 0 is dying (§6.1); a grenade lifts the smoke after its damage
    (§5.4)."""
    player = state.player(seat)
    if kind in (Kind.SINGLE, Kind.DOUBLE) and player.armour is not None:
        pierces = kind is Kind.DOUBLE and state.options.split_double_hits_armour
        damage = max(1 if pierces else 0, damage - 1)
    health = max(0, player.health - damage)
    events.append(Event("hurt", {"seat": seat, "damage": damage, "health": health}))
    state = evolve(state, players=evolve_at(state.players, seat, health=health))
    if kind is Kind.GRENADE and state.smoked(seat):
        state = lift_smoke(state, seat, events)
    return state


def lift_smoke(state: State, seat: Seat, events: list[Event], *, one: bool = False) -> State:
    """The smoke in front of ``seat`` goes to the discard pile: all of it after a grenade;
    ``one`` card for a Disarm, which removes a single card (拆除一张, §5.6) — of two smokes
    the one that would last longer, as the disarmer would choose."""
    on = [s for s in state.smokes if s.target == seat]
    n = len(state.players)
    lifted = [max(on, key=lambda s: (s.user - state.active - 1) % n)] if one else on
    if lifted == on:
        events.append(Event("smoke_ended", {"seat": seat}))
    kept = tuple(s for s in state.smokes if s not in lifted)
    return evolve(state, smokes=kept, discard=(*state.discard, *(s.card for s in lifted)))


def attacked(state: State, seat: Seat, events: list[Event]) -> State:
    """Any attack on a flashbanged player ends that flashbang for both (§5.5)."""
    broken = [f for f in state.flashes if seat in f.pair]
    for flash in broken:
        events.append(Event("flash_ended", {"seats": list(flash.pair)}))
    return evolve(
        state,
        flashes=tuple(f for f in state.flashes if f not in broken),
        discard=(*state.discard, *(f.card for f in broken)),
    )


def after_attack(state: State, attacker: Seat, events: list[Event]) -> State:
    """See to everyone the attack left dying, in turn order from the attacker; with
    nobody dying, the play phase goes on."""
    living = state.living()
    order = _in_turn(state, (s for s in living if state.player(s).dying), attacker)
    if not order:
        return evolve(state, phase=Playing())
    return ask_rescue(state, order[0], attacker, order[1:], events)


def rescuers(state: State, dying: Seat, attacker: Seat | None) -> tuple[Seat, ...]:
    """Who may offer a kit (§5.7, §6.2): not the dying player nor the attacker, not a
    smoked or flashbanged player, not another still dying; for a Control Room holder only
    a player at full health (an option). By public facts only."""
    holder = state.player(dying)
    seats = []
    for seat in state.living():
        player = state.player(seat)
        if seat in (dying, attacker) or player.dying:
            continue
        if state.smoked(seat) or state.flashed(seat):
            continue
        if (
            state.options.control_room_first_aid
            and holder.has(Kind.CONTROL_ROOM)
            and not player.full
        ):
            continue
        seats.append(seat)
    return tuple(seats)


def ask_rescue(
    state: State, dying: Seat, attacker: Seat | None, after: tuple[Seat, ...],
    events: list[Event], *, unsaved: tuple[Unsaved, ...] = (), only: tuple[Seat, ...] | None = None,
) -> State:  # fmt: skip
    """Open the rescue round for ``dying`` — asking ``only`` those, if given, of the seats
    that may answer; a round nobody may answer closes at once."""
    seats = tuple(s for s in rescuers(state, dying, attacker) if only is None or s in only)
    n = state.rounds
    events.append(Event("rescue_asked", {"seat": dying, "seats": list(seats), "round": n}))
    phase = Rescuing(seats, n=n, dying=dying, attacker=attacker, after=after, unsaved=unsaved)
    state = evolve(state, phase=phase, rounds=n + 1)
    return close_rescue(state, events) if phase.closed else state


def priority(state: State, phase: Rescuing) -> list[Seat]:
    """The seats asked, the one whose kit would take effect first (§5.7): the dying
    player's next seat — in turn order, or the other way (an option)."""
    step = 1 if state.options.first_aid_priority is FirstAidPriority.NEXT_IN_TURN else -1
    n = len(state.players)
    return sorted(phase.seats, key=lambda s: ((s - phase.dying) * step) % n)


def decided(state: State, phase: Rescuing) -> bool:
    """Whether the round's outcome is settled: every seat has answered, or the first seat
    by priority that has not passed has offered a kit — no later answer can change it."""
    if phase.closed:
        return True
    offered = {r.seat for r in phase.declared}
    for seat in priority(state, phase):
        if seat in offered:
            return True
        if seat not in phase.answered:
            return False
    return True


def close_rescue(state: State, events: list[Event]) -> State:
    """The round is decided: the kit of the seat nearest after the dying player takes
    effect, the others stay in their owners' hands (§5.7); or, with no kit, the player
    dies — unless others are dying too, one of whom, rescued, might save them yet."""
    phase = state.phase
    assert isinstance(phase, Rescuing)
    dying, unsaved = phase.dying, phase.unsaved
    if phase.declared:
        order = priority(state, phase)
        kit = min(phase.declared, key=lambda r: order.index(r.seat))
        hand = list(state.player(kit.seat).hand)
        hand.remove(kit.card)
        players = evolve_at(state.players, kit.seat, hand=tuple(hand))
        players = evolve_at(players, dying, health=1)
        events.append(Event("rescued", {"seat": dying, "by": kit.seat, "card": kit.card}))
        state = evolve(state, players=players, discard=(*state.discard, kit.card))
    else:
        others = tuple(s for s in state.living() if s != dying and state.player(s).dying)
        if not others:
            return _deaths(state, (dying,), phase.attacker, events)
        unsaved = (*unsaved, Unsaved(dying, others))
    return _next(state, phase.attacker, phase.after, unsaved, events)


def _next(
    state: State, attacker: Seat | None, after: tuple[Seat, ...], unsaved: tuple[Unsaved, ...],
    events: list[Event],
) -> State:  # fmt: skip
    """The next dying player's round; else an unsaved player's again, asking those rescued
    since its round; else the deaths of the unsaved, and the turn goes on."""
    if after:
        return ask_rescue(state, after[0], attacker, after[1:], events, unsaved=unsaved)
    for i, waiting in enumerate(unsaved):
        since = tuple(s for s in waiting.unasked if not state.player(s).dying)
        if set(since) & set(rescuers(state, waiting.seat, attacker)):
            rest = (*unsaved[:i], *unsaved[i + 1 :])
            return ask_rescue(state, waiting.seat, attacker, (), events, unsaved=rest, only=since)
    return _deaths(state, _in_turn(state, (u.seat for u in unsaved), attacker), attacker, events)


def _in_turn(state: State, seats: Iterable[Seat], attacker: Seat | None) -> tuple[Seat, ...]:
    """``seats`` in turn order from the attacker's next seat (§6.5, INFERRED)."""
    start = 0 if attacker is None else attacker + 1
    return tuple(sorted(seats, key=lambda s: (s - start) % len(state.players)))


def _deaths(
    state: State, seats: tuple[Seat, ...], attacker: Seat | None, events: list[Event]
) -> State:
    """Everyone of ``seats`` dies, in order; after each, or after the last where the table
    weighs an attack's deaths together (:class:`GrenadeDeaths`), the game may end. Then the
    attacker's turn goes on."""
    together = state.options.grenade_deaths is not GrenadeDeaths.IN_TURN
    for i, seat in enumerate(seats):
        state = die(state, seat, attacker, events)
        ended = winner(state, attacker) if not together or i == len(seats) - 1 else None
        if ended is not None:
            return finish(state, ended, events)
    if attacker == state.active:
        return flow.to_discard(state, events)  # §6.3, §6.4: straight to the discard phase
    return evolve(state, phase=Playing())


def die(state: State, seat: Seat, killer: Seat | None, events: list[Event]) -> State:
    """§6.3: the identity is shown to all; the killer takes every card the dead player had,
    the killer alone seeing the hand; what the dead player placed ends (an option)."""
    player = state.player(seat)
    laid = tuple(c for c in (player.environment, player.armour) if c is not None)
    spoils: tuple[CardId, ...] = (*player.hand, *laid)
    args: dict[str, JSON] = {"seat": seat, "identity": player.identity, "by": killer}
    args["laid"] = list(laid)
    secrets: tuple[Secret, ...] = ()
    if killer is not None and killer != seat:
        secrets = (Secret(killer, "took", {"cards": list(player.hand)}),)
    events.append(Event("died", args, secrets=secrets, reveals=True))
    players = evolve_at(
        state.players, seat, dead=True, hand=(), environment=None, armour=None,
        most=HEALTH,
    )  # fmt: skip
    discard = state.discard
    if killer is None or killer == seat:  # no killer, or one's own grenade: discarded (INFERRED)
        discard = (*discard, *spoils)
    else:
        players = evolve_at(players, killer, hand=(*players[killer].hand, *spoils))
    state = evolve(state, players=players, discard=discard)
    smoked_on = tuple(s for s in state.smokes if s.target == seat)
    flashed_with = tuple(f for f in state.flashes if seat in f.pair)
    state = evolve(
        state,
        smokes=tuple(s for s in state.smokes if s not in smoked_on),
        flashes=tuple(f for f in state.flashes if f not in flashed_with),
        discard=(*state.discard, *(s.card for s in smoked_on), *(f.card for f in flashed_with)),
    )
    if state.options.markers_end_with_user:
        state = flow.end_markers(state, seat, events)
    return state


def winner(state: State, attacker: Seat | None = None) -> GameOver | None:
    """§8: all terrorists dead — SWAT and citizens win; all SWAT or all citizens dead —
    the terrorists win. Checked after each death, so the first death to decide it does;
    deaths weighed together (an option) may end both sides at once: then nobody wins, or
    the ``attacker``'s side does, as the option says."""
    alive = {ROLE_OF[p.identity] for p in state.players if p.alive and p.identity is not None}
    police_won = Role.TERRORIST not in alive
    terrorists_won = Role.SWAT not in alive or Role.CITIZEN not in alive
    if police_won and terrorists_won:
        thrower = None if attacker is None else state.player(attacker).identity
        if state.options.grenade_deaths is GrenadeDeaths.TOGETHER_NO_WINNER or thrower is None:
            return GameOver(Ending.BOTH_FALLEN, ())
        police_won = ROLE_OF[thrower] is not Role.TERRORIST
    if police_won:
        return _result(state, Ending.POLICE_WIN, (Role.SWAT, Role.CITIZEN))
    if terrorists_won:
        return _result(state, Ending.TERRORISTS_WIN, (Role.TERRORIST,))
    return None


def _result(state: State, ending: Ending, sides: Sequence[Role]) -> GameOver:
    share = state.options.dead_share_win
    winners = tuple(
        Seat(i)
        for i, p in enumerate(state.players)
        if p.identity is not None and ROLE_OF[p.identity] in sides and (share or p.alive)
    )
    return GameOver(ending, winners)
