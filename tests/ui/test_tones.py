"""Everyone can tell the colours apart: each colour a face draws that means something (風聲's
intelligence and camps, 暗火线's roles and health, Microfilms' nations) is told by a shape
too (:data:`ui.tones.SHAPES`), and the colours one game tells apart have shapes apart."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core import playout
from companion.core.prompts import waiting_on
from companion.core.types import Seat
from companion.games import GAMES
from companion.i18n import Voice
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService
from ui.faces import face_of
from ui.tones import SHAPES, TONES

MEANINGLESS = {"grey", "neutral"}
"""A card of no colour (Microfilms' letter), a back: nothing to tell apart."""
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def drawn_tones(tmp_path: Path, game: str, seed: int) -> set[str]:
    """Every colour the tablet draws a chip, card or track in, and the phone stripes a card
    with, through a random game of five."""
    journal = Journal(tmp_path / f"{game}-{seed}.sqlite3")
    service = TableService.start(journal, game, NAMES, draws=Draws.APP, rng=random.Random(seed))
    face, voice, rng = face_of(game), Voice.of("en", service.spec, NAMES), random.Random(seed)
    tones = set[str]()
    while service.over() is None:
        view = service.public_view()
        for s in range(len(NAMES)):
            seat = face.seat(view, s, voice)
            tones |= {t.tone for t in seat.tokens if t.kind in ("chip", "card", "track")}
            tones |= {c.tone for c in seat.laid if c.tone is not None}
            private = service.private_view(Seat(s))
            tones |= {c.tone for c in face.hand(private, voice) if c.tone is not None}
        mover = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(playout.choose(service.spec, service.table.state, mover, rng, {"hold": 0}))
    return tones


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_colour_a_game_draws_is_also_told_by_a_shape_of_its_own(
    tmp_path: Path, game: str
) -> None:
    tones = set().union(*(drawn_tones(tmp_path, game, seed) for seed in range(3)))
    meaning = tones - MEANINGLESS
    assert meaning, "the game draws some colour"
    assert meaning <= set(SHAPES), f"colours with no shape: {meaning - set(SHAPES)}"
    shapes = [SHAPES[t] for t in meaning]
    assert len(set(shapes)) == len(shapes), "two colours of one game share a shape"


def test_every_shape_is_one_the_tablet_and_the_story_picture_can_draw() -> None:
    from ui.story.picture import MARKERS  # noqa: PLC0415 -- matplotlib only here

    assert set(SHAPES) <= set(TONES)
    assert set(SHAPES.values()) <= set(MARKERS)
