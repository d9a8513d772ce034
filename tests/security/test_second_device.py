"""A seat's QR code photographed and scanned by a second phone: it is told, it waits, the
tablet decides — and the seat's own phone still comes back by itself."""

from __future__ import annotations

from typing import Any

import aiohttp

from companion.core.actions import Pass
from companion.core.types import Seat
from companion.i18n import text
from companion.service import TableService
from companion.table import Table
from testkit.phone import Phone
from tests.security.conftest import closed, from_address, until
from tests.ui.phone.conftest import Served
from ui.phone.server import PhoneServer


async def scan(
    session: aiohttp.ClientSession,
    served: Served,
    seat: int,
    lang: str = "en",
    device: str | None = None,
) -> tuple[Phone, dict[str, Any]]:
    """A phone that scanned ``seat``'s code (holding ``device``'s key, if given), from
    ``session``'s address: the phone and the server's first answer."""
    phone = Phone(session, served.base, device)
    return phone, await phone.join(served.server.tokens.token(Seat(seat)), lang)


async def test_a_second_phone_is_told_the_seat_is_taken_and_sees_nothing(served: Served) -> None:
    ann, _ = await served.join(0)
    async with from_address("127.0.0.2") as thief:
        phone, reply = await scan(thief, served, 0, "zh-Hant")
        assert reply["type"] == "taken" and reply["name"] == "Ann"
        assert reply["label"] in reply["text"] and "平板" in reply["text"]
        assert "me" not in reply and "secrets" not in reply
        notice = await ann.receive()
        assert notice["type"] == "notice" and reply["label"] in notice["text"]
        served.table.submit(Pass(seat=served.table.pending()[0].seats[0]))
        assert (await ann.receive())["type"] == "view"
        await phone.act({"act": "pass", "seat": 0}, 1)
        assert (await phone.receive())["code"] == "hello_first"  # never a view
        assert served.server.connected() == {0}
        phones = served.server.phones_of(Seat(0))
        assert [(p.holds, p.connected) for p in phones] == [(True, True), (False, True)]


async def test_the_tablet_gives_the_seat_to_the_waiting_phone_and_the_old_one_is_told(
    served: Served,
) -> None:
    ann, _ = await served.join(0)
    async with from_address("127.0.0.2") as other:
        new, reply = await scan(other, served, 0)
        await ann.receive()  # another phone asked
        assert await served.server.admit(Seat(0), reply["label"])
        told = await closed(ann)
        assert [m["code"] for m in told if m["type"] == "denied"] == ["replaced"]
        assert (await new.receive())["type"] == "welcome"
        assert (await new.receive())["me"]["seat"] == 0
        again, answer = await scan(other, served, 0, device=served.keys[0])
        assert answer["type"] == "taken"  # the replaced phone's key opens nothing now
        await again.close()
        assert served.server.phones_of(Seat(0))[0].label == reply["label"]


async def test_only_a_label_that_asks_can_be_admitted(served: Served) -> None:
    await served.join(0)
    assert not await served.server.admit(Seat(0), "AAAA")
    assert not await served.server.admit(Seat(1), served.server.phones_of(Seat(0))[0].label)


async def test_the_same_phone_comes_back_by_itself_after_a_reload_or_a_lock(
    served: Served,
) -> None:
    first, view = await served.join(2)
    await first.close()
    _, back = await served.join(2)  # the page presents the key it kept
    assert back["me"] == view["me"]
    assert [p.holds for p in served.server.phones_of(Seat(2))] == [True]


async def test_a_phone_away_when_its_seat_was_asked_for_is_told_as_it_comes_back(
    served: Served,
) -> None:
    """A locked phone's socket is dead when another phone scans its seat's code, and the
    notice sent then is lost: the holder is told as it comes back, while the other still
    waits — in time to tell the tablet the seat is still its own."""
    ann, _ = await served.join(0)
    await ann.close()
    async with from_address("127.0.0.2") as thief:
        _, reply = await scan(thief, served, 0)
        assert reply["type"] == "taken"
        back, _ = await served.join(0, "zh-Hant")
        notice = await back.receive()
        said = text("zh-Hant", "phone.notice.asked", label=reply["label"])
        assert notice == {"type": "notice", "text": said}  # in the holder's language


