"""A whole game on a simulated Android tablet, in a process of its own (``python -m``).

Run by ``test_android.py``: the modules Android lacks — ptys, ``termios``, serial ports,
nfcpy and libusb, ``platformdirs``, ``ifaddr`` — are made missing before anything is
imported (:mod:`ui.tablet.android_sim`), and Kivy draws offscreen; the app's own code never
asks which platform it is on — the Android way in is its own (``main.py``). The app is
started as ``main.py`` starts it (:mod:`ui.tablet.android`), on a device of the package's
fake NFC, its storage a folder of the test's. Four phones play the game over real
WebSockets, as their page does, coming back by themselves whenever their socket drops. On
the way the tablet's own NFC reads a card played in the centre; the app is paused and
resumed, and meanwhile the system closes its phones' server; it runs low on memory; later
the system kills it in the background and it is started again, resuming the game where it
was. What happened is printed as one line of JSON.
"""

from __future__ import annotations

import sys
from importlib.metadata import packages_distributions
from pathlib import Path

from ui.tablet import android_sim

BEFORE = frozenset(sys.modules)
"""What this interpreter loaded before the app's path began (its site's own)."""
android_sim.install()

import asyncio  # noqa: E402
import contextlib  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import random  # noqa: E402
from typing import Any  # noqa: E402

import aiohttp  # noqa: E402

from hardware.android_fake import FakeAndroid  # noqa: E402
from ui.tablet import android  # noqa: E402

NFC = FakeAndroid()
DEVICE = android.Device(Path(sys.argv[1]), NFC, "zh-Hant")
android.start(DEVICE, fullscreen=False)  # as main.py starts it, in a window of this machine's

from kivy.core.window import Window  # noqa: E402

from companion.core.taps import Place  # noqa: E402
from companion.core.types import CardId, Seat  # noqa: E402
from companion.games import GAMES  # noqa: E402
from companion.policy import Dealer, Draws  # noqa: E402
from companion.service import TableService  # noqa: E402
from companion.tagmap import TagMap  # noqa: E402
from firmware_bridge.emulators.ntag import sticker, sticker_uid  # noqa: E402
from testkit.phone import Phone, loopback  # noqa: E402
from ui.phone.limits import Bucket, Limits  # noqa: E402
from ui.tablet.app import TabletApp  # noqa: E402

NAMES = ["Ann", "Ben", "Cat", "Dan"]
BACKOFF_S = (0.5, 1, 2, 4, 5)
"""How long the phone page waits before it tries again (``BACKOFF_MS`` in static/connection.js)."""
LIMITS = Limits()


class Moves:
    """How many more moves the players make by phone (none while they wait on a tap or
    the tablet is killed; one at a time while the tablet waits for a card to lay), and
    whether they may claim victory yet: not before the kill, so that a game cut short by a
    lucky claim never leaves the resume untried. A move taken is *sending* until its phone
    has sent it, which may be a while: a thumb waits its turn (:meth:`Player._thumb_ready`)."""

    def __init__(self) -> None:
        self.left = math.inf
        self.claims = False
        self.sending = 0

    def take(self) -> bool:
        if self.left < 1:
            return False
        self.left -= 1
        self.sending += 1
        return True

    async def stopped(self, service: TableService) -> None:
        """No more moves, and every move taken sent and answered: the table holds still
        (its sequence unchanged a moment after the last phone sent)."""
        self.left = 0
        await until(lambda: self.sending == 0)
        seq = -1
        while service.seq != seq:
            seq = service.seq
            await asyncio.sleep(0.3)


