"""The board protocol's host decoder against a million random and mutated byte streams:
prints ``name: value unit`` lines (into docs/benchmarks.md).

Half the streams are random bytes of random length; half are golden frames with one to
four bytes replaced, inserted or dropped, among random noise. A crash is any exception
out of the decoder; a phantom is a frame it gives that was never sent — for a random
stream any frame, for a mutated one any frame but the two golden frames it was made of
(an edit may leave a frame whole: a zero inserted before it).

Run: ``python bench/board_fuzz.py [STREAMS]`` (a million by default; ``--smoke``: two
thousand, as CI runs it so that the script never rots unseen).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from firmware_bridge import protocol

GOLDEN = json.loads((Path(protocol.__file__).parent / "golden_frames.json").read_text())
WIRES = [bytes.fromhex(f["wire"]) for f in GOLDEN["frames"]]


def mutated(rng: random.Random, wire: bytes) -> bytes:
    """``wire`` changed by one to four edits — changed for certain (a byte replaced by
    itself is no mutation)."""
    out = bytearray(wire)
    while out == wire:
        out = _edited(rng, wire)
    return bytes(out)


def _edited(rng: random.Random, wire: bytes) -> bytearray:
    out = bytearray(wire)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(out))
        match rng.randrange(3):
            case 0:
                out[at] = rng.randrange(256)
            case 1:
                out.insert(at, rng.randrange(256))
            case _:
                del out[at]
    return out


def main() -> None:
    given = [a for a in sys.argv[1:] if a != "--smoke"]
    streams = int(given[0]) if given else 2_000 if "--smoke" in sys.argv[1:] else 1_000_000
    rng = random.Random(2026)
    crashes = phantoms = frames = fed = 0
    started = time.process_time()
    for i in range(streams):
        decoder = protocol.Decoder()
        if i % 2:
            stream = rng.randbytes(rng.randrange(1, 120))
            sent: set[bytes] = set()
        else:
            noise, original, clean = rng.randbytes(rng.randrange(12)), *rng.sample(WIRES, 2)
            stream = noise + mutated(rng, original) + clean
            # an edit that leaves the frame whole (a zero inserted before it, a byte after
            # its end) gives the frame that was sent, no phantom
            sent = {clean, original}
        fed += len(stream)
        try:
            got = list(decoder.feed(stream))
        except Exception:  # any exception out of the decoder is a crash
            crashes += 1
            continue
        frames += len(got)
        phantoms += sum(protocol.encode(frame) not in sent for frame in got)
    seconds = time.process_time() - started
    print(f"streams: {streams} streams")
    print(f"bytes_fed: {fed} bytes")
    print(f"frames_decoded: {frames} frames")
    print(f"crashes: {crashes} crashes")
    print(f"phantom_frames: {phantoms} frames")
    print(f"decode_mb_per_s: {fed / seconds / 1e6:.2f} MB/s")


if __name__ == "__main__":
    main()
