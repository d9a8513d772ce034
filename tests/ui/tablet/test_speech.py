"""The table's voice reads out lines of the public feed and nothing else, in the table's
language; a voice that cannot speak says so once and stays silent."""

from __future__ import annotations

import random
import stat
from pathlib import Path

import pytest

from companion.core.playout import choose
from companion.core.prompts import waiting_on
from companion.games import GAMES
from companion.i18n import LANGS, text
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService
from testkit.tablet import run_tablet, texts
from tests.ui.tablet.test_app import start_practice_game
from ui.live import LiveTable
from ui.tablet.session import Session
from ui.tablet.speech import Crier, Espeak, Recording


def session_of(folder: Path, game: str, names: list[str], lang: str, seed: int) -> Session:
    """A practice game (the app deals and draws) at a tablet speaking ``lang``."""
    journal = Journal(folder / "j.sqlite3")
    service = TableService.start(journal, game, names, draws=Draws.APP, rng=random.Random(seed))
    return Session(LiveTable(service, host="127.0.0.1", port=0), lang)


def play_out(session: Session, seed: int) -> list[tuple[str, str]]:
    """A whole game entered at the tablet, random legal moves; every line of its feed, as
    the tablet's feed showed it, with its kind."""
    service, rng = session.service, random.Random(seed)
    fed: list[tuple[str, str]] = []
    seen = session.heard

    def heard() -> None:
        nonlocal seen
        fed.extend(session.news(session.heard - seen))
        seen = session.heard

    session.subscribe(heard)
    while service.over() is None:
        state = service.table.state
        seat = rng.choice(sorted(waiting_on(service.spec.pending(state))))
        assert session.submit(choose(service.spec, state, seat, rng, {}))
    return fed


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_what_is_spoken_is_the_feeds_own_lines_of_the_kinds_the_game_reads_out(
    tmp_path: Path, game: str, lang: str
) -> None:
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][: min(GAMES[game].demo_sizes)]
    session = session_of(tmp_path, game, names, lang, 3)
    speaker = Recording()
    Crier(session, speaker)
    fed = play_out(session, 3)
    spoken = [line for line, _ in speaker.said]
    assert spoken == [line for kind, line in fed if kind in session.service.spec.spoken]
    assert {said_in for _, said_in in speaker.said} == {lang}
    assert spoken[-1] == fed[-1][1]  # the end of the game, as the feed says it


def test_a_voice_follows_the_table_into_another_language(tmp_path: Path) -> None:
    session = session_of(tmp_path, "microfilms", ["Ann", "Ben", "Cat"], "en", 2)
    speaker = Recording()
    Crier(session, speaker)
    session.set_lang("zh-Hant")
    fed = play_out(session, 2)
    assert speaker.said and all(lang == "zh-Hant" for _, lang in speaker.said)
    assert {line for line, _ in speaker.said} <= {line for _, line in fed}


def test_without_espeak_the_table_is_told_once_in_its_language_and_the_game_goes_on(
    tmp_path: Path,
) -> None:
    session = session_of(tmp_path, "microfilms", ["Ann", "Ben", "Cat"], "zh-Hans", 2)
    told: list[str] = []
    session.subscribe(lambda: told.extend(a.text for a in session.alerts if a.kind == "voice"))
    Crier(session, Espeak(program=str(tmp_path / "no-such-program")))
    play_out(session, 2)
    assert set(told) == {text("zh-Hans", "voice.no_espeak")}
    session.dismiss()
    assert not [a for a in session.alerts if a.kind == "voice"]


async def test_espeak_speaks_each_line_in_turn_in_the_tables_language(tmp_path: Path) -> None:
    """A stand-in for espeak-ng that writes down its voice and what it read."""
    heard = tmp_path / "heard"
    program = tmp_path / "espeak-ng"
    program.write_text(f'#!/bin/sh\necho "$2:$(cat)" >> {heard}\n', encoding="utf-8")
    program.chmod(program.stat().st_mode | stat.S_IEXEC)
    voice = Espeak(program=str(program))
    assert voice.say("Ben's turn.", "en") is None
    assert voice.say("輪到 Ben。", "zh-Hant") is None
    assert voice._speaking is not None
    await voice._speaking
    assert heard.read_text(encoding="utf-8").splitlines() == ["en:Ben's turn.", "cmn:輪到 Ben。"]


@pytest.mark.parametrize("voice", [False, True])
async def test_the_tablet_speaks_only_when_its_new_game_screen_was_told_to(
    tmp_path: Path, voice: bool
) -> None:
    """The voice is off unless the host switches it on for the game; a game switched on
    speaks its feed from its very first line (who starts, dealt before the table opened)."""
    speaker = Recording()
    async for tablet in run_tablet(tmp_path / "journal.sqlite3", "en", speaker=speaker):
        assert text("en", "tablet.voice.off") in texts()
        if voice:
            await tablet.press(text("en", "tablet.voice.off"))
            assert text("en", "tablet.voice.on") in texts()
        await start_practice_game(tablet)
        session = tablet.app.session
        assert session is not None
        assert session.service.header.meta.get("voice") is voice
        opening = [(line, "en") for kind, line in session.news(session.heard)
                   if kind in session.service.spec.spoken]  # fmt: skip
        assert opening  # who starts: dealt before the table opened, and its voice with it
        assert speaker.said == (opening if voice else [])
        service, rng, before = session.service, random.Random(1), session.heard
        for _ in range(MOVES):
            seat = rng.choice(sorted(waiting_on(service.spec.pending(service.table.state))))
            assert session.submit(choose(service.spec, service.table.state, seat, rng, {}))
        await tablet.frames(2)
        news = [(line, "en") for kind, line in session.news(session.heard - before)
                if kind in session.service.spec.spoken]  # fmt: skip
        assert speaker.said == (opening + news if voice else [])


MOVES = 30
"""Moves played after the opening: a silent tablet stays silent, a speaking one reads out
the lines of the kinds its game speaks, as they come."""


async def test_a_tablet_that_cannot_speak_offers_no_voice(tmp_path: Path) -> None:
    async for _tablet in run_tablet(tmp_path / "journal.sqlite3", "en"):
        assert not {text("en", "tablet.voice.off"), text("en", "tablet.voice.on")} & set(texts())
