"""風聲 on the phones: each seat's windows, decisions and probes go through its own phone."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import aiohttp

from companion.core import playout
from companion.core.types import JSONObject, Seat
from companion.games import GAMES
from companion.games.themessage.bot import Bot
from companion.games.themessage.options import Mix
from companion.i18n import LANGS, Voice
from companion.journal import Journal
from companion.service import TableService
from companion.table import Table
from testkit.phone import Phone, loopback
from tests.ui.phone.conftest import SEATS
from tests.ui.phone.leaks import assert_view_private_to
from ui.faces import face_of
from ui.phone.limits import Limits
from ui.phone.server import PhoneServer
from ui.seat_screen import secret_words, view_message

BOTS = Limits(messages_per_s=10_000, message_burst=10_000)
"""Bots answer every window the moment it opens; a person's taps stay far inside the defaults."""
WINDOWS = {"window_transmit", "window_intercepted", "window_arrive", "respond", "decide"}
"""The prompts of a response window or a receipt's decision."""


async def test_each_phone_answers_for_its_seat_and_sees_only_its_own(tmp_path: Path) -> None:
    table = Table.start(Journal(tmp_path / "j.sqlite3"), "themessage", SEATS, rng=random.Random(4))
    service = TableService(table)
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1", limits=BOTS)
    await server.start()
    bots = [Bot(Seat(i), random.Random(i)) for i in range(4)]
    table.subscribe(lambda u: [b.hear(u.public()) for b in bots])
    async with aiohttp.ClientSession() as session:
        phones: list[tuple[Phone, dict[str, Any]]] = []
        for seat in range(4):
            phone = Phone(session, loopback(server.port))
            phones.append((phone, await phone.sit(server.tokens.token(Seat(seat)), "zh-Hant")))
        answered = windows = 0
        while table.over() is None and table.seq < 400:
            seat = table.pending()[0].seats[0]
            kinds = {p.kind for p in table.pending()}
            action = bots[seat].choose(
                table.public_view(), table.private_view(seat), table.legal_actions(seat)
            )
            body = table.spec.codec.encode(action)
            phone, view = phones[seat]
            # Two copies of a card read alike and the phone lists one: the bot may mean either.
            voice = Voice.of("zh-Hant", GAMES["themessage"], SEATS)
            plays = face_of("themessage").plays(table.public_view(), voice)
            path = voice.seeing(plays).action(body)
            if path[-1] == voice.text("word.no_card"):  # a probe answered by words: no card
                path = path[:-1]
            offered = next((a["action"] for a in view["actions"] if a["path"] == path), None)
            assert offered is not None, "the phone offers what the seat may do"
            await phone.act(offered, table.seq)
            answered += 1
            windows += bool(
                kinds
                & {"window_transmit", "window_intercepted", "window_arrive", "respond", "decide"}
            )
            before = table.seq
            while table.seq == before:
                reply = await phone.receive()
                assert reply["type"] in ("ok", "view"), reply
                if reply["type"] == "view":
                    phones[seat] = (phone, reply)
            for i, (other, _) in enumerate(phones):
                while phones[i][1]["seq"] != table.seq:
                    phones[i] = (other, await other.receive("view"))
                assert_view_private_to(phones[i][1], i, service)
        assert answered > 50 and windows > 20
        for phone, _ in phones:
            await phone.close()
    await server.stop()


