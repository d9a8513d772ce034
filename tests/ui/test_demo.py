"""``companion demo``: the terminal shows only what everyone watching it may see."""

from __future__ import annotations

import asyncio
import io
import os
import random
import re
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from rich.console import Console

from companion.core.phases import Dealing
from companion.core.types import CardId, Seat
from companion.games import GAMES
from companion.games.microfilms import GAME
from companion.games.microfilms.actions import Deal
from companion.i18n import Voice, sample_names, text
from companion.journal import Journal
from companion.policy import Dealer, Draws
from companion.service import TableService
from companion.table import Table, house_chance
from testkit.phone import Phone, loopback
from ui import demo
from ui.faces import face_of
from ui.phone.limits import Limits
from ui.phone.server import PhoneServer

SEATS = ["Ann", "Ben", "Cat", "Dan"]
ANN = Seat(0)
ANSWERS = ("pass", "refuse_bribe", "give_in")
"""What Ann's phone answers when it may: the same in every world, whatever she holds."""


def dealt(ann: str) -> Deal:
    """Ann is the Freelancer ``ann``; everything else the same."""
    return Deal(
        first=Seat(1),
        identities=(CardId(ann), CardId("R-CN"), CardId("R-UK"), CardId("R-US")),
        letter_out=CardId("L-US"),
        hands=(CardId("A-SB1"), CardId("A-IB1"), CardId("A-WR1"), CardId("A-IB2")),
    )


