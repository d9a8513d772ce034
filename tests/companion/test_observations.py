"""Observations round-trip through JSON, each naming the zone of its source that saw it; a
source's status reads as a sentence in each language, in words for its kind of source."""

from __future__ import annotations

import pytest

from companion.core.types import CardId
from companion.i18n import LANGS
from companion.observations import (
    CardGone,
    CardSeen,
    NdefRecord,
    SourceState,
    SourceStatus,
    TagPlaced,
    TagRemoved,
    describe_status,
    from_json,
    to_json,
)


def test_observations_round_trip_through_json() -> None:
    for obs in [
        TagPlaced("seat1", "04A1B2", (NdefRecord("urn:nfc:wkt:T", "", b"\x02enhi"),)),
        TagPlaced("board", "04A1B2", zone="3"),
        TagRemoved("seat1", "04A1B2"),
        TagRemoved("board", "04A1B2", zone="3"),
        CardSeen("camera", CardId("ACE"), zone="centre", confidence=0.75),
        CardGone("camera", CardId("ACE"), zone="centre"),
        SourceStatus("centre", SourceState.RECONNECTING, "port.reason.hangup", {"reader": "c"}),
        SourceStatus("demo", SourceState.CONNECTED, kind="script"),
    ]:
        assert from_json(to_json(obs)) == obs


def test_a_malformed_observation_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="not an observation"):
        from_json({"kind": "tag_placed", "source": "s", "uid": "not hex"})
    with pytest.raises(ValueError, match="unknown kind"):
        from_json({"kind": "sneeze", "source": "s"})


def test_a_readers_status_reads_as_a_sentence_in_every_language() -> None:
    status = SourceStatus("seat2", SourceState.RECONNECTING, "port.reason.unplugged", kind="nfc")
    said = {lang: describe_status(lang, status) for lang in LANGS}
    assert said["en"] == "Reader seat2 is reconnecting: it was unplugged; plug it back in."
    assert "讀卡機" in said["zh-Hant"] and "重新連線" in said["zh-Hant"]
    assert "读卡器" in said["zh-Hans"] and "重新连接" in said["zh-Hans"]


def test_a_source_that_is_no_reader_is_not_called_one() -> None:
    status = SourceStatus(
        "demo.jsonl", SourceState.FAILED, "script.reason.not_found", kind="script"
    )
    said = {lang: describe_status(lang, status) for lang in LANGS}
    assert said["en"] == "Script demo.jsonl cannot work: the script file is not there."
    assert not any(word in said[lang] for lang in LANGS for word in ("Reader", "讀卡機", "读卡器"))


def test_a_board_working_with_a_reader_unwell_reads_as_connected_with_a_warning() -> None:
    status = SourceStatus("board", SourceState.CONNECTED, "board.reason.unwell",
                          {"readers": "2"}, kind="board")  # fmt: skip
    said = {lang: describe_status(lang, status) for lang in LANGS}
    assert said["en"] == (
        "Reader board board is connected, but reader 2 is not reading well (see companion doctor)."
    )
    assert "已連線，但第 2 號讀卡機" in said["zh-Hant"]
    assert "已连接，但第 2 号读卡器" in said["zh-Hans"]
    well = SourceStatus("board", SourceState.CONNECTED, kind="board")
    assert describe_status("en", well) == "Reader board board is connected."
