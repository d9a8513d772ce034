"""A deck registered on the tablet itself (an Android tablet has no terminal for
``companion register``): every card tapped on its own NFC — the package's fake of
Android's — from the start screen, each step said on the screen; then the table reads it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.i18n import Voice, text
from companion.observations import SourceState
from companion.tagmap import TagMap
from companion.walkthrough import worded
from firmware_bridge.emulators.ntag import sticker
from hardware.android_fake import FakeAndroid
from hardware.sources import Context, Watch
from testkit.tablet import Tablet, run_tablet, texts
from ui.tablet.decks import OnTablet

LANG = "zh-Hant"
GAME = "microfilms"
VOICE = Voice.of(LANG, GAMES[GAME])


@pytest.fixture
def nfc() -> FakeAndroid:
    return FakeAndroid()


@pytest.fixture
async def tablet(tmp_path: Path, nfc: FakeAndroid) -> AsyncIterator[Tablet]:
    decks = OnTablet(TagMap(tmp_path / "tags.sqlite3"), Watch.parse("centre=android:nfc"),
                     Context(android=nfc))  # fmt: skip
    async for t in run_tablet(tmp_path / "journal.sqlite3", LANG, decks=decks):
        yield t


def decks_of(tablet: Tablet) -> OnTablet:
    assert tablet.app.decks is not None
    return tablet.app.decks


def shown(key: str, **said: object) -> str:
    return worded(VOICE, key, dict(said))  # type: ignore[arg-type]


async def see(tablet: Tablet, wanted: str) -> None:
    """Wait until the screen shows ``wanted``."""
    try:
        await tablet.until(lambda: wanted in texts())
    except TimeoutError:
        pytest.fail(f"{wanted!r} is not among {texts()}")


async def open_registration(tablet: Tablet) -> None:
    game = text(LANG, f"game.{GAME}")
    await tablet.press(text(LANG, "tablet.register.open", game=game))
    await tablet.until(lambda: tablet.app.screens.current == "register")


async def tap(tablet: Tablet, nfc: FakeAndroid, card: str, then: str) -> None:
    """``card`` laid on the tablet's back until the screen says ``then``, and lifted."""
    nfc.lay(sticker(card).uid)
    await see(tablet, then)
    nfc.lift()


async def test_every_card_tapped_on_the_tablet_registers_the_deck_and_the_table_reads_it(
    tablet: Tablet, nfc: FakeAndroid
) -> None:
    assert tablet.app.sensors is None  # no deck yet: the tablet's reader reads no card
    await open_registration(tablet)
    cards = decks_of(tablet).cards(GAME)
    total = len(cards)
    for n, card in enumerate(cards, start=1):
        await see(tablet, shown("register.next", card=card, n=n, total=total))
        await tap(tablet, nfc, card, shown("register.bound", card=card, uid=""))
        if n == 2:  # the first card again is no third card
            await tap(tablet, nfc, cards[0], shown("register.duplicate", card=cards[0], uid=""))
    await see(tablet, shown("register.done", count=total, deck=GAME))
    tags = decks_of(tablet).tags
    deck = tags.deck(GAME)
    assert deck is not None and len(tags.cards(deck)) == total
    await tablet.press(text(LANG, "tablet.register.done"))
    assert tablet.app.screens.current == "start"
    await tablet.until(lambda: tablet.app.sensors is not None)  # the walk let go of the reader
    sensors = tablet.app.sensors
    assert sensors is not None and sensors.centre  # the table's reader now, on the centre
    await tablet.until(lambda: sensors.statuses.get("centre") is not None)
    assert sensors.statuses["centre"].state is SourceState.CONNECTED


async def test_leaving_a_registration_before_its_end_keeps_nothing(
    tablet: Tablet, nfc: FakeAndroid
) -> None:
    await open_registration(tablet)
    cards = decks_of(tablet).cards(GAME)
    await see(tablet, shown("register.next", card=cards[0], n=1, total=len(cards)))
    await tap(tablet, nfc, cards[0], shown("register.bound", card=cards[0], uid=""))
    await tablet.press(text(LANG, "tablet.register.back"))
    await tablet.until(lambda: tablet.app.screens.current == "start")
    await tablet.until(lambda: tablet.app.screens.get_screen("register").walking is None)
    tags = decks_of(tablet).tags
    assert all(not tags.cards(deck) for deck in tags.decks())
    assert tablet.app.sensors is None  # a deck without cards reads no tap
