"""What each kind of 風聲 event may show anyone (``GameSpec.shown``), for undo.

An action whose events show nothing may be taken back; one that may have shown a
card (a function card played face up, §6; intelligence turned face up on receipt
or sent as 文本, §5), a probe's answer (§6.8), an identity (§8, §9) or told a seat
something in secret may not. A kind is declared by what it *may* show — a 密電
sent face down still shows its method, which its sender's hand held.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.outcome import Shown

NOTHING, TABLE, SEAT = Shown.NOTHING, Shown.TABLE, Shown.SEAT

SHOWN: Mapping[str, Shown] = {
    # the flow of a turn: nothing hidden
    "passed": NOTHING,
    "held": NOTHING,  # a seat asks the round to wait for it: any seat may
    "round_closed": NOTHING,  # nobody answered in time: those asked pass
    "passed_over": NOTHING,  # a play came first: the seats ranked before it answer it later
    "turn_began": NOTHING,
    "travels": NOTHING,
    "arrived": NOTHING,
    "declined": NOTHING,
    "cannot_send": NOTHING,
    "draw_skipped": NOTHING,
    "reshuffled": NOTHING,  # the face-up discards become the deck
    "stacked": NOTHING,
    # what public plays do when they resolve (§6, §7)
    "locked": NOTHING,
    "lured": NOTHING,
    "intercepted": NOTHING,
    "returned": NOTHING,
    "fizzled": NOTHING,
    "distributing": NOTHING,
    "distribution_short": NOTHING,
    "intel_discarded": NOTHING,  # nobody left to pass it to: it goes as it travelled
    # face up for the table
    "sent": TABLE,
    "received": TABLE,
    "placed": TABLE,
    "discarded": TABLE,  # face up unless the table discards face down (an option)
    "burned": TABLE,
    "cancelled": TABLE,
    "played_burn": TABLE,
    "played_counter": TABLE,
    "played_decode": TABLE,
    "played_distribute": TABLE,
    "played_intercept": TABLE,
    "played_lock": TABLE,
    "played_lure": TABLE,
    "played_probe": TABLE,
    "played_return": TABLE,
    "probe_answered": TABLE,
    "died": TABLE,
    "lost": TABLE,
    "declared_victory": TABLE,
    # told to one seat
    "dealt": SEAT,
    "drew": SEAT,
    "decoded": SEAT,
    "probe_arrives": SEAT,
}

CHECKS = frozenset({"probe_arrives"})
"""The events in which ``seat`` looks in secret at ``target`` — who checked whom, over a
season (``GameSpec.checks``). §6.8: a Probe, read in secret by its target, whose
public answer tells its player."""
