"""The actions every game has, and a game's codec made of its own actions and those.

Every game lets a seat pass, discard down to a hand limit, tell a draw no reader saw and
mend its hand by an audit; chance picks the cards a draw turns up; the table may end a game
nobody can win; and a deal may be made by hand and told, seat by seat. What each of these
means in a game is that game's to say (its ``actions`` module); that it has them is said
once, here, so a game lists only what is its own.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.actions import (
    Action,
    ActionCodec,
    Discard,
    EndGame,
    Pass,
    Pick,
    TellDraw,
)
from companion.core.audit import AuditHand
from companion.core.dealing.told import LaidAside, Redeal, TellDealt
from companion.core.rounds import CloseRound, Hold

EVERY_GAME: tuple[type[Action], ...] = (
    Pass, Discard, TellDraw, Pick, EndGame, AuditHand, TellDealt, Redeal, LaidAside,
)  # fmt: skip


ROUNDS: tuple[type[Action], ...] = (CloseRound, Hold)
"""What a game played in response rounds (:mod:`companion.core.rounds`) has besides: a seat
holding the round open, and the round closed."""


def game_codec(own: Iterable[type[Action]]) -> ActionCodec:
    """The codec of a game whose own actions are ``own``: those, then :data:`EVERY_GAME`."""
    return ActionCodec([*own, *EVERY_GAME])
