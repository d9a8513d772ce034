"""The overhead camera without a camera: seeded synthetic frames of a 1080p table with
known truth (``hardware/camera/synthetic.py``), through the real OpenCV detector, the
table's homography from its corner markers, and the fusion over frames."""

from __future__ import annotations

import random

import pytest

from companion.core.types import CardId
from companion.observations import CardGone, CardSeen
from hardware.camera.detect import Detector
from hardware.camera.fusion import Fusion
from hardware.camera.markers import CORNERS, FIRST_CARD, assigned
from hardware.camera.synthetic import Laid, Scene, spread
from hardware.camera.table import averaged
from tests.hardware.camera.tables import HALVES, TABLE_MM

MARKERS = list(range(FIRST_CARD, FIRST_CARD + 20))
DETECTOR = Detector()


def zone(card: Laid) -> str:
    return "near" if card.at_mm[1] < 400 else "far"


@pytest.mark.parametrize("seed", range(3))
def test_twenty_cards_in_a_clear_frame_are_all_found_and_none_wrong(seed: int) -> None:
    scene = Scene(spread(MARKERS, TABLE_MM, random.Random(seed)))
    found = DETECTOR.find(scene.render(random.Random(seed)))
    ids = {f.marker for f in found}
    assert ids == {*MARKERS, *CORNERS}


def test_the_table_is_mapped_from_its_corners_to_within_two_millimetres() -> None:
    """The calibration: a homography averaged over frames of a shaking view puts each
    card's marker where it lies on the table."""
    scene = Scene(spread(MARKERS, TABLE_MM, random.Random(5)), jitter=1.5)
    frames = [DETECTOR.find(scene.render(random.Random(i))) for i in range(3)]
    homographies = [HALVES.homography(found) for found in frames]
    assert all(h is not None for h in homographies)
    h = averaged([h for h in homographies if h is not None])
    for card in scene.cards:
        (centre,) = [f.centre for f in frames[0] if f.marker == card.marker]
        x, y = HALVES.to_table(h, centre)
        assert abs(x - card.at_mm[0]) < 2 and abs(y - card.at_mm[1]) < 2, card


def test_a_hand_and_a_glare_over_the_table_lose_no_card_and_a_card_taken_away_is_gone() -> None:
    """Fused over frames, hard frames (blur, noise, a lighting gradient, glare, a hand
    reaching over the cards) say each card once, in its zone, and never that one left;
    a card taken away is said gone once it has been missing for the linger time."""
    rng = random.Random(11)
    cards = spread(MARKERS[:8], TABLE_MM, rng)
    known = {**assigned([CardId(f"C{i}") for i in range(len(MARKERS))])}
    fusion = Fusion("camera", known.get, confirm=2, linger=1.0)
    said: list[CardSeen | CardGone] = []
    scene, t = Scene(cards), 0.0
    h = HALVES.homography(DETECTOR.find(scene.render(random.Random(99))))  # as calibrated
    assert h is not None
    for i in range(8):  # about a quarter of a second at 30 frames a second
        frame = scene.render(random.Random(i), hard=True, hand=i % 3 != 0)
        found = DETECTOR.find(frame)
        said += fusion.frame(t, HALVES.placed(h, found))
        t += 1 / 30
    assert all(isinstance(s, CardSeen) for s in said), "nothing ever said gone"
    assert {s.card: s.zone for s in said} == {known[c.marker]: zone(c) for c in cards}
    assert len(said) == len(cards), "each card said once"

    taken, rest = cards[0], Scene(cards[1:])
    gone = []
    for i in range(3):
        found = DETECTOR.find(rest.render(random.Random(100 + i)))
        gone += fusion.frame(t, HALVES.placed(h, found))
        t += 0.6
    assert gone == [CardGone("camera", known[taken.marker], at=gone[0].at, zone=zone(taken))]


def test_one_stray_hit_or_an_unknown_marker_says_nothing() -> None:
    fusion = Fusion("camera", {FIRST_CARD: CardId("ACE")}.get, confirm=2, within=0.25)
    assert fusion.frame(0.0, [(FIRST_CARD, "centre"), (900, "centre")]) == []
    for at in (0.1, 0.2, 0.3):
        assert fusion.frame(at, []) == [], "one frame is not enough"
    assert fusion.frame(0.4, [(FIRST_CARD, "centre")]) == [], "nor two too far apart"
    assert fusion.frame(0.45, []) == []
    (seen,) = fusion.frame(0.5, [(FIRST_CARD, "centre"), (900, "centre")])
    assert isinstance(seen, CardSeen) and seen.card == "ACE" and seen.zone == "centre"
    moved = fusion.frame(0.6, [(FIRST_CARD, "discard")])
    assert moved == [], "a card moving is confirmed where it went first"
    assert [type(s) for s in fusion.frame(0.7, [(FIRST_CARD, "discard")])] == [CardGone, CardSeen]
    assert fusion.seen == {"ACE": "discard"}


def test_a_deck_too_large_for_the_dictionary_is_refused_not_wrapped_onto_the_corners() -> None:
    assert min(assigned([CardId("A")] * 246)) == FIRST_CARD
    with pytest.raises(ValueError):
        assigned([CardId("A")] * 247)
