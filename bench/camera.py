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
  ``camera:FILE`` at its 30 fps: ``placed_to_seen_p50_ms`` / ``_p99_ms`` and
  ``cpu_pct_at_30fps`` (the process's CPU time over the video's length).

The 1080p figures with 20 cards are printed last again under the bare names.
Run: ``python bench/camera.py`` (figures go in docs/benchmarks.md).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.core.types import CardId
from companion.observations import CardSeen
from hardware.camera.detect import Detector
from hardware.camera.fusion import Fusion
from hardware.camera.markers import FIRST_CARD, assigned
from hardware.camera.source import Address, CameraSource
from hardware.camera.synthetic import Scene, spread, write_video
from hardware.camera.table import Table

TABLE_MM = (1200.0, 800.0)
TABLE = Table(TABLE_MM, {"table": [(0, 0), (1200, 0), (1200, 800), (0, 800)]})
FRAMES = {"720p": (1280, 720), "1080p": (1920, 1080)}
FUSED = 5
SCENES = 6
KNOWN = assigned([CardId(f"C{i}") for i in range(40)])


def frame_figures(size: tuple[int, int], cards: int) -> dict[str, float]:
    detector = Detector()
    truth = set(range(FIRST_CARD, FIRST_CARD + cards))
    found_nominal = found_single = found_fused = wrong = frames = 0
    ms: list[float] = []
    for s in range(SCENES):
        rng = random.Random(s)
        scene = Scene(spread(sorted(truth), TABLE_MM, rng), frame=size)
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
    total = SCENES * cards
    return {
        "recall_nominal_pct": 100 * found_nominal / total,
        "recall_hard_single_pct": 100 * found_single / total,
        "recall_hard_pct": 100 * found_fused / total,
        "wrong_ids_per_1000_frames": 1000 * wrong / frames,
        "ms_per_frame": statistics.median(ms),
    }


def video_figures(cards: int = 20, every: int = 12) -> dict[str, float]:
    """Cards laid one every ``every`` frames at 30 fps; when each was said seen."""
    rng = random.Random(7)
    laid = spread(list(range(FIRST_CARD, FIRST_CARD + cards)), TABLE_MM, rng)
    shots = [(Scene(laid[:n]).render(random.Random(n)), every) for n in range(cards + 1)]
    with tempfile.TemporaryDirectory() as folder:
        video = Path(folder) / "laid.avi"
        write_video(video, [*shots, (shots[-1][0], 30)])
        source = CameraSource("camera", Address(None, str(video)), TABLE, KNOWN.get)
        cpu = time.process_time()
        said = asyncio.run(_all(source))
        cpu = time.process_time() - cpu
    length = (cards + 1) * every / 30 + 1
    placed = {KNOWN[c.marker]: (n + 1) * every / 30 for n, c in enumerate(laid)}
    late = sorted(1000 * (o.at - placed[o.card]) for o in said if isinstance(o, CardSeen))
    assert len(late) == cards, f"{len(late)} of {cards} cards seen"
    return {
        "placed_to_seen_p50_ms": statistics.median(late),
        "placed_to_seen_p99_ms": late[min(len(late) - 1, round(0.99 * len(late)))],
        "cpu_pct_at_30fps": 100 * cpu / length,
    }


async def _all(source: CameraSource) -> list[object]:
    return [obs async for obs in source]


def main() -> None:
    last: dict[str, float] = {}
    for name, size in FRAMES.items():
        for cards in (1, 8, 20):
            figures = frame_figures(size, cards)
            for figure, value in figures.items():
                print(f"{name}_{cards}_{figure}: {value:.1f} {_unit(figure)}")
            last = figures
    video = video_figures()
    for figure, value in video.items():
        print(f"1080p_20_{figure}: {value:.1f} {_unit(figure)}")
    for figure, value in {**last, **video}.items():
        print(f"{figure}: {value:.1f} {_unit(figure)}")


def _unit(figure: str) -> str:
    return "%" if "_pct" in figure else "wrong ids" if "wrong" in figure else "ms"


if __name__ == "__main__":
    main()
