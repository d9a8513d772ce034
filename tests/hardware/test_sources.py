"""Sources are named by URL-like strings, read by one table of schemes; a place at the table
is watched by a source or by one zone of it, and what is written wrong says why."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.taps import Place, Station
from companion.core.types import Seat
from hardware.camera.source import Address
from hardware.nfc import NfcTty, NfcUsb
from hardware.sources import SCHEMES, BadWatch, Watch, check_url, open_watched
from hardware.urls import BadSourceUrl


@pytest.mark.parametrize(
    ("url", "address"),
    [
        ("nfc:tty:USB0:pn532", NfcTty("USB0", "pn532")),
        ("nfc:tty:/dev/serial/by-id/usb-FTDI_A1-if00:pn532",
         NfcTty("/dev/serial/by-id/usb-FTDI_A1-if00", "pn532")),
        ("nfc:usb", NfcUsb("usb")),
        ("nfc:usb:072f:2200", NfcUsb("usb:072f:2200")),
        ("script:demo.jsonl", Path("demo.jsonl")),
        ("camera:0", Address(0, None)),
        ("camera:game night.avi", Address(None, "game night.avi")),
    ],
)  # fmt: skip
def test_a_source_url_names_its_kind_of_sensor(url: str, address: object) -> None:
    scheme, read = check_url(url)
    assert read == address and scheme is SCHEMES[url.partition(":")[0]]


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("tape:/dev/ttyACM0", "source.reason.unknown_scheme"),
        ("nfc:tty:USB0:arygon", "nfc.reason.unknown_driver"),
        ("nfc:tty:pn532", "nfc.reason.bad_url"),
        ("nfc:bluetooth", "nfc.reason.bad_url"),
        ("script:", "script.reason.no_file"),
        ("camera:", "camera.reason.no_device"),
    ],
)
def test_a_url_that_names_nothing_we_can_open_says_why(url: str, key: str) -> None:
    with pytest.raises(BadSourceUrl) as err:
        check_url(url)
    assert err.value.key == key


def test_an_unknown_scheme_is_told_which_schemes_there_are() -> None:
    with pytest.raises(BadSourceUrl) as err:
        check_url("tape:x")
    assert err.value.details == {"schemes": ", ".join(f"{s}:" for s in SCHEMES)}


def test_a_place_is_watched_by_a_source_or_by_one_zone_of_it() -> None:
    assert Watch.parse("seat:2=nfc:tty:USB0:pn532") == Watch(
        Station(Place.SEAT, Seat(1)), "nfc:tty:USB0:pn532", "", "seat:2"
    )
    assert Watch.parse("centre=script:board.jsonl#4").zone == "4"


@pytest.mark.parametrize(
    ("written", "key"),
    [
        ("nfc:usb", "cli.reader.form"),
        ("seat:0=nfc:usb", "cli.reader.place"),
        ("hand=nfc:usb", "cli.reader.place"),
        ("centre=tape:x", "source.reason.unknown_scheme"),
    ],
)
def test_a_place_written_wrong_says_why(written: str, key: str) -> None:
    with pytest.raises(BadWatch) as err:
        Watch.parse(written)
    assert err.value.key == key


def test_one_source_watching_several_places_is_opened_once(tmp_path: Path) -> None:
    script = tmp_path / "board.jsonl"
    watches = [Watch.parse(f"seat:{i}=script:{script}#{i}") for i in (1, 2)]
    watches.append(Watch.parse(f"centre=script:{tmp_path / 'centre.jsonl'}"))
    opened = open_watched(watches)
    assert [(source.name, zones) for source, zones in opened] == [
        (
            f"script:{script}",
            {"1": Station(Place.SEAT, Seat(0)), "2": Station(Place.SEAT, Seat(1))},
        ),
        ("centre", {"": Station(Place.CENTRE)}),
    ]