class Player:
    """One seat's player and phone, as its page behaves: hello with its token (and, once it
    has one, its device key), every view kept, an action sent when the view offers some and
    the table's moves allow, and back again by itself whenever its socket drops."""

    def __init__(self, seat: Seat, token: str, rng: random.Random, moves: Moves) -> None:
        self.seat, self.token, self.rng, self.moves = seat, token, rng, moves
        self.views = self.joins = 0
        self.port = 0
        self.phone: Phone | None = None
        self.attempt = 0
        self._thumb = Bucket(LIMITS.messages_per_s * 0.8, LIMITS.message_burst * 0.8)

    async def look(self) -> None:
        """The player looks at the phone again: its page asks for the view afresh."""
        if self.phone is not None and not self.phone.closed:
            await self._thumb_ready()
            await self.phone.send({"type": "lang", "lang": "zh-Hant"})

    async def run(self) -> None:
        """From the phone's own address on the Wi-Fi (127.0.0.2, …), trying again as the
        page does: after 0.5, 1, 2, 4, then every 5 s, from 0.5 s again once let in."""
        address = f"127.0.0.{2 + self.seat}"
        connector = aiohttp.TCPConnector(local_addr=(address, 0), force_close=True)
        async with aiohttp.ClientSession(connector=connector) as http:
            self.phone = Phone(http, loopback(self.port))
            while True:
                with contextlib.suppress(aiohttp.ClientError, OSError, TimeoutError):
                    await self._session(self.phone)
                await asyncio.sleep(BACKOFF_S[min(self.attempt, len(BACKOFF_S) - 1)])
                self.attempt += 1

    async def _session(self, phone: Phone) -> None:
        phone.base = loopback(self.port)
        try:
            await self._thumb_ready()
            if (await phone.join(self.token))["type"] == "welcome":
                self.joins, self.attempt = self.joins + 1, 0
            async for frame in phone.frames():
                if frame.get("type") == "view":
                    self.views += 1
                    offered = [a["action"] for a in frame["actions"]]
                    playing = [a for a in offered if not str(a["act"]).startswith("claim")]
                    offered = offered if self.moves.claims else playing or offered
                    if offered and frame["over"] is None and self.moves.take():
                        try:
                            await self._thumb_ready()
                            await phone.act(self.rng.choice(offered), frame["seq"])
                        finally:
                            self.moves.sending -= 1
        finally:
            await phone.close()

    async def _thumb_ready(self) -> None:
        """Until a message may go, no sooner than a person's thumb could send it, well under
        the server's limit: a phone faster than that would be closed as a flood, as it
        should be."""
        while not self._thumb.take():
            await asyncio.sleep(self._thumb.wait())


async def until(condition: Any, timeout: float = 60.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.02)


async def start(device: android.Device, port: int) -> tuple[TabletApp, asyncio.Task[None]]:
    app = android.app(device, host="127.0.0.1", port=port, rng=random.Random(3))
    task = asyncio.ensure_future(app.async_run(async_lib="asyncio"))
    await until(lambda: app.root is not None and app.screens.current == "start")
    return app, task


async def tap_a_played_card(
    app: TabletApp, nfc: FakeAndroid, phones: list[Player], moves: Moves
) -> bool:
    """The first time the player whose turn it is may play a card face up, they lay it on
    the tablet's back instead of using the phone (the table plays a move at a time until
    then); whether the tap made the move."""
    session = app.session
    assert session is not None
    service = session.service
    await moves.stopped(service)  # a move already taken lands before the card is chosen
    while service.over() is None:
        laid = _played_in_the_centre(app)
        if laid is not None:
            made = await _lay(app, nfc, laid)
            break
        seq, moves.left = service.seq, 1
        for phone in phones:
            await phone.look()
        await until(lambda s=seq: service.seq != s or service.over() is not None)
        await moves.stopped(service)
    else:
        made = False
    moves.left = math.inf
    for phone in phones:
        await phone.look()
    return made


async def _lay(app: TabletApp, nfc: FakeAndroid, card: CardId) -> bool:
    """``card`` laid on the tablet's back and lifted; whether it made a move (a question the
    card asks answered as the table would)."""
    assert app.session is not None
    session, before = app.session, app.session.service.seq
    nfc.lay(sticker(card).uid)
    await until(lambda: session.service.seq != before or session.question() is not None, 10)
    nfc.lift()
    question = session.question()
    if question is not None:
        session.answer(question, question.options[0])
    return session.service.seq != before


