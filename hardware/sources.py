"""Opening a source from its URL: the one table of schemes, each with what reads and opens it.

``nfc:tty:USB0:pn532`` and ``nfc:usb`` open an NFC reader (:mod:`hardware.nfc`),
``board:/dev/ttyACM0`` our reader board, a zone per reader (:mod:`hardware.board`),
``camera:0`` and ``camera:game.avi`` an overhead camera or its recording
(:mod:`hardware.camera.source`), ``android:nfc`` the tablet's own NFC chip
(:mod:`hardware.android_nfc`), ``script:demo.jsonl`` replays observations from a
file (:mod:`hardware.script`). Each kind's module is loaded only when a URL names it — the
tablet's path imports no driver a table does not use (nor one Android lacks: nfcpy wants
``termios``). What a source needs to know beyond its address — a
camera its calibration and the deck's markers — comes in a :class:`Context`.
A URL names its scheme first; the rest is the scheme's own to read, as nfcpy
reads its device paths. Adding a kind of sensor is one row here. A place at the
table is watched by a source, or by one of its zones (:class:`Watch`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.core.taps import Station
from companion.core.types import CardId, JSONObject
from companion.observations import Source, SourceName, Zone
from firmware_bridge.protocol import MAX_READERS
from hardware.script import ScriptSource
from hardware.urls import BadSourceUrl

if TYPE_CHECKING:
    from hardware.android_nfc import AndroidNfc
    from hardware.camera.art import Gallery
    from hardware.camera.layout import Calibration


def _no_markers(marker: int) -> CardId | None:
    return None


@dataclass(frozen=True)
class Context:
    """What the table tells its sources: the card each of the deck's camera markers stands
    for, the camera's calibration (``None``: never calibrated), and, for a deck without
    stickers, the photos of its faces the camera knows the cards by instead."""

    markers: Callable[[int], CardId | None] = _no_markers
    camera: Calibration | None = None
    gallery: Gallery | None = None
    android: AndroidNfc | None = None
    """Android's NFC, for ``android:nfc`` (``None``: reached through pyjnius, on a tablet)."""


@dataclass(frozen=True)
class Scheme:
    """One kind of sensor: ``read(url, rest)`` checks an address (raising
    :class:`BadSourceUrl`), ``open(address, name, context)`` opens what it names;
    ``zones`` are the zones it has, if fixed (``None``: its own to name, as a camera's)."""

    read: Callable[[str, str], Any]
    open: Callable[[Any, SourceName, Context], Source]
    zones: tuple[Zone, ...] | None = None


def _read_script(url: str, rest: str) -> Path:
    if not rest:
        raise BadSourceUrl(url, "script.reason.no_file")
    return Path(rest)


def _read_nfc(url: str, rest: str) -> Any:
    from hardware import nfc  # noqa: PLC0415 -- nfcpy and termios only for a table with one

    return nfc.read_url(url, rest)


def _open_nfc(address: Any, name: SourceName, context: Context) -> Source:
    from hardware import nfc  # noqa: PLC0415 -- as above

    return nfc.NfcSource(name, address)


def _read_board(url: str, rest: str) -> Any:
    from hardware import board  # noqa: PLC0415 -- pyserial only for a table with a board

    return board.read_url(url, rest)


def _open_board(address: Any, name: SourceName, context: Context) -> Source:
    from hardware import board  # noqa: PLC0415 -- as above

    return board.BoardSource(name, address)


def _read_android(url: str, rest: str) -> Any:
    from hardware import android_nfc  # noqa: PLC0415 -- the tablet's own NFC, on Android

    return android_nfc.read_url(url, rest)


def _open_android(address: Any, name: SourceName, context: Context) -> Source:
    from hardware.android_nfc import AndroidNfcSource  # noqa: PLC0415 -- as above

    bridge = context.android
    if bridge is None:
        from hardware.android_jnius import JniusNfc  # noqa: PLC0415 -- Java: only on Android

        bridge = JniusNfc()
    return AndroidNfcSource(name, bridge)


def _read_camera(url: str, rest: str) -> Any:
    from hardware.camera import source  # noqa: PLC0415 -- OpenCV only for a table with a camera

    return source.read_url(url, rest)


def _open_camera(address: Any, name: SourceName, context: Context) -> Source:
    from hardware.camera.art import ArtDetector  # noqa: PLC0415 -- as above
    from hardware.camera.source import CameraSource  # noqa: PLC0415 -- as above

    if context.camera is None:
        raise BadSourceUrl(name, "calibrate.none", {"file": ""})
    c = context.camera
    if context.gallery is None:
        return CameraSource(name, address, c.table, context.markers, c.homography)
    art = ArtDetector(context.gallery)
    return CameraSource(name, address, c.table, art.known, c.homography, finder=art)


