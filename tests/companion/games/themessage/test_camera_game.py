"""A 風聲 game whose received intelligence is read by an overhead camera (digest §5.1,
§5.2 step 3, §8): the receipts come from a generated video replayed through
``cv2.VideoCapture`` and the real camera source; the deaths and the victory the
intelligence in front of each player causes follow from what the camera saw.

A random game is played first by direct actions. A video is drawn from it: as each
receipt is laid, every player's intelligence lies face up in their seat's zone, as it
would on the table. The same game is then played again with every receipt left to the camera —
except a 文本 card's, which arrives face up in front of each player whether or not they
take it, so its receipt is said on a phone (§5.1) — and ends where the first one did.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from companion.core.actions import Action
from companion.core.phases import Dealing
from companion.games.themessage.actions import Receive
from companion.games.themessage.cards import Method
from companion.games.themessage.state import State, Status
from companion.journal import Journal
from companion.sensors import Sensors
from companion.service import TableService
from companion.table import Table
from hardware.camera import layout
from hardware.camera.detect import Detector
from hardware.camera.markers import assigned
from hardware.camera.synthetic import Laid, Scene, write_video
from hardware.sources import Context, Watch, open_watched
from tests.hardware.test_game_by_taps import SEATS, acts, play_the_message

TABLE_MM = (1200.0, 800.0)
HOLD = 18
"""Frames each receipt's picture lasts (0.6 s): the replay reaches the next decision well
within it."""


def intel_as_received(table: Table, script: list[Action]) -> list[dict[int, tuple[str, ...]]]:
    """Every player's intelligence as each receipt of ``script`` is laid (replayed on
    ``table``): the card received lies with the rest before a death it causes clears them."""
    shown = []
    for action in script[1:]:
        if isinstance(action, Receive):
            state: State = table.state
            assert state.transit is not None
            laid = {s: p.intel for s, p in enumerate(state.players)}
            laid[action.seat] += (state.transit.card,)
            shown.append(laid)
        table.submit(action)
    return shown


def laid_in_zones(intel: dict[int, tuple[str, ...]], zones: layout.Table, ids: dict[str, int]
                  ) -> list[Laid]:  # fmt: skip
    """Each player's intelligence in a row across their seat's zone, stickers clear."""
    laid = []
    for seat, cards in intel.items():
        xs, ys = zip(*zones.zones[f"seat:{seat + 1}"], strict=True)
        for i, card in enumerate(cards):
            row, col = divmod(i, 9)
            x = min(xs) + 50 + col * 55
            y = min(ys) + 70 + row * 100
            laid.append(Laid(ids[card], (x, y), 4.0 * (i % 3 - 1)))
    return laid


async def test_a_message_game_s_receipts_are_read_off_the_table_by_the_camera(
    tmp_path: Path,
) -> None:
    direct = Table.start(Journal(tmp_path / "direct.sqlite3"), "themessage", SEATS,
                         rng=random.Random(23))  # fmt: skip
    play_the_message(direct, random.Random(24))
    codec = direct.spec.codec
    script = [codec.decode(e.action) for e in direct.journal.entries(direct.game_id)]
    deal = script[0]

    def dealt(state: State) -> Action | None:
        return deal if isinstance(state.phase, Dealing) else None

    def replayed(name: str) -> Table:
        return Table.start(Journal(tmp_path / name), "themessage", SEATS, chance=dealt)

    snapshots = intel_as_received(replayed("snapshots.sqlite3"), script)
    cards = sorted({c for shot in snapshots for cs in shot.values() for c in cs})
    ids = {card: marker for marker, card in assigned(cards).items()}
    first = Scene([]).render(random.Random(0))
    calibration = layout.calibrate([Detector().find(first)], len(SEATS), TABLE_MM)
    rng = random.Random(5)
    frames = [(first, HOLD)] + [
        (Scene(laid_in_zones(shot, calibration.table, ids)).render(rng), HOLD)
        for shot in snapshots
    ]  # fmt: skip
    video = tmp_path / "game.avi"
    write_video(video, frames)

    table = replayed("camera.sqlite3")
    service = TableService(table)
    url = f"camera:{video}"
    markers = {m: c for c, m in ids.items()}
    watched = open_watched(Watch.zones_of(url, calibration), Context(markers.get, calibration))
    sensors = Sensors(watched, lambda _: None)
    service.attach(sensors)
    by_camera: list[Action] = []
    observe = sensors.handler
    sensors.handler = lambda obs: by_camera.extend(observe(obs).committed)
    running = asyncio.create_task(sensors.run())

    awaited: list[Action] = []
    for action in script[1:]:
        transit = table.state.transit
        if (
            isinstance(action, Receive)
            and transit is not None
            and transit.method is not Method.TEXT
        ):
            awaited.append(action)
            seq = table.seq
            async with asyncio.timeout(30):  # a guard against a hang, not a measure
                while table.seq == seq:
                    await asyncio.sleep(0.01)
            continue
        service.submit(action)
    await running

    assert table.over() == direct.over() is not None
    assert acts(table) == acts(direct)
    assert by_camera == awaited, "every receipt but a text card's was the camera's, and only"
    receipts = [a for a in script if isinstance(a, Receive)]
    assert 0 < len(awaited) < len(receipts), "a text card's receipt was said, not seen"
    state: State = table.state
    assert Status.DEAD in {p.status for p in state.players}, "a receipt the camera saw killed"