def test_what_a_probe_obliges_is_not_in_the_secrets_a_glance_can_read() -> None:
    """§1.3: a Probe's answer follows from the identity it names, so the secrets list says
    the same whatever the seat must answer, and whichever Probe it was: the Probe beside
    the answer the whole table hears would name the identity too. Both are behind the hold,
    as the identity is (the page once read "Your identity obliges you to draw 1 card", and
    then "小明以試探−潛伏戰線（藍・密電）試探你" above a menu offering only "discard"), in a
    sentence of its own."""
    spec = GAMES["themessage"]
    private: JSONObject = {"identity": "ID-RED", "secrets": []}
    answers: list[JSONObject] = [
        {"answer": "draw", "draws": 1},
        {"answer": "discard"},
        {"answer": "say_good"},
        {"answer": "say_undercover"},
    ]
    for lang in LANGS:
        voice = Voice.of(lang, spec, SEATS)
        said = {
            secret_words(voice, {"kind": "probed", "args": args}, private, face_of("themessage"))
            for card in ("PROBE-R-S-RED-PLUS", "PROBE-B-S-BLUE-MINUS", "PROBE-R-S-GREEN-PLUS")
            for args in ({"card": card, "prober": 1, **answer} for answer in answers)
        }
        glanced = {glance for glance, _ in said}
        assert len(glanced) == 1, glanced
        for card in ("PROBE-R-S-RED-PLUS", "PROBE-B-S-BLUE-MINUS", "PROBE-R-S-GREEN-PLUS"):
            helds = set()
            for answer in answers:
                args = {"card": card, "prober": 1, **answer}
                _, held = secret_words(voice, {"kind": "probed", "args": args}, private,
                                       face_of("themessage"))  # fmt: skip
                assert held is not None and voice.render("card", card) in held
                helds.add(held)
            assert len(helds) == len(answers), "each answer said while held"
        whole = voice.say("secret.themessage.probed.veiled", {"prober": 1})
        assert glanced.pop() == whole and voice.text("phone.hidden_identity") not in whole


def test_a_counter_names_the_play_it_cancels_as_the_table_shows_it(tmp_path: Path) -> None:
    """§6.7: a 識破 cancels one play on the stack; the phone's menu reads that play as the
    tablet's stack does ("#2 Ben: Lock"), never a bare "2"."""
    table = Table.start(Journal(tmp_path / "j.sqlite3"), "themessage", SEATS, rng=random.Random(4))
    server = PhoneServer(TableService(table), host="127.0.0.1", port=0, bind="127.0.0.1")
    rng = random.Random(4)
    while table.over() is None:
        counters = {
            seat: [a for a in table.legal_actions(Seat(seat)) if a.act == "counter"]
            for seat in range(len(SEATS))
        }
        seat = next((s for s, found in counters.items() if found), None)
        if seat is not None:
            break
        mover = rng.choice(table.pending()[0].seats)
        table.submit(playout.choose(table.spec, table.state, mover, rng, {}))
    assert seat is not None, "no counter in the whole game"
    stack = {p["n"]: p for p in table.public_view()["stack"]}
    for lang in LANGS:
        frame = json.loads(server.frame(Seat(seat), lang))
        paths = [a["path"] for a in frame["actions"] if a["action"]["act"] == "counter"]
        voice = Voice.of(lang, GAMES["themessage"], SEATS)
        read = {voice.say("face.themessage.stack", play) for play in stack.values()}
        assert paths and all(path[-1] in read for path in paths), paths


def test_every_phone_and_the_table_say_how_many_of_each_camp_were_dealt(tmp_path: Path) -> None:
    """§2: the identities dealt are the table's choice, one per player (at five, by default,
    three red and two blue, no green): a player weighs every guess at who is whose by it,
    and the phone said it nowhere. Each phone's table line says it, as the tablet's does;
    a table that deals green says that too."""
    names = [*SEATS, "Eve"]
    for mix, key in ((None, "face.themessage.mix"), (Mix(red=2, blue=2, green=1), "_green")):
        options = GAMES["themessage"].options.fitting(5)
        if mix is not None:
            options = dataclasses.replace(options, identities=mix)
        journal = Journal(tmp_path / f"{key}.sqlite3")
        service = TableService.start(journal, "themessage", names, options=options)
        camps = [str(p.identity) for p in service.table.state.players]
        dealt = Mix(red=camps.count("ID-RED"), blue=camps.count("ID-BLUE"),
                    green=camps.count("ID-GREEN"))  # fmt: skip
        assert dealt == (mix or Mix(red=3, blue=2))
        for lang in LANGS:
            voice = Voice.of(lang, service.spec, names)
            said = voice.text(f"face.themessage.mix{'_green' if dealt.green else ''}",
                              red=dealt.red, blue=dealt.blue, green=dealt.green)  # fmt: skip
            face = face_of("themessage")
            for seat in map(Seat, range(len(names))):
                message = view_message(service.seat_view(seat), voice, face, [])
                assert said in message["table"]["summary"]
            assert said in face.centre(service.public_view(), voice)
