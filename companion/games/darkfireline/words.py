"""How the arguments of 暗火线's sentences read (beyond those every game shares).

Whoever shoots, saves, places or is dying is a seat; a bullet's targets and a
flashbang's pair are seats; what lay in front of a dead player are cards, each named by
its kind (a box's copies are numbered at the end of their ids).
Health, damage and counts read as plain figures.
"""

from __future__ import annotations

from companion.core.words import SEAT, CardName, Words

CARD = CardName(none="word.face_down_card", numbered=True)
"""A card by its kind: copies are numbered as the group's box counts them (``SINGLE-7``);
none, a card that went face down (taken by a Disarm, an option)."""

WORDS: Words = {
    **dict.fromkeys(("card", "cards", "hand", "identity", "held", "got", "told", "lost"), CARD),
    "by": SEAT,
    "user": SEAT,
    "dying": SEAT,
    "attacker": SEAT,
    "targets": SEAT,
    "pair": SEAT,
    "laid": CARD,
}
