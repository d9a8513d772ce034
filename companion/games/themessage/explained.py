"""Which text explains each 風聲 card (:mod:`companion.core.explained`): an identity by its
camp, a game card by its function — its colour and way of travel are printed on it."""

from __future__ import annotations

from companion.core.explained import Moments, by_side
from companion.games.themessage.cards import CAMP_OF, CARDS, Function

EXPLAINED = by_side(
    CAMP_OF,
    CARDS,
    lambda card: CARDS[card].function.value,
    {function.value: f"function.{function.value}" for function in Function},
    prefix="camp_",
    sections={
        "camp_red": "§1.1, §8.1, §8.2, §8.3",
        "camp_blue": "§1.1, §8.1, §8.2, §8.3",
        "camp_green": "§1.1, §8.1, §8.3",
        "lock": "§6.1, §5.2",
        "lure": "§6.2, §5.2",
        "intercept": "§6.3, §5.2",
        "return": "§6.4, §5.2",
        "decode": "§6.5, §5.2, §10",
        "burn": "§6.6, §5.2, §7",
        "counter": "§6.7, §7",
        "probe": "§1.3, §6.8",
        "distribute": "§6.9, §8.4",
    },
    moments=Moments(
        events={
            "dealt": "deal",
            "turn_began": "turn",
            "sent": "send",
            "received": "received",
            "played_probe": "probe",
            "played_decode": "decode",
            "died": "death",
            "lost": "lost",
        },
        prompts={
            "turn_start": "turn",
            "respond": "window",
            "window_transmit": "window",
            "window_arrive": "window",
            "window_intercepted": "window",
            "decide": "decide",
            "probe_answer": "probe",
            "discard": "hand_limit",
            "tell_dealt": "tell_deal",
            "tell_draw": "tell_draw",
            "tell_placement": "tell_draw",
        },
    ),
    howto=(
        "§1.1, §2, §8.2",
        "§1.3, §2",
        "§4",
        "§5.1, §5.2",
        "§5.2, §6.2, §6.3, §6.5, §6.7, §7",
        "§6.6, §8.1, §8.3",
        "§8.2, §10",
    ),
)