async def test_a_newer_socket_of_the_same_phone_replaces_the_older(served: Served) -> None:
    """A phone woken from its lock screen opens a new socket before the old one is known dead."""
    stale, _ = await served.join(1)
    fresh, _ = await served.join(1)
    assert [m["code"] for m in await closed(stale) if m["type"] == "denied"] == ["elsewhere"]
    await until(lambda: len([p for p in served.server.phones_of(Seat(1)) if p.connected]) == 1)
    served.table.submit(Pass(seat=served.table.pending()[0].seats[0]))
    assert (await fresh.receive())["type"] == "view"


async def test_the_seats_phone_is_known_after_the_app_restarts(served: Served) -> None:
    await served.join(3)
    await served.server.stop()
    again = Table.resume(served.table.journal, served.table.game_id)
    server = PhoneServer(TableService(again), host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    served.server = server
    phone, view = await served.join(3)
    assert view["me"]["seat"] == 3
    await phone.close()
    await server.stop()


async def test_reseating_forgets_the_seats_phone(served: Served) -> None:
    await served.join(1)
    url = await served.server.reseat(Seat(1))
    del served.keys[1]
    async with from_address("127.0.0.2") as replacement:
        assert url.endswith(served.server.tokens.token(Seat(1)))
        phone, reply = await scan(replacement, served, 1)
        assert reply["type"] == "welcome"
        await phone.close()


async def test_one_laptop_saying_a_seat_s_code_again_and_again_keeps_one_socket_asking(
    served: Served,
) -> None:
    """A cheater with a photographed code and no device key: each time, the phone it asked
    from before stops asking and is closed — so its sockets do not pile up until no phone
    can join, the seat's phone hears of it once, and it cannot push an honest phone off
    the seat's short list of those asking (three)."""
    ann, _ = await served.join(0)
    async with from_address("127.0.0.3") as honest, from_address("127.0.0.2") as cheater:
        kept, first = await scan(honest, served, 0)
        await ann.receive()  # another phone asked: the honest one
        asked = [await scan(cheater, served, 0) for _ in range(8)]
        for phone, reply in asked[:-1]:
            assert reply["type"] == "taken"
            assert [m["code"] for m in await closed(phone) if m["type"] == "denied"] == ["crowded"]
        last, reply = asked[-1]
        assert not last.closed and not kept.closed
        notice = await ann.receive()  # the cheater's first phone, and only it:
        assert notice["type"] == "notice" and asked[0][1]["label"] in notice["text"]
        served.table.submit(Pass(seat=served.table.pending()[0].seats[0]))
        assert (await ann.receive())["type"] == "view"  # no notice came between
        phones = served.server.phones_of(Seat(0))
        assert [p.label for p in phones if not p.holds] == [first["label"], reply["label"]]
        assert await served.server.admit(Seat(0), first["label"])  # still on the list


async def test_one_laptop_closing_each_socket_before_it_asks_again_pushes_nobody_off(
    served: Served,
) -> None:
    """The same cheater, closing each socket before it scans again, so that no phone of its
    address is left open to be told to stop: still one place on the list for its address,
    and the seat's phone hears of it once."""
    ann, _ = await served.join(0)
    async with from_address("127.0.0.3") as honest, from_address("127.0.0.2") as cheater:
        kept, first = await scan(honest, served, 0)
        await ann.receive()  # another phone asked: the honest one
        for _ in range(8):
            phone, reply = await scan(cheater, served, 0)
            assert reply["type"] == "taken"
            await phone.close()
        assert not kept.closed, "the honest phone is not pushed off the list"
        notice = await ann.receive()  # the cheater's first phone, and only it
        assert notice["type"] == "notice"
        served.table.submit(Pass(seat=served.table.pending()[0].seats[0]))
        assert (await ann.receive())["type"] == "view"  # no notice came between
        asking = [p.label for p in served.server.phones_of(Seat(0)) if not p.holds]
        assert asking == [first["label"], reply["label"]]
        assert await served.server.admit(Seat(0), first["label"])
