"""The whole truth of a 暗火线 game: health, what each player has in front of them, the
markers on the table, the turn, and whom the table waits for.

Immutable: rules return a new :class:`State`, so a refused action cannot leave a
half-changed table behind. Seats are numbered in turn order — counter-clockwise
round the table (§2 step 6) — so the next player is the next seat, and
"clockwise" (the Storage Room's passed damage, §5.8) is the seat before.
"""

from __future__ import annotations

import enum
from typing import Literal

from companion.core import players
from companion.core.phases import Dealing, Discarding, Finished
from companion.core.rounds import Round
from companion.core.state import GameState
from companion.core.types import CardId, Seat
from companion.core.values import Frozen
from companion.games.darkfireline.cards import Kind, kind_of
from companion.games.darkfireline.options import Options

HEALTH = 4
"""§1.2: four serums face up in front of each player."""


class Ending(enum.StrEnum):
    """How a 暗火线 game ends (§8)."""

    TERRORISTS_WIN = "terrorists_win"
    """Every SWAT, or every citizen, is dead."""
    POLICE_WIN = "police_win"
    """Every terrorist is dead: SWAT and citizens win."""
    BOTH_FALLEN = "both_fallen"
    """One grenade ended both sides at once, and the table's option says nobody wins."""


class Player(players.Player):
    health: int = HEALTH
    most: int = HEALTH
    """The health a player can have: 5 with a Restaurant (§5.10)."""
    environment: CardId | None = None
    armour: CardId | None = None
    dead: bool = False

    @property
    def alive(self) -> bool:
        """In the game: a dying player is still in it until no kit comes (§6)."""
        return not self.dead

    @property
    def dying(self) -> bool:
        """At 0 health and not yet dead, waiting for a first-aid kit (§6.1): health never
        stays at 0 past a rescue round, so it is read from health, not kept beside it."""
        return not self.dead and self.health == 0

    @property
    def status(self) -> Literal["alive", "dying", "dead"]:
        """What the table sees of a player's life: ``alive``, ``dying`` or ``dead``."""
        return "dead" if self.dead else "dying" if self.dying else "alive"

    @property
    def full(self) -> bool:
        """满血: every health serum face up (§1.2)."""
        return self.health == self.most

    def has(self, kind: Kind) -> bool:
        """Whether ``kind`` lies in front of the player (an environment or armour)."""
        return any(c is not None and kind_of(c) is kind for c in (self.environment, self.armour))


class Smoke(Frozen):
    """§5.4: ``target`` is smoked by ``user`` until the start of ``user``'s next turn."""

    user: Seat
    target: Seat
    card: CardId


class Flash(Frozen):
    """§5.5: the two adjacent ``pair`` skip their play phase until ``user``'s next turn."""

    user: Seat
    pair: tuple[Seat, Seat]
    card: CardId


class Drawing(Frozen):
    """Chance: the card ``seat`` draws — seen by a reader, told by its phone, or drawn at
    random. ``left`` counts this draw too, of ``of`` (a phone says "card 1 of 2");
    ``then_play`` marks the Supermarket's draw in the play phase (§5.9), after which the
    play phase goes on."""

    seat: Seat
    left: int
    then_play: bool = False
    of: int = 1


class MayDraw(Frozen):
    """§5.9, as ``supermarket_draw = may`` reads it: ``seat`` has just equipped the
    Supermarket and says whether it draws its card at once, or lets it go."""

    seat: Seat


class Playing(Frozen):
    """The active player's play phase (§4.2)."""


class Taking(Frozen):
    """Chance: the card a Disarm took at random from ``target``'s hand (§5.6)."""

    user: Seat
    target: Seat


class Rescue(Frozen):
    """A first-aid kit offered in a rescue round (§6.2)."""

    seat: Seat
    card: CardId


class Unsaved(Frozen):
    """A dying player whose round closed with no kit while others were dying too: the
    death waits, for one of ``unasked`` — dying then, so not asked — may be rescued yet
    and save them (§6.5)."""

    seat: Seat
    unasked: tuple[Seat, ...]


class Rescuing(Round[Rescue]):
    """A rescue round for ``dying`` (§6.2): every seat that may offer a kit is asked at once.

    The seats are those public facts allow — alive, not dying, not the attacker, not
    smoked or flashbanged — whether or not they hold a kit, so who is asked tells
    nothing. ``after`` are the players still to be seen to, dying at the same time;
    ``unsaved``, those seen to already whose deaths wait on them.
    """

    dying: Seat = Seat(0)
    attacker: Seat | None = None
    after: tuple[Seat, ...] = ()
    unsaved: tuple[Unsaved, ...] = ()


Phase = Dealing | Drawing | Playing | Taking | Rescuing | Discarding | Finished
"""Whom the table waits for; ``Dealing``, ``Discarding`` and ``Finished`` are the core's."""


class Done(Frozen):
    """What the active player has used this turn (§4.2: one equip, one shot, one skill).

    The shot and the skill are kept by kind, as the table saw them played: their cards go
    to the pile, which may be shuffled back into the deck before the turn ends — where a
    card is one nobody can tell from its copies or from the cards it lies among."""

    equipped: CardId | None = None
    shot: Kind | None = None
    skill: Kind | None = None
    extra_single: bool = False
    """The single bullet a grenade allows besides the shot (an option, §4.2)."""


class State(GameState[Options, Player, Phase]):
    """A 暗火线 game, as the app knows it. The discard pile lies face up (§3, INFERRED) but
    for the cards of ``face_down``; ``removed`` holds the search warrants used, out of the
    game (§5.14)."""

    face_down: frozenset[CardId] = frozenset()
    """The discard pile's cards that lie face down — a card a Disarm took, where
    ``disarmed_card_shown`` is off (§5.6) — until the pile is shuffled into the deck. Its
    owner was told it in secret; the app keeps it out of everyone's sight alike, its owner's
    too, for a word about a card (:mod:`companion.core.doubts`) may move the record's cards
    where nobody sees them, and must tell nobody anything by it."""
    done: Done = Done()
    smokes: tuple[Smoke, ...] = ()
    flashes: tuple[Flash, ...] = ()
    rounds: int = 0
    """How many rescue rounds have opened: the next one's number (a close names it)."""

    def living(self) -> tuple[Seat, ...]:
        """Seats still in the game (dying ones too), in turn order from seat 0."""
        return tuple(Seat(i) for i, p in enumerate(self.players) if p.alive)

    def smoked(self, seat: Seat) -> bool:
        return any(s.target == seat for s in self.smokes)

    def flashed(self, seat: Seat) -> bool:
        return any(seat in f.pair for f in self.flashes)

    def hand_limit(self, seat: Seat) -> int:
        """§4.3: 3, or 4 with the Supermarket — as equipped at that moment."""
        return 4 if self.player(seat).has(Kind.SUPERMARKET) else 3
