"""The PN532 emulator speaks the chip's serial protocol well enough for nfcpy's own driver."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import ndef
import nfc
import nfc.clf.pn532
import nfc.clf.transport
import pytest

from firmware_bridge.emulators.ntag import Ntag213, crc_a
from firmware_bridge.emulators.pn532 import ACK, SOF, Pn532Emulator, frame, split_frames

UID = bytes.fromhex("04A1B2C3D4E5F6")


@pytest.fixture
def emulator() -> Iterator[Pn532Emulator]:
    with Pn532Emulator() as em:
        yield em


@pytest.fixture
def clf(emulator: Pn532Emulator) -> Iterator[nfc.ContactlessFrontend]:
    """nfcpy's unmodified pn532 driver on the emulator's pty."""
    frontend = nfc.ContactlessFrontend()
    frontend.device = nfc.clf.pn532.init(nfc.clf.transport.TTY(str(emulator.path)))
    yield frontend
    frontend.close()


def test_host_frames_are_found_among_preamble_and_noise() -> None:
    command = frame(b"\xd4\x02")
    buffer = bytearray(b"\x00" * 10 + b"\x13\x37" + command + ACK + frame(b"\xd4\x4a\x01\x00"))
    assert split_frames(buffer) == [b"\xd4\x02", b"", b"\xd4\x4a\x01\x00"]
    assert SOF not in buffer, "nothing left to answer"


def test_a_frame_with_a_bad_checksum_is_dropped_as_the_chip_drops_it() -> None:
    bad = bytearray(frame(b"\xd4\x02"))
    bad[-2] ^= 0xFF
    buffer = bytearray(bad + frame(b"\xd4\x14\x01"))
    assert split_frames(buffer) == [b"\xd4\x14\x01"]


def test_long_answers_use_the_extended_frame() -> None:
    data = b"\xd5\x01" + bytes(300)
    assert frame(data)[3:5] == b"\xff\xff"
    assert split_frames(bytearray(frame(b"\xd4\x00" + bytes(300)))) == [b"\xd4\x00" + bytes(300)]


def test_an_ntag213_answers_a_read_with_four_pages_and_its_crc() -> None:
    tag = Ntag213(UID)
    answer = tag.answer(b"\x30\x00")
    assert answer is not None and answer[:3] == UID[:3] and answer[16:] == crc_a(answer[:16])
    assert tag.answer(b"\x30\x2b") == tag.read(43) + crc_a(tag.read(43))
    assert tag.read(43)[8:] == tag.read(0)[:8], "reading past the last page rolls over"
    assert tag.answer(b"\x1a\x00") is None, "no AUTHENTICATE on an NTAG213: silence"


def test_nfcpy_reads_the_uid_and_ndef_and_sees_the_tag_leave(
    emulator: Pn532Emulator, clf: nfc.ContactlessFrontend
) -> None:
    message = b"".join(ndef.message_encoder([ndef.TextRecord("hello")]))
    emulator.place(Ntag213(UID, message))
    seen: list[object] = []

    def connected(tag: nfc.tag.Tag) -> bool:
        seen.extend([tag.product, bytes(tag.identifier), list(tag.ndef.records)])
        threading.Thread(target=emulator.remove).start()
        return True

    options = {"targets": ["106A"], "beep-on-connect": False, "on-connect": connected}
    assert clf.connect(rdwr=options, terminate=lambda: False) is True  # True: released
    assert seen == ["NXP NTAG213", UID, [ndef.TextRecord("hello")]]


def test_nfcpy_writes_an_ndef_message_the_sticker_keeps(
    emulator: Pn532Emulator, clf: nfc.ContactlessFrontend
) -> None:
    emulator.place(tag := Ntag213(UID))
    record = ndef.Record("urn:nfc:ext:example.com:t", "", b"\x01" * 40)

    def connected(found: nfc.tag.Tag) -> bool:
        found.ndef.records = [record]
        return False

    clf.connect(rdwr={"targets": ["106A"], "on-connect": connected}, terminate=lambda: False)
    assert list(ndef.message_decoder(tag.ndef)) == [record]


@pytest.mark.parametrize("uid", [UID, bytes.fromhex("0446430C883A0D")], ids=["plain", "88h"])
def test_nfcpy_finds_a_tag_again_by_its_uid_and_no_other(
    emulator: Pn532Emulator, clf: nfc.ContactlessFrontend, uid: bytes
) -> None:
    """nfcpy looks for a known tag by its UID, sent with a cascade tag (88h) before each
    level; a UID byte past the first of a level may be 88h too, and must still match."""
    emulator.place(Ntag213(uid))
    found = clf.sense(nfc.clf.RemoteTarget("106A", sel_req=uid))
    assert found is not None and bytes(found.sdd_res) == uid
    assert clf.sense(nfc.clf.RemoteTarget("106A", sel_req=bytes.fromhex("04000000000001"))) is None
