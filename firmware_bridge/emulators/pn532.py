"""A PN532 on a pseudo-terminal, as a reader board on a USB–serial adapter looks to a host.

It speaks the chip's high-speed UART (HSU) protocol from the PN532 user
manual (UM0701-02): normal and extended information frames, ACK frames and
the syntax-error frame, and the commands nfcpy's unmodified ``pn532`` driver
sends (firmware version, SAM configuration, serial baud rate, the line
diagnose, parameters, RF configuration, register access, passive target
listing at 106 kbps type A, and ``InCommunicateThru`` to the tag). One
:class:`~firmware_bridge.emulators.ntag.Ntag213` at a time can lie on it.

Faults a real table produces can be injected: garbage on the line, a frame
with a bad checksum, a chip that never acknowledges, a hangup in the middle
of reading a tag, and a replug that brings the reader back on a new path.
Everything runs in one thread that owns the pty's master side.
"""

from __future__ import annotations

import contextlib
import enum
import os
from pathlib import Path

from firmware_bridge.emulators.ntag import READ, Ntag213
from firmware_bridge.emulators.pty import PtyDevice

SOF = b"\x00\x00\xff"
ACK = b"\x00\x00\xff\x00\xff\x00"
SYNTAX_ERROR = b"\x00\x00\xff\x01\xff\x7f\x81\x00"
HOST, CHIP = 0xD4, 0xD5
FIRMWARE = bytes([0x32, 0x01, 0x06, 0x07])
"""GetFirmwareVersion: IC PN532, firmware 1.6, ISO 14443-A/B and 18092 supported."""
SENS_RES = b"\x00\x44"
SEL_RES = 0x00
"""ATQA and SAK of an NTAG21x: a Type 2 Tag with a 7-byte UID."""
CASCADE_TAG = 0x88
"""ISO 14443-3: stands before the UID bytes of each cascade level but the last."""
FIFO_SENS_REQ = 0x26
"""What nfcpy finds in CIU_FIFOData when no tag answered the SENS_REQ."""
CIU_FIFO_DATA = 0x6339
STATUS_OK, STATUS_TIMEOUT = 0x00, 0x01
GARBAGE = bytes.fromhex("5a13ee07c4ff0000d7")


class Fault(enum.Enum):
    """A fault injected into the emulator's next answers."""

    GARBAGE = "garbage"
    """The next answer is preceded by line noise."""
    BAD_CHECKSUM = "bad_checksum"
    """The next answer's data checksum is wrong."""
    SILENT = "silent"
    """The chip acknowledges nothing until the fault is cleared."""
    HANGUP_ON_READ = "hangup_on_read"
    """The port hangs up when the host next reads a page of the tag."""


def frame(data: bytes) -> bytes:
    """A PN532 information frame around ``data`` (TFI included): normal or extended."""
    dcs = (-sum(data)) & 0xFF
    if len(data) < 255:
        return SOF + bytes([len(data), (-len(data)) & 0xFF]) + data + bytes([dcs, 0])
    size = len(data).to_bytes(2, "big")
    return SOF + b"\xff\xff" + size + bytes([(-sum(size)) & 0xFF]) + data + bytes([dcs, 0])


def split_frames(buffer: bytearray) -> list[bytes]:
    """Take every complete host frame out of ``buffer``; return their data (TFI on).

    Leading preamble bytes and noise are dropped; a frame whose checksums do not
    add up is dropped whole, as the chip does; ACKs from the host (cancelling a
    command) come out as empty data.
    """
    out: list[bytes] = []
    while (start := buffer.find(SOF)) >= 0:
        del buffer[:start]
        if len(buffer) < 6:
            break
        if buffer[3:5] == b"\x00\xff":
            out.append(b"")
            del buffer[:6]
            continue
        if buffer[3:5] == b"\xff\xff":
            if len(buffer) < 8:
                break
            length, head, lcs_ok = (
                int.from_bytes(buffer[5:7], "big"),
                8,
                sum(buffer[5:8]) & 0xFF == 0,
            )
        else:
            length, head, lcs_ok = buffer[3], 5, sum(buffer[3:5]) & 0xFF == 0
        if not lcs_ok:
            del buffer[:3]
            continue
        if len(buffer) < head + length + 1:
            break
        data = bytes(buffer[head : head + length])
        dcs_ok = (sum(data) + buffer[head + length]) & 0xFF == 0
        del buffer[: head + length + 1]
        if dcs_ok:
            out.append(data)
    return out


