"""The tablet's session in words, apart from any screen: what the table is told to do."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.games.microfilms.options import NationOut, Options
from companion.i18n import text
from companion.journal import Journal
from companion.policy import Dealer, Draws
from companion.service import TableService
from ui.live import LiveTable
from ui.tablet.session import Session


@pytest.mark.parametrize("reading", list(NationOut))
def test_a_table_that_deals_by_hand_is_guided_to_put_the_nation_out_back_as_the_option_says(
    tmp_path: Path, reading: NationOut
) -> None:
    """Microfilms §2 step 3: "choose 3 of the 4 Agents" unseen — the nation out goes back in
    its face-down pile, nobody knowing which (the default); or, as an option, one Agent is
    turned face up. Every step of the guide is a sentence of the catalog, in order."""
    service = TableService.start(
        Journal(tmp_path / "j.sqlite3"), "microfilms", ["Ann", "Ben", "Cat", "Dan"],
        Options(nation_out=reading), draws=Draws.TOLD, dealer=Dealer.TABLE, rng=random.Random(1),
    )  # fmt: skip
    steps = Session(LiveTable(service, host="127.0.0.1", port=0), "en").deal_guide()
    count = 8 if reading is NationOut.UNSEEN else 6
    prefix = f"tablet.deal_guide.microfilms.{reading}"
    assert steps == [
        text("en", f"{prefix}.{i}", seat="Ann", freelancers=1) for i in range(1, count + 1)
    ]
    assert ("face down without changing its order" in steps[0]) is (reading is NationOut.UNSEEN)