SCHEMES: dict[str, Scheme] = {
    "nfc": Scheme(_read_nfc, _open_nfc, ("",)),
    "board": Scheme(_read_board, _open_board, tuple(str(r) for r in range(MAX_READERS))),
    "camera": Scheme(_read_camera, _open_camera),
    "android": Scheme(_read_android, _open_android, ("",)),
    "script": Scheme(_read_script, lambda address, name, _: ScriptSource(name, address)),
}


def check_url(url: str) -> tuple[Scheme, Any]:
    """The scheme of ``url`` and the address it reads; raises :class:`BadSourceUrl`."""
    name, _, rest = url.partition(":")
    scheme = SCHEMES.get(name)
    if scheme is None:
        known = ", ".join(f"{s}:" for s in SCHEMES)
        raise BadSourceUrl(url, "source.reason.unknown_scheme", {"schemes": known})
    return scheme, scheme.read(url, rest)


def open_source(url: str, name: SourceName | None = None, context: Context | None = None) -> Source:
    """The source ``url`` names, called ``name`` at this table (its URL by default).

    :raises BadSourceUrl: the URL names nothing, or a camera that was never calibrated.
    """
    scheme, address = check_url(url)
    return scheme.open(address, name or url, context or Context())


# --- what watches which place ---------------------------------------------------------


class BadWatch(ValueError):
    """A place and its source written wrong; ``key`` is the catalog's words for what is
    wrong with ``given``."""

    def __init__(self, given: str, key: str, details: JSONObject | None = None) -> None:
        super().__init__(f"{given}: {key}")
        self.given = given
        self.key = key
        self.details = details or {}


@dataclass(frozen=True)
class Watch:
    """A place at the table and the source (and which of its zones) that watches it."""

    station: Station
    url: str
    zone: Zone = ""
    written: str = ""
    """The place as the person wrote it (``seat:1``)."""

    @classmethod
    def parse(cls, text: str) -> Watch:
        """``seat:1=nfc:tty:USB0:pn532``, ``centre=nfc:usb``; a source with several readers or
        zones names the one after ``#`` (``seat:3=board:/dev/ttyACM0#2``).

        Raises :class:`BadWatch` before the app starts, rather than leave a place written
        wrong silently unwatched.
        """
        place, _, rest = text.partition("=")
        url, _, zone = rest.partition("#")
        if not url:
            raise BadWatch(text, "cli.reader.form")
        try:
            station = Station.parse(place)
        except ValueError:
            raise BadWatch(place, "cli.reader.place") from None
        try:
            scheme, _ = check_url(url)
        except BadSourceUrl as err:
            raise BadWatch(url, err.key, err.details) from err
        if scheme.zones == ("",) and zone:
            raise BadWatch(text, "cli.reader.no_zone")
        if scheme.zones is not None and zone not in scheme.zones:
            raise BadWatch(text, "cli.reader.zone", {"zones": ", ".join(scheme.zones)})
        return cls(_sighted(station, url), url, zone, place)

    @classmethod
    def zones_of(cls, url: str, calibration: Calibration) -> list[Watch]:
        """A camera watching the whole table: each of its calibrated zones watches the place
        it is named after."""
        check_url(url)
        return [cls(_sighted(Station.parse(zone), url), url, zone, zone)
                for zone in calibration.table.zones]  # fmt: skip


def _sighted(station: Station, url: str) -> Station:
    """The station as its source senses it: a camera sees what lies there (:attr:`Station.seen`)."""
    camera = url.partition(":")[0] == "camera"
    return Station(station.place, station.seat, seen=True) if camera else station


def open_watched(
    watches: Sequence[Watch], context: Context | None = None
) -> list[tuple[Source, dict[Zone, Station]]]:
    """Each source the watches name, opened once, with the place each of its zones watches.

    A source that watches one place goes by that place's name (``seat:1``); one that
    watches several, by its URL.
    """
    by_url: dict[str, list[Watch]] = {}
    for watch in watches:
        by_url.setdefault(watch.url, []).append(watch)
    opened = []
    for url, some in by_url.items():
        name = some[0].written if len(some) == 1 else url
        opened.append((open_source(url, name, context), {w.zone: w.station for w in some}))
    return opened
