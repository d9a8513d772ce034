"""The tablet's own NFC as a reader (``android:nfc``), on the package's fake of Android: the
taps, a tag lifted in the middle of its read, NFC switched off in the settings and back on,
a tablet without NFC, the app paused and resumed — and a deck registered on it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from companion.core.types import CardId, JSONObject
from companion.games import GAMES
from companion.observations import (
    NdefRecord,
    Observation,
    SourceState,
    SourceStatus,
    TagPlaced,
    TagRemoved,
    describe_status,
)
from companion.tagmap import TagMap
from firmware_bridge.emulators.ntag import sticker
from hardware.android_fake import FakeAndroid, IllegalState
from hardware.android_nfc import Adapter, AndroidNfcSource, Timing
from hardware.register import register
from hardware.sources import Context, open_source
from hardware.urls import BadSourceUrl

FAST = Timing(presence=0.01, adapter=0.05)
A, B = bytes.fromhex("04A1B2C3D4E5F6"), bytes.fromhex("04112233445566")
RECORD = NdefRecord("urn:nfc:wkt:T", "", b"\x02enace")


Following = Callable[..., asyncio.Future[Observation]]


@asynccontextmanager
async def listening(android: FakeAndroid) -> AsyncIterator[Following]:
    """The source running on ``android``; ``following(kind)`` waits for its next such one."""
    source = AndroidNfcSource("tablet", android, FAST)
    heard: asyncio.Queue[Observation] = asyncio.Queue()

    async def pump() -> None:
        async for obs in source:
            heard.put_nowait(obs)

    task = asyncio.create_task(pump())

    def following(*kinds: type) -> asyncio.Future[Observation]:
        async def wait() -> Observation:
            while True:
                obs = await heard.get()
                if isinstance(obs, kinds):
                    return obs

        return asyncio.ensure_future(asyncio.wait_for(wait(), 10))

    try:
        yield following
    finally:
        await source.aclose()
        await task


def status(obs: Observation) -> tuple[SourceState, str]:
    assert isinstance(obs, SourceStatus)
    return obs.state, obs.reason


async def test_a_card_laid_on_the_tablet_is_felt_with_its_message_and_lifted() -> None:
    android = FakeAndroid()
    async with listening(android) as following:
        assert status(await following(SourceStatus)) == (SourceState.CONNECTED, "")
        android.lay(A, (RECORD,))
        placed = await following(TagPlaced)
        assert isinstance(placed, TagPlaced) and placed.uid == A.hex().upper()
        assert placed.records == (RECORD,) and placed.zone == ""
        android.lift()
        removed = await following(TagRemoved)
        assert isinstance(removed, TagRemoved) and removed.uid == placed.uid


async def test_a_tag_lifted_in_the_middle_of_its_read_is_told_by_its_uid_alone() -> None:
    """TagLostException while the NDEF message is read: the UID came with the tag."""
    android = FakeAndroid()
    async with listening(android) as following:
        await following(SourceStatus)
        android.lay(A, (RECORD,), lost_mid_read=True)
        placed = await following(TagPlaced)
        assert isinstance(placed, TagPlaced) and placed.records == ()
        assert isinstance(await following(TagRemoved), TagRemoved)


async def test_nfc_switched_off_in_the_settings_is_said_and_the_reader_comes_back_when_on() -> None:
    android = FakeAndroid()
    async with listening(android) as following:
        await following(SourceStatus)
        android.switch(on=False)
        off = await following(SourceStatus)
        assert status(off) == (SourceState.RECONNECTING, "android.reason.nfc_off")
        assert "switch it on" in describe_status("en", off)  # type: ignore[arg-type]
        android.lay(A)  # Android tells no tag while NFC is off
        android.lift()
        android.switch(on=True)
        assert status(await following(SourceStatus)) == (SourceState.CONNECTED, "")
        android.lay(B)
        placed = await following(TagPlaced)
        assert isinstance(placed, TagPlaced) and placed.uid == B.hex().upper()


async def test_a_tablet_without_nfc_is_said_to_have_none() -> None:
    async with listening(FakeAndroid(adapter_state=Adapter.MISSING)) as following:
        failed = await following(SourceStatus)
        assert status(failed) == (SourceState.FAILED, "android.reason.no_nfc")
        assert "没有 NFC" in describe_status("zh-Hans", failed)  # type: ignore[arg-type]


async def test_the_app_paused_stops_listening_and_a_card_left_lying_is_found_on_resume() -> None:
    """Reader mode is the activity's while it is resumed (enableReaderMode): paused, no tag
    is told; resumed, the card that lay there all along is told again — once."""
    android = FakeAndroid()
    source = AndroidNfcSource("tablet", android, FAST)
    heard: list[Observation] = []

    async def pump() -> None:
        async for obs in source:
            heard.append(obs)

    task = asyncio.create_task(pump())
    await _until(lambda: any(isinstance(o, SourceStatus) for o in heard))
    android.pause()
    source.pause()
    with pytest.raises(IllegalState):
        android.listen(lambda tag: None)
    android.lay(A)
    await asyncio.sleep(0.2)
    assert not [o for o in heard if isinstance(o, TagPlaced)], "nothing told while paused"
    android.resume()
    source.resume()
    await _until(lambda: any(isinstance(o, TagPlaced) for o in heard))
    android.lift()
    await _until(lambda: any(isinstance(o, TagRemoved) for o in heard))
    await source.aclose()
    await task
    taps = [o for o in heard if isinstance(o, TagPlaced | TagRemoved)]
    assert [type(o) for o in taps] == [TagPlaced, TagRemoved]


async def _until(condition: Callable[[], bool]) -> None:
    async with asyncio.timeout(10):
        while not condition():
            await asyncio.sleep(0.01)


def test_android_nfc_is_the_one_reader_a_tablet_has() -> None:
    assert isinstance(open_source("android:nfc", "centre", Context(android=FakeAndroid())),
                      AndroidNfcSource)  # fmt: skip
    with pytest.raises(BadSourceUrl) as err:
        open_source("android:camera")
    assert err.value.key == "android.reason.bad_url"


async def test_a_deck_is_registered_by_tapping_every_card_on_the_tablet(tmp_path: Path) -> None:
    """``companion register`` with the tablet's own NFC: every card tapped once."""
    (cards,) = GAMES["microfilms"].sensing.boxes.values()
    tags = TagMap(tmp_path / "tags.sqlite3")
    deck = tags.new_deck("home", "microfilms")
    android = FakeAndroid()
    source = open_source("android:nfc", "tablet", Context(android=android))
    said: asyncio.Queue[tuple[str, JSONObject]] = asyncio.Queue()
    walking = asyncio.create_task(
        register(source, tags, deck, cards, write=False, say=lambda k, a: said.put_nowait((k, a)))
    )
    async with asyncio.timeout(60):
        for card in cards:
            android.lay(sticker(CardId(card)).uid)
            while (await said.get())[0].startswith(("register.next", "source.")):
                pass
            android.lift()
        bound = await walking
    assert bound is not None and sorted(bound.values()) == sorted(cards)
    assert len(tags.cards(deck)) == len(cards)
