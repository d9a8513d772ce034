"""How the arguments of Microfilms' sentences read (beyond those every game shares).

Francs are counted (§1.1); a cost is a card played or francs paid (§6.4,
§6.5), and an action whose card is missing is paid in francs; a Manager's
claim names where each Alliance letter is (§7.4).
"""

from __future__ import annotations

from companion.core.words import CARD, SEAT, WORD, CardName, Count, Either, Record, Words
from companion.games.microfilms.rules import BLACKMAIL_FRANCS, INTERROGATE_FRANCS

FRANCS = Count("franc")

WORDS: Words = {
    "briber": SEAT,
    "blackmailer": SEAT,
    "named": SEAT,
    "opening": SEAT,
    "card": CardName(
        none="word.pay_francs",
        fees={"interrogate": INTERROGATE_FRANCS, "blackmail": BLACKMAIL_FRANCS},
        fee=FRANCS,
    ),
    "microfilm": CARD,
    "letter": CARD,
    "aside": CARD,  # the letter set aside an Agent turns up for a claim (§7.1)
    "francs": FRANCS,
    "need": FRANCS,
    "have": FRANCS,
    "fee": FRANCS,
    "bank": FRANCS,
    "cost": Either(CARD, FRANCS),
    "source": WORD,
    "pile": WORD,
    "use": WORD,
    "letters": Record("word.letter_at", {"letter": CARD, "seat": SEAT, "pile": WORD}),
}
