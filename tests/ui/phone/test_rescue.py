"""暗火线's rescue on real phones (digest §5.7, §6.2): a dying player's rescue is asked on the
phone of each player who may give first aid, the window closes by itself, and nobody else
can tell from anything they are sent whether a seat asked holds a first-aid kit.

Two tables dealt alike but for one card of the seat first asked — a kit, or a smoke
grenade — play the same moves; the other three phones must receive the same bytes. The
real server, real WebSocket clients, the app's window timer; the table's clock is the
test's, so no byte depends on how fast the machine is.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aiohttp

from companion.core.types import Seat
from companion.games.darkfireline.actions import FirstAid
from companion.games.darkfireline.cards import Kind
from companion.games.darkfireline.combat import priority
from companion.games.darkfireline.state import Rescuing
from tests.ui.phone.conftest import SEATS
from tests.ui.phone.rescue import World, first_player, mine


def acts(view: dict[str, Any]) -> set[str]:
    return {a["action"]["act"] for a in view["actions"]}


async def test_a_rescue_is_asked_alike_of_a_seat_with_a_kit_and_one_without(
    tmp_path: Path,
) -> None:
    first = first_player(tmp_path)
    worlds = [World(tmp_path, first, "FIRST_AID-1"), World(tmp_path, first, "SMOKE-1")]
    async with aiohttp.ClientSession() as session:
        phones = [await w.serve(session) for w in worlds]
        for world, seats in zip(worlds, phones, strict=True):
            phase = world.service.table.state.phase
            assert isinstance(phase, Rescuing) and phase.dying == world.dying
            shooter, attacker, dying, asked = world.order
            window = world.service.window()
            assert window is not None and set(window.waiting) == {shooter, asked}
            state = world.service.table.state
            assert priority(state, phase) == [asked, shooter], "the dying player's next first"
            first_view = json.loads(seats[asked].frames[0])
            assert "pass" in acts(first_view), "asked, kit or none"
            for seat in (attacker, dying):
                assert acts(json.loads(seats[seat].frames[0])) <= {"hold"}, "not asked"
        with_kit, without = (json.loads(p[worlds[0].asked].frames[0]) for p in phones)
        assert "first_aid" in acts(with_kit) and "first_aid" not in acts(without)

        for world in worlds:  # nobody answers: the table's second runs out at both tables
            world.clock.now += 1
        ends = [[await phones[i][s].until_closed() for s in map(Seat, range(4))]
                for i in range(2)]  # fmt: skip
        for world in worlds:
            dead = world.service.table.state.players[world.dying]
            assert dead.dead, "no kit offered in time: the player dies (§6.3)"
        assert all("Time is up" in " ".join(line["text"] for line in v["feed"]) for v in ends[0])
        for seat in map(Seat, range(4)):
            if seat != worlds[0].asked:
                seen = playing(phones[0][seat].frames)
                assert len(seen) > 1 and seen == playing(phones[1][seat].frames), f"seat {seat}"
        asked = worlds[0].asked
        assert phones[0][asked].frames != phones[1][asked].frames, "the swap is its own to know"
        for p in phones:
            for phone in p.values():
                await phone.close()
        for world in worlds:
            await world.stop()


def playing(frames: list[str]) -> list[Any]:
    """The frames a phone got, but the game's story its end tells (every secret is told
    then, the dead player's kit or smoke grenade with the rest)."""
    read = [json.loads(f) for f in frames]
    for frame in read:
        if isinstance(frame.get("result"), dict):
            frame["result"].pop("story")
    return read


async def test_the_kit_offered_on_the_phone_brings_the_dying_player_back(tmp_path: Path) -> None:
    """§5.7, §6.2: the kit takes effect, health 1, the kit to the discard pile."""
    world = World(tmp_path, first_player(tmp_path), "FIRST_AID-1")
    async with aiohttp.ClientSession() as session:
        seats = await world.serve(session)
        kit = mine(world.service, world.asked, Kind.FIRST_AID)
        offer = world.service.spec.codec.encode(FirstAid(seat=world.asked, card=kit))
        await seats[world.asked].act(offer, 1)
        after = await seats[world.dying].until_closed()
        state = world.service.table.state
        assert state.players[world.dying].status == "alive"
        assert state.players[world.dying].health == 1 and kit in state.discard
        assert any(SEATS[world.asked] in line["text"] and SEATS[world.dying] in line["text"]
                   for line in after["feed"])  # fmt: skip
        for phone in seats.values():
            await phone.close()
        await world.stop()
