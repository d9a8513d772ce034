"""The reader board's wire protocol, host side: frames as values, encoded and decoded
(``docs/board-protocol.md``).

Knows nothing of ports: :class:`Decoder` takes bytes as they come off the line and
gives whole frames; a frame that fails its CRC, its length or its type is dropped whole
and counted, never half believed, and garbage on the line costs at most the frame it
lands in (COBS: every zero byte ends a frame). ``firmware_bridge/golden_frames.json``
fixes every frame's bytes for this codec and the firmware's alike.
"""

from __future__ import annotations

import enum
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

PROTOCOL = 1
MAX_READERS = 8
UID_LENGTHS = (4, 7, 10)
CRC_BYTES = 4
MAX_BODY = 1 + 2 + 1 + MAX_READERS * 11 + CRC_BYTES
"""The longest frame decoded (a snapshot of eight 10-byte UIDs), before COBS."""


class Kind(enum.IntEnum):
    HELLO = 0x01
    PLACED = 0x02
    REMOVED = 0x03
    HEARTBEAT = 0x04
    SNAPSHOT = 0x05
    ERROR = 0x06
    PONG = 0x07
    ASK_HELLO = 0x81
    ASK_STATE = 0x82
    PING = 0x83


class Health(enum.IntEnum):
    OK = 0
    SILENT = 1
    """Its version register reads neither 0x91 nor 0x92: unplugged, or its select broken."""
    NOISY = 2
    STALLED = 3


class ErrorCode(enum.IntEnum):
    BAD_CRC = 1
    UNKNOWN_COMMAND = 2
    TWO_READERS = 3
    """One UID on two readers at once: reported on neither until it lies on one only."""
    OVERFLOW = 4


class BadFrame(ValueError):
    """A frame not believed; ``why`` says which check it failed (``crc``, ``length``,
    ``kind``, ``cobs``, ``uid``)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True)
class Hello:
    seq: int
    protocol: int
    firmware: tuple[int, int, int]
    readers: int


@dataclass(frozen=True)
class Placed:
    seq: int
    reader: int
    uid: bytes


@dataclass(frozen=True)
class Removed:
    seq: int
    reader: int
    uid: bytes


@dataclass(frozen=True)
class Heartbeat:
    seq: int
    uptime_ms: int
    health: tuple[Health, ...]


@dataclass(frozen=True)
class Snapshot:
    seq: int
    uids: tuple[bytes, ...]
    """Each reader's tag, ``b""`` for an empty reader."""


@dataclass(frozen=True)
class Error:
    seq: int
    code: ErrorCode
    reader: int
    detail: int


@dataclass(frozen=True)
class Pong:
    seq: int
    token: int


@dataclass(frozen=True)
class AskHello:
    seq: int


@dataclass(frozen=True)
class AskState:
    seq: int


@dataclass(frozen=True)
class Ping:
    seq: int
    token: int


Frame = Hello | Placed | Removed | Heartbeat | Snapshot | Error | Pong | AskHello | AskState | Ping


# --- bytes ---------------------------------------------------------------------------


def crc32(data: bytes) -> int:
    """CRC-32 as zlib, Ethernet and PNG have it (``123456789`` → 0xCBF43926): a CRC-16 lets
    one corrupted frame in 65,536 through, too many for a line that may carry garbage for
    hours; this one, one in four thousand million."""
    return zlib.crc32(data) & 0xFFFFFFFF


def cobs(data: bytes) -> bytes:
    """``data`` with no zero byte left in it, and the zero that ends a frame."""
    out, block = bytearray(), bytearray()
    for byte in data:
        if byte:
            block.append(byte)
        if not byte or len(block) == 254:
            out += bytes([len(block) + 1]) + block
            block = bytearray()
    out += bytes([len(block) + 1]) + block
    return bytes(out + b"\x00")


def uncobs(data: bytes) -> bytes:
    """One COBS-encoded frame (its ending zero left off) as it was; raises BadFrame."""
    out, i = bytearray(), 0
    while i < len(data):
        code, end = data[i], i + data[i]
        block = data[i + 1 : end]
        if code == 0 or end > len(data) or 0 in block:
            raise BadFrame("cobs")
        out += block
        i = end
        if code < 255 and i < len(data):
            out.append(0)  # the zero each block but the last stood for
    return bytes(out)


def encode(frame: Frame) -> bytes:
    """The frame on the wire."""
    kind, payload = _payload(frame)
    body = struct.pack("<BH", kind, frame.seq) + payload
    return cobs(body + struct.pack("<I", crc32(body)))


