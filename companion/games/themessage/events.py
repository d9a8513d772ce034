"""Every kind of 風聲 event, declared once (:mod:`companion.core.kinds`).

An action whose events show nothing may be taken back; one that may have shown a
card (a function card played face up, §6; intelligence turned face up on receipt
or sent as 文本, §5), a probe's answer (§6.8), an identity (§8, §9) or told a seat
something in secret may not. A kind is declared by what it *may* show — a 密電
sent face down still shows its method, which its sender's hand held.
The check (who checked whom over a season) is §6.8: a Probe, read in secret by its
target, whose public answer tells its player; the looks the story marks, the secrets the
bots pair and what the voice reads out are declared beside each kind.
"""

from __future__ import annotations

from companion.core.hearing import Tells
from companion.core.kinds import Events, Kind, look
from companion.core.outcome import Shown

NOTHING, TABLE, SEAT = Shown.NOTHING, Shown.TABLE, Shown.SEAT

EVENTS: Events = {
    # the flow of a turn: nothing hidden
    "passed": Kind(NOTHING, folds=True),
    "held": Kind(NOTHING),  # a seat asks the round to wait for it: any seat may
    "round_closed": Kind(NOTHING),  # nobody answered in time: those asked pass
    "passed_over": Kind(NOTHING),  # a play came first: the seats ranked before it answer it later
    "turn_began": Kind(NOTHING, spoken=True),
    "travels": Kind(NOTHING),
    "arrived": Kind(NOTHING, spoken=True),
    "declined": Kind(NOTHING),
    "cannot_send": Kind(NOTHING),
    "draw_skipped": Kind(NOTHING),
    "reshuffled": Kind(NOTHING),  # the face-up discards become the deck
    "stacked": Kind(NOTHING),
    # what public plays do when they resolve (§6, §7)
    "locked": Kind(NOTHING),
    "lured": Kind(NOTHING),
    "intercepted": Kind(NOTHING),
    "returned": Kind(NOTHING),
    "fizzled": Kind(NOTHING),
    "distributing": Kind(NOTHING),
    "distribution_short": Kind(NOTHING),
    "intel_discarded": Kind(NOTHING),  # nobody left to pass it to: it goes as it travelled
    # face up for the table
    "sent": Kind(TABLE, tells=(Tells("seat", "sent", unless="card"),)),
    "received": Kind(TABLE, spoken=True),
    "placed": Kind(TABLE),
    "discarded": Kind(TABLE),  # face up unless the table discards face down (an option)
    "burned": Kind(TABLE),
    "cancelled": Kind(TABLE),
    "played_burn": Kind(TABLE),
    "played_counter": Kind(TABLE),
    "played_decode": Kind(TABLE),
    "played_distribute": Kind(TABLE),
    "played_intercept": Kind(TABLE),
    "played_lock": Kind(TABLE),
    "played_lure": Kind(TABLE),
    "played_probe": Kind(TABLE),
    "played_return": Kind(TABLE),
    "probe_answered": Kind(TABLE),
    "died": Kind(TABLE, spoken=True),
    "lost": Kind(TABLE, spoken=True),
    "declared_victory": Kind(TABLE, spoken=True),
    # told to one seat
    "decoded": Kind(SEAT, tells=(look("seat", "decoded"),)),
    "probe_arrives": Kind(SEAT, tells=(look("target", "probed"),), check=True),
}
