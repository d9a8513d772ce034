"""The ``companion`` command: a demo that ends with a winner, export, replay, resume."""

from __future__ import annotations

import builtins
import json
import random
import re
import shutil
import socket
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from companion.core.playout import choose
from companion.games import GAMES
from companion.i18n import text
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService
from tests.companion.test_fairness import in_a_shell
from tests.companion.test_journal import on_a_read_only_card
from tests.journals import damage_rows_page, digest, two_games
from ui import console
from ui.cli import main

ROOT = Path(__file__).resolve().parents[2]


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


@pytest.mark.parametrize("board", [False, True], ids=["nfc", "board"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_s_demo_deals_and_plays_to_its_end_on_the_emulated_readers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, board: bool
) -> None:
    """``companion demo --game G``: the bots lay the deal and every card on a PN532 per seat,
    the centre's and the discard pile's — or, ``--input board``, on a reader board's
    readers — and the game ends with its winners."""
    db = tmp_path / "j.db"
    code, out = run(capsys, "demo", "--game", game, "--fast", "--no-phones", "--db", str(db),
                    "--lang", "en", "--input", "board" if board else "nfc")  # fmt: skip
    assert code == 0, out
    said = " ".join(text("en", "demo.board" if board else "demo.readers", count=6,
                         boards=1).split())  # fmt: skip
    assert said in " ".join(out.split()), "the line may wrap"
    assert "a card on Ann's reader" in out
    (played,) = Journal(db).games()
    assert played.game == game and played.result is not None and played.result["winners"]


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


def test_ctrl_c_while_the_command_loads_stops_it_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The installed ``companion`` is :func:`ui.console.run`: a Ctrl-C in the second the app
    takes to load ends it with 130 and no traceback, as one once it has loaded does."""
    loading = builtins.__import__

    def interrupted(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "ui.cli":
            raise KeyboardInterrupt
        return loading(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "ui.cli")
    monkeypatch.setattr(builtins, "__import__", interrupted)
    assert console.run() == 130
    assert capsys.readouterr() == ("", "")


def test_the_installed_command_is_the_quiet_entry() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"companion": "ui.console:run"}


def test_the_help_is_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "zh-Hans", "demo", "--help"])
    assert "玩家人数" in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_every_command_and_option_is_explained_in_words_not_keys(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", lang, "--help"])
    commands = capsys.readouterr().out
    assert "cli.help" not in commands
    for command in ("demo", "play", "resume", "export", "replay", "games", "story", "register",
                    "markers", "calibrate", "doctor"):  # fmt: skip
        assert command in commands
        with pytest.raises(SystemExit):
            main(["--lang", lang, command, "--help"])
        assert "cli.help" not in capsys.readouterr().out, command


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
        journal, "microfilms", ["Ann", "Ben", "Cat", "Dan"], draws=Draws.APP, by="demo"
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
        ("centre", "卡機要寫成 位置=位址"),
        ("table=nfc:usb", "seat:N、centre 或 discard"),
        ("seat:1=nfc:bogus", "不是 NFC 讀卡機位址"),
        ("seat:1=tape:x", "nfc:, board:, camera:, android:, script:"),
        ("seat:1=board:/dev/ttyACM0", "# 後寫明是哪一台讀卡機"),
    ],
)
def test_a_badly_written_reader_is_explained_in_the_players_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, reader: str, said: str
) -> None:
    code, out = run(capsys, "play", "--reader", reader, "--lang", "zh-Hant",
                    "--tags", str(tmp_path / "tags.sqlite3"))  # fmt: skip
    assert code == 2 and said in out
    assert not any(word in out for word in ("not", "PLACE=URL,", "reader is"))


JOURNAL_COMMANDS = [
    ("play",),
    ("demo", "--fast", "--no-phones"),
    ("resume",),
    ("export", "1"),
    ("games",),
]


@pytest.mark.parametrize("command", JOURNAL_COMMANDS, ids=lambda c: c[0])
def test_a_file_that_is_not_a_journal_is_said_so_in_the_players_language_and_left_as_it_was(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    photo = tmp_path / "IMG_0042.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(range(256)) * 16)
    before = digest(photo)
    code, out = run(capsys, *command, "--db", str(photo), "--lang", "zh-Hant")
    assert code == 2 and f"{photo} 不是桌遊夥伴的記錄檔" in out
    assert digest(photo) == before


def test_a_damaged_journal_lists_and_exports_what_it_still_can_and_says_what_was_lost(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, out = tmp_path / "j.sqlite3", tmp_path / "game2.jsonl"
    _, unfinished = two_games(db)
    damage_rows_page(db)
    before = digest(db)

    assert main(["games", "--db", str(db), "--lang", "en"]) == 0
    said = capsys.readouterr()
    assert f"The journal {db} is damaged" in said.err
    read = int(re.findall(r"Game 2: its first (\d+) actions can be read", said.err)[0])
    assert 0 < read < len(unfinished)
    assert "#1" in said.out and f"#2  microfilms  Ann, Ben, Cat, Dan  — {read} actions" in said.out

    assert main(["export", "2", "--db", str(db), "--lang", "en"]) == 0
    exported = capsys.readouterr().out.splitlines()
    assert [json.loads(line) for line in exported[1:]] == unfinished[:read]
    assert run(capsys, "export", "2", "--db", str(db), "-o", str(out), "--lang", "en")[0] == 0
    assert run(capsys, "replay", str(out), "--json")[0] == 0

    for command in JOURNAL_COMMANDS[:3]:
        code, printed = run(capsys, *command, "--db", str(db), "--lang", "zh-Hans")
        assert code == 2 and f"记录文件 {db} 已损坏" in printed
        assert f"第 2 局：前 {read} 个动作可以读出" in printed and "--db 指定一个新文件" in printed
    assert digest(db) == before


def test_a_journal_on_a_read_only_card_is_listed_but_not_played_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "j.sqlite3"
    two_games(db)
    on_a_read_only_card(db)
    before = digest(db)
    code, out = run(capsys, "games", "--db", str(db), "--lang", "zh-Hant")
    assert code == 0 and "#1  microfilms" in out and "#2  microfilms" in out
    code, out = run(capsys, "demo", "--fast", "--no-phones", "--db", str(db), "--lang", "zh-Hant")
    assert code == 2 and "記錄檔無法寫入" in out
    assert digest(db) == before


def test_an_export_opens_the_fairness_seal_only_once_the_game_is_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "j.db"
    journal = Journal(db)
    service = TableService.start(journal, "microfilms", ["Ann", "Ben", "Cat", "Dan"],
                                 draws=Draws.APP, rng=random.Random(2))  # fmt: skip
    shown, salt = service.seal.fingerprint(), journal.salt(service.game_id)
    assert shown is not None and salt is not None
    game = str(service.game_id)
    rng = random.Random(2)
    while service.over() is None:
        code, out = run(capsys, "export", game, "--db", str(db), "--lang", "en")
        assert code == 0 and salt not in out, "the salt is out before the end"
        seat = service.acting()
        assert seat is not None
        service.submit(choose(service.spec, service.table.state, seat, rng, {}))
    exported = tmp_path / "game.jsonl"
    assert run(capsys, "export", game, "--db", str(db), "-o", str(exported), "--lang", "en")[0] == 0
    seal = json.loads(exported.read_text(encoding="utf-8").splitlines()[-1])["seal"]
    assert (seal["fingerprint"], seal["salt"]) == (shown, salt)
    assert in_a_shell(seal["check"]) == shown + "\n"
    assert run(capsys, "replay", str(exported), "--json")[0] == 0, "a replay reads past the seal"


def test_story_draws_a_finished_game_as_typed_and_refuses_one_still_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, shots: Path
) -> None:
    """``companion story GAME -o FILE``: the picture of a game that is over; a game still
    played has secrets yet, and is refused in words, with no file written."""
    db = tmp_path / "j.db"
    two_games(db)  # game 1 is over, game 2 goes on
    picture = tmp_path / "game one.png"
    companion = Path(sys.executable).parent / "companion"
    typed = subprocess.run(
        [str(companion), "story", "1", "-o", str(picture), "--db", str(db), "--lang", "zh-Hant"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert typed.returncode == 0, typed.stderr
    written = text("zh-Hant", "cli.story_written", game=1, path=str(picture))
    assert " ".join(typed.stdout.split()) == " ".join(written.split())
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    shutil.copy(picture, shots / "story-microfilms-zh-Hant.png")  # as docs/tablet.md shows it
    running = tmp_path / "game two.svg"
    code, out = run(capsys, "story", "2", "-o", str(running), "--db", str(db), "--lang", "en")
    assert code == 1 and "".join(out.split()) == "".join(
        text("en", "story.still_playing", game=2).split()
    )
    assert not running.exists()
    code, out = run(capsys, "story", "1", "-o", str(tmp_path / "one.jpg"), "--db", str(db))
    assert code == 2 and not (tmp_path / "one.jpg").exists()
