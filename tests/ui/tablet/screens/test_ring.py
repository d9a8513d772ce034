"""The table's ring of seats (:func:`ui.tablet.screens.ring.around`): at every table size
the games allow and on every tablet's ring, each seat's panel lies inside the ring, over no
other and clear of the centre, and no smaller than it must be.

The rings are the table screen's at the tablets the layout tests check — 1280×800,
1920×1200, 2048×1536, 800×1280 held upright, and a 7-inch tablet's 1024×600 — measured
from the screen; the whole screen at those sizes is checked in ``test_layout.py``.
"""

from __future__ import annotations

import pytest

from companion.games import GAMES
from ui.tablet import theme
from ui.tablet.screens.ring import CENTRE, SEAT_SHARE, SEATS_SHARE, around

RINGS = ((871, 593), (1319, 1011), (1408, 1347), (776, 693), (692, 453))
"""The ring's width and height on each tablet the app is for."""
SEATS = range(
    min(g.min_seats for g in GAMES.values()), max(g.max_seats for g in GAMES.values()) + 1
)

Box = tuple[float, float, float, float]


def apart(a: Box, b: Box) -> bool:
    """Whether two boxes (centre x, centre y, width, height) do not overlap."""
    return abs(a[0] - b[0]) >= (a[2] + b[2]) / 2 or abs(a[1] - b[1]) >= (a[3] + b[3]) / 2


@pytest.mark.parametrize("ring", RINGS, ids=lambda r: f"{r[0]}x{r[1]}")
def test_every_seat_lies_in_the_ring_over_no_other_and_clear_of_the_centre(
    ring: tuple[int, int],
) -> None:
    """Nine seats of 風聲 at 1280×800 once lay over their neighbours, on the tablet the app
    was tried on most."""
    width, height = ring
    centre = (0.0, 0.0, width * CENTRE[0], height * CENTRE[1])
    for n in SEATS:
        w, h, spots = around(n, width, height)
        boxes = [(x, y, w, h) for x, y in spots]
        assert len(boxes) == n
        for i, box in enumerate(boxes):
            assert abs(box[0]) + w / 2 <= width / 2 and abs(box[1]) + h / 2 <= height / 2, (n, i)
            assert apart(box, centre), (n, i, "over the centre")
            assert all(apart(box, other) for other in boxes[i + 1 :]), (n, i, "over a neighbour")


@pytest.mark.parametrize("ring", RINGS, ids=lambda r: f"{r[0]}x{r[1]}")
def test_a_seat_is_made_smaller_only_as_far_as_its_neighbours_need(ring: tuple[int, int]) -> None:
    """A small table keeps the whole share; a full one keeps more than half of it, so that
    its figures can still be read."""
    width, height = ring
    for n in SEATS:
        w, h, _ = around(n, width, height)
        share_w = width * min(SEAT_SHARE, SEATS_SHARE[0] / n)
        share_h = height * min(SEAT_SHARE, SEATS_SHARE[1] / n)
        assert w <= share_w and h <= share_h
        if n <= 6:
            assert (w, h) == (share_w, share_h), n
        assert w * h > share_w * share_h / 2 and min(w, h) > theme.TOUCH, n
