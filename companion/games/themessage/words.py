"""How the arguments of 風聲's sentences read (beyond those every game shares).

Whoever sends, holds, probes or plays is a seat; the intelligence is a card;
a function, a method, a colour and a probe's answer are words of the game
(§1.3, §5.1, §6.8), and the cards a probe makes one draw are counted; a "−" probe
answered from an empty hand gives no card; the play a 識破 cancels is read as that play
(§6.7).
"""

from __future__ import annotations

from companion.core.words import CARD, SEAT, WORD, CardName, Count, OnTable, Words

WORDS: Words = {
    "sender": SEAT,
    "prober": SEAT,
    "holder": SEAT,
    "to": SEAT,
    "user": SEAT,
    "card": CardName(none="word.no_card"),
    "intel": CARD,
    "function": WORD,
    "method": WORD,
    "colour": WORD,
    "answer": WORD,
    "draws": Count("card"),
    "on": OnTable(),
}
