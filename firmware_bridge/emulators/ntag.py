"""An NXP NTAG213 sticker: 45 pages of 4 bytes, answering Type 2 Tag commands.

Enough of the chip for nfcpy to recognise it (GET_VERSION), read its NDEF
message (READ), write one (WRITE), and check that it is still there. Memory
layout after the NTAG213/215/216 data sheet, §8.5: UID with its check bytes in
pages 0–2, the capability container in page 3, 144 bytes of user memory in
pages 4–39, configuration in pages 40–44.
"""

from __future__ import annotations

import functools
import hashlib
import operator
import threading

PAGES = 45
USER_PAGES = range(4, 40)
VERSION = bytes.fromhex("0004040201000F03")
"""GET_VERSION answer of an NTAG213 (vendor NXP, type NTAG, 144-byte memory)."""
CAPABILITY = bytes.fromhex("E1101200")
"""NDEF magic number, mapping version 1.0, 0x12 × 8 = 144 bytes, read/write."""
ACK = b"\x0a"

READ, WRITE, GET_VERSION = 0x30, 0xA2, 0x60


def crc_a(data: bytes) -> bytes:
    """ISO/IEC 14443-3 CRC_A, appended by a tag to every frame it sends."""
    reg = 0x6363
    for octet in data:
        for pos in range(8):
            bit = (reg ^ (octet >> pos)) & 1
            reg >>= 1
            if bit:
                reg ^= 0x8408
    return bytes([reg & 0xFF, reg >> 8])


def _xor(data: bytes) -> int:
    return functools.reduce(operator.xor, data, 0)


def ndef_tlv(message: bytes) -> bytes:
    """An NDEF message wrapped as the tag stores it: ``03 len message FE``."""
    if len(message) > 142:
        raise ValueError(f"an NTAG213 holds at most 142 bytes of NDEF, not {len(message)}")
    return bytes([0x03, len(message)]) + message + b"\xfe"


class Ntag213:
    """One sticker: its 7-byte UID and its memory, which a reader may rewrite."""

    def __init__(self, uid: bytes, ndef: bytes = b"") -> None:
        if len(uid) != 7 or uid[0] != 0x04:
            raise ValueError("an NTAG213 UID is 7 bytes and starts with 04 (NXP)")
        self.uid = uid
        self._lock = threading.Lock()
        memory = bytearray(PAGES * 4)
        memory[0:4] = uid[0:3] + bytes([0x88 ^ _xor(uid[0:3])])
        memory[4:8] = uid[3:7]
        memory[8:12] = bytes([_xor(uid[3:7]), 0x48, 0x00, 0x00])
        memory[12:16] = CAPABILITY
        tlv = ndef_tlv(ndef)
        memory[16 : 16 + len(tlv)] = tlv
        memory[41 * 4 : 41 * 4 + 4] = bytes([0x04, 0x00, 0x00, 0xFF])  # AUTH0 = no password
        self._memory = memory

    @property
    def ndef(self) -> bytes:
        """The NDEF message now stored (what a write left behind, too)."""
        with self._lock:
            memory = bytes(self._memory[16 : 40 * 4])
        if memory[0] != 0x03:
            return b""
        return memory[2 : 2 + memory[1]]

    def answer(self, command: bytes) -> bytes | None:
        """The tag's reply to one command, CRC included; ``None`` is silence."""
        if not command:
            return None
        code = command[0]
        if code == GET_VERSION and len(command) == 1:
            return VERSION + crc_a(VERSION)
        if code == READ and len(command) == 2 and command[1] < PAGES:
            data = self.read(command[1])
            return data + crc_a(data)
        if code == WRITE and len(command) == 6 and command[1] in USER_PAGES:
            with self._lock:
                self._memory[command[1] * 4 : command[1] * 4 + 4] = command[2:6]
            return ACK
        return None  # unsupported (AUTHENTICATE, READ_SIG, …): the tag goes mute

    def read(self, page: int) -> bytes:
        """Four pages from ``page``, rolling over to page 0 as the chip does."""
        with self._lock:
            return b"".join(
                bytes(self._memory[(p % PAGES) * 4 : (p % PAGES) * 4 + 4])
                for p in range(page, page + 4)
            )


def sticker(card: str) -> Ntag213:
    """The emulated sticker on ``card``: its UID is derived from the card, the same every time."""
    return Ntag213(b"\x04" + hashlib.sha256(card.encode()).digest()[:6])


def sticker_uid(card: str) -> str:
    """The UID a reader reports for ``card``'s emulated sticker."""
    return sticker(card).uid.hex().upper()
