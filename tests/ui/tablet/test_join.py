"""The join screen: each seat's phones, codes hidden once seated, a seat given only here."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from kivy.uix.button import Button
from kivy.uix.widget import Widget

from companion.core.types import Seat
from companion.i18n import text
from testkit.phone import Phone, loopback
from testkit.tablet import Tablet, run_tablet, texts, widgets
from tests.ui.tablet.test_app import start_practice_game
from ui.tablet.session import Session
from ui.tablet.widgets import Confirm, QRCode


def codes_shown() -> list[str]:
    """The seats' codes on the screen (the room screen's code is always there too)."""
    return [
        w.data
        for w in widgets()
        if isinstance(w, QRCode) and w.get_root_window() and not w.data.endswith("/room")
    ]


def session_of(tablet: Tablet) -> Session:
    session = tablet.app.session
    assert session is not None
    return session


async def scan(
    http: aiohttp.ClientSession, tablet: Tablet, seat: int
) -> tuple[Phone, dict[str, Any]]:
    """A phone that scanned ``seat``'s code: the phone and the server's first answer."""
    phones = session_of(tablet).phones
    phone = Phone(http, loopback(phones.port))
    return phone, await phone.join(phones.tokens.token(Seat(seat)), "en")


def button_in(widget: Widget, label: str) -> Button:
    return next(w for w in widget.walk() if isinstance(w, Button) and w.text == label)


async def confirm(tablet: Tablet, label: str) -> None:
    """Answer the open confirmation with its button ``label``."""
    await tablet.tap(button_in(next(w for w in widgets() if isinstance(w, Confirm)), label))


async def denials(phone: Phone) -> list[str]:
    """Why the server closed this phone, as it told it, once the socket is closed."""
    return [m["code"] async for m in phone.frames() if m["type"] == "denied"]


async def to_join_screen(tablet: Tablet) -> Session:
    """A practice game started, and back from the table to the codes."""
    await start_practice_game(tablet)
    await tablet.press(text("en", "tablet.codes"))
    await tablet.until(lambda: tablet.app.screens.current == "join")
    return session_of(tablet)


async def test_a_seated_seats_code_is_shown_again_only_after_the_host_confirms(
    tablet: Tablet,
) -> None:
    session = await to_join_screen(tablet)
    assert len(codes_shown()) == 4
    urls = [session.phones.url(Seat(i)) for i in range(4)]
    assert all(url in texts() for url in urls)  # to type, where a camera will not read a code
    assert text("en", "tablet.joined", joined=0, total=4) in texts()
    async with aiohttp.ClientSession() as http:
        phone, welcome = await scan(http, tablet, 0)
        label = welcome["label"]
        await tablet.until(lambda: len(codes_shown()) == 3)
        assert urls[0] not in texts()  # hidden with its code
        await tablet.frames()  # the card redrawn is laid out before a finger finds its buttons
        assert text("en", "tablet.device_on", label=label) in texts()
        assert text("en", "tablet.joined", joined=1, total=4) in texts()
        cards = tablet.app.screens.get_screen("join").cards
        assert len({round(card.top) for card in cards}) == 1  # a short card at its row's top
        await tablet.screenshot("tablet-join-one-seated-en")
        await tablet.press(text("en", "tablet.show_code"))
        assert len(codes_shown()) == 3  # not yet: the host is asked first
        assert any("already has a phone" in t for t in texts())
        await confirm(tablet, text("en", "tablet.show_code"))
        await tablet.until(lambda: len(codes_shown()) == 4)
        await tablet.press(text("en", "tablet.to_table"))
        await tablet.press(text("en", "tablet.codes"))
        await tablet.until(lambda: len(codes_shown()) == 3)  # hidden again
        await phone.close()
    await tablet.until(lambda: text("en", "tablet.device_off", label=label) in texts())


async def test_a_new_code_for_a_seated_seat_is_asked_first_and_drops_its_phone(
    tablet: Tablet,
) -> None:
    session = await to_join_screen(tablet)
    async with aiohttp.ClientSession() as http:
        phone, _ = await scan(http, tablet, 0)
        await tablet.until(lambda: len(codes_shown()) == 3)
        await tablet.frames()
        old = session.phones.url(Seat(0))
        card = tablet.app.screens.get_screen("join").cards[0]
        reseat = text("en", "tablet.reseat")
        await tablet.tap(button_in(card, reseat))
        assert len(codes_shown()) == 3 and session.phones.url(Seat(0)) == old  # asked first
        assert text("en", "tablet.reseat_confirm", seat=session.names[0]) in texts()
        await confirm(tablet, reseat)
        assert await denials(phone) == ["revoked"]
        await tablet.until(lambda: len(codes_shown()) == 4)
        assert session.phones.url(Seat(0)) != old


async def test_the_tablet_gives_a_seat_to_the_phone_asking_for_it_and_the_old_one_is_told(
    tablet: Tablet,
) -> None:
    await to_join_screen(tablet)
    async with aiohttp.ClientSession() as http:
        old, _ = await scan(http, tablet, 1)
        new, taken = await scan(http, tablet, 1)
        assert taken["type"] == "taken"
        label = taken["label"]
        await tablet.until(lambda: text("en", "tablet.device_asks", label=label) in texts())
        await tablet.frames()
        await tablet.press(text("en", "tablet.admit", label=label))
        assert any(label in t and "loses it" in t for t in texts())  # asked to confirm
        await confirm(tablet, text("en", "tablet.admit_yes"))
        assert (await new.receive())["type"] == "welcome"
        assert await denials(old) == ["replaced"]
        await tablet.until(lambda: text("en", "tablet.device_on", label=label) in texts())
        await new.close()


async def test_a_phone_asking_for_a_seat_is_an_alert_at_the_table_until_it_is_settled(
    tablet: Tablet,
) -> None:
    await start_practice_game(tablet)
    session = session_of(tablet)
    async with aiohttp.ClientSession() as http:
        await scan(http, tablet, 2)
        asking, taken = await scan(http, tablet, 2)
        said = text("en", "tablet.alert.phone_asks", seat="Cat", label=taken["label"])
        await tablet.until(lambda: said in texts())
        await session.reseat(Seat(2))  # settled another way: the seat got a new code
        await tablet.until(lambda: said not in texts())
        await asking.close()


async def test_a_resumed_game_whose_port_is_taken_says_so_and_shows_every_code(
    tmp_path: Path,
) -> None:
    db = tmp_path / "journal.sqlite3"
    async for tablet in run_tablet(db, "en"):
        await start_practice_game(tablet)
        port = session_of(tablet).phones.port
        async with aiohttp.ClientSession() as http:
            await scan(http, tablet, 0)
    with socket.socket() as squatter:  # another program took the port while the tablet slept
        squatter.bind(("127.0.0.1", port))
        squatter.listen()
        async for tablet in run_tablet(db, "en"):
            await tablet.press(text("en", "tablet.resume"))
            await tablet.until(lambda app=tablet.app: app.screens.current == "join")
            session = session_of(tablet)
            assert session.phones.port != port
            before, now = f"127.0.0.1:{port}", f"127.0.0.1:{session.phones.port}"
            assert text("en", "tablet.codes_moved", before=before, now=now) in texts()
            shown = codes_shown()
            assert len(shown) == 4 and all(f":{session.phones.port}/#t=" in url for url in shown)


async def test_a_game_left_and_resumed_at_once_keeps_its_phones_place(tablet: Tablet) -> None:
    """Leave tapped by mistake, Resume tapped at once: the game opens again where its phones
    were told to go, although the game it left may still be saying goodbye to its phones on
    that port — the tablet waits for it to close, or every player would scan again."""
    await start_practice_game(tablet)
    session = session_of(tablet)
    game, port = session.service.game_id, session.phones.port
    del session
    tablet.app.leave_game()
    tablet.app.resume(game)
    await tablet.until(lambda: tablet.app.session is not None)
    await tablet.until(lambda: tablet.app.screens.current == "table")
    session = session_of(tablet)
    assert session.phones.port == port and session.phones.moved is None


@pytest.mark.parametrize("tablet", ["zh-Hant"], indirect=True)
async def test_a_seat_left_without_a_name_is_named_in_each_faces_own_language(
    tablet: Tablet,
) -> None:
    """A Chinese tablet, an English phone: the seat left blank is 「1 號位」 on one, and
    Seat 1 on the other."""
    start = tablet.app.screens.get_screen("start")
    start.inputs[0].text = ""
    await start_practice_game(tablet)
    session = session_of(tablet)
    assert session.names[0] == text("zh-Hant", "word.seat", n=1)
    async with aiohttp.ClientSession() as http:
        phone, _ = await scan(http, tablet, 0)
        view = await phone.receive()
        assert view["me"]["name"] == "Seat 1"
        await phone.close()


async def test_the_join_screen_shows_the_room_screen_s_code_beside_the_seats(
    tablet: Tablet,
) -> None:
    """Issue: a screen for the room — a QR code on the join screen opens the public table
    for a TV, a laptop or a player out of the game."""
    session = await to_join_screen(tablet)
    room = [w.data for w in widgets() if isinstance(w, QRCode) and w.data.endswith("/room")]
    assert room == [session.phones.room_url]
    assert text("en", "tablet.room_code") in texts()
    assert session.phones.room_url in texts(), "its address too, to type"
