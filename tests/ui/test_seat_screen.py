"""A seat's history on its phone (風聲 §7: a window asks every seat; 暗火线 §6.2: a rescue
round): the whole game, a window's passes one line, so what happened to the player — a
True or False that gave them a black card — is not drowned by "Dan passes."."""

from __future__ import annotations

import random
import re
from pathlib import Path

from companion.core import playout
from companion.core.narrow import args
from companion.core.prompts import waiting_on
from companion.games import GAMES
from companion.games.themessage.cards import CARDS, Function
from companion.i18n import LANGS, Voice
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService
from ui.seat_screen import history

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def test_a_run_of_passes_is_one_line_and_nothing_else_folds() -> None:
    passes = [{"kind": "passed", "args": {"seat": s}} for s in (0, 1, 3)]
    held = {"kind": "held", "args": {"seat": 2}}
    voice = Voice.of("en", GAMES["themessage"], NAMES)
    assert history(voice, [*passes, held, passes[2]]) == [
        "Ann, Ben, Dan pass.", "Cat asks the table to wait.", "Dan passes.",
    ]  # fmt: skip
    assert history(voice, [*passes, *passes[:2]]) == ["Ann, Ben, Dan pass.", "Ann, Ben pass."]
    zh = Voice.of("zh-Hant", GAMES["themessage"], NAMES)
    assert history(zh, passes) == ["Ann、Ben、Dan不出牌。"]
    counter = next(c for c, card in CARDS.items() if card.function is Function.COUNTER)
    played = {"kind": "played_counter", "args": {"seat": 0, "card": counter, "n": 3, "on": 2}}
    cancels = {"kind": "cancelled", "args": {"seat": 0, "n": 3, "on": 2, "target": 1}}
    for lang in LANGS:  # a play's number reads once: "against play #2", not "#play #2"
        for line in history(voice.speaking(lang), [played, cancels]):
            assert not re.search(r"#\D", line), line
    assert history(voice, [cancels]) == ["Ann's Counter (#3) cancels Ben's play #2."]
    # Microfilms' pass is a turn's whole action, with its franc: each its own line.
    francs = [{"kind": "passed", "args": {"seat": s, "francs": 1}} for s in (0, 1)]
    assert len(history(Voice.of("en", GAMES["microfilms"], NAMES), francs)) == 2


def test_a_whole_game_s_history_keeps_every_line_but_the_passes_it_folds(
    tmp_path: Path,
) -> None:
    service = TableService.start(Journal(tmp_path / "j.sqlite3"), "themessage", NAMES,
                                 draws=Draws.APP, rng=random.Random(2))  # fmt: skip
    rng = random.Random(2)
    while service.over() is None:
        seat = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(playout.choose(service.spec, service.table.state, seat, rng, {"hold": 0}))
    events = service.recent(len(service.table.state.history))
    voice = Voice.of("en", service.spec, NAMES)
    lines = history(voice, events)
    passes = [e for e in events if e["kind"] == "passed"]
    others = [voice.event(str(e["kind"]), args(e)) for e in events if e["kind"] != "passed"]
    assert [line for line in lines if not line.endswith(("pass.", "passes."))] == others
    assert len(lines) - len(others) < len(passes) / 2, "most windows have several passes"
    for lang in LANGS:  # a play's number reads once: "against play #2", not "#play #2"
        for line in history(voice.speaking(lang), events):
            assert not re.search(r"#\D", line), line
