"""The reader board's host (``hardware/board.py``) against the board emulated on a pty: one
source, a zone per reader; a lost frame, a reboot, a hang and a cable pulled out and
plugged back in under another name — and after each, every tag lying where it lies told
once, no play doubled, none lost (docs/board-protocol.md, "The conversation")."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from companion.core.taps import Place, Station
from companion.core.types import Seat
from companion.observations import Observation, SourceState, SourceStatus, TagPlaced, TagRemoved
from firmware_bridge import protocol as p
from firmware_bridge.emulators.board import BoardEmulator
from firmware_bridge.emulators.ntag import Ntag213
from hardware.board import BoardPort, BoardSource, Timing
from hardware.emulated import EmulatedTable
from hardware.sources import BadWatch, Watch, open_source
from hardware.urls import BadSourceUrl
from tests.hardware.following import Reader, placed, removed, taps

A, B = bytes.fromhex("04A1B2C3D4E5F6"), bytes.fromhex("DEADBEEF")
FAST = Timing(backoff=(0.05, 0.2))


@pytest.fixture
def board(tmp_path: Path) -> BoardEmulator:
    with BoardEmulator(tmp_path / "ttyACM-board", readers=4) as em:
        yield em


async def follow(link: Path, timing: Timing = FAST) -> Reader:
    reader = Reader(BoardSource("board", BoardPort(str(link)), timing))
    await reader.status(SourceState.CONNECTED)
    return reader


@pytest.fixture
async def host(tmp_path: Path, board: BoardEmulator) -> AsyncIterator[Reader]:
    reader = await follow(tmp_path / "ttyACM-*")
    yield reader
    await reader.close()


async def test_one_board_is_one_source_with_a_zone_per_reader(
    board: BoardEmulator, host: Reader
) -> None:
    connected = next(o for o in host.heard if isinstance(o, SourceStatus))
    assert (connected.kind, connected.reason) == ("board", "")
    assert connected.args is not None and connected.args["health"] == ["ok"] * 4
    board.place(0, A)
    board.place(3, B)
    assert (await placed(host, A)).zone == "0"
    assert (await placed(host, B)).zone == "3"
    board.remove(0)  # A moved from reader 0 to reader 1
    board.place(1, A)
    await placed(host, A)
    assert taps(host) == [("TagPlaced", "0", A.hex().upper()), ("TagPlaced", "3", "DEADBEEF"),
                          ("TagRemoved", "0", A.hex().upper()),
                          ("TagPlaced", "1", A.hex().upper())]  # fmt: skip


async def test_a_frame_lost_on_the_line_is_made_good_by_a_snapshot(
    board: BoardEmulator, host: Reader
) -> None:
    board.lose()  # the PLACED never arrives: the next heartbeat's number shows the gap
    board.place(2, A)
    assert (await placed(host, A)).zone == "2"
    board.lose()  # a whole tap whose placing was lost: its removal tells it was made
    board.place(1, B)
    board.remove(1)
    await removed(host, B)
    board.place(0, B)
    await placed(host, B)
    a, b = A.hex().upper(), B.hex().upper()
    assert taps(host) == [("TagPlaced", "2", a), ("TagPlaced", "1", b), ("TagRemoved", "1", b),
                          ("TagPlaced", "0", b)]  # fmt: skip


async def test_a_board_that_rebooted_tells_nothing_twice(
    board: BoardEmulator, host: Reader
) -> None:
    board.place(0, A)
    await placed(host, A)
    board.reset()  # numbered from 0 again, it finds A again and says so
    board.place(1, B)
    await placed(host, B)
    assert taps(host) == [("TagPlaced", "0", A.hex().upper()), ("TagPlaced", "1", "DEADBEEF")]


async def test_a_board_unplugged_and_plugged_back_under_another_name_is_found_and_settled(
    tmp_path: Path, board: BoardEmulator, host: Reader
) -> None:
    board.place(0, A)
    await placed(host, A)
    board.unplug()
    lost = await host.status(SourceState.RECONNECTING)
    assert lost.reason == "port.reason.unplugged"
    board.remove(0)  # while unplugged, A moved to reader 2 and B was laid on reader 1
    board.place(2, A)
    board.place(1, B)
    board.plug(tmp_path / "ttyACM-again")  # found again by the glob the host was given
    assert not (tmp_path / "ttyACM-board").exists()
    await host.status(SourceState.CONNECTED)  # settled by the snapshot before it says so
    assert sorted(taps(host)[1:]) == [("TagPlaced", "1", "DEADBEEF"),
                                      ("TagPlaced", "2", A.hex().upper()),
                                      ("TagRemoved", "0", A.hex().upper())]  # fmt: skip


async def test_a_board_that_hangs_is_lost_after_three_missed_heartbeats_and_found_again(
    tmp_path: Path,
) -> None:
    with BoardEmulator(tmp_path / "ttyACM-quick", readers=2, heartbeat=0.1) as board:
        host = await follow(tmp_path / "ttyACM-quick", Timing(lost_after=0.3, backoff=(0.05, 0.2)))
        board.place(1, A)
        await placed(host, A)
        board.hang()
        assert (await host.status(SourceState.RECONNECTING)).reason == "board.reason.lost"
        board.hang(False)
        await host.status(SourceState.CONNECTED)
        board.remove(1)
        await removed(host, A)
        await host.close()
    assert taps(host) == [("TagPlaced", "1", A.hex().upper()), ("TagRemoved", "1", A.hex().upper())]


async def test_one_tag_heard_on_two_readers_is_given_to_neither_and_said(
    board: BoardEmulator, host: Reader
) -> None:
    board.place(1, A)
    await placed(host, A)
    board.place(2, A)  # the same UID on its neighbour: reported, never guessed
    clash = await host.next(lambda o: isinstance(o, SourceStatus) and bool(o.reason))
    assert isinstance(clash, SourceStatus) and clash.reason == "board.reason.two_readers"
    args = clash.args or {}
    assert (args["first"], args["second"]) == ("1", "2")
    board.remove(1)
    assert (await placed(host, A)).zone == "2"
    assert [t[:2] for t in taps(host)] == [("TagPlaced", "1"), ("TagRemoved", "1"),
                                           ("TagPlaced", "2")]  # fmt: skip


async def test_a_reader_not_answering_is_said_while_the_others_play(
    board: BoardEmulator, host: Reader
) -> None:
    board.health[2] = p.Health.SILENT
    unwell = await host.next(lambda o: isinstance(o, SourceStatus) and bool(o.reason))
    assert isinstance(unwell, SourceStatus) and unwell.state is SourceState.CONNECTED
    assert (unwell.reason, (unwell.args or {})["readers"]) == ("board.reason.unwell", "2")
    board.place(0, A)
    await placed(host, A)


async def test_noise_on_the_line_costs_only_itself(board: BoardEmulator, host: Reader) -> None:
    board.noise(b"\x13\x37\x02\x00\x02\x00\x01\x04" + bytes(range(1, 200)) + b"\x00")
    board.place(3, B)
    await placed(host, B)
    assert taps(host) == [("TagPlaced", "3", "DEADBEEF")]


async def test_a_board_of_another_protocol_is_refused_and_left_alone(tmp_path: Path) -> None:
    with BoardEmulator(tmp_path / "ttyACM-new", readers=2, protocol=p.PROTOCOL + 1):
        host = Reader(BoardSource("board", BoardPort(str(tmp_path / "ttyACM-new")), FAST))
        failed = await host.status(SourceState.FAILED)
        await host.close()
    assert failed.reason == "board.reason.protocol"
    assert failed.args is not None and failed.args["theirs"] == p.PROTOCOL + 1
    assert isinstance(host.heard[-1], SourceStatus) and host.heard[-1].state is SourceState.CLOSED


async def test_nothing_at_the_path_is_said_and_tried_again(tmp_path: Path) -> None:
    host = Reader(open_source(f"board:{tmp_path}/ttyACM-none"))
    assert (await host.status(SourceState.RECONNECTING)).reason == "port.reason.not_found"
    await host.close()


async def test_a_table_of_more_places_than_one_board_has_readers_is_read_by_two(
    tmp_path: Path,
) -> None:
    heard: list[Observation] = []
    places = [f"seat{i}" for i in range(1, 11)]
    async with EmulatedTable(places, tmp_path, heard.append, board=True) as table:
        assert table.places({"seat10": Station(Place.SEAT, Seat(9))}) == {
            ("board2", "1"): Station(Place.SEAT, Seat(9))}  # fmt: skip
        await table.tap("seat10", Ntag213(A))
        await table.tap("seat1", Ntag213(A))
    placed, removed = "TagPlaced", "TagRemoved"
    assert taps_in(heard) == [("board2", "1", placed), ("board2", "1", removed),
                              ("board1", "0", placed), ("board1", "0", removed)]  # fmt: skip


def taps_in(heard: list[Observation]) -> list[tuple[str, str, str]]:
    return [(o.source, o.zone, type(o).__name__) for o in heard
            if isinstance(o, TagPlaced | TagRemoved)]  # fmt: skip


def test_a_board_is_addressed_by_its_path_and_each_place_by_its_reader() -> None:
    with pytest.raises(BadSourceUrl) as bad:
        open_source("board:ttyACM0")
    assert bad.value.key == "board.reason.bad_url"
    watch = Watch.parse("seat:3=board:/dev/ttyACM0#2")
    assert (watch.url, watch.zone) == ("board:/dev/ttyACM0", "2")
    for wrong, key in (("seat:1=board:/dev/ttyACM0", "cli.reader.zone"),
                       ("seat:1=board:/dev/ttyACM0#8", "cli.reader.zone"),
                       ("seat:1=nfc:usb#1", "cli.reader.no_zone")):  # fmt: skip
        with pytest.raises(BadWatch) as err:
            Watch.parse(wrong)
        assert err.value.key == key
