"""How well and how fast the camera reads marked cards: prints ``name: value unit`` lines.

Seeded synthetic frames of a table with known truth (``hardware/camera/synthetic.py``),
through the real detector, the table's homography and the fusion:

- ``{720p,1080p}_{1,8,20}_recall_nominal_pct``: cards found in a clear frame.
- ``…_recall_hard_single_pct``: the same in one hard frame (blur, noise, a lighting
  gradient, glare, a hand over part of the table); ``…_recall_hard_pct``: cards the
  fusion has said seen after :data:`FUSED` hard frames (a sixth of a second at 30 fps).
- ``…_wrong_ids_per_1000_frames``: markers read as a card that is not on the table.
- ``…_ms_per_frame``: detection of one frame, one core.
- From a generated 1080p video of 20 cards laid one by one, replayed through
  ``camera:FILE`` at its 30 fps: ``placed_to_seen_p50_ms`` / ``_p99_ms`` (from the
  moment the paced video shows a card to the moment the app's loop is told of it, wall
  clock: the frames the fusion waits for and the detections both count) and
  ``cpu_pct_at_30fps`` (the process's CPU time over the video's length).

Then the same for the markerless mode (``markerless_…``): cards without stickers, each
with its own printed art, known by the photos of a 40-face gallery
(:mod:`hardware.camera.art`). The marker figures for 1080p with 20 cards are printed
last again under the bare names.
Run: ``python bench/camera.py`` (figures go in docs/benchmarks.md); ``python bench/camera.py
--smoke`` measures a little of each (:data:`SMOKE`).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from companion.core.types import CardId
from companion.observations import CardSeen, Observation, SourceStatus
from hardware.camera.art import ArtDetector, Gallery, outlines, rectified
from hardware.camera.detect import Detector
from hardware.camera.fusion import Fusion
from hardware.camera.markers import CORNERS, FIRST_CARD, assigned
from hardware.camera.source import Address, CameraSource
from hardware.camera.synthetic import Laid, Scene, spread, write_video
from hardware.camera.table import Table

TABLE_MM = (1200.0, 800.0)
TABLE = Table(TABLE_MM, {"table": [(0, 0), (1200, 0), (1200, 800), (0, 800)]})
FRAMES = {"720p": (1280, 720), "1080p": (1920, 1080)}
FUSED = 5
KNOWN = assigned([CardId(f"C{i}") for i in range(40)])


@dataclass(frozen=True)
class Sizes:
    """How much is measured: the frame sizes, the cards on the table, the scenes of each,
    the cards of the video, the faces in the markerless gallery."""

    frames: tuple[str, ...] = tuple(FRAMES)
    cards: tuple[int, ...] = (1, 8, 20)
    scenes: int = 6
    video: int = 20
    faces: int = len(KNOWN)


SMOKE = Sizes(frames=("720p",), cards=(1,), scenes=1, video=2, faces=4)
"""A scene of one card at 720p, a video of two, a gallery of four faces: every kind of
figure, none worth reading — CI runs it so that the script never rots unseen."""


def gallery(size: tuple[int, int], faces: int) -> ArtDetector:
    """The markerless finder of the deck's first ``faces`` faces, each photographed alone
    under the same camera, as registration photographs it."""
    photos = []
    for marker, card in list(KNOWN.items())[:faces]:
        scene = Scene([Laid(marker, (600.0, 400.0))], frame=size, stickers=False)
        frame = scene.render(random.Random(marker))
        corners = [f.centre for f in Detector().find(frame) if f.marker in CORNERS]
        (outline,) = outlines(frame, corners)
        photos.append((card, rectified(frame, outline)))
    return ArtDetector(Gallery.of(photos))


def frame_figures(
    size: tuple[int, int], cards: int, markerless: bool, sizes: Sizes
) -> dict[str, float]:
    art = gallery(size, sizes.faces) if markerless else None
    detector = art or Detector()
    stickers = art is None
    truth = set(range(FIRST_CARD, FIRST_CARD + cards))
    found_nominal = found_single = found_fused = wrong = frames = 0
    ms: list[float] = []
    for s in range(sizes.scenes):
        rng = random.Random(s)
        scene = Scene(spread(sorted(truth), TABLE_MM, rng), frame=size, stickers=stickers)
        clear = scene.render(rng)
        started = time.process_time()
        hits = detector.find(clear)
        ms.append((time.process_time() - started) * 1000)
        ids = {f.marker for f in hits}
        found_nominal += len(ids & truth)
        wrong += len({m for m in ids if m in KNOWN} - truth)
        frames += 1
        h = TABLE.homography(hits)
        fusion = Fusion("camera", KNOWN.get)
        seen: set[CardId] = set()
        for i in range(FUSED):
            hard = scene.render(random.Random(f"{s}:{i}"), hard=True, hand=i % 2 == 0)
            hits = detector.find(hard)
            ids = {f.marker for f in hits}
            wrong += len({m for m in ids if m in KNOWN} - truth)
            frames += 1
            if i == 0:
                found_single += len(ids & truth)
            if h is not None:
                said = fusion.frame(i / 30, TABLE.placed(h, hits))
                seen |= {o.card for o in said if isinstance(o, CardSeen)}
        found_fused += len(seen)
    total = sizes.scenes * cards
    return {
        "recall_nominal_pct": 100 * found_nominal / total,
        "recall_hard_single_pct": 100 * found_single / total,
        "recall_hard_pct": 100 * found_fused / total,
        "wrong_ids_per_1000_frames": 1000 * wrong / frames,
        "ms_per_frame": statistics.median(ms),
    }


def video_figures(markerless: bool, sizes: Sizes, every: int = 12) -> dict[str, float]:
    """Cards laid one every ``every`` frames at 30 fps; when each was said seen."""
    cards = sizes.video
    art = gallery(FRAMES["1080p"], sizes.faces) if markerless else None
    rng = random.Random(7)
    laid = spread(list(range(FIRST_CARD, FIRST_CARD + cards)), TABLE_MM, rng)
    stickers = art is None
    shots = [(Scene(laid[:n], stickers=stickers).render(random.Random(n)), every)
             for n in range(cards + 1)]  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        video = Path(folder) / "laid.avi"
        write_video(video, [*shots, (shots[-1][0], 30)])
        address = Address(None, str(video))
        source = CameraSource("camera", address, TABLE, KNOWN.get, finder=art)
        cpu = time.process_time()
        said = asyncio.run(_all(source))
        cpu = time.process_time() - cpu
    length = (cards + 1) * every / 30 + 1
    placed = {KNOWN[c.marker]: (n + 1) * every / 30 for n, c in enumerate(laid)}
    (began,) = [at for o, at in said if isinstance(o, SourceStatus) and o.state == "connected"]
    # the video is shown paced from the moment it connected: a card lies there from
    # ``began + placed``, and is said when the loop receives it
    late = sorted(1000 * (at - began - placed[o.card]) for o, at in said if isinstance(o, CardSeen))
    assert len(late) == cards, f"{len(late)} of {cards} cards seen"
    return {
        "placed_to_seen_p50_ms": statistics.median(late),
        "placed_to_seen_p99_ms": late[min(len(late) - 1, round(0.99 * len(late)))],
        "cpu_pct_at_30fps": 100 * cpu / length,
    }


async def _all(source: CameraSource) -> list[tuple[Observation, float]]:
    """Every observation, and when (the monotonic clock) the app's loop received it."""
    return [(obs, time.monotonic()) async for obs in source]


def main() -> None:
    sizes = SMOKE if "--smoke" in sys.argv[1:] else Sizes()
    marked = mode(sizes, markerless=False)
    mode(sizes, markerless=True)
    for figure, value in marked.items():
        print(f"{figure}: {value:.1f} {_unit(figure)}")


def mode(sizes: Sizes, *, markerless: bool) -> dict[str, float]:
    """Every figure of one mode, printed; the 1080p figures with 20 cards returned."""
    last: dict[str, float] = {}
    prefix = "markerless_" if markerless else ""
    for name in sizes.frames:
        for cards in sizes.cards:
            figures = frame_figures(FRAMES[name], cards, markerless, sizes)
            for figure, value in figures.items():
                print(f"{prefix}{name}_{cards}_{figure}: {value:.1f} {_unit(figure)}")
            last = figures
    video = video_figures(markerless, sizes)
    for figure, value in video.items():
        print(f"{prefix}1080p_20_{figure}: {value:.1f} {_unit(figure)}")
    return {**last, **video}


def _unit(figure: str) -> str:
    return "%" if "_pct" in figure else "wrong ids" if "wrong" in figure else "ms"


if __name__ == "__main__":
    main()
