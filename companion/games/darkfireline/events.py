"""Every kind of 暗火线 event, declared once (:mod:`companion.core.kinds`).

An action whose events show nothing may be taken back; one that put a card face up
(every card played, a card discarded or taken by a Disarm, a kit that saved a life),
showed an identity (a death) or told a seat something in secret (a deal, a draw, a
search warrant) may not.
The check (who checked whom over a season) is §5.14: a search warrant, whose player sees
the target's identity; the looks the story marks, the secrets the bots pair and what the
voice reads out are declared beside each kind.
"""

from __future__ import annotations

from companion.core.kinds import Events, Kind, look
from companion.core.outcome import Shown

NOTHING, TABLE, SEAT = Shown.NOTHING, Shown.TABLE, Shown.SEAT

EVENTS: Events = {
    # the flow of a turn: nothing hidden
    "turn_began": Kind(NOTHING, spoken=True),
    "play_skipped": Kind(NOTHING),
    "play_ended": Kind(NOTHING),
    "extra_drawn": Kind(NOTHING),  # the Supermarket's card is drawn next, as every draw is
    "extra_declined": Kind(NOTHING),
    "reshuffled": Kind(NOTHING),  # the face-up discards become the deck
    "smoke_ended": Kind(NOTHING),
    "flash_ended": Kind(NOTHING),
    "hurt": Kind(NOTHING),  # what a public card did
    "health": Kind(NOTHING),
    "unequipped": Kind(NOTHING),
    "rescue_asked": Kind(NOTHING, spoken=True),  # who is asked comes from public facts
    "answered": Kind(
        NOTHING, folds=True
    ),  # a kit offered and a pass read alike until the round closes
    "held": Kind(NOTHING),
    "round_closed": Kind(NOTHING),
    # face up for the table
    "shot": Kind(TABLE),
    "healed": Kind(TABLE),
    "smoked": Kind(TABLE),
    "flashed": Kind(TABLE),
    "disarmed": Kind(TABLE),
    "taken": Kind(TABLE),  # face up unless the table discards it face down (an option)
    "grenade": Kind(TABLE),
    "equipped": Kind(TABLE),
    "discarded": Kind(TABLE),
    "rescued": Kind(TABLE),
    "died": Kind(TABLE, tells=(look("by", "took"),), spoken=True),
    # played face up on its target; the identity it shows is the user's secret
    "warrant": Kind(TABLE, tells=(look("seat", "identity_seen"),), check=True),
}
