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
    CardPlay,
    ChanceAction,
    SeatAction,
)
from companion.core.every_game import game_codec
from companion.core.types import CardId, Seat


class Source(enum.StrEnum):
    DECK = "deck"
    DISCARD = "discard"


class Draw(SeatAction, act="draw"):
    """§4.1: the top card of the deck (seen only by the drawer) or of the discard pile."""

    source: Source


class Bribe(SeatAction, act="bribe"):
    """§6.1: offer one hand card face down to ``target``."""

    target: Seat
    card: CardId


class AcceptBribe(SeatAction, act="accept_bribe"):
    """§6.1: the bribed player takes the offered card into their hand."""


class RefuseBribe(SeatAction, act="refuse_bribe"):
    """§6.1: the bribed player refuses it (where the card goes is an option)."""


class Steal(SeatAction, act="steal"):
    """§6.2: play a Steal/Blackmail card; take 2 francs from ``target``."""

    target: Seat
    card: CardId


class Withdraw(CardPlay, act="withdraw"):
    """§6.3: play a Withdraw/Resist card; take 3 francs from the bank."""


class Interrogate(SeatAction, act="interrogate"):
    """§6.4: play an Interrogate/Blackmail card, or pay 1 franc (``card=None``)."""

    target: Seat
    card: CardId | None = None


class Blackmail(SeatAction, act="blackmail"):
    """§6.5: play a Steal/Blackmail or Interrogate/Blackmail card, or pay 2 francs."""

    target: Seat
    card: CardId | None = None


class Resist(CardPlay, act="resist"):
    """§6.5: the blackmail target plays a Withdraw/Resist card."""


class BuyOff(SeatAction, act="buy_off"):
    """§6.5: the blackmail target pays the blackmailer 2 francs."""


class GiveIn(SeatAction, act="give_in"):
    """§6.5: the blackmail succeeds; a random hand card goes to the blackmailer."""


class ClaimAgent(SeatAction, act="claim_agent"):
    """§7.1: show an enemy nation's Microfilm; variant B also names that Agent."""

    microfilm: CardId
    named: Seat | None = None
    aside: CardId | None = None
    """The Alliance letter set aside, turned face up for this claim — only where the app
    does not know it (a deal told with no reader for the letter: :mod:`.letter`)."""


class ClaimJournalist(SeatAction, act="claim_journalist"):
    """§7.2: ``named`` is the Agent of the nation of ``microfilm``, shown from hand."""

    named: Seat
    microfilm: CardId


class ClaimAssassin(SeatAction, act="claim_assassin"):
    """§7.3: ``named`` holds the Ace of Spades."""

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


class ClaimManager(SeatAction, act="claim_manager"):
    """§7.4: from night 2, where both Alliance letters in play are."""

    letters: tuple[LetterPlace, LetterPlace]


class ClaimInterpol(SeatAction, act="claim_interpol"):
    """§7.5: from night 2, ``named`` is Suspicious and holds a blood-stained card."""

    named: Seat


class Deal(ChanceAction, act="deal"):
    """§2: the whole deal, stating an exact game.

    ``identities[i]`` is seat i's identity (3 Agents + N−3 Freelancers; the
    Agent and Freelancers not named are removed unseen, with that Agent's
    Microfilm and letter); ``letter_out`` is the Alliance letter removed
    unseen; ``hands[i]`` is seat i's starting action card; everything else
    in play is the deck, in no known order; ``first`` starts and opening
    francs count from it.
    """

    first: Seat
    identities: tuple[CardId, ...]
    letter_out: CardId
    hands: tuple[CardId, ...]
    letter_seen: bool = True
    """``False``: no reader saw the letter set aside, and ``letter_out`` is the app's guess
    (:mod:`companion.games.microfilms.letter`)."""


CLAIMS = (ClaimAgent, ClaimJournalist, ClaimAssassin, ClaimManager, ClaimInterpol)

CODEC = game_codec(
    [
        Draw, Bribe, AcceptBribe, RefuseBribe, Steal, Withdraw, Interrogate, Blackmail, Resist,
        BuyOff, GiveIn, *CLAIMS, Deal,
    ]
)  # fmt: skip
