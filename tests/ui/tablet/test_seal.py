"""The fairness seal on the tablet: on the table from the deal on, opened on the game-over screen
as one line a player copies into a terminal — and its salt nowhere before the end."""

from __future__ import annotations

import asyncio
import json
import random

import aiohttp
import pytest
from kivy.uix.textinput import TextInput

from companion.core.types import Seat
from companion.i18n import text
from testkit.phone import Phone, loopback
from testkit.tablet import Tablet, texts, widgets
from tests.companion.test_fairness import in_a_shell
from tests.ui.tablet.test_app import start_practice_game


async def heard(phone: Phone, into: list[str]) -> None:
    """Every message a phone receives, as it came."""
    async for message in phone.texts():
        into.append(message)


@pytest.mark.parametrize("tablet", ["zh-Hant"], indirect=True)
async def test_the_seal_shown_at_the_deal_is_what_the_line_on_the_game_over_screen_prints(
    tablet: Tablet,
) -> None:
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    service = session.service
    shown = service.seal.fingerprint()
    assert shown is not None
    assert text("zh-Hant", "tablet.seal", seal=shown) in texts()
    salt = tablet.journal.salt(service.game_id)
    assert salt is not None
    async with aiohttp.ClientSession() as http:
        ben = Phone(http, loopback(session.phones.port))
        welcome = await ben.join(session.phones.tokens.token(Seat(1)), "zh-Hant")
        phone = [json.dumps(welcome, ensure_ascii=False)]  # as the server wrote it
        listening = asyncio.ensure_future(heard(ben, phone))
        rng = random.Random(6)
        while service.over() is None:
            seat = session.acting()
            assert seat is not None
            session.submit(rng.choice(service.table.legal_actions(seat)))
            await tablet.frames(1)
            if service.over() is None:
                assert not [t for t in texts() if salt in t], "the salt before the end"
        await tablet.until(lambda: tablet.app.screens.current == "over")
        await ben.close()
        await listening
    assert phone and not [m for m in phone if salt in m], "a phone never hears the salt"
    assert text("zh-Hant", "tablet.seal_short", seal=shown) in texts()
    assert not [t for t in texts() if salt in t], "the line waits behind its button"
    await tablet.screenshot("tablet-over-zh-Hant")
    await tablet.press(text("zh-Hant", "tablet.seal_check"))
    lines = [w.text for w in widgets() if isinstance(w, TextInput) and w.get_root_window()]
    assert len(lines) == 1 and salt in lines[0]
    assert text("zh-Hant", "tablet.seal_opened", seal=shown) in texts()
    assert in_a_shell(lines[0]) == shown + "\n"
    await tablet.screenshot("tablet-over-seal-zh-Hant")
