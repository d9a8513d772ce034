"""Play again: game over offers the same table again — its seats, names, options and way of
playing, dealt anew — and each phone keeps its seat without scanning again (the finished
game's code opens the new game); the season counts both games."""

from __future__ import annotations

import aiohttp
import pytest

from companion import season
from companion.core.actions import EndGame
from companion.core.types import Seat
from companion.i18n import text
from testkit.phone import Phone, loopback
from testkit.tablet import Tablet
from tests.ui.tablet.test_app import start_practice_game


@pytest.mark.parametrize("tablet", ["en"], indirect=True)
async def test_play_again_keeps_the_table_and_every_phone_s_seat(tablet: Tablet) -> None:
    await start_practice_game(tablet)
    first = tablet.app.session
    assert first is not None
    header, token = first.service.header, first.phones.tokens.token(Seat(1))
    async with aiohttp.ClientSession() as http:
        phone = Phone(http, loopback(first.phones.port))
        assert (await phone.join(token, "en"))["game"] == first.service.game_id
        first.service.submit(EndGame())
        await tablet.until(lambda: tablet.app.screens.current == "over")
        await tablet.screenshot("tablet-over-again-en")
        await tablet.press(text("en", "tablet.play_again"))
        await tablet.until(
            lambda: tablet.app.session is not None and tablet.app.session is not first
        )
        again = tablet.app.session
        assert again is not None and again.service.game_id != first.service.game_id
        redo = again.service.header
        assert (redo.game, redo.seats, redo.options) == (header.game, header.seats, header.options)
        assert (redo.policy.draws, redo.policy.dealer, redo.policy.window) == (
            header.policy.draws, header.policy.dealer, header.policy.window,
        )  # fmt: skip
        await phone.close()
        # The phone's page comes back by itself to the code it was opened with.
        back = Phone(http, loopback(again.phones.port))
        welcome = await back.join(token, "en")
        assert welcome["type"] == "welcome" and welcome["seat"] == 1
        assert welcome["game"] == again.service.game_id
        await back.close()
    again.service.submit(EndGame())  # the second game ends too: the season has both
    await tablet.until(lambda: tablet.app.screens.current == "over")
    played = season.played(tablet.journal)
    assert len(played) == 2 and all(g.names == tuple(header.seats) for g in played)
