"""The very firmware binary that would be flashed, running in simavr with MFRC522 models on
its SPI bus and its UART on a pty, talked to by pyserial in the board protocol: the host
asks for the handshake (it never waits for a boot message), tags come and go on several
readers at once and move from one to the next, a reboot mid-game is seen and the tags
found again, and garbage on the line is answered with an error and harms nothing. Then
the same board through the app's own host (``hardware/board.py``): a frame lost on the
line made good by a snapshot, and the cable pulled out and plugged back in while cards
moved — every tag told once where it lies.

Simulated time runs faster than the wall clock: nothing here is timed; a guard only
keeps a broken run from hanging.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest
import serial

from companion.observations import SourceState
from firmware_bridge import protocol as p
from firmware_bridge.simulator import Simulator, build
from hardware.board import BoardPort, BoardSource, Timing
from tests.hardware.following import Reader, placed, taps

READERS = 4
A, B = bytes.fromhex("04A1B2C3D4E5F6"), bytes.fromhex("DEADBEEF")
GUARD_S = 60.0


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return build(tmp_path_factory.mktemp("board"), READERS)


class Host:
    """The host's end of the line: frames sent, frames read until one is wanted."""

    def __init__(self, path: str) -> None:
        self.port = serial.Serial(path, 115200, timeout=0.05)
        self.decoder = p.Decoder()
        self.seen: list[p.Frame] = []
        self._unread: list[p.Frame] = []
        self.seq = 0

    def send(self, make: Callable[[int], p.Frame]) -> None:
        """A frame, after a zero: a board holding half a frame of line noise (or of the
        moment the port was opened) starts afresh (docs/board-protocol.md)."""
        self.port.write(b"\x00" + p.encode(make(self.seq)))
        self.seq += 1

    def until(self, wanted: Callable[[p.Frame], bool]) -> p.Frame:
        """The next frame ``wanted``, the frames before it read and passed over."""
        deadline = time.monotonic() + GUARD_S
        while time.monotonic() < deadline:
            while self._unread:
                frame = self._unread.pop(0)
                self.seen.append(frame)
                if wanted(frame):
                    return frame
            self._unread = list(self.decoder.feed(self.port.read(512)))
        raise AssertionError(f"never came; seen {self.seen[-5:]}")


@pytest.fixture
def board(built: tuple[Path, Path]) -> Iterator[tuple[Simulator, Host]]:
    elf, harness = built
    with Simulator(elf, harness, READERS) as simulator:
        host = Host(simulator.path)
        yield simulator, host
        host.port.close()


def test_the_host_asks_and_tags_come_and_go_on_several_readers(
    board: tuple[Simulator, Host],
) -> None:
    simulator, host = board
    host.send(p.AskHello)
    hello = host.until(lambda f: isinstance(f, p.Hello))
    assert hello == p.Hello(hello.seq, p.PROTOCOL, (1, 0, 0), READERS)
    simulator.place(0, A)
    simulator.place(2, B)
    placed = {host.until(lambda f: isinstance(f, p.Placed)) for _ in range(2)}
    assert {(f.reader, f.uid) for f in placed} == {(0, A), (2, B)}  # type: ignore[union-attr]
    simulator.remove(0)  # A moved from reader 0 to reader 1
    simulator.place(1, A)
    moved = [host.until(lambda f: isinstance(f, p.Placed | p.Removed)) for _ in range(2)]
    assert {(type(f).__name__, f.reader, f.uid) for f in moved} == {  # type: ignore[union-attr]
        ("Removed", 0, A), ("Placed", 1, A)}  # fmt: skip
    host.send(p.AskState)
    snapshot = host.until(lambda f: isinstance(f, p.Snapshot))
    assert snapshot.uids == (b"", A, B, b"")  # type: ignore[union-attr]
    heartbeat = host.until(lambda f: isinstance(f, p.Heartbeat))
    assert heartbeat.health == (p.Health.OK,) * READERS  # type: ignore[union-attr]
    seqs = [f.seq for f in host.seen]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "no frame lost or repeated"


