"""The phone server on a real socket: each token opens one seat, each phone hears only its own."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import secrets
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.core.actions import Pass, SeatAction
from companion.core.types import JSONObject, Seat
from companion.games import GAMES
from companion.games.microfilms import cards
from companion.games.microfilms.actions import Bribe
from companion.games.microfilms.bot import Bot
from companion.i18n import FALLBACK, LANGS, Voice, text
from companion.journal import Journal
from companion.journal_errors import JournalError
from companion.service import TableService
from companion.table import Table
from companion.transcript import new_header
from tests.journals import fill, until_full
from tests.ui.phone.conftest import SEATS, Served, serve
from tests.ui.phone.leaks import assert_view_private_to
from ui import seat_screen as render
from ui.faces.base import Face
from ui.phone.server import STATIC, TRANSIENT, PhoneServer


async def test_a_token_opens_its_own_seat(served: Served) -> None:
    for seat in range(4):
        phone, view = await served.join(seat)
        private = served.table.private_view(Seat(seat))
        assert view["me"]["identity"]["card"] == private["identity"]
        face = served.service.spec.copies(served.table.state).face
        held = [face[c["card"]] for c in private["hand"]]  # type: ignore[union-attr, index]
        assert [c["card"] for c in view["me"]["hand"]] == held  # by face, never a copy's id
        await phone.close()


async def test_a_phone_is_sent_faces_never_a_copys_id(served: Served) -> None:
    """Which copy of a look-alike card the record gives a seat follows from where the other
    copies are, so no id of one reaches a phone: its hand, its moves, its hand check."""
    copies = served.service.spec.copies(served.table.state)
    second = {c for c, face in copies.face.items() if c != face}  # every copy but the first
    assert any(c in second for p in served.table.state.players for c in p.hand)  # one is held
    for seat in range(4):
        phone, view = await served.join(seat)
        sent = json.dumps({k: view[k] for k in ("me", "actions", "audit", "deal")})
        assert not any(f'"{c}"' in sent for c in second), seat
        await phone.close()


async def test_each_phone_hears_only_its_own_seat_through_a_whole_game(tmp_path: Path) -> None:
    """Every frame of a whole game, each phone's own and no other. The server pings every
    5 s here, not every 0.5 s: each phone answers a ping only when the test reads it, and
    the worlds compared between two reads may take longer than that on a loaded machine."""
    table = Table.start(Journal(tmp_path / "j.sqlite3"), "microfilms", SEATS, rng=random.Random(7))
    async for served in serve(table, heartbeat=5.0):
        await _whole_game(served)


async def _whole_game(served: Served) -> None:
    langs = ["zh-Hant", "zh-Hans", "en", "en"]
    phones = [(await served.join(seat, langs[seat]))[0] for seat in range(4)]
    bots = [Bot(Seat(i), random.Random(i)) for i in range(4)]
    served.table.subscribe(lambda u: [b.hear(u.public()) for b in bots])
    seen = 0
    while served.table.over() is None:
        seat = served.table.pending()[0].seats[0]
        table = served.table
        table.submit(
            bots[seat].choose(
                table.public_view(), table.private_view(seat), table.legal_actions(seat)
            )
        )
        for i, phone in enumerate(phones):
            frame = await phone.receive()
            assert frame["type"] == "view" and frame["seq"] == table.seq
            assert_view_private_to(frame, i, served.service)
            assert len(frame["secrets"]) == len(table.private_view(Seat(i))["secrets"])  # type: ignore[arg-type]
            seen += 1
    assert seen > 40
    for phone in phones:
        await phone.close()


async def test_a_leak_in_a_frame_is_caught_by_the_worlds_apart(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above is no formality: a phone told its neighbour's hand (sorted, so that
    only where the cards are shows) is sent a frame another world would not send."""
    phone, view = await served.join(0)
    assert_view_private_to(view, 0, served.service)
    await phone.close()
    table = render._table

    def leaky(voice: Voice, public: JSONObject, me: int, face: Face) -> JSONObject:
        neighbour = served.table.state.players[(me + 1) % 4]
        return {**table(voice, public, me, face), "next": sorted(neighbour.hand)}

    monkeypatch.setattr(render, "_table", leaky)
    phone, view = await served.join(0)
    with pytest.raises(AssertionError, match="cannot tell"):
        assert_view_private_to(view, 0, served.service)
    await phone.close()


