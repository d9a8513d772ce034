"""Every 風聲 action, as it appears in the journal and on the wire.

Seat actions are the players' choices (§4–§7). Each function card has its own
action, named for the function, carrying the card played and what it needs
(a target, the play a 識破 cancels, the intelligence a 燒燬 burns). Chance
actions are the results no player chooses (§2 the deal; the card a draw or a
真偽莫辨 placement turns out to be) — drawn by the app or observed at the
table. The host may end a game nobody can win (§8.2). A player may check their hand
(``audit_hand``, shared with every game: :mod:`companion.core.audit`).

The actions every game has come from the core, and mean here: ``pass`` (plays
nothing in an open round, §7), ``discard`` (down to a hand limit at the end of a
turn, an option, §4), ``tell_draw`` (the card a draw gave, §4 step 2), ``pick``
(a draw from the deck, or a 真偽莫辨 placement, §6.9) and ``end_game`` (§8.2,
UNKNOWN: a game nobody can win).
"""

from __future__ import annotations

import enum

from companion.core.actions import AimedPlay, CardPlay, SeatAction, TellDraw
from companion.core.dealing.deal import Deal
from companion.core.every_game import ROUNDS, game_codec
from companion.core.types import CardId, Seat


class Draw(SeatAction, act="draw"):
    """§4 step 2: the active player ends turn start and draws two cards."""


class TellPlacement(TellDraw, act="tell_placement"):
    """§6.9: the card 真偽莫辨 turned up for this seat, told when no reader saw it.

    The card lies face up for all to see, so the tablet may tell it as well as the
    seat's phone; the same fact a reader's ``pick`` would give.
    """

    face_up = True


class Lock(AimedPlay, act="lock"):
    """§6.1 鎖定: if this turn's intelligence reaches ``target``, they must receive it."""


class Lure(AimedPlay, act="lure"):
    """§6.2 調虎離山: ``target`` takes no part in this transmission."""


class Intercept(CardPlay, act="intercept"):
    """§6.3 截獲: the card in transit comes to this seat, which must receive it."""


class Return(CardPlay, act="return"):
    """§6.4 退回: the card that reached this seat turns round and travels on."""


class Decode(CardPlay, act="decode"):
    """§6.5 破譯: this seat looks at the card that reached it, privately."""


class Burn(AimedPlay, act="burn"):
    """§6.6 燒燬: the black intelligence ``intel`` in front of ``target`` is discarded."""

    intel: CardId


class Counter(CardPlay, act="counter"):
    """§6.7 識破: play number ``on``, still unresolved, is cancelled."""

    on: int


class Probe(AimedPlay, act="probe"):
    """§6.8 試探: the card goes face down to ``target``, who answers as their identity obliges."""


class Distribute(CardPlay, act="distribute"):
    """§6.9 真偽莫辨: a card from the deck, face up, as intelligence for each living player."""


class Send(CardPlay, act="send"):
    """§5: send ``card`` as intelligence by its printed method; 直達 names ``target``."""

    target: Seat | None = None


class Receive(SeatAction, act="receive"):
    """§5.2 step 3: take the card that reached this seat; it goes face up in front of them."""


class Decline(SeatAction, act="decline"):
    """§5.2 step 3: let it travel on (or, for 直達, refuse it: back to the sender)."""


class Answer(enum.StrEnum):
    """What a probed player does or says, in public (§1.3)."""

    DRAW = "draw"
    DISCARD = "discard"
    SAY_UNDERCOVER = "say_undercover"
    """「其實我是臥底」"""
    SAY_GOOD = "say_good"
    """「我是一個好人」"""


class AnswerProbe(SeatAction, act="answer_probe"):
    """§6.8: the probed player's public answer; ``card`` is the card a discard gives up."""

    answer: Answer
    card: CardId | None = None


class EndTurn(SeatAction, act="end_turn"):
    """§4: end play phase 2; in play phase 1, admit there is nothing to send (§8.3)."""


PLAYS = (Lock, Lure, Intercept, Return, Decode, Burn, Counter, Probe, Distribute)
"""The actions that play a function card."""

Playing = Lock | Lure | Intercept | Return | Decode | Burn | Counter | Probe | Distribute

CODEC = game_codec(
    [Draw, TellPlacement, *PLAYS, Send, Receive, Decline, AnswerProbe, EndTurn, Deal, *ROUNDS]
)
