"""A table's policy, one typed value kept in its header (:mod:`companion.policy`)."""

from __future__ import annotations

import random
from pathlib import Path

from companion.journal import Journal
from companion.policy import WINDOW_SECONDS, Dealer, Draws, Policy
from companion.service import TableService


def test_a_new_games_policy_is_kept_with_it_and_read_back_whole(tmp_path: Path) -> None:
    """Every choice of the new-game screen goes on in a resumed game."""
    journal = Journal(tmp_path / "j.sqlite3")
    service = TableService.start(
        journal, "themessage", ["Ann", "Ben", "Cat", "Dan"], draws=Draws.APP,
        dealer=Dealer.TABLE, centre=True, window=0, voice=True, teach=True, by="tablet",
        rng=random.Random(3),
    )  # fmt: skip
    kept = Policy(Draws.APP, False, Dealer.TABLE, True, 0, True, teach=True, by="tablet")
    assert service.header.policy == kept
    resumed = TableService.resume(journal, service.game_id)
    assert resumed.header.policy == kept and resumed.window_seconds == 0
    assert resumed.telling_deal()  # dealt by the players, told on their phones


def test_a_header_from_an_older_app_or_spoilt_reads_each_missing_or_bad_key_as_its_default() -> (
    None
):
    assert Policy.of({}) == Policy()
    spoilt = {"draws": "nobody", "readers": "yes", "window": -5, "voice": 1, "by": 7}
    assert Policy.of(spoilt) == Policy()
    assert Policy.of({"window": True}).window == WINDOW_SECONDS  # a flag is no number
    assert Policy.of({"draws": "app", "other": "kept elsewhere"}).draws is Draws.APP
    assert Policy.of(Policy(readers=True, by="demo").meta()) == Policy(readers=True, by="demo")
