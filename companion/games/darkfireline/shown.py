"""What each kind of 暗火线 event may show anyone (``GameSpec.shown``), for undo.

An action whose events show nothing may be taken back; one that put a card face up
(every card played, a card discarded or taken by a Disarm, a kit that saved a life),
showed an identity (a death) or told a seat something in secret (a deal, a draw, a
search warrant) may not.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.outcome import Shown

NOTHING, TABLE, SEAT = Shown.NOTHING, Shown.TABLE, Shown.SEAT

SHOWN: Mapping[str, Shown] = {
    # the flow of a turn: nothing hidden
    "turn_began": NOTHING,
    "play_skipped": NOTHING,
    "play_ended": NOTHING,
    "extra_drawn": NOTHING,  # the Supermarket's card is drawn next, as every draw is
    "extra_declined": NOTHING,
    "reshuffled": NOTHING,  # the face-up discards become the deck
    "smoke_ended": NOTHING,
    "flash_ended": NOTHING,
    "hurt": NOTHING,  # what a public card did
    "health": NOTHING,
    "unequipped": NOTHING,
    "rescue_asked": NOTHING,  # who is asked comes from public facts
    "answered": NOTHING,  # a kit offered and a pass read alike until the round closes
    "held": NOTHING,
    "round_closed": NOTHING,
    # face up for the table
    "shot": TABLE,
    "healed": TABLE,
    "smoked": TABLE,
    "flashed": TABLE,
    "disarmed": TABLE,
    "taken": TABLE,  # face up unless the table discards it face down (an option)
    "grenade": TABLE,
    "equipped": TABLE,
    "discarded": TABLE,
    "rescued": TABLE,
    "died": TABLE,
    "warrant": TABLE,  # played face up on its target; the identity it shows is the user's secret
    # told to one seat
    "dealt": SEAT,
    "drew": SEAT,
}

CHECKS = frozenset({"warrant"})
"""The events in which ``seat`` looks in secret at ``target`` — who checked whom, over a
season (``GameSpec.checks``). §5.14: a search warrant, whose player sees the target's identity."""
