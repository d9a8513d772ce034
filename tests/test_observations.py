"""Sources are named by URL-like strings; observations round-trip through JSON; a reader's
status reads as a sentence in each language."""

from __future__ import annotations

import pytest

from companion.core.types import CardId
from companion.i18n import LANGS
from companion.observations import (
    BadSourceUrl,
    CardSeen,
    NdefRecord,
    NfcTty,
    NfcUsb,
    ReaderStatus,
    Script,
    SourceState,
    TagPlaced,
    TagRemoved,
    describe_status,
    from_json,
    parse_url,
    to_json,
)


@pytest.mark.parametrize(
    ("url", "spec"),
    [
        ("nfc:tty:USB0:pn532", NfcTty("USB0", "pn532")),
        ("nfc:tty:/dev/serial/by-id/usb-FTDI_A1-if00:pn532",
         NfcTty("/dev/serial/by-id/usb-FTDI_A1-if00", "pn532")),
        ("nfc:usb", NfcUsb("usb")),
        ("nfc:usb:072f:2200", NfcUsb("usb:072f:2200")),
        ("script:demo.jsonl", Script("demo.jsonl")),
    ],
)  # fmt: skip
def test_a_source_url_names_its_kind_of_reader(url: str, spec: object) -> None:
    assert parse_url(url) == spec


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("board:/dev/ttyACM0", "nfc.reason.unknown_scheme"),
        ("nfc:tty:USB0:arygon", "nfc.reason.unknown_driver"),
        ("nfc:tty:pn532", "nfc.reason.bad_url"),
        ("nfc:bluetooth", "nfc.reason.bad_url"),
    ],
)
def test_a_url_that_names_nothing_we_can_open_says_why(url: str, key: str) -> None:
    with pytest.raises(BadSourceUrl) as err:
        parse_url(url)
    assert err.value.key == key


def test_observations_round_trip_through_json() -> None:
    for obs in [
        TagPlaced("seat1", "04A1B2", (NdefRecord("urn:nfc:wkt:T", "", b"\x02enhi"),)),
        TagRemoved("seat1", "04A1B2"),
        CardSeen("camera", CardId("ACE")),
        ReaderStatus("centre", SourceState.RECONNECTING, "nfc.reason.hangup", {"reader": "c"}),
    ]:
        assert from_json(to_json(obs)) == obs


def test_a_malformed_observation_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="not an observation"):
        from_json({"kind": "tag_placed", "source": "s", "uid": "not hex"})
    with pytest.raises(ValueError, match="unknown kind"):
        from_json({"kind": "sneeze", "source": "s"})


def test_a_readers_status_reads_as_a_sentence_in_every_language() -> None:
    status = ReaderStatus("seat2", SourceState.RECONNECTING, "nfc.reason.unplugged")
    said = {lang: describe_status(lang, status) for lang in LANGS}
    assert said["en"] == "Reader seat2 is reconnecting: it was unplugged; plug it back in."
    assert "重新連線" in said["zh-Hant"] and "重新连接" in said["zh-Hans"]
