"""The board's wire protocol, host side (docs/board-protocol.md): every golden frame
encodes to its bytes and decodes back; a frame that fails any check is dropped whole and
counted; garbage on the line costs only the frame it lands in; and mutated streams never
give a frame that was not sent."""

from __future__ import annotations

import random

import pytest

from firmware_bridge import protocol as p
from tests.firmware_bridge.golden import GOLDEN, value

FRAMES = [(f["name"], value(f["frame"]), bytes.fromhex(f["wire"])) for f in GOLDEN["frames"]]


@pytest.mark.parametrize(("name", "frame", "wire"), FRAMES, ids=[f[0] for f in FRAMES])
def test_every_golden_frame_is_its_bytes_both_ways(name: str, frame: p.Frame, wire: bytes) -> None:
    assert p.encode(frame) == wire
    assert list(p.Decoder().feed(wire)) == [frame]
    assert 0 not in wire[:-1] and wire[-1] == 0, "one zero, at the end"


@pytest.mark.parametrize("bad", GOLDEN["bad"], ids=[b["name"] for b in GOLDEN["bad"]])
def test_a_frame_that_fails_a_check_is_dropped_whole_and_counted(bad: dict[str, str]) -> None:
    decoder = p.Decoder()
    assert list(decoder.feed(bytes.fromhex(bad["wire"]))) == []
    assert decoder.dropped == 1
    with pytest.raises(p.BadFrame) as err:
        p.decode(p.uncobs(bytes.fromhex(bad["wire"])[:-1]))
    assert err.value.why == bad["why"]


def test_garbage_on_the_line_costs_only_the_frame_it_lands_in() -> None:
    rng = random.Random(1)
    stream, sent = bytearray(), []
    for i in range(200):
        _, frame, wire = FRAMES[i % len(FRAMES)]
        if i % 7 == 3:  # noise on the line: before a frame, or in the middle of one
            cut = rng.randrange(len(wire))
            stream += wire[:cut] + bytes(rng.randrange(1, 256) for _ in range(5)) + wire[cut:]
            continue
        stream += bytes(rng.randrange(256) for _ in range(rng.randrange(3))) + b"\x00" + wire
        sent.append(frame)
    decoder = p.Decoder()
    pieces = [bytes(stream[at : at + 13]) for at in range(0, len(stream), 13)]
    got = [frame for piece in pieces for frame in decoder.feed(piece)]
    assert got == sent, "every clean frame, in order, read across any split of the stream"


def test_a_line_that_never_ends_a_frame_is_not_held_without_bound() -> None:
    decoder = p.Decoder()
    assert list(decoder.feed(b"\x55" * 100_000 + b"\x00" + FRAMES[2][2])) == [FRAMES[2][1]]
    assert decoder.dropped == 1


def test_mutated_and_random_streams_give_no_frame_that_was_not_sent() -> None:
    """A bounded fuzz here; ``python bench/board_fuzz.py`` runs the million."""
    rng = random.Random(7)
    sent = {wire: frame for _, frame, wire in FRAMES}
    for _ in range(5_000):
        wire = bytearray(rng.choice(FRAMES)[2])
        for _ in range(rng.randrange(1, 4)):
            wire[rng.randrange(len(wire) - 1)] = rng.randrange(256)
        noise = bytes(rng.randrange(256) for _ in range(rng.randrange(40)))
        for frame in p.Decoder().feed(noise + b"\x00" + bytes(wire)):
            assert frame in sent.values(), (wire.hex(), frame)
