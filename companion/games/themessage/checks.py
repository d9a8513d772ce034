"""Death, defeat and victory (digest §8), checked after every change to a player's intelligence.

Each received card is of one colour, so one receipt can never both kill and
win (§8.4). A player who dies (three black) or loses (could not send) puts
every card — hand and intelligence — on the discard pile and shows their
identity; the game ends at once when a player holds three of their camp's
colour, and — an option for what the digest leaves open — when no living
player can win any more.
"""

from __future__ import annotations

from companion.core.outcome import Event, GameOver
from companion.core.phases import Finished
from companion.core.rules import finish
from companion.core.types import JSON, Seat
from companion.core.values import evolve, evolve_at
from companion.games.themessage.cards import CAMP_OF, WINNING_COLOUR, Colour, colour_of
from companion.games.themessage.state import Ending, Player, State, Status

DEATH = 3
"""§8.1: three black intelligence kill."""
VICTORY = 3
"""§1.1: three of the camp's colour in front of one member win."""


def count(player: Player, colour: Colour) -> int:
    return sum(1 for c in player.intel if colour_of(c) is colour)


def check(state: State, seat: Seat, events: list[Event]) -> State:
    """After ``seat``'s intelligence grew: death at three black, victory at three of its colour."""
    p = state.player(seat)
    if not p.alive or isinstance(state.phase, Finished):
        return state
    if count(p, Colour.BLACK) >= DEATH:
        return leave(state, seat, Status.DEAD, events)
    assert p.identity is not None
    colour = WINNING_COLOUR[CAMP_OF[p.identity]]
    if colour is not None and count(p, colour) >= VICTORY:
        return _victory(state, seat, events)
    return state


def leave(state: State, seat: Seat, status: Status, events: list[Event]) -> State:
    """§8.1 step 2, §8.3: all the player's cards to the discard pile, the identity shown."""
    p = state.player(seat)
    state = evolve(
        state,
        players=evolve_at(state.players, seat, hand=(), intel=(), status=status),
        discard=(*state.discard, *p.hand, *p.intel),
    )
    args: dict[str, JSON] = {"seat": seat, "identity": p.identity, "intel": list(p.intel)}
    if state.options.discard_face_up:
        args["hand"] = list(p.hand)
    else:
        args["hand_count"] = len(p.hand)
    kind = "died" if status is Status.DEAD else "lost"
    events.append(Event(kind, args, reveals=True))
    return _hopeless(state, events)


def _victory(state: State, seat: Seat, events: list[Event]) -> State:
    """§8.2: the declarer's whole camp wins at once — the dead too, as the option says."""
    identity = state.player(seat).identity
    assert identity is not None
    winners = tuple(
        Seat(i)
        for i, p in enumerate(state.players)
        if p.identity == identity
        and (p.alive or (p.status is Status.DEAD and state.options.dead_share_win))
    )
    events.append(Event("declared_victory", {"seat": seat, "identity": identity}, reveals=True))
    return finish(state, GameOver(Ending.VICTORY, winners), events)


def _hopeless(state: State, events: list[Event]) -> State:
    """§8.2 (UNKNOWN): nobody left, or — as an option — nobody left who can win."""
    living = [state.player(s).identity for s in state.living()]
    if not living:
        return finish(state, GameOver(Ending.NOBODY_LEFT), events)
    can_win = any(WINNING_COLOUR[CAMP_OF[i]] is not None for i in living if i is not None)
    if state.options.hopeless_end and not can_win:
        return finish(state, GameOver(Ending.HOPELESS), events)
    return state
