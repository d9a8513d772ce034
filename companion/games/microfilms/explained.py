"""Which text explains each Microfilms card (:mod:`companion.core.explained`): the four
Agents read alike, as do the four Microfilms and the four letters; each freelancer and each
pair of uses of the action cards has its own."""

from __future__ import annotations

from companion.core.explained import Explained, Moments
from companion.core.types import CardId
from companion.games.microfilms.cards import CARDS, Kind, Use

_FREELANCERS = {
    CardId("R-INT"): "interpol",
    CardId("R-IM"): "intelligence_manager",
    CardId("R-JOU"): "journalist",
    CardId("R-ASN"): "assassin",
}
_ACTIONS = {
    frozenset({Use.STEAL, Use.BLACKMAIL}): "steal_blackmail",
    frozenset({Use.INTERROGATE, Use.BLACKMAIL}): "interrogate_blackmail",
    frozenset({Use.WITHDRAW, Use.RESIST}): "withdraw_resist",
}


def kind(card: CardId) -> str:
    found = CARDS[card]
    if found.kind is Kind.FREELANCER:
        return _FREELANCERS[card]
    if found.kind is Kind.ACTION:
        return _ACTIONS[found.uses]
    return found.kind.value


EXPLAINED = Explained(
    cards=frozenset(CARDS),
    kind=kind,
    camps=("agent", "interpol", "intelligence_manager", "journalist", "assassin"),
    sections={
        "agent": "§2, §3, §7, §7.1, §8",
        "interpol": "§7, §7.5, §5.4, §8",
        "intelligence_manager": "§7, §7.4, §5.4, §8",
        "journalist": "§7, §7.2, §8",
        "assassin": "§7, §7.3, §8",
        "microfilm": "§1.3, §7.1, §7.2",
        "letter": "§2, §3, §7.4",
        "ace": "§1.3, §5.3, §7.3",
        "steal_blackmail": "§1.3, §6.2, §6.5, §7.5",
        "interrogate_blackmail": "§1.3, §6.4, §6.5, §7.5",
        "withdraw_resist": "§1.3, §6.3, §6.5, §7.5",
    },
    named={
        "agent": "kind.microfilms.agent",
        "interpol": "card.R-INT",
        "intelligence_manager": "card.R-IM",
        "journalist": "card.R-JOU",
        "assassin": "card.R-ASN",
        "microfilm": "kind.microfilms.microfilm",
        "letter": "kind.microfilms.letter",
        "ace": "card.ACE",
        "steal_blackmail": "card.A-SB2",
        "interrogate_blackmail": "card.A-IB3",
        "withdraw_resist": "card.A-WR3",
    },
    moments=Moments(
        events={
            "dealt": "deal",
            "new_night": "night",
            "interrogated": "interrogate",
            "claim_agent": "claim",
            "claim_agent_named": "claim",
            "claim_assassin": "claim",
            "claim_interpol": "claim",
            "claim_journalist": "claim",
            "claim_manager": "claim",
            "claim_failed": "out",
            "eliminated": "out",
        },
        prompts={
            "turn": "turn",
            "bribe_answer": "bribe",
            "blackmail_answer": "blackmail",
            "discard": "hand_limit",
            "tell_dealt": "tell_deal",
            "tell_draw": "tell_draw",
        },
    ),
    howto=(
        "§1.3, §2, §7",
        "§1.2, §2, §5.1",
        "§4, §5.4",
        "§6.1, §6.4, §6.5, §7",
        "§7",
        "§8",
        "§7, §9",
    ),
)