def _payload(frame: Frame) -> tuple[Kind, bytes]:
    match frame:
        case Hello():
            return Kind.HELLO, bytes([frame.protocol, *frame.firmware, frame.readers])
        case Placed() | Removed():
            kind = Kind.PLACED if isinstance(frame, Placed) else Kind.REMOVED
            return kind, bytes([frame.reader, len(frame.uid)]) + frame.uid
        case Heartbeat():
            return Kind.HEARTBEAT, struct.pack("<IB", frame.uptime_ms, len(frame.health)) + bytes(
                frame.health
            )
        case Snapshot():
            held = b"".join(bytes([len(uid)]) + uid for uid in frame.uids)
            return Kind.SNAPSHOT, bytes([len(frame.uids)]) + held
        case Error():
            return Kind.ERROR, bytes([frame.code, frame.reader, frame.detail])
        case Pong() | Ping():
            return (Kind.PONG if isinstance(frame, Pong) else Kind.PING), struct.pack(
                "<H", frame.token
            )
        case AskHello():
            return Kind.ASK_HELLO, b""
        case AskState():
            return Kind.ASK_STATE, b""


def decode(body: bytes) -> Frame:
    """One frame as decoded from COBS (CRC included); raises :class:`BadFrame`."""
    if len(body) < 3 + CRC_BYTES:
        raise BadFrame("length")
    if crc32(body[:-CRC_BYTES]) != struct.unpack("<I", body[-CRC_BYTES:])[0]:
        raise BadFrame("crc")
    kind_byte, seq = struct.unpack("<BH", body[:3])
    try:
        kind = Kind(kind_byte)
    except ValueError:
        raise BadFrame("kind") from None
    try:
        return _frame(kind, seq, body[3:-CRC_BYTES])
    except (IndexError, struct.error, ValueError) as err:
        raise BadFrame(err.args[0] if isinstance(err, BadFrame) else "length") from None


def _frame(kind: Kind, seq: int, p: bytes) -> Frame:
    match kind:
        case Kind.HELLO:
            _length(p, 5)
            return Hello(seq, p[0], (p[1], p[2], p[3]), _readers(p[4]))
        case Kind.PLACED | Kind.REMOVED:
            reader, uid = p[0], _uid(p, 1, whole=True)
            _reader(reader)
            return (Placed if kind is Kind.PLACED else Removed)(seq, reader, uid)
        case Kind.HEARTBEAT:
            uptime, count = struct.unpack("<IB", p[:5])
            _length(p, 5 + _readers(count))
            return Heartbeat(seq, uptime, tuple(Health(h) for h in p[5:]))
        case Kind.SNAPSHOT:
            uids, at = [], 1
            for _ in range(_readers(p[0])):
                uid = _uid(p, at, empty=True)
                uids.append(uid)
                at += 1 + len(uid)
            _length(p, at)
            return Snapshot(seq, tuple(uids))
        case Kind.ERROR:
            _length(p, 3)
            return Error(seq, ErrorCode(p[0]), p[1], p[2])
        case Kind.PONG | Kind.PING:
            _length(p, 2)
            token = struct.unpack("<H", p)[0]
            return Pong(seq, token) if kind is Kind.PONG else Ping(seq, token)
        case Kind.ASK_HELLO | Kind.ASK_STATE:
            _length(p, 0)
            return AskHello(seq) if kind is Kind.ASK_HELLO else AskState(seq)


def _length(p: bytes, n: int) -> None:
    if len(p) != n:
        raise BadFrame("length")


def _readers(n: int) -> int:
    if not 1 <= n <= MAX_READERS:
        raise BadFrame("length")
    return n


def _reader(n: int) -> None:
    if n >= MAX_READERS:
        raise BadFrame("length")


def _uid(p: bytes, at: int, *, whole: bool = False, empty: bool = False) -> bytes:
    n = p[at]
    if n not in UID_LENGTHS and not (empty and n == 0):
        raise BadFrame("uid")
    uid = p[at + 1 : at + 1 + n]
    if len(uid) != n or (whole and at + 1 + n != len(p)):
        raise BadFrame("length")
    return uid


class Decoder:
    """Frames out of a byte stream as it comes; what is not a frame is dropped and
    counted (:attr:`dropped`), and a run of bytes longer than any frame with no zero in it
    is dropped without being held."""

    def __init__(self) -> None:
        self._held = bytearray()
        self._too_long = False
        self.dropped = 0

    def feed(self, data: bytes) -> Iterator[Frame]:
        for byte in data:
            if byte:
                if len(self._held) > 2 * MAX_BODY:
                    self._too_long, self._held = True, bytearray()
                self._held.append(byte)
                continue
            held, too_long = bytes(self._held), self._too_long
            self._held, self._too_long = bytearray(), False
            if not held and not too_long:
                continue  # zeros in a row: nothing between them
            try:
                if too_long:
                    raise BadFrame("length")
                yield decode(uncobs(held))
            except BadFrame:
                self.dropped += 1
