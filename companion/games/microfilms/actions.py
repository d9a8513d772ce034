"""Every Microfilms action, as it appears in the journal and on the wire.

Seat actions are the players' choices (§4–§7); chance actions are the results
no player chooses (§2 the deal, §4.1 the card a deck draw turns out to be,
§6.4/§6.5 random picks) — drawn by the app, or observed at the table; the
host may end a game that nobody can win (§8). ``card=None`` on an action that can be
paid in francs means "paid in francs".

The actions every game has come from the core, and mean here: ``pass`` (§4.2:
take 1 franc from the bank), ``discard`` (§5.1, §5.3: down to the hand limit,
the Ace for 2 francs), ``tell_draw`` (§4.1), ``pick`` (the card a deck draw
turned out to be, §4.1, or the card drawn blind for an interrogation, §6.4, or
a blackmail, §6.5) and ``end_game`` (§8, UNKNOWN: a game nobody can win).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from companion.core.actions import (
    ActionCodec,
    CardPlay,
    ChanceAction,
    Discard,
    EndGame,
    Pass,
    Pick,
    SeatAction,
    TellDraw,
)
from companion.core.audit import AuditHand
from companion.core.dealing.told import LaidAside, Redeal, TellDealt
from companion.core.types import CardId, Seat


class Source(enum.StrEnum):
    DECK = "deck"
    DISCARD = "discard"


@dataclass(frozen=True, kw_only=True)
class Draw(SeatAction):
    """§4.1: the top card of the deck (seen only by the drawer) or of the discard pile."""

    act = "draw"
    source: Source


@dataclass(frozen=True, kw_only=True)
class Bribe(SeatAction):
    """§6.1: offer one hand card face down to ``target``."""

    act = "bribe"
    target: Seat
    card: CardId


@dataclass(frozen=True, kw_only=True)
class AcceptBribe(SeatAction):
    act = "accept_bribe"


@dataclass(frozen=True, kw_only=True)
class RefuseBribe(SeatAction):
    act = "refuse_bribe"


@dataclass(frozen=True, kw_only=True)
class Steal(SeatAction):
    """§6.2: play a Steal/Blackmail card; take 2 francs from ``target``."""

    act = "steal"
    target: Seat
    card: CardId


@dataclass(frozen=True, kw_only=True)
class Withdraw(CardPlay):
    """§6.3: play a Withdraw/Resist card; take 3 francs from the bank."""

    act = "withdraw"


@dataclass(frozen=True, kw_only=True)
class Interrogate(SeatAction):
    """§6.4: play an Interrogate/Blackmail card, or pay 1 franc (``card=None``)."""

    act = "interrogate"
    target: Seat
    card: CardId | None = None


@dataclass(frozen=True, kw_only=True)
class Blackmail(SeatAction):
    """§6.5: play a Steal/Blackmail or Interrogate/Blackmail card, or pay 2 francs."""

    act = "blackmail"
    target: Seat
    card: CardId | None = None


@dataclass(frozen=True, kw_only=True)
class Resist(CardPlay):
    """§6.5: the blackmail target plays a Withdraw/Resist card."""

    act = "resist"


@dataclass(frozen=True, kw_only=True)
class BuyOff(SeatAction):
    """§6.5: the blackmail target pays the blackmailer 2 francs."""

    act = "buy_off"


@dataclass(frozen=True, kw_only=True)
class GiveIn(SeatAction):
    """§6.5: the blackmail succeeds; a random hand card goes to the blackmailer."""

    act = "give_in"


@dataclass(frozen=True, kw_only=True)
class ClaimAgent(SeatAction):
    """§7.1: show an enemy nation's Microfilm; variant B also names that Agent."""

    act = "claim_agent"
    microfilm: CardId
    named: Seat | None = None
    aside: CardId | None = None
    """The Alliance letter set aside, turned face up for this claim — only where the app
    does not know it (a deal told with no reader for the letter: :mod:`.letter`)."""


@dataclass(frozen=True, kw_only=True)
class ClaimJournalist(SeatAction):
    """§7.2: ``named`` is the Agent of the nation of ``microfilm``, shown from hand."""

    act = "claim_journalist"
    named: Seat
    microfilm: CardId


@dataclass(frozen=True, kw_only=True)
class ClaimAssassin(SeatAction):
    """§7.3: ``named`` holds the Ace of Spades."""

    act = "claim_assassin"
    named: Seat


class Pile(enum.StrEnum):
    DECK = "deck"
    DISCARD = "discard"


@dataclass(frozen=True, kw_only=True)
class LetterPlace:
    """Where a claim says an Alliance letter is: a seat's hand, or a pile."""

    letter: CardId
    seat: Seat | None = None
    pile: Pile | None = None


@dataclass(frozen=True, kw_only=True)
class ClaimManager(SeatAction):
    """§7.4: from night 2, where both Alliance letters in play are."""

    act = "claim_manager"
    letters: tuple[LetterPlace, LetterPlace]


@dataclass(frozen=True, kw_only=True)
class ClaimInterpol(SeatAction):
    """§7.5: from night 2, ``named`` is Suspicious and holds a blood-stained card."""

    act = "claim_interpol"
    named: Seat


@dataclass(frozen=True, kw_only=True)
class Deal(ChanceAction):
    """§2: the whole deal, stating an exact game.

    ``identities[i]`` is seat i's identity (3 Agents + N−3 Freelancers; the
    Agent and Freelancers not named are removed unseen, with that Agent's
    Microfilm and letter); ``letter_out`` is the Alliance letter removed
    unseen; ``hands[i]`` is seat i's starting action card; everything else
    in play is the deck, in no known order; ``first`` starts and opening
    francs count from it.
    """

    act = "deal"
    first: Seat
    identities: tuple[CardId, ...]
    letter_out: CardId
    hands: tuple[CardId, ...]
    letter_seen: bool = True
    """``False``: no reader saw the letter set aside, and ``letter_out`` is the app's guess
    (:mod:`companion.games.microfilms.letter`)."""


CLAIMS = (ClaimAgent, ClaimJournalist, ClaimAssassin, ClaimManager, ClaimInterpol)

CODEC = ActionCodec(
    [
        Draw, Pass, Bribe, AcceptBribe, RefuseBribe, Steal, Withdraw, Interrogate,
        Blackmail, Resist, BuyOff, GiveIn, Discard, TellDraw, AuditHand, *CLAIMS, Deal, Pick,
        EndGame, TellDealt, Redeal, LaidAside,
    ]
)  # fmt: skip
