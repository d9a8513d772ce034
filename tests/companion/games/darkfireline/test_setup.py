"""Setting up a 暗火线 table: what the options allow before the deal (digest §1.2, §2).

A refusal here comes from the options' domain when the table is set, before any action:
a scenario's header with such options would not read at all, so these stay in Python.
"""

from __future__ import annotations

import pytest

from companion.core.domain import UnfitOptions
from companion.games.darkfireline.cards import Kind
from companion.games.darkfireline.options import Options
from tests.companion.games.darkfireline.table import Table

FILL = (Kind.SERUM, Kind.SERUM, Kind.SERUM)


def test_a_box_whose_serums_the_table_needs_more_of_cannot_be_dealt() -> None:
    """§1.2, §2: four serums in front of each player and the deck's come out of one box;
    counted (an option), a box that holds fewer is refused before the deal — uncounted, as
    before, nothing is checked."""
    needed = 4 * 4 + 20
    assert Table([FILL] * 4, options=Options(deck_serums=20, box_serums=needed)).state
    assert Table([FILL] * 4, options=Options(deck_serums=20)).state
    with pytest.raises(UnfitOptions) as refused:
        Table([FILL] * 4, options=Options(deck_serums=20, box_serums=needed - 1))
    assert refused.value.key == "option.darkfireline.box_serums.too_few"
    assert refused.value.details == {"held": needed - 1, "needed": needed, "deck": 20}