async def test_a_private_answer_from_a_phone_moves_the_game(served: Served) -> None:
    table = served.table
    active = table.pending()[0].seats[0]
    target = Seat((active + 1) % 4)
    phone, _ = await served.join(target, "zh-Hant")
    card = table.private_view(active)["hand"][0]["card"]  # type: ignore[index]
    table.submit(Bribe(seat=active, target=target, card=card))
    view = await phone.receive()
    named = Voice.of("zh-Hant", GAMES["microfilms"], SEATS).render("card", card)
    assert view["offer"] == f"{SEATS[active]}向你遞來{named}。"
    accept = next(a["action"] for a in view["actions"] if a["action"]["act"] == "accept_bribe")
    await phone.act(accept, 1)
    replies = [await phone.receive() for _ in range(2)]
    assert {r["type"] for r in replies} == {"ok", "view"}
    assert table.journal.entries(table.game_id)[-1].action == accept
    assert table.private_view(target)["hand"][-1]["card"] == card  # type: ignore[index]


async def test_an_undo_reaches_the_phones_feed_in_words(served: Served) -> None:
    table = served.table
    active = table.pending()[0].seats[0]
    phone, _ = await served.join(active, "zh-Hant")
    table.submit(Pass(seat=active))
    await phone.receive()
    table.undo()
    view = await phone.receive()
    assert view["feed"][-1]["text"] == "上一個動作已復原。"
    assert not any("event." in line["text"] for line in view["feed"])


async def test_a_refused_action_is_explained_in_the_phones_language(served: Served) -> None:
    table = served.table
    idle = Seat((table.pending()[0].seats[0] + 1) % 4)
    phone, _ = await served.join(idle, "zh-Hans")
    before = (table.state, table.seq)
    await phone.act({"act": "pass", "seat": idle}, 9)
    reply = await phone.receive()
    assert reply["type"] == "error" and reply["id"] == 9 and reply["code"] == "not_your_turn"
    assert "现在不是" in reply["text"]
    assert (table.state, table.seq) == before


async def test_an_action_the_tablet_cannot_save_is_explained_on_the_phone_and_changes_nothing(
    served: Served,
) -> None:
    table = served.table
    action = until_full(table, random.Random(5))
    assert isinstance(action, SeatAction)
    phone, _ = await served.join(action.seat, "zh-Hant")
    before = (table.state, table.seq)
    await phone.act(table.spec.codec.encode(action), 4)
    reply = await phone.receive()
    assert (reply["type"], reply["id"], reply["code"]) == ("error", 4, "full")
    assert reply["text"] == text("zh-Hant", "journal.error.full")
    assert (table.state, table.seq) == before
    await phone.close()


@pytest.mark.parametrize("token", ["", "x" * 22, "nope", 12345])
async def test_a_wrong_or_forged_token_gets_a_clear_refusal_and_no_data(
    served: Served, token: object
) -> None:
    phone = served.phone()
    reply = await phone.join(token, "zh-Hant")
    assert reply["type"] == "denied" and reply["code"] == "unknown_token"
    assert "QR" in reply["text"]
    closing = await phone.ws.receive(timeout=5)
    assert closing.type in (
        aiohttp.WSMsgType.CLOSE,
        aiohttp.WSMsgType.CLOSED,
        aiohttp.WSMsgType.CLOSING,
    )


async def test_reseating_revokes_the_old_token_at_once(served: Served) -> None:
    old = served.server.tokens.token(Seat(2))
    phone, _ = await served.join(2)
    url = await served.server.reseat(Seat(2))
    assert (await phone.receive())["code"] == "revoked"
    assert (await served.phone().join(old))["code"] == "revoked"
    new = url.split("#t=")[1]
    assert new != old and len(new) >= 22
    await served.join(2, token=new)


async def test_a_reseat_the_full_disk_cannot_keep_leaves_the_old_token_opening_the_seat(
    served: Served,
) -> None:
    """The disk fills with another game's tokens: the new token cannot be kept, so the old
    one is not revoked either — the seat is never left with no way in."""
    journal, game = served.table.journal, served.table.game_id
    other = journal.create(new_header("microfilms", SEATS))
    fill(journal)
    with pytest.raises(JournalError, match="full"):
        for _ in range(1000):
            journal.add_seat_token(other, 0, secrets.token_urlsafe(16))
    before = journal.seat_tokens(game)
    old = served.server.tokens.token(Seat(2))
    with pytest.raises(JournalError, match="full"):
        await served.server.reseat(Seat(2))
    assert journal.seat_tokens(game) == before
    await served.join(2, token=old)


