"""What each kind of Microfilms event may show anyone (``GameSpec.shown``), for undo.

An action whose events show nothing may be taken back; one that may have shown a
card face up (§6.6: every action card played goes face up to the discard pile),
told a seat something in secret (§9) or revealed an identity (§7) may not. A kind
is declared by what it *may* show: an Interrogation paid with a card shows the
card, so one paid in francs is not undone either — the same kind is undone alike
whatever was hidden, or undo itself would tell.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.outcome import Shown

NOTHING, TABLE, SEAT = Shown.NOTHING, Shown.TABLE, Shown.SEAT

SHOWN: Mapping[str, Shown] = {
    # nothing hidden: moves of francs, a pass, answers to what was already seen
    "passed": NOTHING,
    "bribe_accepted": NOTHING,
    "bribe_refused": NOTHING,
    "bought_off": NOTHING,
    "gave_in": NOTHING,
    "took_discard": NOTHING,  # the top of the face-up pile
    "new_night": NOTHING,  # the face-up pile becomes the deck
    # face up for the table (§6.6, §5.3, §6.7)
    "discarded": TABLE,
    "bribe_card_discarded": TABLE,  # a refused bribe's card, face up (§6.1, an option)
    "ace_fee": TABLE,
    "stole": TABLE,
    "withdrew": TABLE,
    "interrogated": TABLE,
    "blackmailed": TABLE,
    "resisted": TABLE,
    "status": TABLE,  # follows from the card played
    # claims and their ends (§7, §8)
    "claim_agent": TABLE,
    "claim_agent_named": TABLE,
    "claim_assassin": TABLE,
    "claim_interpol": TABLE,
    "claim_journalist": TABLE,
    "claim_manager": TABLE,
    "claim_succeeded": TABLE,
    "letter_turned_up": TABLE,  # the letter set aside, face up for an Agent's claim (§7.1)
    "claim_failed": TABLE,
    "eliminated": TABLE,
    # told to one seat (§9)
    "dealt": SEAT,
    "drew": SEAT,
    "bribe_offered": SEAT,
    "interrogation_seen": SEAT,
    "blackmail_took": SEAT,
}

CHECKS = frozenset({"interrogation_seen"})
"""The events in which ``seat`` looks in secret at ``target`` — who checked whom, over a
season (``GameSpec.checks``). §6.4: an Interrogation, whose player sees a random card
of the target's."""