def _played_in_the_centre(app: TabletApp) -> CardId | None:
    """A card the seat whose turn it is may play face up in the centre now, if any. Not an
    identity laid to claim victory: that is asked on the claimant's phone alone, never on
    the tablet, and would end the game before the kill."""
    assert app.session is not None
    service = app.session.service
    seat, state = service.acting(), service.table.state
    for action in service.table.legal_actions(seat) if seat is not None else []:
        if action.act.startswith("claim"):
            continue
        where = service.spec.sensing.laid(state, action, lambda cards: sorted(cards)[0])
        if where is not None and where[0].place is Place.CENTRE:
            return where[1]
    return None


async def sleep_and_wake(app: TabletApp, phones: list[Player]) -> dict[str, Any]:
    """The screen goes off and on again; meanwhile the system closes the phones' server."""
    session = app.session
    assert session is not None
    app.dispatch("on_pause")
    await session.live.phones.stop()
    paused = session.paused
    joins = sum(p.joins for p in phones)
    app.dispatch("on_resume")
    await until(lambda: sum(p.joins for p in phones) >= joins + len(phones))
    return {"paused_table": paused, "back_after_resume": sum(p.joins for p in phones) - joins,
            "paused_after_resume": session.paused}  # fmt: skip


async def play(device: android.Device, nfc: FakeAndroid) -> dict[str, Any]:
    storage = device.storage
    tags = TagMap(storage / "tags.sqlite3")
    deck = tags.new_deck("home", "microfilms")
    spec = GAMES["microfilms"]
    tags.store(deck, {sticker_uid(c): c for c in spec.sensing.cards(spec.options_type())})
    app, task = await start(device, port=0)
    app.new_game("microfilms", NAMES, GAMES["microfilms"].options_type(),
                 draws=Draws.APP, dealer=Dealer.APP, window=0)  # fmt: skip
    await until(lambda: app.session is not None)
    session = app.session
    assert session is not None
    moves = Moves()
    phones = [Player(Seat(i), session.phones.tokens.token(Seat(i)), random.Random(i), moves)
              for i in range(len(NAMES))]  # fmt: skip
    result: dict[str, Any] = {"readers": [s.state.value for s in session.statuses.values()]}
    for phone in phones:
        phone.port = session.phones.port
    running = [asyncio.ensure_future(p.run()) for p in phones]
    service = session.service
    await until(lambda: service.seq > 20 or service.over() is not None)
    result["tapped"] = await tap_a_played_card(app, nfc, phones, moves)

    result |= await sleep_and_wake(app, phones)
    Window.dispatch("on_memorywarning")  # Android runs low on memory, the app in front
    woke = service.seq
    await until(lambda: service.seq > woke + 4 or service.over() is not None)
    await moves.stopped(service)  # the players put their phones down
    game, kept = service.game_id, service.seq
    result["over_before_kill"] = service.over() is not None
    app.stop()  # the system kills the app in the background: nobody is told goodbye,
    await asyncio.gather(task, return_exceptions=True)
    await session.live.phones.stop()  # and its sockets are gone with it
    moves.left, moves.claims = math.inf, True  # the players pick up their phones again

    app, task = await start(device, port=0)
    result["offered"] = app.journal.latest_unfinished() == game
    app.resume(game)
    await until(lambda: app.session is not None)
    session = app.session
    assert session is not None
    result["resumed_at"] = (session.service.seq, kept)
    joins = sum(p.joins for p in phones)
    for phone in phones:
        phone.port = session.phones.port  # the port the journal kept
    await until(lambda: sum(p.joins for p in phones) >= joins + len(phones))
    await until(lambda: session.service.over() is not None, 300)
    result["winners"] = list(session.service.over().winners)  # type: ignore[union-attr]
    result["views"] = sum(p.views for p in phones)
    for running_phone in running:
        running_phone.cancel()
    await asyncio.gather(*running, return_exceptions=True)
    app.stop()
    await asyncio.gather(task, return_exceptions=True)
    await session.stop()
    result["missing"] = android_sim.imported_missing()
    result["loaded"] = loaded()
    return result


def loaded() -> list[str]:
    """The distributions whose modules the app loaded (``buildozer.spec`` must take them)."""
    owners = packages_distributions()
    names = {name.partition(".")[0] for name in set(sys.modules) - BEFORE}
    return sorted({d for name in names for d in owners.get(name, ())})


if __name__ == "__main__":
    print(json.dumps(asyncio.run(play(DEVICE, NFC))))
