"""A 暗火线 table brought to a rescue round by moves told on the phones (digest §2, §4, §5.2,
§6.2): the first player and the next each shoot the seat after them with a double bullet,
and the fourth seat, first asked to give first aid, holds a card a test chooses."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import aiohttp

from companion.clock import HandClock
from companion.core.actions import Discard, TellDraw
from companion.core.dealing.told import TellDealt
from companion.core.types import CardId, Seat
from companion.games.darkfireline.actions import EndPlay, Shoot
from companion.games.darkfireline.cards import Kind, kind_of
from companion.journal import Journal
from companion.policy import Dealer, Draws
from companion.service import TableService
from companion.windows import WindowTimer
from testkit.phone import Phone, loopback
from tests.ui.phone.conftest import SEATS
from ui.phone.server import PhoneServer

SEED = 4
"""Deals the identities and the first player alike at every table of this test."""


def first_player(tmp_path: Path) -> Seat:
    service = told_table(tmp_path / "first.sqlite3", HandClock())
    for seat in range(4):
        cards = tuple(map(CardId, ("SINGLE-1", "DOUBLE-1", "DISARM-1")))
        service.act(Seat(seat), TellDealt(seat=Seat(seat), cards=cards))
    return service.table.state.active


def told_table(db: Path, clock: HandClock) -> TableService:
    return TableService.start(
        Journal(db), "darkfireline", SEATS, draws=Draws.TOLD, dealer=Dealer.TABLE,
        rng=random.Random(SEED), window=1, clock=clock,
    )  # fmt: skip


def mine(service: TableService, seat: Seat, kind: Kind) -> CardId:
    return next(c for c in service.table.state.players[seat].hand if kind_of(c) is kind)


def turn_with_a_double_bullet(service: TableService, seat: Seat, target: Seat) -> None:
    """Draw two single bullets, shoot ``target`` with a double bullet (2 damage, §5.2)."""
    for _ in range(2):
        service.act(seat, TellDraw(seat=seat, card=CardId("SINGLE-1")))
    service.act(seat, Shoot(seat=seat, card=mine(service, seat, Kind.DOUBLE), targets=(target,)))


class World:
    """A table brought to a rescue round: ``first`` and the next seat each shoot the seat
    after them with a double bullet; the fourth seat, first asked, holds ``fourth``."""

    def __init__(self, tmp_path: Path, first: Seat, fourth: str) -> None:
        self.clock = HandClock()
        self.service = told_table(tmp_path / f"{fourth}.sqlite3", self.clock)
        self.order = [Seat((first + i) % 4) for i in range(4)]
        shooter, attacker, self.dying, self.asked = self.order
        hands = {shooter: ("DOUBLE-1", "SINGLE-1", "SINGLE-1"),
                 attacker: ("DOUBLE-1", "SINGLE-1", "SINGLE-1"),
                 self.dying: ("SINGLE-1", "SINGLE-1", "ARMOUR-1"),
                 self.asked: (fourth, "SINGLE-1", "SINGLE-1")}  # fmt: skip
        for seat, cards in hands.items():
            self.service.act(seat, TellDealt(seat=seat, cards=tuple(map(CardId, cards))))
        assert self.service.table.state.active == shooter
        turn_with_a_double_bullet(self.service, shooter, self.dying)
        self.service.act(shooter, EndPlay(seat=shooter))
        self.service.act(shooter, Discard(seat=shooter, card=mine(self.service, shooter,
                                                                   Kind.SINGLE)))  # fmt: skip
        turn_with_a_double_bullet(self.service, attacker, self.dying)

    async def start(self) -> PhoneServer:
        """The table's phone server and window timer, running."""
        self.server = PhoneServer(self.service, host="127.0.0.1", port=0, bind="127.0.0.1")
        await self.server.start()
        self.timer = WindowTimer(self.service, asyncio.get_running_loop())
        return self.server

    async def serve(self, session: aiohttp.ClientSession) -> dict[Seat, Recording]:
        """Every seat's phone joined, each with the first view it got."""
        server = await self.start()
        return {s: await Recording.join_seat(session, server, s) for s in map(Seat, range(4))}

    async def stop(self) -> None:
        self.timer.stop()
        await self.server.stop()


class Recording(Phone):
    """One seat's phone that keeps every view frame it is sent, as the bytes it got."""

    def __init__(self, http: aiohttp.ClientSession, base: str) -> None:
        super().__init__(http, base)
        self.frames = list[str]()

    @classmethod
    async def join_seat(
        cls, http: aiohttp.ClientSession, server: PhoneServer, seat: Seat
    ) -> Recording:
        phone = cls(http, loopback(server.port))
        assert (await phone.join(server.tokens.token(seat), "en"))["type"] == "welcome"
        await phone.view()
        return phone

    async def view(self) -> dict[str, Any]:
        self.frames.append(await self.receive_text("view"))
        return dict(json.loads(self.frames[-1]))

    async def until_closed(self) -> dict[str, Any]:
        """Views until the one with no window open."""
        view = json.loads(self.frames[-1])
        while view["window"] is not None:
            view = await self.view()
        return dict(view)
