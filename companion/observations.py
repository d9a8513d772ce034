"""What the table's sensors report: the contract between ``hardware`` and ``ingest``.

A sensor is a *source*: an async stream of :data:`Observation` values, opened
by ``hardware`` from a URL-like string as pyserial and nfcpy open ports. One
source may watch several places at the table — a reader board has a reader
per seat, a camera sees every seat's area — so each observation names the
*zone* of its source that saw it (``""`` for a source that watches one place,
as a single NFC reader does). A reader reports what it feels
(:class:`TagPlaced`, :class:`TagRemoved`), a camera what it sees
(:class:`CardSeen`, :class:`CardGone`), and every source how it is doing
(:class:`SourceStatus`), with a reason a person can read in their language.
Plain values only: the game side needs no I/O library to consume them, and
they round-trip through JSON for scripted sources and diagnostics.
"""

from __future__ import annotations

import enum
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from companion.core.types import JSON, CardId, JSONObject
from companion.i18n import text

SourceName = str
"""The name a source goes by at this table (``seat1``, ``board``); its URL by default."""
Zone = str
"""Which of a source's readers or areas saw something: ``""`` for a source with one."""


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
    zone: Zone = ""


@dataclass(frozen=True)
class TagRemoved:
    """The tag left the reader's field."""

    source: SourceName
    uid: str
    at: float = 0.0
    zone: Zone = ""


@dataclass(frozen=True)
class CardSeen:
    """A camera recognised a card (by its marker or its art) in one of its zones."""

    source: SourceName
    card: CardId
    at: float = 0.0
    zone: Zone = ""
    confidence: float = 1.0


@dataclass(frozen=True)
class CardGone:
    """A card the camera saw in a zone is no longer there."""

    source: SourceName
    card: CardId
    at: float = 0.0
    zone: Zone = ""


class SourceState(enum.StrEnum):
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    """Faulted or unplugged; the source keeps trying, with growing pauses."""
    FAILED = "failed"
    """It cannot work as configured (bad URL, missing driver): trying again will not help."""
    CLOSED = "closed"


@dataclass(frozen=True)
class SourceStatus:
    """How a source is doing. ``kind`` says what it is (``nfc``, ``script``: i18n
    ``source.kind.<kind>``, so a reader is called a reader and a script a script);
    ``reason`` is an i18n key (``port.reason.hangup``) with ``args``; ``detail`` is
    technical (device name, error text) for diagnostics."""

    source: SourceName
    state: SourceState
    reason: str = ""
    args: JSONObject | None = None
    detail: str = ""
    at: float = 0.0
    kind: str = ""


Observation = TagPlaced | TagRemoved | CardSeen | CardGone | SourceStatus


def describe_status(lang: str, status: SourceStatus) -> str:
    """One sentence for a source's status, reason included: what the tablet shows. A
    source connected with a reason works but warns (a board with a reader not answering)."""
    why = text(lang, status.reason, **(status.args or {})) if status.reason else ""
    kind = text(lang, f"source.kind.{status.kind or 'any'}")
    warned = status.state is SourceState.CONNECTED and why  # working, with a warning
    state = "warning" if warned else status.state
    return text(lang, f"source.state.{state}", kind=kind, source=status.source, why=why)


class Source(Protocol):
    """A sensor as the app's loop sees it: iterate it for observations, close it to stop."""

    name: SourceName

    def __aiter__(self) -> AsyncIterator[Observation]: ...

    async def aclose(self) -> None: ...


@runtime_checkable
class Pausing(Protocol):
    """A source that may listen only while the app is on the screen (Android's reader mode):
    told when the app leaves it and when it comes back."""

    def pause(self) -> None: ...

    def resume(self) -> None: ...


# --- JSON -------------------------------------------------------------------------


def to_json(obs: Observation) -> JSONObject:
    """An observation as one JSON object (the format of ``script:`` files)."""
    zone: JSONObject = {"zone": obs.zone} if not isinstance(obs, SourceStatus) and obs.zone else {}
    if isinstance(obs, TagPlaced):
        records: list[JSON] = [
            {"type": r.type, "name": r.name, "payload": r.payload.hex()} for r in obs.records
        ]
        body: JSONObject = {"kind": "tag_placed", "uid": obs.uid, "records": records}
    elif isinstance(obs, TagRemoved):
        body = {"kind": "tag_removed", "uid": obs.uid}
    elif isinstance(obs, CardSeen):
        body = {"kind": "card_seen", "card": obs.card, "confidence": obs.confidence}
    elif isinstance(obs, CardGone):
        body = {"kind": "card_gone", "card": obs.card}
    else:
        body = {
            "kind": "source_status",
            "state": obs.state.value,
            "reason": obs.reason,
            "args": obs.args,
            "detail": obs.detail,
            "of": obs.kind,
        }
    return {**body, "source": obs.source, **zone}


def from_json(obj: JSONObject, at: float = 0.0) -> Observation:
    """The inverse of :func:`to_json`; ``ValueError`` names what is wrong."""
    try:
        kind, source, zone = obj["kind"], str(obj["source"]), str(obj.get("zone") or "")
        if kind == "tag_placed":
            records = obj.get("records") or []
            if not isinstance(records, list):
                raise ValueError("records must be a list")
            uid = _uid(obj["uid"])
            return TagPlaced(source, uid, tuple(_record(r) for r in records), at, zone)
        if kind == "tag_removed":
            return TagRemoved(source, _uid(obj["uid"]), at, zone)
        if kind == "card_seen":
            confidence = float(str(obj.get("confidence", 1.0)))
            return CardSeen(source, CardId(str(obj["card"])), at, zone, confidence)
        if kind == "card_gone":
            return CardGone(source, CardId(str(obj["card"])), at, zone)
        if kind == "source_status":
            args = obj.get("args")
            return SourceStatus(
                source,
                SourceState(str(obj["state"])),
                str(obj.get("reason") or ""),
                args if isinstance(args, dict) else None,
                str(obj.get("detail") or ""),
                at,
                str(obj.get("of") or ""),
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
