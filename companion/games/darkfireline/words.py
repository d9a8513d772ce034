"""How the arguments of 暗火线's sentences read (beyond those every game shares).

Whoever shoots, saves, places or is dying is a seat; a bullet's targets and a
flashbang's pair are seats; what lay in front of a dead player are cards.
Health, damage and counts read as plain figures.
"""

from __future__ import annotations

from companion.core.words import CARD, SEAT, Words

WORDS: Words = {
    "by": SEAT,
    "user": SEAT,
    "dying": SEAT,
    "attacker": SEAT,
    "targets": SEAT,
    "pair": SEAT,
    "laid": CARD,
}