async def test_tokens_carry_at_least_128_bits(served: Served) -> None:
    tokens = {served.server.tokens.token(Seat(i)) for i in range(4)}
    assert len(tokens) == 4 and all(len(t) >= 22 for t in tokens)  # 22 base64url chars = 132 bits
    assert all(
        served.server.url(Seat(i)).endswith("#t=" + served.server.tokens.token(Seat(i)))
        for i in range(4)
    )


@pytest.mark.parametrize("origin", ["http://evil.example", None])
async def test_a_socket_from_another_origin_is_refused(served: Served, origin: str | None) -> None:
    with pytest.raises(aiohttp.WSServerHandshakeError) as err:
        await served.phone().open(origin=origin)
    assert err.value.status == 403


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("x" * 3000, "message_too_long"),
        ("{not json", "malformed_message"),
        ("[1, 2]", "malformed_message"),
        ("[" * 2000, "malformed_message"),  # nested past reading, yet short enough to read
        (
            '{"type": "act", "id": 3, "action": {"act": "pass", "seat": 0, "card": "\\ud800"}}',
            "malformed_message",
        ),  # a lone surrogate: no reply could quote it back
        ('{"type": "hello", "token": "\\ud800", "device": "\\udfff"}', "malformed_message"),
        ('{"type": "undo"}', "malformed_message"),
        ('{"type": "act", "id": 3, "action": {"act": "end_game"}}', "not_your_seat"),
        ('{"type": "act", "id": 3, "action": {"act": "deal"}}', "malformed_action"),
    ],
)
async def test_bad_messages_get_an_error_and_change_nothing(
    served: Served, message: str, code: str
) -> None:
    table = served.table
    other = Seat((table.pending()[0].seats[0] + 1) % 4)
    phone, _ = await served.join(other)
    before = (table.state, table.seq, len(table.journal.entries(table.game_id)))
    await phone.ws.send_str(message)
    reply = await phone.receive()
    assert reply["type"] == "error" and reply["code"] == code and reply["text"]
    assert (table.state, table.seq, len(table.journal.entries(table.game_id))) == before
    await phone.send({"type": "ping"})
    assert (await phone.receive())["type"] == "pong"


async def test_a_hello_no_phone_could_type_is_refused_in_words_and_a_real_one_still_joins(
    served: Served,
) -> None:
    phone = served.phone()
    await phone.open()
    await phone.ws.send_str('{"type": "hello", "token": "\\ud800", "lang": "zh-Hant"}')
    reply = await phone.receive()
    assert reply["type"] == "error" and reply["code"] == "malformed_message" and reply["text"]
    await phone.send({"type": "ping"})
    assert (await phone.receive())["type"] == "pong"
    await served.join(0)


