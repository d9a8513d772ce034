"""``companion register`` and ``companion doctor``: a deck registered by tapping every card
once, its map exported and imported, and what is attached listed with its status."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from pathlib import Path

import ndef
import pytest

from companion import boxes
from companion.core.codec import to_json
from companion.core.types import CardId, JSONObject
from companion.games import GAMES
from companion.observations import NdefRecord, TagPlaced
from companion.tagmap import TagMap
from companion.walkthrough import deck_cards
from firmware_bridge.emulators.board import BoardEmulator
from firmware_bridge.emulators.ntag import Ntag213, sticker
from firmware_bridge.emulators.pn532 import Pn532Emulator
from firmware_bridge.protocol import Health
from hardware.register import register
from hardware.sources import open_source
from ui.cli import main

(CARDS,) = GAMES["microfilms"].sensing.boxes.values()


def uid(tag: Ntag213) -> str:
    return tag.uid.hex().upper()


async def test_every_card_is_tapped_once_and_its_sticker_written_for_this_app_only(
    tmp_path: Path,
) -> None:
    tags = TagMap(tmp_path / "tags.sqlite3")
    club = tags.new_deck("club", "microfilms")
    stranger = sticker("club's ace")
    tags.store(club, {uid(stranger): CardId("ACE")})
    deck = tags.new_deck("home", "microfilms")
    stickers = [sticker(c) for c in CARDS]
    taps = [*stickers[:2], stickers[0], stranger, *stickers[2:]]
    said: asyncio.Queue[tuple[str, JSONObject]] = asyncio.Queue()
    with Pn532Emulator(tmp_path / "ttyReg") as reader:
        source = open_source(f"nfc:tty:{tmp_path / 'ttyReg'}:pn532", "reg")
        walking = asyncio.create_task(register(
            source, tags, deck, CARDS, write=True, say=lambda k, a: said.put_nowait((k, a))
        ))  # fmt: skip
        answers = []
        async with asyncio.timeout(60):
            for tag in taps:
                reader.place(tag)
                while (key := (await said.get())[0]).startswith(("register.next", "source.")):
                    pass
                answers.append(key)
                reader.remove()
            bound = await walking
    assert answers[:4] == [
        "register.bound", "register.bound", "register.duplicate", "register.stranger.other_deck"
    ]  # fmt: skip
    assert bound == {uid(t): c for t, c in zip(stickers, CARDS, strict=True)}
    assert tags.cards(deck) == bound
    elsewhere = TagMap(tmp_path / "elsewhere.sqlite3")
    mapless = elsewhere.import_({**tags.export(deck), "tags": {}})
    for tag, card in zip(stickers, CARDS, strict=True):
        assert card.encode() not in tag.ndef, "no card name in plain text on a sticker"
        assert elsewhere.recognise(mapless, as_read(tag)) == card, "recognised with no map"


def as_read(tag: Ntag213) -> TagPlaced:
    """What a reader reports of the sticker: its UID and the records it holds."""
    records = tuple(
        NdefRecord(r.type, r.name, bytes(r.data)) for r in ndef.message_decoder(tag.ndef)
    )
    return TagPlaced("r", uid(tag), records)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main([*argv, "--lang", "en"])
    return code, capsys.readouterr().out


def test_the_command_registers_from_a_reader_then_exports_and_imports_the_map(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "taps.jsonl"
    taps = [uid(sticker(c)) for c in CARDS[:3]] + [uid(sticker(CARDS[0]))]
    taps += [uid(sticker(c)) for c in CARDS[3:]]
    script.write_text("".join(json.dumps({"kind": "tag_placed", "source": "r", "uid": u}) + "\n"
                              for u in taps))  # fmt: skip
    db, other = tmp_path / "tags.sqlite3", tmp_path / "other.sqlite3"
    code, out = run(capsys, "register", "--reader", f"script:{script}", "--tags", str(db))
    assert code == 0, out
    assert "Tap Agent (China) (1 of 25)." in out
    assert "That card was tapped already: it is Agent (China)." in out
    assert "Done: 25 cards of deck “microfilms” registered." in out
    export = tmp_path / "deck.json"
    assert run(capsys, "register", "--export", str(export), "--tags", str(db))[0] == 0
    assert export.stat().st_mode & 0o077 == 0, "the export holds the key: private"
    code, out = run(capsys, "register", "--import", str(export), "--tags", str(other))
    assert (code, out.strip()) == (0, "Deck “microfilms” imported: 25 cards.")
    code, out = run(capsys, "register", "--import", str(export), "--tags", str(other))
    assert code == 1 and "already exists" in out


def test_register_says_what_is_missing_without_a_reader(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out = run(capsys, "register", "--tags", str(tmp_path / "t.sqlite3"))
    assert code == 1 and "--reader nfc:tty:USB0:pn532" in out
    code, out = run(capsys, "register", "--reader", "nfc:tty:USB0:acme",
                    "--tags", str(tmp_path / "t.sqlite3"))  # fmt: skip
    assert code == 1 and "only the pn532 driver" in out


def test_doctor_lists_the_readers_status_and_the_registered_decks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    tags = TagMap(tmp_path / "tags.sqlite3")
    tags.store(tags.new_deck("home", "microfilms"), {"04AA": CardId("ACE")})
    with Pn532Emulator(tmp_path / "ttyDoc"):
        code, out = run(capsys, "doctor", "--reader", f"nfc:tty:{tmp_path / 'ttyDoc'}:pn532",
                        "--reader", f"nfc:tty:{tmp_path / 'absent'}:pn532",
                        "--tags", str(tmp_path / "tags.sqlite3"))  # fmt: skip
    assert code == 0
    assert "nfcpy version 1.0.4" in out
    assert f"Reader nfc:tty:{tmp_path / 'ttyDoc'}:pn532 is connected." in out
    assert "is reconnecting: nothing is plugged in there." in out
    assert "Deck “home” (microfilms): 1 stickers registered." in out


def test_doctor_lists_a_board_and_each_of_its_readers_health(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    link = tmp_path / "ttyACM-doc"
    with BoardEmulator(link, readers=3) as board:
        board.health[1] = Health.SILENT
        code, out = run(capsys, "doctor", "--reader", f"board:{link}",
                        "--tags", str(tmp_path / "tags.sqlite3"))  # fmt: skip
    assert code == 0
    assert f"Reader board board:{link} is connected, but reader 1 is not reading well" in out
    assert "  reader 0: reading well\n" in out
    assert "  reader 1: not answering (unplugged, or its select wire loose)\n" in out
    assert "  reader 2: reading well\n" in out
    assert "firmware 1.0.0, 3 readers" in out


def test_a_group_registers_its_own_counted_box_every_copy_of_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """暗火线 §1.3 (counts UNKNOWN): a box with more bullets than the default guess, saved as a
    named box or passed as its file, is registered card by card, the extra copies too; a
    box that is neither says which boxes there are."""
    spec, db = GAMES["darkfireline"], tmp_path / "tags.sqlite3"
    ours = dataclasses.replace(spec.options_type().box, single=20)
    box_file = tmp_path / "ours.json"
    boxes.write(boxes.NamedBox("darkfireline", "俱樂部", {"box": to_json(ours)},
                               {6: {"deck_serums": 9}}), box_file)  # fmt: skip
    cards = boxes.box_cards(boxes.read(box_file, "darkfireline", spec.options_type), spec)
    assert {"SINGLE-20", "SERUM-9"} <= set(cards) and "SERUM-10" not in cards
    script = tmp_path / "taps.jsonl"
    taps = [{"kind": "tag_placed", "source": "r", "uid": uid(sticker(c))} for c in cards]
    script.write_text("".join(json.dumps(tap) + "\n" for tap in taps))

    code, out = run(capsys, "register", "--game", "darkfireline", "--box", str(box_file),
                    "--reader", f"script:{script}", "--tags", str(db))  # fmt: skip
    assert code == 0, out
    assert f"Done: {len(cards)} cards of deck “darkfireline” registered." in out
    tags = TagMap(db)
    deck = tags.deck("darkfireline")
    assert deck is not None and deck.box == "俱樂部"
    assert set(tags.cards(deck).values()) == set(cards)
    assert deck_cards(deck, boxes.folder_beside(db)) == cards, "the file is kept with the boxes"

    code, out = run(capsys, "register", "--game", "darkfireline", "--deck", "again", "--box",
                    "no such box", "--reader", f"script:{script}", "--tags", str(db))  # fmt: skip
    assert code == 1 and "(it has: digest, 俱樂部)" in out
    assert TagMap(db).deck("again") is None, "nothing is made of a box there is not"