def test_a_board_rebooted_mid_game_is_seen_and_its_tags_found_again(
    board: tuple[Simulator, Host],
) -> None:
    simulator, host = board
    simulator.place(3, B)
    host.send(p.AskHello)
    host.until(lambda f: isinstance(f, p.Placed))
    host.until(lambda f: isinstance(f, p.Heartbeat))  # its hello, the tag and a beat: seq ≥ 2
    before = [host.seen[-1].seq]

    def numbered_again(frame: p.Frame) -> bool:
        """Its numbers start again: a reboot. The frame the reset cut in half spoils the
        first one after it on the line, so the second (seq 1) may be the first read."""
        back, before[0] = frame.seq < before[0], frame.seq
        return back

    simulator.reset()
    restarted = host.until(numbered_again)
    assert restarted.seq <= 1
    # the rebooted board finds the tag again by itself, maybe before it is asked anything
    again = restarted if isinstance(restarted, p.Placed) else host.until(
        lambda f: isinstance(f, p.Placed))  # fmt: skip
    assert (again.reader, again.uid) == (3, B)  # type: ignore[union-attr]
    host.send(p.AskState)
    snapshot = host.until(lambda f: isinstance(f, p.Snapshot))
    assert snapshot.uids == (b"", b"", b"", B)  # type: ignore[union-attr]


def test_garbage_on_the_line_is_answered_with_an_error_and_harms_nothing(
    board: tuple[Simulator, Host],
) -> None:
    simulator, host = board
    host.port.write(b"\x13\x37garbage\x00\x05\x83\x01\x02\x00")
    error = host.until(lambda f: isinstance(f, p.Error))
    assert error.code is p.ErrorCode.BAD_CRC  # type: ignore[union-attr]
    host.send(lambda seq: p.Ping(seq, 4242))
    assert host.until(lambda f: isinstance(f, p.Pong)).token == 4242  # type: ignore[union-attr]
    simulator.place(1, A)
    assert host.until(lambda f: isinstance(f, p.Placed)).uid == A  # type: ignore[union-attr]


@pytest.fixture
async def linked(
    built: tuple[Path, Path], tmp_path: Path
) -> AsyncIterator[tuple[Simulator, Reader]]:
    """The simulated board behind a stable link, followed by the app's host."""
    elf, harness = built
    link = tmp_path / "ttyACM-sim"
    with Simulator(elf, harness, READERS, link=link) as simulator:
        host = Reader(BoardSource("board", BoardPort(str(link)), Timing(backoff=(0.05, 0.2))))
        await host.status(SourceState.CONNECTED)
        yield simulator, host
        await host.close()


async def test_the_host_makes_good_a_frame_lost_on_the_line(
    linked: tuple[Simulator, Reader],
) -> None:
    simulator, host = linked
    simulator.place(0, A)
    assert (await placed(host, A)).zone == "0"
    simulator.lose()  # the next frame (this PLACED, or a heartbeat before it) never arrives
    simulator.place(1, B)
    assert (await placed(host, B)).zone == "1"
    assert taps(host) == [("TagPlaced", "0", A.hex().upper()), ("TagPlaced", "1", "DEADBEEF")]


async def test_the_host_finds_a_board_unplugged_and_plugged_back_and_where_the_cards_went(
    linked: tuple[Simulator, Reader],
) -> None:
    simulator, host = linked
    simulator.place(2, A)
    await placed(host, A)
    simulator.unplug()
    assert (await host.status(SourceState.RECONNECTING)).reason == "port.reason.unplugged"
    simulator.remove(2)  # while it was unplugged, A moved to reader 3
    simulator.place(3, A)
    simulator.plug()  # a new pty, the link re-pointed, the board booting
    await host.status(SourceState.CONNECTED)
    assert sorted(taps(host)[1:]) == [("TagPlaced", "3", A.hex().upper()),
                                      ("TagRemoved", "2", A.hex().upper())]  # fmt: skip
