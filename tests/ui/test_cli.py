"""The ``companion`` command: a demo that ends with a winner, export, replay, resume."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from companion.i18n import text
from companion.journal import Journal
from companion.service import Draws, TableService
from ui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "winner", "phone"),
    [
        ("en", "Winners:", "'s phone"),
        ("zh-Hant", "勝利者", "的手機"),
        ("zh-Hans", "胜利者", "的手机"),
    ],
)
def test_the_demo_plays_a_game_to_its_winner_in_each_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, winner: str, phone: str
) -> None:
    code, out = run(
        capsys, "demo", "--fast", "--no-phones", "--db", str(tmp_path / "j.db"), "--lang", lang
    )
    assert code == 0
    assert winner in out and phone in out
    games = Journal(tmp_path / "j.db").games()
    assert len(games) == 1 and games[0].result is not None and games[0].result["winners"]


def test_the_same_seed_plays_the_same_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    outs = [
        run(
            capsys,
            "demo",
            "--fast",
            "--no-phones",
            "--seed",
            "3",
            "--db",
            str(tmp_path / f"{i}.db"),
            "--lang",
            "en",
        )[1]
        for i in range(2)
    ]
    assert outs[0].replace("1.db", "0.db") == outs[1].replace("1.db", "0.db")


def test_export_then_replay_gives_every_view(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, out = str(tmp_path / "j.db"), tmp_path / "game.jsonl"
    run(capsys, "demo", "--fast", "--no-phones", "--players", "5", "--db", db, "--lang", "en")
    assert run(capsys, "export", "1", "--db", db, "-o", str(out), "--lang", "en")[0] == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["game"] == "microfilms"
    assert json.loads(lines[1])["act"] == "deal"
    code, printed = run(capsys, "replay", str(out), "--json")
    views = json.loads(printed)
    assert code == 0 and len(views["private"]) == 5
    assert views["public"]["over"]["reason"] in ("claim", "last_standing")
    assert all(v["identity"] for v in views["private"])


def test_replaying_a_broken_file_says_which_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.jsonl"
    header = {"format": "table-companion/1", "game": "microfilms", "seats": ["A", "B", "C"]}
    bad.write_text(json.dumps(header) + "\n" + '{"act": "pass", "seat": 0}\n', encoding="utf-8")
    code, out = run(capsys, "replay", str(bad), "--lang", "en")
    assert code == 2 and "Line 2" in out


def test_resume_with_nothing_to_resume_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out = run(capsys, "resume", "--db", str(tmp_path / "j.db"), "--lang", "zh-Hant")
    assert code == 1 and "沒有可以繼續的未完成遊戲" in out


def test_the_help_is_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "zh-Hans", "demo", "--help"])
    assert "玩家人数" in capsys.readouterr().out


def test_the_demo_shows_each_seats_qr_code_and_address(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "j.db"
    code, out = run(capsys, "demo", "--fast", "--port", "0", "--db", str(db), "--lang", "en")
    assert code == 0 and "Scan a seat's QR code" in out
    tokens = Journal(db).seat_tokens(1)
    assert len(tokens) == 4
    for seat, token, _ in tokens:
        assert f"{['Ann', 'Ben', 'Cat', 'Dan'][seat]}: http://" in out and f"/#t={token}" in out
    assert "▄" in out  # the QR codes, in half blocks


def test_a_resumed_demo_whose_port_is_taken_says_so_and_shows_the_new_codes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "j.db"
    journal = Journal(db)
    service = TableService.start(
        journal, "microfilms", ["Ann", "Ben", "Cat", "Dan"], draws=Draws.APP, meta={"by": "demo"}
    )
    with socket.socket() as squatter:  # the port the game's phones were given, taken since
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        port = squatter.getsockname()[1]
        journal.keep_phone_place(service.game_id, "127.0.0.1", port)
        journal.close()
        argv = ["resume", "--fast", "--host", "127.0.0.1", "--port", str(port), "--db", str(db)]
        code, out = run(capsys, *argv, "--lang", "en")
    assert code == 0
    now = Journal(db).phone_place(service.game_id)
    assert now is not None and now[1] != port
    said = text("en", "tablet.codes_moved", before=f"127.0.0.1:{port}", now=f"127.0.0.1:{now[1]}")
    assert " ".join(said.split()) in " ".join(out.split())  # the console wraps long lines
    assert f"http://127.0.0.1:{now[1]}/#t=" in out


def test_play_with_readers_says_which_deck_is_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    tags = str(tmp_path / "tags.sqlite3")
    reader = ("--reader", "centre=script:none.jsonl", "--tags", tags, "--lang", "en")
    code, out = run(capsys, "play", *reader)
    assert code == 2 and "register one first" in out
    code, out = run(capsys, "play", *reader, "--deck", "attic")
    assert code == 2 and "no deck named “attic”" in out


@pytest.mark.parametrize(
    ("reader", "said"),
    [
        ("centre", "卡機要寫成 角色=位址"),
        ("table=nfc:usb", "seat:N、centre 或 discard"),
        ("seat:1=nfc:bogus", "不是 NFC 讀卡機位址"),
        ("seat:1=tape:x", "nfc:, script:"),
    ],
)
def test_a_badly_written_reader_is_explained_in_the_players_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, reader: str, said: str
) -> None:
    code, out = run(capsys, "play", "--reader", reader, "--lang", "zh-Hant",
                    "--tags", str(tmp_path / "tags.sqlite3"))  # fmt: skip
    assert code == 2 and said in out
    assert not any(word in out for word in ("not", "ROLE=URL,", "reader is"))
