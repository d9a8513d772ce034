"""``camera:FILE``: a generated video replayed through ``cv2.VideoCapture`` at its own pace,
as a camera would give it — cards laid and taken away are said seen and gone, in their
zones and about when they happened, and a still table is not looked at again."""

from __future__ import annotations

import random
from pathlib import Path

from companion.core.types import CardId
from companion.observations import CardGone, CardSeen, Observation, SourceState, SourceStatus
from hardware.camera.detect import Detector
from hardware.camera.markers import FIRST_CARD
from hardware.camera.source import Address, CameraSource
from hardware.camera.synthetic import Laid, Scene, write_video
from tests.hardware.camera.tables import HALVES

A, B, C = (Laid(FIRST_CARD + i, at, 20.0 * i) for i, at in enumerate(
    [(200.0, 200.0), (700.0, 600.0), (1000.0, 250.0)]))  # fmt: skip
DETECTOR = Detector()
KNOWN = {FIRST_CARD: CardId("ACE"), FIRST_CARD + 1: CardId("BEN"), FIRST_CARD + 2: CardId("CAT")}


async def test_a_recorded_game_says_each_card_laid_and_taken_and_spares_a_still_table(
    tmp_path: Path,
) -> None:
    rng = random.Random(3)
    frames = [Scene(cards).render(rng) for cards in ([A, B], [A, B, C], [B, C])]
    video = tmp_path / "table.avi"
    write_video(video, [(frames[0], 15), (frames[1], 15), (frames[2], 40)])  # 0.5 s, 0.5 s, 1.3 s
    source = CameraSource("camera", Address(None, str(video)), HALVES, KNOWN.get)
    said: list[Observation] = []
    async for obs in source:
        said.append(obs)
    states = [o.state for o in said if isinstance(o, SourceStatus)]
    assert states == [SourceState.CONNECTED, SourceState.CLOSED]
    cards = [(type(o).__name__, o.card, o.zone) for o in said if isinstance(o, CardSeen | CardGone)]
    assert sorted(cards[:2]) == [("CardSeen", "ACE", "near"), ("CardSeen", "BEN", "far")], said
    assert cards[2:] == [("CardSeen", "CAT", "near"), ("CardGone", "ACE", "near")]
    laid = next(o for o in said if isinstance(o, CardSeen) and o.card == "CAT")
    taken = next(o for o in said if isinstance(o, CardGone))
    assert 0.5 <= laid.at < 0.8, "seen within a few frames of being laid"
    assert 2.0 <= taken.at < 2.4, "gone once missing for the linger time, not before"
    assert source.watcher is not None and source.watcher.skipped > source.watcher.looked


async def test_a_camera_that_is_not_there_says_so_and_ends(tmp_path: Path) -> None:
    source = CameraSource("camera", Address(None, str(tmp_path / "none.avi")), HALVES, KNOWN.get)
    said = [obs async for obs in source]
    assert [(o.state, o.reason) for o in said if isinstance(o, SourceStatus)] == [
        (SourceState.FAILED, "camera.reason.no_camera"), (SourceState.CLOSED, "")]  # fmt: skip


async def test_a_camera_knocked_askew_says_the_view_moved_and_reads_the_table_again(
    tmp_path: Path,
) -> None:
    """Calibrated on one view, the frames then come from another (the camera knocked): the
    corner markers are not where they were, so the source says so, finds the table again
    from the new view, and places the cards laid after it by that view."""
    rng = random.Random(6)
    before = Scene([A])
    calibrated = HALVES.homography(DETECTOR.find(before.render(rng)))
    after = Scene([A, B], tilt=0.3, frame=(1920, 1080))
    video = tmp_path / "knocked.avi"
    write_video(video, [(before.render(rng), 15), (after.render(rng), 30)])
    source = CameraSource("camera", Address(None, str(video)), HALVES, KNOWN.get, calibrated)
    said = [obs async for obs in source]
    statuses = [(o.state, o.reason) for o in said if isinstance(o, SourceStatus)]
    assert (SourceState.RECONNECTING, "camera.reason.moved") in statuses
    seen = [(o.card, o.zone) for o in said if isinstance(o, CardSeen)]
    assert seen == [("ACE", "near"), ("BEN", "far")], "placed by the new view"
    assert not [o for o in said if isinstance(o, CardGone)], "nothing guessed gone meanwhile"
