"""Every kind of Microfilms event, declared once (:mod:`companion.core.kinds`).

An action whose events show nothing may be taken back; one that may have shown a
card face up (§6.6: every action card played goes face up to the discard pile),
told a seat something in secret (§9) or revealed an identity (§7) may not. A kind
is declared by what it *may* show: an Interrogation paid with a card shows the
card, so one paid in francs is not undone either — the same kind is undone alike
whatever was hidden, or undo itself would tell.
The check (who checked whom over a season) is §6.4: an Interrogation, whose player sees
a random card of the target's; the looks the story marks, the secrets the bots pair and
what the voice reads out are declared beside each kind.
"""

from __future__ import annotations

from companion.core.hearing import Tells
from companion.core.kinds import Events, Kind, look
from companion.core.outcome import Shown

NOTHING, TABLE, SEAT = Shown.NOTHING, Shown.TABLE, Shown.SEAT

EVENTS: Events = {
    # nothing hidden: moves of francs, a pass, answers to what was already seen
    "passed": Kind(NOTHING),
    "bribe_accepted": Kind(NOTHING),
    "bribe_refused": Kind(NOTHING),
    "bought_off": Kind(NOTHING),
    "gave_in": Kind(NOTHING),
    "took_discard": Kind(NOTHING),  # the top of the face-up pile
    "new_night": Kind(NOTHING, spoken=True),  # the face-up pile becomes the deck
    # face up for the table (§6.6, §5.3, §6.7)
    "discarded": Kind(TABLE),
    "bribe_card_discarded": Kind(TABLE),  # a refused bribe's card, face up (§6.1, an option)
    "ace_fee": Kind(TABLE),
    "stole": Kind(TABLE),
    "withdrew": Kind(TABLE),
    "interrogated": Kind(TABLE),
    "blackmailed": Kind(TABLE),
    "resisted": Kind(TABLE),
    "status": Kind(TABLE),  # follows from the card played
    # claims and their ends (§7, §8)
    "claim_agent": Kind(TABLE, spoken=True),
    "claim_agent_named": Kind(TABLE, spoken=True),
    "claim_assassin": Kind(TABLE, spoken=True),
    "claim_interpol": Kind(TABLE, spoken=True),
    "claim_journalist": Kind(TABLE, spoken=True),
    "claim_manager": Kind(TABLE, spoken=True),
    "claim_succeeded": Kind(TABLE, spoken=True),
    "letter_turned_up": Kind(TABLE),  # the letter set aside, face up for an Agent's claim (§7.1)
    "claim_failed": Kind(TABLE, spoken=True),
    "eliminated": Kind(TABLE, spoken=True),
    # told to one seat (§9)
    "bribe_offered": Kind(SEAT, tells=(look("target", "bribe_offered"),)),
    "interrogation_seen": Kind(SEAT, tells=(look("seat", "interrogation"),), check=True),
    "blackmail_took": Kind(
        SEAT, tells=(look("seat", "blackmail_took"), Tells("target", "blackmail_lost"))
    ),
}
