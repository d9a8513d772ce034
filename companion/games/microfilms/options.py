"""Every rule the Microfilms digest marks INFERRED or UNKNOWN, as a named option.

The defaults are the digest's recommendations. ``docs/games/microfilms.md``
explains each choice for players; a game stores all of its options in its
journal header, so a later change of default never changes an old game.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class AgentClaim(enum.StrEnum):
    """§7.1: the Agents' win condition is reconstructed, not sourced."""

    A = "A"
    """Show an enemy nation's Microfilm from your hand."""
    B = "B"
    """As A, and also name the player who is that enemy Agent."""


class HandLimitCheck(enum.StrEnum):
    """§5.1: whose hand is checked at the end of a turn."""

    ACTIVE = "active"
    """Only the player whose turn ends (the seed only mentions this one)."""
    ALL = "all"
    """Every player still in the game, starting with the active one."""


class ReshuffleTiming(enum.StrEnum):
    """§5.4: when an empty deck is rebuilt from the discard pile."""

    END_OF_TURN = "end_of_turn"
    """After the hand-limit discards, so those cards join the new deck."""
    WHEN_EMPTY = "when_empty"
    """As soon as a draw empties the deck, before the turn's discards."""


class RefusedBribeCard(enum.StrEnum):
    """§6.1: where the offered card goes when a bribe is refused."""

    STAYS = "stays"
    """Back in the briber's hand."""
    DISCARDED = "discarded"
    """Face up onto the discard pile."""


class FrancCosts(enum.StrEnum):
    """§6.4, §6.5: who gets the francs an interrogation or a blackmail is paid with (the
    seed says only 支付, "pay")."""

    BANK = "bank"
    """The bank, as every other payment that names no one."""
    TARGET = "target"
    """The player interrogated or blackmailed — who may then buy off a blackmail with the
    very francs it was paid with."""


class LastStanding(enum.StrEnum):
    """§8: what happens when only one player is left in the game."""

    NO_WINNER = "no_winner"
    """The game ends with no winner."""
    WINS = "wins"
    """The last player still in the game wins."""


class NationOut(enum.StrEnum):
    """§2 step 3: how a table that deals by hand puts the fourth nation back in the box —
    its Agent, Microfilm and Alliance letter — where no reader sees the deal."""

    UNSEEN = "unseen"
    """As the seed says, unseen: each nation's three cards in a face-down pile of a fixed
    order, the piles mixed by two players in turn, each while the other looks away, and
    one pile put back whole (the app knows the nation from the Agents its players tell)."""
    FACE_UP = "face_up"
    """One Agent of the four shuffled face down is turned face up: that nation sits out,
    for the whole table to see — quicker, but everyone knows which three are in play."""


@dataclass(frozen=True, kw_only=True)
class Options:
    agent_claim: AgentClaim = AgentClaim.A
    """§7.1 — which reconstruction of the Agents' claim is used."""

    agent_needs_clean: bool = True
    """§7 — Agents, like every other identity, must be Clean to claim."""

    agent_min_night: int = 1
    """§10 — the first night on which an Agent may claim (1 = any time)."""

    ally_wins: bool = True
    """§7.1 — an allied Agent still in the game wins with a successful ally."""

    eliminated_ally_wins: bool = False
    """§8 UNKNOWN — an allied Agent eliminated by a failed claim wins all the same when its
    ally's claim succeeds (with ``ally_wins``); an eliminated Agent never stops its ally."""

    hand_limit_check: HandLimitCheck = HandLimitCheck.ACTIVE
    """§5.1 — whose hand is held to its limit at the end of a turn."""

    reshuffle_timing: ReshuffleTiming = ReshuffleTiming.END_OF_TURN
    """§5.4 — when the discard pile becomes the new deck."""

    ace_fee_on_elimination: bool = False
    """§5.3, §8 — an eliminated player holding the Ace pays the 2-franc fee first."""

    franc_costs_to: FrancCosts = FrancCosts.BANK
    """§6.4, §6.5 — where the francs paid for an interrogation or a blackmail go."""

    refused_bribe_card: RefusedBribeCard = RefusedBribeCard.STAYS
    """§6.1 — the offered card after a refusal."""

    refuse_without_francs: bool = False
    """§6.1 — a target with no francs may still refuse a bribe (paying nothing)."""

    blackmail_empty_hand_succeeds: bool = True
    """§6.5 — a target with no cards still turns Suspicious, the blackmailer Clean."""

    partial_buy_off: bool = False
    """§6.5 — a target with 1 franc may buy off a blackmail with what they have."""

    eliminated_francs_to_bank: bool = True
    """§8 — an eliminated player's francs go back to the bank (else they stay put)."""

    last_standing: LastStanding = LastStanding.NO_WINNER
    """§8 — the end when only one player is left."""

    nation_out: NationOut = NationOut.UNSEEN
    """§2 step 3 — how the nation that sits out goes back in the box at a table that deals
    by hand and tells the phones."""
