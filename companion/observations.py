"""What the table's sensors report: the contract between ``hardware`` and ``ingest``.

A sensor is a *source*: an async stream of :data:`Observation` values, opened
from a URL-like string as pyserial and nfcpy open ports (``nfc:tty:USB0:pn532``,
``nfc:usb``, ``script:demo.jsonl``). A reader reports what it feels
(:class:`TagPlaced`, :class:`TagRemoved`), a camera what it sees
(:class:`CardSeen`), and every source how it is doing (:class:`ReaderStatus`),
with a reason a person can read in their language. Plain values only: the
game side needs no I/O library to consume them, and they round-trip through
JSON for scripted sources and diagnostics.
"""

from __future__ import annotations

import enum
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Protocol

from companion.core.types import JSON, CardId, JSONObject
from companion.i18n import text

SourceName = str
"""The name a source goes by at this table (``seat1``, ``centre``); its URL by default."""


@dataclass(frozen=True)
class NdefRecord:
    """One record of the NDEF message a tag holds: its type, name and raw payload."""

    type: str
    name: str = ""
    payload: bytes = b""


@dataclass(frozen=True)
class TagPlaced:
    """A tag came into a reader's field. ``uid`` is upper-case hex; ``at`` is the
    sensor's monotonic clock in seconds, for debouncing and benchmarks only."""

    source: SourceName
    uid: str
    records: tuple[NdefRecord, ...] = ()
    at: float = 0.0


@dataclass(frozen=True)
class TagRemoved:
    """The tag left the reader's field."""

    source: SourceName
    uid: str
    at: float = 0.0


@dataclass(frozen=True)
class CardSeen:
    """A camera recognised a card (by its marker or its art) in the zone it watches."""

    source: SourceName
    card: CardId
    at: float = 0.0


class SourceState(enum.StrEnum):
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    """Faulted or unplugged; the source keeps trying, with growing pauses."""
    FAILED = "failed"
    """It cannot work as configured (bad URL, missing driver): trying again will not help."""
    CLOSED = "closed"


@dataclass(frozen=True)
class ReaderStatus:
    """How a source is doing. ``reason`` is an i18n key (``nfc.reason.hangup``), with
    ``args``; ``detail`` is technical (device name, error text) for diagnostics."""

    source: SourceName
    state: SourceState
    reason: str = ""
    args: JSONObject | None = None
    detail: str = ""
    at: float = 0.0


Observation = TagPlaced | TagRemoved | CardSeen | ReaderStatus


def describe_status(lang: str, status: ReaderStatus) -> str:
    """One sentence for a source's status, reason included: what the tablet shows."""
    why = text(lang, status.reason, **(status.args or {})) if status.reason else ""
    return text(lang, f"nfc.state.{status.state}", reader=status.source, why=why)


class Source(Protocol):
    """A sensor as the app's loop sees it: iterate it for observations, close it to stop."""

    name: SourceName

    def __aiter__(self) -> AsyncIterator[Observation]: ...

    async def aclose(self) -> None: ...


# --- source URLs ----------------------------------------------------------------


class BadSourceUrl(ValueError):
    """A source URL that names nothing we can open; ``key`` is its i18n message."""

    def __init__(self, url: str, key: str = "nfc.reason.bad_url") -> None:
        super().__init__(f"{url}: {key}")
        self.url = url
        self.key = key


@dataclass(frozen=True)
class NfcTty:
    """``nfc:tty:PORT:DRIVER`` — a reader chip on a serial port.

    ``PORT`` is nfcpy's short name (``USB0`` is ``/dev/ttyUSB0``; ``USB`` alone is
    the first ``/dev/ttyUSB*`` that answers) or an absolute path, which may be a
    stable symlink (``/dev/serial/by-id/…``) or a glob.
    """

    port: str
    driver: str


@dataclass(frozen=True)
class NfcUsb:
    """``nfc:usb[:VENDOR[:PRODUCT]]`` or ``nfc:usb:BUS:DEVICE``: a USB reader, as nfcpy says."""

    path: str


@dataclass(frozen=True)
class Script:
    """``script:FILE`` — observations replayed from a JSON Lines file (no hardware)."""

    file: str


SourceUrl = NfcTty | NfcUsb | Script
TTY_DRIVERS = ("pn532",)
"""The serial drivers we support: nfcpy's own, unmodified."""


def parse_url(url: str) -> SourceUrl:
    """Read a source URL; raise :class:`BadSourceUrl` saying what is wrong with it."""
    scheme, _, rest = url.partition(":")
    if scheme == "script" and rest:
        return Script(rest)
    if scheme != "nfc":
        raise BadSourceUrl(url, "nfc.reason.unknown_scheme")
    kind, _, spec = rest.partition(":")
    if kind == "usb":
        return NfcUsb(rest)
    if kind == "tty":
        port, _, driver = spec.rpartition(":")
        if not port:
            raise BadSourceUrl(url)
        if driver not in TTY_DRIVERS:
            raise BadSourceUrl(url, "nfc.reason.unknown_driver")
        return NfcTty(port, driver)
    raise BadSourceUrl(url)


# --- JSON -------------------------------------------------------------------------


def to_json(obs: Observation) -> JSONObject:
    """An observation as one JSON object (the format of ``script:`` files)."""
    if isinstance(obs, TagPlaced):
        records: list[JSON] = [
            {"type": r.type, "name": r.name, "payload": r.payload.hex()} for r in obs.records
        ]
        return {"kind": "tag_placed", "source": obs.source, "uid": obs.uid, "records": records}
    if isinstance(obs, TagRemoved):
        return {"kind": "tag_removed", "source": obs.source, "uid": obs.uid}
    if isinstance(obs, CardSeen):
        return {"kind": "card_seen", "source": obs.source, "card": obs.card}
    return {
        "kind": "reader_status",
        "source": obs.source,
        "state": obs.state.value,
        "reason": obs.reason,
        "args": obs.args,
        "detail": obs.detail,
    }


def from_json(obj: JSONObject, at: float = 0.0) -> Observation:
    """The inverse of :func:`to_json`; ``ValueError`` names what is wrong."""
    try:
        kind, source = obj["kind"], str(obj["source"])
        if kind == "tag_placed":
            records = obj.get("records") or []
            if not isinstance(records, list):
                raise ValueError("records must be a list")
            return TagPlaced(source, _uid(obj["uid"]), tuple(_record(r) for r in records), at)
        if kind == "tag_removed":
            return TagRemoved(source, _uid(obj["uid"]), at)
        if kind == "card_seen":
            return CardSeen(source, CardId(str(obj["card"])), at)
        if kind == "reader_status":
            args = obj.get("args")
            return ReaderStatus(
                source,
                SourceState(str(obj["state"])),
                str(obj.get("reason") or ""),
                args if isinstance(args, dict) else None,
                str(obj.get("detail") or ""),
                at,
            )
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(f"not an observation: {err}") from err
    raise ValueError(f"unknown kind of observation {obj.get('kind')!r}")


def _uid(value: JSON) -> str:
    text = str(value).upper()
    bytes.fromhex(text)  # raises ValueError on anything but hex
    return text


def _record(value: JSON) -> NdefRecord:
    if not isinstance(value, dict):
        raise ValueError("a record must be an object")
    return NdefRecord(
        str(value["type"]), str(value.get("name", "")), bytes.fromhex(str(value["payload"]))
    )