class Pn532Emulator(PtyDevice):
    """A PN532 on a pty, with a tag to place and remove and faults to inject.

    ``link`` (optional) is a symlink kept pointing at the current pty
    (:class:`~firmware_bridge.emulators.pty.LinkedPty`); open the reader through it,
    or through :attr:`path`.
    """

    def __init__(self, link: Path | None = None) -> None:
        super().__init__(link, "pn532-emulator")
        self._tag: Ntag213 | None = None
        self._muted = False
        """The tag went mute after a command it does not support, until selected again."""
        self._faults: set[Fault] = set()
        self._registers: dict[int, int] = {}
        self._buffer = bytearray()

    # --- the table ---------------------------------------------------------------

    def place(self, tag: Ntag213) -> None:
        """A card with this sticker now lies on the reader; it answers once selected."""
        with self._lock:
            self._tag, self._muted = tag, True

    def remove(self) -> None:
        """The card was lifted off the reader."""
        with self._lock:
            self._tag = None

    # --- faults ---------------------------------------------------------------------

    def inject(self, fault: Fault) -> None:
        with self._lock:
            self._faults.add(fault)

    def clear(self, fault: Fault) -> None:
        with self._lock:
            self._faults.discard(fault)

    def hang_up(self) -> None:
        """The adapter is pulled out: the host's port hangs up."""
        with self._lock:
            self._pty.unplug()

    def replug(self, link: Path | None = None) -> None:
        """The adapter comes back, on a new pty (and, if given, a new link)."""
        with self._lock:
            self._pty.plug(link)
            self._registers.clear()

    # --- the chip ------------------------------------------------------------------

    def heard(self, master: int, data: bytes) -> None:
        self._buffer += data
        for frame in split_frames(self._buffer):
            self._answer(master, frame)

    def hung_up(self) -> None:
        self._buffer.clear()

    def _answer(self, master: int, data: bytes) -> None:
        with self._lock:
            if not data or Fault.SILENT in self._faults:
                return  # an ACK from the host cancels nothing here; a silent chip says nothing
            if data[0] != HOST or len(data) < 2:
                reply = SYNTAX_ERROR
            elif self._hangs_up(data):
                self._pty.unplug()
                return
            else:
                body = self._command(data[1], data[2:])
                reply = ACK + (SYNTAX_ERROR if body is None else self._respond(data[1], body))
            if Fault.GARBAGE in self._faults:
                self._faults.discard(Fault.GARBAGE)
                reply = GARBAGE + reply
        with contextlib.suppress(OSError):
            os.write(master, reply)

    def _hangs_up(self, data: bytes) -> bool:
        """The injected hangup strikes when the host reads a page of a tag."""
        reading = data[1] == 0x42 and data[2:3] == bytes([READ]) and self._tag is not None
        if reading and Fault.HANGUP_ON_READ in self._faults:
            self._faults.discard(Fault.HANGUP_ON_READ)
            return True
        return False

    def _respond(self, code: int, body: bytes) -> bytes:
        out = frame(bytes([CHIP, code + 1]) + body)
        if Fault.BAD_CHECKSUM in self._faults:
            self._faults.discard(Fault.BAD_CHECKSUM)
            out = out[:-2] + bytes([(out[-2] + 1) & 0xFF, 0])
        return out

    def _command(self, code: int, args: bytes) -> bytes | None:
        """The response data of one command, or ``None`` for a syntax error."""
        simple = {0x12: b"", 0x14: b"", 0x32: b"", 0x10: b"", 0x08: b"", 0x16: b"\x00"}
        if code in simple:
            if code == 0x08:
                for i in range(0, len(args) - 2, 3):
                    self._registers[int.from_bytes(args[i : i + 2], "big")] = args[i + 2]
            return simple[code]
        if code == 0x02:
            return FIRMWARE
        if code == 0x00:
            return args  # Diagnose: the line test echoes, other tests report success
        if code == 0x04:
            return bytes([0, 0, 0])  # GetGeneralStatus: no error, field off, no target
        if code == 0x06:
            return bytes(self._register(int.from_bytes(args[i : i + 2], "big"))
                         for i in range(0, len(args) - 1, 2))  # fmt: skip
        if code in (0x44, 0x52):
            return b"\x00"  # InDeselect, InRelease
        if code == 0x4A:
            return self._list_passive_target(args)
        if code == 0x42:
            return self._communicate_thru(args)
        return None

    def _register(self, address: int) -> int:
        if address == CIU_FIFO_DATA:
            return FIFO_SENS_REQ
        return self._registers.get(address, 0)

    def _list_passive_target(self, args: bytes) -> bytes:
        tag = self._tag
        if len(args) < 2 or args[1] != 0 or tag is None:
            return b"\x00"
        wanted = _without_cascade_tags(args[2:])
        if wanted and wanted != tag.uid:
            return b"\x00"
        self._muted = False
        return b"\x01\x01" + SENS_RES + bytes([SEL_RES, len(tag.uid)]) + tag.uid

    def _communicate_thru(self, command: bytes) -> bytes:
        tag = self._tag
        answer = None if tag is None or self._muted else tag.answer(command)
        if answer is None:
            self._muted = True
            return bytes([STATUS_TIMEOUT])
        return bytes([STATUS_OK]) + answer


def _without_cascade_tags(data: bytes) -> bytes:
    """The UID in InListPassiveTarget's initiator data: a 7-byte UID comes as CT + 3 + 4
    bytes, a 10-byte one as CT + 3 + CT + 3 + 4, the cascade tag CT being 88h. Only the
    tags go: a UID byte elsewhere may be 88h as well."""
    if len(data) == 8 and data[0] == CASCADE_TAG:
        return data[1:]
    if len(data) == 12 and data[0] == data[4] == CASCADE_TAG:
        return data[1:4] + data[5:]
    return data
