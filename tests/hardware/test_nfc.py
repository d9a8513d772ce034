"""NFC readers through nfcpy on emulated PN532s: taps in and out, every fault survived."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import ndef
import pytest

from companion.observations import SourceState, SourceStatus, TagPlaced, TagRemoved
from firmware_bridge.emulators.ntag import Ntag213
from firmware_bridge.emulators.pn532 import Fault, Pn532Emulator
from hardware.inventory import libusb_version
from hardware.nfc import NfcSource, NfcTty, NfcUsb, Polling
from hardware.ports import candidates
from tests.hardware.following import WAIT_S, Reader

UID = bytes.fromhex("04A1B2C3D4E5F6")
FAST = Polling(backoff=(0.05, 0.2))
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def emulator(tmp_path: Path) -> AsyncIterator[Pn532Emulator]:
    with Pn532Emulator(tmp_path / "ttyPN532-a") as em:
        yield em


@pytest.fixture
async def reader(tmp_path: Path, emulator: Pn532Emulator) -> AsyncIterator[Reader]:
    reader = Reader(NfcSource("seat1", NfcTty(str(tmp_path / "ttyPN532-*"), "pn532"), FAST))
    await reader.status(SourceState.CONNECTED)
    yield reader
    await reader.source.aclose()
    async for _ in reader.stream:
        pass


async def test_a_tag_is_reported_when_laid_down_and_when_lifted(
    emulator: Pn532Emulator, reader: Reader
) -> None:
    message = b"".join(ndef.message_encoder([ndef.TextRecord("hi")]))
    emulator.place(Ntag213(UID, message))
    placed = await reader.placed()
    assert (placed.source, placed.uid) == ("seat1", UID.hex().upper())
    assert [r.type for r in placed.records] == ["urn:nfc:wkt:T"]
    emulator.remove()
    removed = await reader.next(lambda o: isinstance(o, TagRemoved))
    assert removed == TagRemoved("seat1", placed.uid, removed.at)


@pytest.mark.parametrize("fault", [Fault.GARBAGE, Fault.BAD_CHECKSUM])
async def test_a_garbled_answer_reconnects_the_reader_and_loses_no_tap(
    emulator: Pn532Emulator, reader: Reader, fault: Fault
) -> None:
    emulator.inject(fault)
    status = await reader.status(SourceState.RECONNECTING)
    assert status.reason == "port.reason.garbled"
    await reader.status(SourceState.CONNECTED)
    emulator.place(Ntag213(UID))
    assert (await reader.placed()).uid == UID.hex().upper()


async def test_a_chip_that_never_acknowledges_is_reported_until_it_answers(
    emulator: Pn532Emulator, reader: Reader
) -> None:
    emulator.inject(Fault.SILENT)
    status = await reader.next(lambda o: isinstance(o, SourceStatus) and o.reason
                               == "nfc.reason.no_answer")  # fmt: skip
    assert isinstance(status, SourceStatus) and status.state is SourceState.RECONNECTING
    emulator.clear(Fault.SILENT)
    await reader.status(SourceState.CONNECTED)


async def test_a_hangup_mid_read_then_a_replug_on_a_new_path_finds_the_reader_again(
    tmp_path: Path, emulator: Pn532Emulator, reader: Reader
) -> None:
    emulator.inject(Fault.HANGUP_ON_READ)
    emulator.place(Ntag213(UID))
    status = await reader.status(SourceState.RECONNECTING)
    assert status.reason == "port.reason.unplugged"
    emulator.replug(tmp_path / "ttyPN532-b")
    connected = await reader.status(SourceState.CONNECTED)
    assert connected.detail.endswith("ttyPN532-b")
    assert (await reader.placed()).uid == UID.hex().upper()


async def test_a_tag_lying_on_a_reader_through_a_reconnect_counts_once(
    emulator: Pn532Emulator, reader: Reader
) -> None:
    emulator.place(Ntag213(UID))
    await reader.placed()
    emulator.inject(Fault.GARBAGE)
    await reader.status(SourceState.RECONNECTING)
    await reader.status(SourceState.CONNECTED)
    emulator.remove()
    gone = await reader.next(lambda o: isinstance(o, TagPlaced | TagRemoved))
    assert isinstance(gone, TagRemoved), "no second TagPlaced for the same lying tag"


async def test_closing_a_source_stops_its_thread_and_ends_the_stream(reader: Reader) -> None:
    await reader.source.aclose()
    await reader.status(SourceState.CLOSED)
    with pytest.raises(StopAsyncIteration):
        await anext(reader.stream)


CHILD = """
import asyncio, sys
from companion.observations import SourceStatus
from hardware.sources import open_source

async def main():
    async for obs in open_source(sys.argv[1], "r"):
        if isinstance(obs, SourceStatus):
            print(obs.state.value, flush=True)

asyncio.run(main())
"""


async def test_a_service_without_a_terminal_survives_its_reader_hanging_up(
    tmp_path: Path, emulator: Pn532Emulator
) -> None:
    """A session leader with no controlling terminal, as a service runs: the kernel would
    SIGHUP it if it had opened the port without O_NOCTTY and so adopted it as its terminal."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    url = f"nfc:tty:{tmp_path / 'ttyPN532-a'}:pn532"
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", CHILD, url, stdout=asyncio.subprocess.PIPE,
        start_new_session=True, env=env,
    )  # fmt: skip
    assert child.stdout is not None
    try:
        async with asyncio.timeout(WAIT_S):
            assert await child.stdout.readline() == b"connected\n"
            emulator.hang_up()
            assert await child.stdout.readline() == b"reconnecting\n"
            emulator.replug()
            assert await child.stdout.readline() == b"connected\n"
        assert child.returncode is None
    finally:
        child.terminate()
        await child.wait()


def test_port_names_follow_nfcpy_and_paths_may_be_globs(tmp_path: Path) -> None:
    assert candidates("USB0") == ["/dev/ttyUSB0"]
    for name in ("reader-2", "reader-10", "other"):
        (tmp_path / name).touch()
    assert candidates(str(tmp_path / "reader-*")) == [
        str(tmp_path / "reader-10"),
        str(tmp_path / "reader-2"),
    ]
    assert candidates(str(tmp_path / "absent")) == [str(tmp_path / "absent")]


async def test_a_usb_reader_that_is_not_plugged_in_is_reported_and_not_given_up() -> None:
    reader = Reader(NfcSource("usb", NfcUsb("usb:ffff:0001"), FAST))
    if libusb_version() is None:
        status = await reader.status(SourceState.FAILED)
        assert status.reason == "nfc.reason.no_libusb"
    else:
        status = await reader.status(SourceState.RECONNECTING)
        assert status.reason == "port.reason.not_found"
    await reader.source.aclose()
    await reader.status(SourceState.CLOSED)
