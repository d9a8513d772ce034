"""Markerless: cards known by their printed art against a gallery of their faces'
photos, on seeded synthetic frames with known truth — found in a clear frame, named
wrong never (a face the gallery lacks stays unknown), and read through the real camera
source from a generated video into the zones they lie in."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.types import CardId
from companion.observations import CardSeen
from hardware.camera import art
from hardware.camera.detect import Detector
from hardware.camera.markers import CORNERS, FIRST_CARD
from hardware.camera.source import Address, CameraSource
from hardware.camera.synthetic import Laid, Scene, spread, write_video
from tests.hardware.camera.tables import HALVES, TABLE_MM

FACES = list(range(FIRST_CARD, FIRST_CARD + 30))


def photographed(face: int) -> art.Image:
    """A face's photo as registration takes it: the card alone on the table, upright."""
    frame = Scene([Laid(face, (600.0, 400.0))], stickers=False).render(random.Random(face))
    corners = [f.centre for f in Detector().find(frame) if f.marker in CORNERS]
    (outline,) = art.outlines(frame, corners)
    return art.rectified(frame, outline)


@pytest.fixture(scope="module")
def gallery() -> art.Gallery:
    return art.Gallery.of([(CardId(f"F{m}"), photographed(m)) for m in FACES])


@pytest.mark.parametrize("seed", range(3))
def test_cards_in_a_clear_frame_are_known_by_their_art_and_none_wrong(
    gallery: art.Gallery, seed: int
) -> None:
    rng = random.Random(seed)
    laid = spread(rng.sample(FACES, 12), TABLE_MM, rng)
    found = art.ArtDetector(gallery).find(Scene(laid, stickers=False).render(rng))
    named = {gallery.known(f.marker - len(CORNERS)) for f in found if f.marker not in CORNERS}
    truth = {CardId(f"F{c.marker}") for c in laid}
    assert named <= truth, "never a card that is not there"
    assert len(named) >= len(truth) - 1


def test_a_face_the_gallery_lacks_is_unknown_not_another_card(gallery: art.Gallery) -> None:
    half = art.Gallery(gallery.cards[:15], gallery.signatures[:15])
    rng = random.Random(9)
    for seed in range(3):
        laid = spread(FACES[15:], TABLE_MM, random.Random(seed))  # none of them photographed
        frame = Scene(laid, stickers=False).render(rng, hard=seed > 0)
        assert [f for f in art.ArtDetector(half).find(frame) if f.marker not in CORNERS] == []


async def test_a_recorded_table_without_stickers_says_each_card_seen_in_its_zone(
    gallery: art.Gallery, tmp_path: Path
) -> None:
    a, b = Laid(FACES[3], (250.0, 200.0), 25.0), Laid(FACES[7], (800.0, 600.0), 100.0)
    rng = random.Random(2)
    shots = [(Scene([a], stickers=False).render(rng), 12),
             (Scene([a, b], stickers=False).render(rng), 20)]  # fmt: skip
    video = tmp_path / "table.avi"
    write_video(video, shots)
    finder = art.ArtDetector(gallery)
    source = CameraSource("camera", Address(None, str(video)), HALVES, finder.known,
                          finder=finder)  # fmt: skip
    seen = [(o.card, o.zone) async for o in source if isinstance(o, CardSeen)]
    assert seen == [(f"F{FACES[3]}", "near"), (f"F{FACES[7]}", "far")]
