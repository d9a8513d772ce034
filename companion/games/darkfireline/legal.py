"""Every action a seat may take now — for the phones, the tablet's manual entry, bots and tests.

Actions come in families named for their act (``shoot``, ``first_aid``, ``pass``…),
each listed lazily. Each family offers the actions its cards could make and keeps
those the rules accept: every refusal is decided by public facts or the seat's own
hand (:mod:`errors`), so the list depends only on what the seat knows. The families of
cards played are :class:`~companion.core.legal.Sparing`: the tablet's hand is every
card not face up, and it needs no more than one action of such a family.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from companion.core import copies, memo
from companion.core.actions import Action, Discard, Pass, TellDraw
from companion.core.legal import Families, Family, Moot, Sparing
from companion.core.phases import Discarding
from companion.core.rounds import Hold
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at
from companion.core.worlds import relabel
from companion.games.darkfireline import setup
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
    Removal,
    Shoot,
    SmokeOn,
    TellTaken,
    Warrant,
)
from companion.games.darkfireline.cards import EQUIPMENT, Kind, kind_of
from companion.games.darkfireline.copies import alike
from companion.games.darkfireline.reach import neighbours, ring
from companion.games.darkfireline.rules import TURNS
from companion.games.darkfireline.state import Drawing, MayDraw, Playing, Rescuing, State, Taking


def _families(state: State, seat: Seat) -> dict[str, Family[State]]:
    phase = state.phase
    if not TURNS.waits_for(state, seat):
        return {}
    if isinstance(phase, Playing):
        return _PLAYING
    if isinstance(phase, Rescuing):
        hold = {} if seat in phase.held else {"hold": _hold}
        return {"first_aid": _first_aid, "pass": _pass, **hold}
    return _BY_PHASE.get(type(phase), {})


MOVES = Families(_families)
legal_actions = MOVES.actions


def _accepted(state: State, actions: Iterator[Action]) -> Iterator[Action]:
    yield from (action for action in actions if TURNS.accepts(state, action))


def _each_copy(
    state: State,
    seat: Seat,
    kinds: frozenset[Kind],
    tried: Callable[[CardId], Iterator[Action]],
    moot: Moot,
) -> Iterator[Action]:
    """The moves ``tried`` offers for each card of ``kinds`` in the seat's hand that the rules
    take, but none for a card once it is ``moot``. Every copy of a kind is refused alike (a
    refusal looks at the kind, never at which copy), so the moves are tried with one copy
    and listed for each; they are tried only as far as a copy is listed, and kept for the
    next, so no move is put to the rules twice or for nothing."""
    for kind, held in _by_kind(state.player(seat).hand):
        if kind not in kinds:
            continue
        first, tries, taken = held[0], None, list[Action]()
        for card in held:
            for i in itertools.count():
                if moot(card):
                    break
                if i == len(taken):
                    tries = tried(first) if tries is None else tries
                    if (move := next(tries, None)) is None:
                        break
                    taken.append(move)
                yield taken[i] if card == first else relabel(taken[i], {first: card})


@memo.per_value(256)
def _by_kind(hand: tuple[CardId, ...]) -> tuple[tuple[Kind, tuple[CardId, ...]], ...]:
    """The cards of ``hand`` by kind, each kind where its first card is: every family of a
    step groups the same hand again (the tablet's, every card not face up)."""
    grouped: dict[Kind, list[CardId]] = {}
    for card in dict.fromkeys(hand):
        grouped.setdefault(kind_of(card), []).append(card)
    return tuple((kind, tuple(cards)) for kind, cards in grouped.items())


def _others(state: State, seat: Seat) -> tuple[Seat, ...]:
    return tuple(s for s in state.living() if s != seat)


@Sparing
def _shoot(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    """Each bullet at each target the rules take; a double bullet also at any two of those
    (§5.2: each target is checked on its own, so a pair is taken when both of it are)."""
    others = _others(state, seat)

    def tried(card: CardId) -> Iterator[Action]:
        ok = []
        for t in others:
            single = Shoot(seat=seat, card=card, targets=(t,))
            if TURNS.accepts(state, single):
                ok.append(t)
                yield single
        if kind_of(card) is Kind.DOUBLE:
            yield from (Shoot(seat=seat, card=card, targets=(a, b)) for a in ok for b in ok
                        if a < b)  # fmt: skip

    return _each_copy(state, seat, frozenset({Kind.SINGLE, Kind.DOUBLE}), tried, moot)


@Sparing
def _serum(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    def tried(card: CardId) -> Iterator[Action]:
        return _accepted(state, iter([Heal(seat=seat, card=card)]))

    return _each_copy(state, seat, frozenset({Kind.SERUM}), tried, moot)


def _aimed(kind: Kind, make: Callable[[Seat, CardId, Seat], Action]) -> Family[State]:
    def family(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
        def tried(card: CardId) -> Iterator[Action]:
            return _accepted(state, (make(seat, card, t) for t in state.living()))

        return _each_copy(state, seat, frozenset({kind}), tried, moot)

    return Sparing(family)


@Sparing
def _flash(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    """Each pair of neighbours the rules take (§5.5): only neighbours are tried."""
    around = ring(state, Kind.FLASH)
    others = _others(state, seat)

    def tried(card: CardId) -> Iterator[Action]:
        pairs = ((a, b) for a in others for b in neighbours(around, a) if a < b)
        return _accepted(state, (FlashOn(seat=seat, card=card, pair=p) for p in pairs))

    return _each_copy(state, seat, frozenset({Kind.FLASH}), tried, moot)


@Sparing
def _disarm(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    def tried(card: CardId) -> Iterator[Action]:
        return _accepted(state, (
            Disarm(seat=seat, card=card, target=t, what=w)
            for t in state.living() for w in Removal
        ))  # fmt: skip

    return _each_copy(state, seat, frozenset({Kind.DISARM}), tried, moot)


@Sparing
def _equip(state: State, seat: Seat, moot: Moot) -> Iterator[Action]:
    def tried(card: CardId) -> Iterator[Action]:
        return _accepted(state, iter([Equip(seat=seat, card=card)]))

    return _each_copy(state, seat, EQUIPMENT, tried, moot)


def _leave(state: State, seat: Seat) -> Iterator[Action]:
    yield from _accepted(state, iter([LeaveRestaurant(seat=seat)]))


def _end_play(state: State, seat: Seat) -> Iterator[Action]:
    yield EndPlay(seat=seat)


def _draw_extra(state: State, seat: Seat) -> Iterator[Action]:
    yield DrawExtra(seat=seat)


def _first_aid(state: State, seat: Seat) -> Iterator[Action]:
    hand = dict.fromkeys(state.player(seat).hand)
    yield from (FirstAid(seat=seat, card=c) for c in hand if kind_of(c) is Kind.FIRST_AID)


def _pass(state: State, seat: Seat) -> Iterator[Action]:
    yield Pass(seat=seat)


def _hold(state: State, seat: Seat) -> Iterator[Action]:
    yield Hold(seat=seat)


def _discard(state: State, seat: Seat) -> Iterator[Action]:
    yield from (Discard(seat=seat, card=c) for c in dict.fromkeys(state.player(seat).hand))


def _tell_draw(state: State, seat: Seat) -> Iterator[Action]:
    """Every card the drawer could have drawn as far as they know: any they cannot see (each
    copy, as the rules take the copy named where the deck holds it)."""
    yield from (TellDraw(seat=seat, card=c) for c in _unseen(state, seat))


def _tell_taken(state: State, seat: Seat) -> Iterator[Action]:
    yield from (TellTaken(seat=seat, card=c) for c in dict.fromkeys(state.player(seat).hand))


def _face_up(state: State) -> set[CardId]:
    """Every card the whole table sees: in front of players, the markers, the pile (but
    for the cards face down in it), the warrants out of the game."""
    seen = {*state.discard, *state.removed} - state.face_down
    for p in state.players:
        seen.update(c for c in (p.environment, p.armour) if c is not None)
    seen.update(s.card for s in state.smokes)
    seen.update(f.card for f in state.flashes)
    return seen


def _unseen(state: State, seat: Seat) -> list[CardId]:
    """The cards the seat cannot see: not in its hand, nor face up anywhere."""
    seen = _face_up(state) | set(state.player(seat).hand)
    return [c for c in setup.box(state.options, len(state.players)) if c not in seen]


def audit_faces(state: State, seat: Seat) -> list[tuple[CardId, ...]]:
    """What ``seat`` could say it holds in a hand audit, face by face, its own cards first:
    its hand and every card of the box it has not seen elsewhere."""
    return copies.faces([*state.player(seat).hand, *_unseen(state, seat)], alike(state))


PHONE_ONLY = frozenset({"tell_draw", "tell_taken"})
"""Families whose choice only the acting seat may know — the card it drew unseen, the card
a Disarm took from its hand: never entered on the shared tablet, only on that seat's phone
(or at the tablet's private turn)."""


def masks(state: State, seat: Seat) -> Iterator[State]:
    """The state as the shared tablet sees it for ``seat``, to offer its actions: every card
    not face up is one the seat might hold."""
    face_up = _face_up(state)
    maybe = tuple(c for c in setup.box(state.options, len(state.players)) if c not in face_up)
    yield evolve(state, players=evolve_at(state.players, seat, hand=maybe))


_PLAYING: dict[str, Family[State]] = {
    "shoot": _shoot,
    "serum": _serum,
    "smoke": _aimed(Kind.SMOKE, lambda s, c, t: SmokeOn(seat=s, card=c, target=t)),
    "flash": _flash,
    "disarm": _disarm,
    "grenade": _aimed(Kind.GRENADE, lambda s, c, t: Grenade(seat=s, card=c, target=t)),
    "warrant": _aimed(Kind.WARRANT, lambda s, c, t: Warrant(seat=s, card=c, target=t)),
    "equip": _equip,
    "leave_restaurant": _leave,
    "end_play": _end_play,
}
_BY_PHASE: dict[type, dict[str, Family[State]]] = {
    Drawing: {"tell_draw": _tell_draw},
    MayDraw: {"draw_extra": _draw_extra, "pass": _pass},
    Taking: {"tell_taken": _tell_taken},
    Discarding: {"discard": _discard},
}
