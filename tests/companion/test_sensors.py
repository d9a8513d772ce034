"""The sensors of a table: a reader's observations reach whoever listens, whatever happens."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from companion.core.taps import Place, Station
from companion.core.types import CardId
from companion.observations import Observation, SourceState, TagPlaced
from companion.sensors import Sensors
from firmware_bridge.emulators.ntag import sticker
from firmware_bridge.emulators.pn532 import Pn532Emulator
from hardware.nfc import NfcSource, NfcTty, Polling
from hardware.stickers import recogniser

WAIT_S = 30.0
"""A bound on a hang, never a measure of speed."""


async def test_a_listener_that_fails_on_one_tap_hears_the_next(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An exception leaving the listener would close the reader's stream and stop its
    thread while the tablet still showed it connected; it is logged once instead."""
    heard: list[Observation] = []

    def listener(obs: Observation) -> None:
        if isinstance(obs, TagPlaced) and not any(isinstance(o, TagPlaced) for o in heard):
            heard.append(obs)
            raise RuntimeError("a face that trips over the first card")
        heard.append(obs)

    with Pn532Emulator(tmp_path / "tty-centre") as reader:
        source = NfcSource("centre", NfcTty(str(tmp_path / "tty-centre"), "pn532"), Polling())
        sensors = Sensors([(source, {"": Station(Place.CENTRE)})], recogniser([]))
        sensors.handler = listener
        running = asyncio.ensure_future(sensors.run())

        async def until_placed(count: int) -> None:
            async with asyncio.timeout(WAIT_S):
                while sum(isinstance(o, TagPlaced) for o in heard) < count:
                    await asyncio.sleep(0.01)

        reader.place(sticker(CardId("ACE")))
        await until_placed(1)
        reader.place(sticker(CardId("M-CN")))
        await until_placed(2)
        assert sensors.statuses["centre"].state is SourceState.CONNECTED
        await source.aclose()
        await asyncio.wait_for(running, WAIT_S)
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(failures) == 1 and failures[0].exc_info is not None