def answer(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """Ann passes, refuses, gives in — never claims, the one choice her identity changes."""
    offered = [a["action"] for a in actions]
    preferred = [a for act in ANSWERS for a in offered if a["act"] == act]
    return (preferred or [a for a in offered if not a["act"].startswith("claim")])[0]


async def ann_plays(phone: Phone, service: TableService) -> None:
    """Ann's phone: when the table waits for her, she answers from her latest view."""
    async for view in phone.frames():
        fresh = view.get("type") == "view" and view["seq"] == service.seq
        if fresh and service.acting() == ANN and view["actions"]:
            await phone.act(answer(view["actions"]), view["seq"])


async def terminal(tmp_path: Path, ann: str) -> tuple[str, int]:
    """What the demo prints for a game Ann plays from her phone, and its last position."""
    rng = random.Random(5)
    house = house_chance(GAME, rng)
    deal = dealt(ann)

    def chance(state: Any) -> Any:
        return deal if isinstance(state.phase, Dealing) else house(state)

    table = Table.start(Journal(tmp_path / f"{ann}.sqlite3"), "microfilms", SEATS, chance=chance)
    service = TableService(table, rng)
    # The demo plays at machine speed, and so does Ann's phone: far past a person's taps.
    fast = Limits(messages_per_s=1000.0, message_burst=1000)
    phones = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1", limits=fast)
    await phones.start()
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    async with aiohttp.ClientSession() as http:
        ann = Phone(http, loopback(phones.port))
        welcome = await ann.join(phones.tokens.token(ANN), "en")
        assert welcome["type"] == "welcome"  # hers from the start
        playing = asyncio.ensure_future(ann_plays(ann, service))
        await demo.play(service, console, Voice.of("en", GAME, SEATS), 0.0, "7", phones=phones)
        playing.cancel()
        await ann.close()
    await phones.stop()
    return out.getvalue(), service.seq


def until_the_end(printed: str, last: int) -> str:
    """Everything printed before the move that ended the game: after it, all is revealed."""
    end = re.search(rf"^#{last}\b", printed, flags=re.MULTILINE)
    assert end is not None
    return printed[: end.start()]


async def test_a_seat_played_from_a_phone_shows_nothing_of_its_own_on_the_terminal(
    tmp_path: Path,
) -> None:
    """Two worlds apart only in who Ann is: the terminal prints the same bytes in both, the
    whole game long. Not even a bot's panel shows while phones may join."""
    journalist, assassin = await terminal(tmp_path, "R-JOU"), await terminal(tmp_path, "R-ASN")
    assert journalist[1] == assassin[1] > 20, "the two games went the same way"
    shown = until_the_end(*journalist)
    assert shown == until_the_end(*assassin)
    assert shown.count("\n#") > 20
    assert not [n for n in SEATS if text("en", "demo.phone", name=n) in shown]


def test_the_resume_hint_names_the_journal_the_demo_wrote(tmp_path: Path) -> None:
    """A demo on its own journal file: the line to continue it must open that file."""
    path = tmp_path / "my demo.sqlite3"
    service = TableService.start(Journal(path), "microfilms", ["Ann", "Ben", "Cat"],
                                 rng=random.Random(1))  # fmt: skip
    out = io.StringIO()
    console = Console(file=out, width=400)
    demo.intro(console, Voice.of("en", GAME, service.names), service, seed=1)
    assert f"companion resume --db '{path}' {service.game_id}" in out.getvalue()


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_each_bot_s_phone_opens_with_its_identity_hand_and_figures(
    tmp_path: Path, game: str
) -> None:
    """``--no-phones --no-readers``: every seat is a bot and the terminal opens each one's
    phone as its owner finds it — identity, hand and the game's figures, some of them read
    off the table (暗火线's health lies face up: the face asked for it from an empty table
    and ended the demo)."""
    names = sample_names("en", 4)
    service = TableService.start(Journal(tmp_path / "j.sqlite3"), game, names,
                                 draws=Draws.APP, rng=random.Random(3))  # fmt: skip
    voice = Voice.of("en", service.spec, names)
    face, public = face_of(game), service.public_view()
    figures = [
        [s.value for s in face.me(service.private_view(Seat(i)), public, voice)]
        for i in range(len(names))
    ]
    out = io.StringIO()

    await demo.play(service, Console(file=out, width=400, color_system=None), voice, 0.0, "3")

    opening = out.getvalue().split("\n#", 1)[0]
    for name, values in zip(names, figures, strict=True):
        assert text("en", "demo.phone", name=name) in opening
        assert " · ".join(values) in opening
    assert service.over() is not None


async def test_the_demo_waits_for_the_phones_that_will_play_or_for_enter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bots once played a seat's first moves while its player was still scanning the
    code: ``--wait-for 1`` starts once a phone has joined; at a terminal, Enter starts it;
    run by a script (no terminal, no count), it starts at once."""
    service = TableService.start(Journal(tmp_path / "j.sqlite3"), "microfilms", SEATS,
                                 draws=Draws.APP, rng=random.Random(1))  # fmt: skip
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    out = io.StringIO()
    console = Console(file=out, width=200)
    voice = Voice.of("en", GAME, SEATS)
    await asyncio.wait_for(demo.gathered(console, voice, server, None, asks=False), 1)
    assert out.getvalue() == ""
    waiting = asyncio.ensure_future(demo.gathered(console, voice, server, 1, asks=False))
    await asyncio.sleep(0.2)
    assert not waiting.done() and text("en", "demo.waiting_for", count=1) in out.getvalue()
    async with aiohttp.ClientSession() as http:
        phone = Phone(http, loopback(server.port))
        await phone.sit(server.tokens.token(Seat(2)), "en")
        await asyncio.wait_for(waiting, 10)
        await phone.close()
    read, write = os.pipe()
    with os.fdopen(read) as keyboard, os.fdopen(write, "w") as keys:
        monkeypatch.setattr(sys, "stdin", keyboard)
        pressed = asyncio.ensure_future(demo.gathered(console, voice, server, None, asks=True))
        await asyncio.sleep(0.2)
        assert not pressed.done() and text("en", "demo.waiting") in out.getvalue()
        keys.write("\n")
        keys.flush()
        await asyncio.wait_for(pressed, 10)
    await server.stop()


async def test_a_demo_dealt_by_hand_has_every_seat_tell_its_deal_and_draws(
    tmp_path: Path,
) -> None:
    """``companion demo --deal hand``: the players deal and draw the real cards and tell
    their phones (the flow of a table with no reader, 風聲 §2 and §4). A seat played from a
    phone tells its own deal; the bots tell theirs and every card they draw; the game
    plays to its end."""
    service = TableService.start(Journal(tmp_path / "j.sqlite3"), "themessage", SEATS,
                                 draws=Draws.TOLD, dealer=Dealer.TABLE, rng=random.Random(2),
                                 by="demo")  # fmt: skip
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    voice = Voice.of("en", GAMES["themessage"], SEATS)
    async with aiohttp.ClientSession() as http:
        ann = Phone(http, loopback(server.port))
        await ann.sit(server.tokens.token(ANN), "en")
        playing = asyncio.ensure_future(demo.play(service, console, voice, 0.0, "2", phones=server))
        async for view in ann.frames():  # Ann tells the cards in her hand, then leaves
            deal = view.get("deal") if view.get("type") == "view" else None
            if deal and not deal["told"]:
                cards = [face["cards"][0] for face in deal["faces"][: deal["size"]]]
                word = {"act": "tell_dealt", "seat": ANN, "cards": cards}
                await ann.act(word, seen=view["seq"])
            if not service.telling_deal():
                break
        await ann.close()
        await asyncio.wait_for(playing, 120)
    await server.stop()
    acts = [(e.action["act"], e.action.get("seat")) for e in service.journal.entries(1)]
    assert ("tell_dealt", ANN) in acts and {s for a, s in acts if a == "tell_dealt"} == {0, 1, 2, 3}
    assert any(a == "tell_draw" for a, _ in acts) and service.over() is not None
