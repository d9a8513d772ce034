"""Where the intelligence in transit goes next, and who must take it (digest §5).

Public facts only: the method, the direction, who is alive, locked or lured,
and whether the card was intercepted or refused. The card's face never matters.
"""

from __future__ import annotations

from companion.core.types import Seat
from companion.games.themessage.cards import Method
from companion.games.themessage.options import LuredDirectTarget
from companion.games.themessage.state import State


def next_hop(state: State) -> Seat | None:
    """The player the card reaches when the transmit window closes.

    密電 and 文本 go to the next player in the current direction, skipping the
    dead and the lured (§5.2, INFERRED) — a locked player is never skipped
    (§6.1: the lock holds) — and stop at the sender, who must take the card
    back. A 直達 card goes to its addressee, or back to the sender once
    refused, or when its addressee is lured away (§6.2, INFERRED). ``None``:
    the card would go back to a sender no longer in the game, and is
    discarded (§5.2).
    """
    t = state.transit
    assert t is not None
    if t.method is Method.DIRECT:
        if t.refused or t.at != t.sender:
            return _sender(state)
        assert t.target is not None
        lured_off = t.target in state.lured and t.target not in state.locked
        to_sender = state.options.lured_direct_target is LuredDirectTarget.TO_SENDER
        return _sender(state) if lured_off and to_sender else t.target
    n = len(state.players)
    seat = t.at
    for _ in range(n):
        seat = Seat((seat + t.direction) % n)
        if seat == t.sender:
            return _sender(state)
        p = state.player(seat)
        if p.alive and (seat not in state.lured or seat in state.locked):
            return seat
    return _sender(state)


def _sender(state: State) -> Seat | None:
    t = state.transit
    assert t is not None
    return t.sender if state.player(t.sender).alive else None


def must_receive(state: State, seat: Seat) -> bool:
    """§5.2 step 3: the sender, a locked player, or an interceptor cannot pass the card on."""
    t = state.transit
    assert t is not None
    return seat == t.sender or seat in state.locked or t.forced
