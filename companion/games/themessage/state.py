"""The whole truth of a 風聲 game: every card's place, the turn, the card in transit, the stack.

Immutable: rules return a new :class:`State`, so a refused action cannot leave
a half-changed table behind. Each of the 81 game cards is in exactly one of:
the deck, the discard pile, ``removed`` (probes out of the game), a hand, a
player's received intelligence, the card in transit, the stack, a declaration
waiting for its round to close, or the probe being answered.

Two fields say where the table is. ``moment`` is the step of the turn (§4,
§5.2) — it decides which cards may be played. ``phase`` is whom the table
waits for now: the active player, a round of responses from several seats,
one player's decision or answer, or chance.
"""

from __future__ import annotations

import enum

from companion.core import players
from companion.core.phases import Dealing, Discarding, Finished
from companion.core.rounds import Round
from companion.core.state import GameState
from companion.core.types import CardId, Seat
from companion.core.values import Frozen
from companion.games.themessage.cards import Function, Method
from companion.games.themessage.options import Options


class Status(enum.StrEnum):
    ALIVE = "alive"
    DEAD = "dead"
    """Killed by a third black intelligence (§8.1)."""
    LOST = "lost"
    """Could not send intelligence in their turn (§8.3); never wins."""


class Ending(enum.StrEnum):
    """How a 風聲 game ends (§8)."""

    VICTORY = "victory"
    """A player holds three intelligence of their camp's colour; the camp wins (§8.2)."""
    NOBODY_LEFT = "nobody_left"
    """Every player is dead or has lost (§8.2, UNKNOWN)."""
    HOPELESS = "hopeless"
    """No living player can win any more (§8.2, UNKNOWN; an option)."""


class Player(players.Player):
    intel: tuple[CardId, ...] = ()
    """Intelligence received, face up in front of the player, oldest first (§5.1)."""
    status: Status = Status.ALIVE

    @property
    def alive(self) -> bool:
        return self.status is Status.ALIVE


class Moment(enum.StrEnum):
    """The step of the turn, which decides what may be played (§4, §5.2)."""

    TURN_START = "turn_start"
    PLAY_1 = "play_1"
    TRANSMIT = "transmit"
    """The card is on its way to the next hop: 鎖定, 調虎離山, 截獲 allowed."""
    ARRIVE = "arrive"
    """The card is in front of a player: 破譯, 退回 allowed."""
    PLAY_2 = "play_2"


class Play(Frozen):
    """A function card played and not yet resolved (§7).

    ``n`` numbers the plays of a game; a counter names the play it cancels by
    its number, because a probe's card is not shown to the table.
    """

    n: int
    seat: Seat
    card: CardId
    function: Function
    """What the card was played as. Kept with the play, not read off its card: in the world
    a seat's word makes (:func:`companion.core.doubts.word_of`), the card of a probe it
    named and another played face down may be its stand-in, which is no probe — and is no
    more seen for that, nor played as anything else."""
    target: Seat | None = None
    on: int | None = None
    """For 識破: the number of the play it cancels."""
    intel: CardId | None = None
    """For 燒燬: the black intelligence it burns."""

    @property
    def face_down(self) -> bool:
        """A probe is played face down (§6.8)."""
        return self.function is Function.PROBE


class Transit(Frozen):
    """The one intelligence sent this turn, on its way (§5).

    ``at`` is the player the card is in front of: during the transmit step the
    one it leaves, during the arrive step and the decision the one it reached.
    """

    card: CardId
    sender: Seat
    method: Method
    at: Seat
    target: Seat | None = None
    """The addressee of a 直達 card."""
    direction: int = 1
    """+1 to the right (the turn order), −1 after a 退回."""
    seen_by: frozenset[Seat] = frozenset()
    """Who knows the face of a face-down card: the sender, and whoever decoded it."""
    forced: bool = False
    """Intercepted: the card is the interceptor's, who must receive it (§6.3)."""
    refused: bool = False
    """A 直達 card its addressee refused: it goes back to the sender (§5.1)."""
    returned: bool = False
    """A 退回 resolved in this arrive window: the card leaves without a decision (§6.4)."""


class Acting(Frozen):
    """The active player acts alone: at turn start, or in a play phase (§4)."""


class Responding(Round[Play]):
    """A round: every seat in ``seats`` answers once — a play or a pass (§5.2, §7).

    Plays declared in one round count as declared at once; when the round
    closes they go on the stack in seat order from the right of the last
    user, and a new round opens. A round where all pass resolves the top of
    the stack, or closes the window when the stack is empty.
    """


class Deciding(Frozen):
    """The player the card reached decides to receive it or not; nothing may be played (§5.2)."""


class Drawing(Frozen):
    """Chance: the card ``seat`` draws — seen by a reader, told by its phone, or drawn at random.

    ``left`` counts this draw too, of ``of`` (a phone says "card 1 of 2"); ``probe`` marks
    the draws a "+" probe obliges.
    """

    seat: Seat
    left: int
    probe: bool = False
    of: int = 1


class ProbeAnswer(Frozen):
    """The target of a resolving probe answers as their identity obliges (§6.8)."""

    target: Seat
    prober: Seat
    card: CardId


class Placing(Frozen):
    """Chance: 真偽莫辨's cards, one at a time, to each living player in turn order (§6.9)."""

    user: Seat
    card: CardId
    seats: tuple[Seat, ...]
    """Who still gets a card, in order."""
    placed: tuple[Seat, ...] = ()
    """Who got one, in order; checked at the end when checks wait for all."""


Phase = (
    Dealing
    | Acting
    | Responding
    | Deciding
    | Drawing
    | ProbeAnswer
    | Placing
    | Discarding
    | Finished
)
"""Whom the table waits for; ``Dealing`` (§2), ``Discarding`` (§4, an option) and
``Finished`` are the core's, the same in every game."""


class State(GameState[Options, Player, Phase]):
    """A 風聲 game, as the app knows it. The deck is sorted (§2 step 3); the discard pile
    is public only when discards are face up (an option, §3); ``removed`` holds the probes
    out of the game, face down (§4)."""

    moment: Moment = Moment.TURN_START
    stack: tuple[Play, ...] = ()
    """Plays waiting to resolve; the last resolves first (§7)."""
    plays: int = 0
    """How many cards have been played this turn: the next play is number ``plays + 1``
    (the table counts a turn's plays from 1, as it names them)."""
    rounds: int = 0
    """How many rounds have opened: the next round's number (a close names it)."""
    last_user: Seat = Seat(0)
    """Who last played a card: seat order for plays declared together starts to their right."""
    transit: Transit | None = None
    locked: frozenset[Seat] = frozenset()
    """Players who must receive this turn's intelligence if it reaches them (§6.1)."""
    lured: frozenset[Seat] = frozenset()
    """Players this turn's intelligence skips (§6.2)."""
    sent: bool = False
    """The active player has sent this turn's intelligence."""
    cannot_send: bool = False
    """The active player had nothing to send: they lose when the turn ends (§8.3)."""

    def living(self) -> tuple[Seat, ...]:
        """Seats still in the game, in turn order from seat 0."""
        alive = Status.ALIVE
        return tuple(Seat(i) for i, p in enumerate(self.players) if p.status is alive)
