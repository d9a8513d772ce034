"""A first game without a rulebook: the start screen offers each game in two minutes, in the
tablet's language — the catalog's ``howto.<game>.<n>``, each paragraph its rules digest's
sections (``Explained.howto``) in our own words."""

from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.i18n import LANGS, catalog, text
from testkit.tablet import Tablet, texts

WORDS_IN_TWO_MINUTES = 400
"""English read aloud at about 150–200 words a minute."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_says_how_to_play_in_two_minutes_in_every_language(game: str) -> None:
    sections = GAMES[game].explained.howto
    assert sections and all(s.startswith("§") for s in sections)
    for lang in LANGS:
        words = catalog(lang)
        said = [words.get(f"howto.{game}.{n}") for n in range(1, len(sections) + 1)]
        assert all(said), f"{lang}: a paragraph is missing"
        assert f"howto.{game}.{len(sections) + 1}" not in words, "a paragraph cites nothing"
    english = " ".join(catalog("en")[f"howto.{game}.{n}"] for n in range(1, len(sections) + 1))
    assert len(english.split()) <= WORDS_IN_TWO_MINUTES


@pytest.mark.parametrize("tablet", ["zh-Hant"], indirect=True)
async def test_the_start_screen_opens_the_chosen_game_s_how_to_and_a_tap_closes_it(
    tablet: Tablet,
) -> None:
    lang = tablet.app.lang
    for game in GAMES:
        await tablet.press(text(lang, f"game.{game}"))
        await tablet.press(text(lang, "tablet.howto.open"))
        await tablet.frames(3)
        shown = texts()
        for n in range(1, len(GAMES[game].explained.howto) + 1):
            assert text(lang, f"howto.{game}.{n}") in shown
        if game == "themessage":
            await tablet.screenshot(f"tablet-howto-{game}-{lang}")
        await tablet.press(text(lang, "tablet.howto.close"))
        await tablet.frames(3)
        assert text(lang, f"howto.{game}.1") not in texts()
