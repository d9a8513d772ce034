"""The reader board, from a tag laid to the app's observation: prints ``name: value unit``.

Two boards, each followed by the app's own host (``hardware/board.py``) on its pty:

- the real firmware's ELF in simavr with eight MFRC522 models, its simulated time held to
  the wall clock (``realtime``), so its scan cycle and debounce cost what they would;
- the Python emulator (``firmware_bridge/emulators/board.py``, prefixed ``emulator_``),
  which reads a tag at once: what the host and the line cost alone.

Figures:

- ``placed_to_observation_p50_ms`` / ``_p99_ms``: from the moment a tag lies on a reader
  (the simulator has it in effect) to the host's ``TagPlaced`` for it;
- ``removed_to_observation_p99_ms``: the same for a tag lifted (two missed polls first);
- ``scan_cycle_ms`` / ``scan_cycle_max_ms``: the firmware's cycle over all eight readers,
  in simulated time;
- ``wrong_reader_tags``: tags told on another reader than the one they were laid on;
- ``decode_frames_per_s``: the host's decoder alone, over a stream of mixed frames.

The simulator's figures come last under the bare names. Run: ``python bench/board.py``
(figures go in docs/benchmarks.md); ``--smoke`` lays a tag on each reader once and decodes
a few frames, as CI does so that the script never rots unseen.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from companion.observations import Observation, TagPlaced, TagRemoved
from firmware_bridge import protocol as p
from firmware_bridge.emulators.board import BoardEmulator
from firmware_bridge.simulator import Simulator, build
from hardware.board import BoardPort, BoardSource

READERS = 8
TAPS = 60
UIDS = [bytes([0x04, 0x10 + i, 0x22, 0x33, 0x44, 0x55, i]) for i in range(TAPS)]


def say(name: str, value: float, unit: str = "") -> None:
    print(f"{name}: {value:.1f} {unit}".rstrip() if isinstance(value, float) else
          f"{name}: {value} {unit}".rstrip())  # fmt: skip


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98]


async def taps(
    link: Path, place: Callable[[int, bytes], None], remove: Callable[[int], None], count: int
) -> tuple[list[float], list[float], int]:
    """Lay and lift a tag on each reader in turn: placed and removed latencies (ms), and
    tags told on the wrong reader."""
    source = BoardSource("board", BoardPort(str(link)))
    heard: asyncio.Queue[tuple[Observation, float]] = asyncio.Queue()

    async def pump() -> None:
        async for obs in source:
            heard.put_nowait((obs, time.monotonic()))

    task = asyncio.create_task(pump())

    async def until(kind: type, uid: bytes) -> tuple[Observation, float]:
        while True:
            obs, at = await asyncio.wait_for(heard.get(), 30)
            tag = obs if isinstance(obs, TagPlaced | TagRemoved) else None
            if isinstance(obs, kind) and tag is not None and tag.uid == uid.hex().upper():
                return obs, at

    placed, removed, wrong = [], [], 0
    await asyncio.sleep(1.5)  # connected and settled
    for i, uid in enumerate(UIDS[:count]):
        reader = i % READERS
        start = time.monotonic()
        place(reader, uid)
        obs, at = await until(TagPlaced, uid)
        placed.append((at - start) * 1000)
        wrong += obs.zone != str(reader)  # type: ignore[union-attr]
        start = time.monotonic()
        remove(reader)
        obs, at = await until(TagRemoved, uid)
        removed.append((at - start) * 1000)
    await source.aclose()
    await task
    return placed, removed, wrong


def report(prefix: str, placed: list[float], removed: list[float], wrong: int) -> None:
    say(f"{prefix}placed_to_observation_p50_ms", statistics.median(placed), "ms")
    say(f"{prefix}placed_to_observation_p99_ms", p99(placed), "ms")
    say(f"{prefix}removed_to_observation_p99_ms", p99(removed), "ms")
    say(f"{prefix}wrong_reader_tags", wrong)


def decode_rate(rounds: int) -> float:
    frames: list[p.Frame] = []
    for i in range(rounds):
        frames += [p.Placed(i, i % 8, UIDS[i % TAPS]), p.Heartbeat(i, i, (p.Health.OK,) * 8),
                   p.Snapshot(i, tuple(UIDS[:8]))]  # fmt: skip
    stream = b"".join(p.encode(f) for f in frames)
    decoder = p.Decoder()
    start = time.perf_counter()
    count = sum(1 for _ in decoder.feed(stream))
    took = time.perf_counter() - start
    assert count == len(frames) and decoder.dropped == 0
    return count / took


async def main(smoke: bool) -> None:
    count, rounds = (READERS, 200) if smoke else (TAPS, 20_000)
    with tempfile.TemporaryDirectory() as folder:
        link = Path(folder) / "ttyACM-emulated"
        with BoardEmulator(link, READERS) as board:
            report("emulator_", *await taps(link, board.place, board.remove, count))
        say("decode_frames_per_s", round(decode_rate(rounds)))
        elf, harness = build(Path(folder) / "build", READERS)
        link = Path(folder) / "ttyACM-sim"
        with Simulator(elf, harness, READERS, link=link, realtime=True) as simulator:
            results = await taps(link, simulator.place, simulator.remove, count)
            mean, longest = simulator.cycle_us()
        say("scan_cycle_ms", mean / 1000, "ms")
        say("scan_cycle_max_ms", longest / 1000, "ms")
        report("", *results)


if __name__ == "__main__":
    asyncio.run(main(smoke="--smoke" in sys.argv[1:]))
