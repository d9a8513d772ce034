"""The story as a picture (``ui/story/picture.py``): made for every game's finished demo, as
PNG and SVG at 1280×800, its Chinese drawn with no glyph missing (a missing glyph warns, and
warnings fail), and every word in it a catalog's, in the language chosen (issue 31)."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest
from matplotlib.text import Text

from companion.games import GAMES
from companion.i18n import LANGS, catalog
from companion.service import TableService
from tests.ui.story.test_scene import story
from ui.story.picture import SUFFIXES, draw, figure

LANG_OF = dict(zip(sorted(GAMES), LANGS, strict=True))
"""Each game drawn in another language: between them, all three."""


def worded(lang: str) -> list[re.Pattern[str]]:
    """Every template of ``lang``'s catalog that has words of its own, as a pattern its
    sentences match: literal text kept, each placeholder any text."""
    found = []
    for template in catalog(lang).values():
        parts = re.split(r"\{[^{}]*\}", template)
        if any(p.strip(" :.,;·：，、。（）") for p in parts):
            found.append(re.compile("(?s)" + "(.+)".join(map(re.escape, parts))))
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_s_finished_demo_is_drawn_at_1280_by_800_as_png_and_svg(
    demos: dict[str, TableService], game: str, tmp_path: Path
) -> None:
    told = story(demos[game], LANG_OF[game])
    for suffix in SUFFIXES:
        draw(told, tmp_path / f"story{suffix}")
    png = (tmp_path / "story.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (1280, 800)
    svg = (tmp_path / "story.svg").read_text(encoding="utf-8")
    assert 'width="921.6pt" height="576pt"' in svg  # 12.8 × 8 inches at 100 dpi
    assert "<text" not in svg, "text kept as paths: read alike without the font"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_word_drawn_is_the_catalog_s_in_the_chosen_language(
    demos: dict[str, TableService], game: str
) -> None:
    lang, service = LANG_OF[game], demos[game]
    told = story(service, lang)
    drawn = [t.get_text() for t in figure(told).findobj(Text) if t.get_text()]
    words = [t for t in drawn if not t.isdigit()]  # the turns' and the looks' numbers
    assert sorted(words) == sorted(told.texts())
    patterns, names = worded(lang), set(service.names)
    for said in words:
        assert said in names or any(p.fullmatch(said) for p in patterns), said
