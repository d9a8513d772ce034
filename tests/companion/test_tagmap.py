"""The tag map: stickers → cards per deck in SQLite, moved between tablets whole or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.types import CardId
from companion.observations import TagPlaced
from companion.tagmap import TagMap, TagMapError


def test_a_sticker_is_recognised_by_its_uid_or_by_its_sealed_record(tmp_path: Path) -> None:
    tags = TagMap(tmp_path / "tags.sqlite3")
    deck = tags.new_deck("home", "microfilms")
    tags.store(deck, {"04AA": CardId("ACE")})
    assert tags.recognise(deck, TagPlaced("r", "04AA")) == "ACE"
    record = deck.seal("04BB", CardId("M-CN"))
    fresh = TagMap(tmp_path / "other.sqlite3")
    known = fresh.import_({**tags.export(deck), "tags": {}})
    assert fresh.recognise(known, TagPlaced("r", "04BB", (record,))) == "M-CN", "no map needed"
    assert tags.recognise(deck, TagPlaced("r", "04CC")) is None


def test_a_tablet_with_a_deck_of_each_game_recognises_both(tmp_path: Path) -> None:
    tags = TagMap(tmp_path / "tags.sqlite3")
    films = tags.new_deck("films", "microfilms")
    message = tags.new_deck("message", "themessage")
    tags.store(films, {"04AA": CardId("ACE")})
    tags.store(message, {"04BB": CardId("LOCK-R-S-1")})
    decks = tags.decks()
    assert tags.recognise_in(decks, TagPlaced("r", "04BB")) == "LOCK-R-S-1"
    assert tags.recognise_in(decks, TagPlaced("r", "04AA")) == "ACE"
    assert tags.recognise_in(decks, TagPlaced("r", "04CC")) is None


def test_an_export_imports_on_another_tablet_as_the_same_deck(tmp_path: Path) -> None:
    tags = TagMap(tmp_path / "a.sqlite3")
    deck = tags.new_deck("home", "microfilms")
    tags.store(deck, {"04AA": CardId("ACE"), "04BB": CardId("M-CN")})
    other = TagMap(tmp_path / "b.sqlite3")
    copy = other.import_(tags.export(deck))
    assert (copy.name, copy.game, copy.tag, copy.key) == (deck.name, deck.game, deck.tag, deck.key)
    assert other.cards(copy) == tags.cards(deck)
    assert "key" not in repr(copy), "a deck's key never shows in a log"


def test_an_import_whose_stickers_belong_elsewhere_stores_nothing(tmp_path: Path) -> None:
    tags = TagMap(tmp_path / "a.sqlite3")
    deck = tags.new_deck("home", "microfilms")
    tags.store(deck, {"04AA": CardId("ACE")})
    other = TagMap(tmp_path / "b.sqlite3")
    other.store(other.new_deck("club", "microfilms"), {"04AA": CardId("R-UK")})
    with pytest.raises(TagMapError) as err:
        other.import_(tags.export(deck))
    assert err.value.key == "register.error.tag_elsewhere"
    assert [d.name for d in other.decks()] == ["club"]


def test_a_file_that_is_no_export_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TagMapError) as err:
        TagMap(tmp_path / "a.sqlite3").import_({"format": "something else"})
    assert err.value.key == "register.error.bad_file"


def test_a_deck_keeps_its_camera_markers_apart_from_its_stickers_and_moves_with_them(
    tmp_path: Path,
) -> None:
    tags = TagMap(tmp_path / "a.sqlite3")
    home, club = tags.new_deck("home", "microfilms"), tags.new_deck("club", "microfilms")
    tags.store(home, {"04AA": CardId("ACE")})
    tags.store_markers(home, {4: CardId("ACE"), 5: CardId("M-CN")})
    tags.store_markers(club, {4: CardId("R-UK")})  # every printed sheet starts at 4
    assert tags.markers_in([home])[4] == "ACE" and tags.markers_in([club, home])[4] == "R-UK"
    assert tags.markers_in([home]).get(6) is None
    assert tags.cards(home) == {"04AA": "ACE"}, "a card may have a sticker and a marker"
    other = TagMap(tmp_path / "b.sqlite3")
    copy = other.import_(tags.export(home))
    assert other.markers(copy) == {4: "ACE", 5: "M-CN"}
    with pytest.raises(TagMapError):
        other.import_({**tags.export(club), "name": "x", "tag": "00" * 8,
                       "markers": {"4": "ACE", "5": "ACE"}})  # fmt: skip
    assert [d.name for d in other.decks()] == ["home"], "a bad file stores nothing"


def test_a_deck_keeps_a_photo_of_each_face_for_the_markerless_camera(tmp_path: Path) -> None:
    tags = TagMap(tmp_path / "a.sqlite3")
    deck = tags.new_deck("home", "microfilms")
    tags.store_photos(deck, {CardId("R-UK"): b"\x01\x02", CardId("ACE"): b"\x03"})
    assert list(TagMap(tmp_path / "a.sqlite3").photos(deck).items()) == [
        ("R-UK", b"\x01\x02"), ("ACE", b"\x03")]  # fmt: skip
    tags.store_photos(deck, {CardId("ACE"): b"\x04"})
    assert tags.photos(deck) == {"ACE": b"\x04"}, "a new walk replaces the old photos"