async def test_a_fault_nobody_foresaw_costs_one_message_not_the_socket_or_a_secret(
    served: Served, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A bug in the rules' code (here, planted) answers that message in words and logs its
    kind, never the exception's words; the phone stays joined and the game goes on."""
    table = served.table
    active = table.pending()[0].seats[0]
    phone, _ = await served.join(active, "zh-Hant")
    before = (table.state, table.seq)
    hidden = served.server.tokens.token(Seat((active + 1) % 4))

    def broken(seat: Seat, action: SeatAction, seen: int | None = None) -> None:
        raise KeyError(f"seat 2 holds {hidden}")

    monkeypatch.setattr(served.server.service, "act", broken)
    caplog.set_level(logging.DEBUG)
    await phone.act({"act": "pass", "seat": active}, 5)
    reply = await phone.receive()
    assert (reply["type"], reply["code"]) == ("error", "unhandled")
    assert reply["text"] == text("zh-Hant", "phone.error.unhandled")
    assert (table.state, table.seq) == before
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "KeyError" in logged and hidden not in logged
    await phone.send({"type": "ping"})
    assert (await phone.receive())["type"] == "pong"
    monkeypatch.undo()
    move = table.spec.codec.encode(table.legal_actions(active)[0])
    await phone.act(move, 6)
    while (reply := await phone.receive())["type"] != "ok":
        assert reply["type"] != "error", reply
    assert table.seq > before[1]


async def test_an_answer_sent_twice_is_applied_once_and_the_second_is_refused_as_stale(
    served: Served,
) -> None:
    """A phone on a bad Wi-Fi sends its answer again before the first is acknowledged, or
    its player taps twice: each names the view it answered, so the second is refused —
    never applied to whatever the table asks next, which its player has not seen."""
    table = served.table
    active = table.pending()[0].seats[0]
    phone, view = await served.join(active)
    move = {"act": "pass", "seat": active}
    await phone.act(move, 1, seen=view["seq"])
    await phone.act(move, 2, seen=view["seq"])
    replies: dict[int, dict[str, Any]] = {}
    while len(replies) < 2:
        reply = await phone.receive()
        if reply["type"] in ("ok", "error"):
            replies[reply["id"]] = reply
    assert replies[1]["type"] == "ok"
    assert (replies[2]["type"], replies[2]["code"]) == ("error", "stale")
    assert replies[2]["text"] == text("en", "violation.stale")
    assert table.seq == view["seq"] + 1  # the pass, once


async def test_an_answer_sent_again_on_a_new_socket_is_told_the_first_outcome_not_made_again(
    served: Served,
) -> None:
    """The acknowledgement was lost with the socket: the page sends the very same message
    (its number, the view it answered) on its next socket and is told what the first got —
    the pass is not made a second time, nor refused as if it had never been taken."""
    table = served.table
    active = table.pending()[0].seats[0]
    phone, view = await served.join(active)
    move = {"act": "pass", "seat": active}
    await phone.act(move, 41, seen=view["seq"])
    await phone.close()  # before the acknowledgement is read
    await _until(lambda: table.seq == view["seq"] + 1)
    again, _ = await served.join(active)
    await again.act(move, 41, seen=view["seq"])
    assert await again.receive("ok") == {"type": "ok", "id": 41, "seq": view["seq"] + 1}
    await again.act(move, 41, seen=view["seq"])  # and again, on the same socket
    assert await again.receive("ok") == {"type": "ok", "id": 41, "seq": view["seq"] + 1}
    assert table.seq == view["seq"] + 1


async def test_a_refused_answer_sent_again_is_refused_alike_and_another_number_is_a_new_answer(
    served: Served,
) -> None:
    """A resend of a refused answer gets the same refusal; the same move under a number of
    its own (the page reloaded, its numbers afresh) is a new answer, judged now."""
    table = served.table
    active = table.pending()[0].seats[0]
    phone, view = await served.join(active)
    bribe = {"act": "bribe", "seat": active, "target": active, "card": "A-IB1"}
    await phone.act(bribe, 5, seen=view["seq"])
    first = await phone.receive("error")
    await phone.act(bribe, 5, seen=view["seq"])
    assert await phone.receive("error") == first
    move = {"act": "pass", "seat": active}
    await phone.act(move, 5, seen=view["seq"])
    assert (await phone.receive("ok"))["seq"] == view["seq"] + 1


async def _until(done: Callable[[], bool]) -> None:
    """Wait, a loop turn at a time, for the server to have done what ``done`` says."""
    for _ in range(10_000):
        if done():
            return
        await asyncio.sleep(0.001)
    raise AssertionError("never done")


async def test_a_phone_cannot_act_for_another_seat(served: Served) -> None:
    table = served.table
    active = table.pending()[0].seats[0]
    other = Seat((active + 1) % 4)
    phone, _ = await served.join(other)
    await phone.act({"act": "pass", "seat": active}, 4)
    reply = await phone.receive()
    assert reply["code"] == "not_your_seat"
    assert table.seq == 1


async def test_repeated_bad_tokens_never_keep_out_a_good_one(served: Served) -> None:
    for _ in range(12):
        assert (await served.phone().join("guess"))["code"] == "unknown_token"
    await served.join(0)


async def test_host_actions_have_no_http_route(served: Served) -> None:
    for method, path in [("POST", "/undo"), ("GET", "/undo"), ("POST", "/end"), ("POST", "/reseat"),
                         ("POST", "/ws"), ("GET", "/api/undo"), ("DELETE", "/")]:  # fmt: skip
        async with served.session.request(method, served.base + path) as response:
            assert response.status in (403, 404, 405), (method, path)
    assert served.table.seq == 1


async def test_the_page_and_its_words_are_served_with_strict_headers(served: Served) -> None:
    async with served.session.get(served.base + "/") as page:
        assert page.status == 200 and "phone.js" in await page.text()
        assert page.headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert page.headers["Cache-Control"] == "no-store"
    for lang in LANGS:
        async with served.session.get(f"{served.base}/i18n/{lang}.json") as words:
            body = await words.json()
            assert body and all(k.startswith("phone.") for k in body)
    async with served.session.get(served.base + "/static/../server.py") as escape:
        assert escape.status == 404


async def test_the_page_reads_the_servers_constants_rather_than_a_copy(served: Served) -> None:
    """The languages the page may speak and the denials it waits out by itself are the
    server's own, read once as it starts."""
    async with served.session.get(served.base + "/constants.json") as answer:
        assert answer.headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert answer.content_type == "application/json"
        body = await answer.json()
    assert body == {"langs": list(LANGS), "fallback": FALLBACK, "transient": sorted(TRANSIENT)}


async def test_every_module_the_page_imports_is_served_and_no_other(served: Served) -> None:
    """The page is ES modules served as they are, no bundle: from the entry ``index.html``
    loads, each module any of them imports is served as JavaScript, and ``/static/``
    serves no script that none imports."""
    entries = []
    for path, entry in (("/", "phone.js"), ("/room", "room.js")):  # the player's, the room's
        async with served.session.get(served.base + path) as page:
            loaded = re.findall(r'<script type="module" src="/static/([^"]+)">', await page.text())
        assert loaded == [entry]
        entries += loaded
    served_js, todo = set(), list(entries)
    while todo:
        name = todo.pop()
        if name in served_js:
            continue
        served_js.add(name)
        async with served.session.get(f"{served.base}/static/{name}") as module:
            assert module.status == 200 and module.content_type == "text/javascript", name
            imported = re.findall(r"^import [^;]*? from '([^']+)';", await module.text(), re.M)
        assert all(i.startswith("./") for i in imported), (name, imported)
        todo += [i.removeprefix("./") for i in imported]
    assert served_js == {name for name, kind in STATIC.items() if kind == "text/javascript"}


async def test_every_card_of_the_game_is_read_from_one_glossary_in_each_language(
    served: Served,
) -> None:
    """A card named in the history or a picker is read from the game's glossary, fetched
    once: every card of the game, with its name and what it does, in each language."""
    cards = served.service.spec.explained.cards
    for lang in LANGS:
        async with served.session.get(f"{served.base}/cards/{lang}.json") as answer:
            assert answer.headers["Content-Security-Policy"].startswith("default-src 'self'")
            body = await answer.json()
        assert set(body["cards"]) == cards
        assert all(c["name"] and c["help"] for c in body["cards"].values())
        assert [c["key"] for c in body["camps"]] == list(served.service.spec.explained.camps)
    async with served.session.get(f"{served.base}/cards/xx.json") as unknown:
        assert unknown.status == 404


async def test_a_request_nobody_can_read_is_one_line_in_the_log_not_a_traceback(
    served: Served, caplog: pytest.LogCaptureFixture
) -> None:
    """aiohttp answers it below the app (400); anyone on the Wi-Fi could send thousands."""
    host = served.base.split("//")[1]
    for junk in (f"GET / HTTP/1.1\r\nHost: {host}\r\nHost: elsewhere\r\n\r\n", "JUNK\r\n\r\n"):
        reader, writer = await asyncio.open_connection(*host.rsplit(":", 1))
        writer.write(junk.encode())
        answer = await reader.read()
        writer.close()
        assert answer.startswith(b"HTTP/1.") and b" 400 " in answer.split(b"\r\n")[0]
    logged = [r for r in caplog.records if r.name == "aiohttp.server"]
    assert logged and all(r.exc_info is None for r in logged)
    assert "Traceback" not in caplog.text and "could not be read" in caplog.text


async def test_no_response_names_the_software_behind_it(served: Served) -> None:
    """A version in ``Server`` tells a player with a laptop which known bug to try."""
    answers = [await served.session.get(served.base + path) for path in
               ("/", "/static/phone.js", "/i18n/zh-Hant.json", "/nothing", "/ws")]  # fmt: skip
    answers.append(await served.session.get(served.base + "/", headers={"Host": "elsewhere"}))
    phone = served.phone()
    await phone.open()
    answers.append(phone.ws._response)
    await phone.close()
    assert [a.status for a in answers] == [200, 200, 200, 404, 403, 421, 101]
    for answer in answers:
        assert answer.headers["Server"] == "Table Companion", answer.status
        assert answer.headers["X-Content-Type-Options"] == "nosniff", answer.status
        answer.release()


async def test_a_reconnecting_phone_gets_its_view_back_at_once(served: Served) -> None:
    phone, first = await served.join(1)
    await phone.close()
    again, view = await served.join(1)
    assert view["me"] == first["me"] and view["seq"] == first["seq"]
    await again.close()


async def test_the_tablet_knows_which_seats_are_connected(served: Served) -> None:
    changes: list[frozenset[Seat]] = []
    served.server.on_connections(changes.append)
    phone, _ = await served.join(3)
    assert served.server.connected() == {3}
    await phone.close()
    for _ in range(50):
        if served.server.connected() == frozenset():
            break
        await asyncio.sleep(0.02)
    assert changes[0] == {3} and changes[-1] == frozenset()


async def test_a_dead_socket_is_dropped_by_the_heartbeat(served: Served) -> None:
    phone = served.phone()  # a phone that never answers the server's pings
    await phone.open(autoping=False)
    await phone.hello(served.server.tokens.token(Seat(0)), "en")
    dropped = asyncio.Event()
    served.server.on_connections(lambda seats: dropped.set() if 0 not in seats else None)
    await asyncio.wait_for(dropped.wait(), timeout=10)
    assert 0 not in served.server.connected()


async def test_tokens_and_private_facts_never_reach_the_logs(
    served: Served, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    phones = [(await served.join(seat))[0] for seat in range(4)]
    for _ in range(3):
        await served.phone().join("wrong-" + served.server.tokens.token(Seat(0)))
    await served.server.reseat(Seat(1))
    table = served.table
    bots = [Bot(Seat(i), random.Random(i)) for i in range(4)]
    for _ in range(30):
        if table.over() is not None:
            break
        seat = table.pending()[0].seats[0]
        table.submit(
            bots[seat].choose(
                table.public_view(), table.private_view(seat), table.legal_actions(seat)
            )
        )
        await asyncio.sleep(0)
    for phone in phones:
        await phone.close()
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "connected" in logged
    unique = {c.id for c in cards.ALL if c.kind is not cards.Kind.ACTION}  # ids no word holds
    secrets = {served.server.tokens.token(Seat(i)) for i in range(4)} | unique
    assert not [s for s in secrets if s in logged]


async def test_phones_keep_their_seats_when_the_app_restarts(served: Served) -> None:
    """The tablet's battery died: the resumed table's server knows the same tokens."""
    old = served.server.tokens.token(Seat(0))
    revoked = served.server.tokens.token(Seat(1))
    await served.server.reseat(Seat(1))
    again = Table.resume(served.table.journal, served.table.game_id)
    server = PhoneServer(TableService(again), host="127.0.0.1", port=0, bind="127.0.0.1")
    assert server.tokens.token(Seat(0)) == old
    assert server.tokens.seat_of(revoked) is None and server.tokens.revoked(revoked)
    assert server.tokens.token(Seat(1)) == served.server.tokens.token(Seat(1))


async def test_a_restarted_server_listens_on_the_port_its_game_used(served: Served) -> None:
    """The QR codes carry the port: a resumed game asks for the same one, whatever it is given."""
    port = served.server.port
    await served.join(0)  # a live connection when it stops: the port goes through TIME_WAIT
    await served.server.stop()
    again = Table.resume(served.table.journal, served.table.game_id)
    server = PhoneServer(TableService(again), host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    assert server.port == port and server.moved is None and server.move() is None
    assert server.url(Seat(0)).startswith(f"http://127.0.0.1:{port}/#t=")
    served.server = server
    phone, view = await served.join(0)  # the same phone, the same seat, nobody's help
    assert view["me"]["seat"] == 0
    await phone.close()
    await server.stop()


async def test_a_server_that_cannot_have_its_port_back_says_so_and_frees_the_seats(
    served: Served,
) -> None:
    port = served.server.port
    await served.join(0)
    await served.server.stop()
    with socket.socket() as squatter:  # another program took the port meanwhile
        squatter.bind(("127.0.0.1", port))
        squatter.listen()
        again = Table.resume(served.table.journal, served.table.game_id)
        server = PhoneServer(TableService(again), host="127.0.0.1", port=port, bind="127.0.0.1")
        await server.start()
        assert server.port != port and server.moved == ("127.0.0.1", port)
        assert server.move() == (f"127.0.0.1:{port}", f"127.0.0.1:{server.port}")
        assert f":{server.port}/#t=" in server.url(Seat(0))
        served.server, served.keys = server, {}  # a page at a new address has no key there
        phone, view = await served.join(0)
        assert view["me"]["seat"] == 0
        await phone.close()
        await server.stop()
