"""The phones' server: one page for every seat, a WebSocket per phone.

It runs in the app's asyncio loop beside the tablet. A phone proves its seat
with the token from its QR code in its first message, and that it is the
seat's phone with its device key (:mod:`ui.phone.devices`); from then on it
gets that seat's view — and no other seat's — after every committed action,
and may act as that seat and no other. Whatever a phone sends is judged by
the same rules as any action; a refusal changes nothing and is explained in
the phone's language. Host actions (undo, ending a game, re-seating, letting
another phone have a seat) have no route here at all: only the app itself can
call them.

No socket may make the others wait (:mod:`ui.phone.limits`): each draws its
messages from a bucket and is closed, told why, when it floods; a new socket
must say hello within seconds, and only a few may be waiting to
(:mod:`ui.phone.lobby`); an address may hold only so many connections open
(:mod:`ui.phone.gate`); a request must name this server as its host and a
WebSocket must come from this server's own page (:mod:`ui.phone.origin`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import json
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web, web_app
from aiohttp.http_exceptions import HttpProcessingError

from companion.core.actions import SeatAction
from companion.core.errors import MalformedAction, RuleViolation
from companion.core.standing import Standing
from companion.core.types import JSON, JSONObject, Seat
from companion.games import GAMES
from companion.i18n import FALLBACK, LANGS, Voice, catalog, text
from companion.journal_errors import JournalError
from companion.service import Change, TableService
from ui import lan
from ui.faces import face_of
from ui.phone.answers import Answers
from ui.phone.devices import Device, SeatDevices
from ui.phone.exhaustion import Exhaustion
from ui.phone.gate import Gate, GatedSite
from ui.phone.limits import BadAttempts, Bucket, Clock, Doors, Limits
from ui.phone.lobby import Lobby
from ui.phone.origin import OwnHosts
from ui.phone.tokens import SeatTokens
from ui.phones import DEFAULT_PORT, DeviceStatus
from ui.seat_screen import HISTORY, Said, glossary, history, refusal, room_frame, view_frame

log = logging.getLogger(__name__)

MAX_MESSAGE = 2048
"""Bytes a phone may send in one message; anything longer is refused unread."""
HARD_LIMIT = 64 * 1024
"""Beyond this aiohttp closes the socket outright."""
HEARTBEAT_S = 10.0
CLOSE_S = 2.0
"""How long a closing socket waits for the phone's goodbye before it is cut."""
IDLE_S = 15.0
"""An HTTP connection that sends no request for this long is closed (a silent TCP socket)."""
ANY_PORT = 0
EVERYWHERE = ("0.0.0.0", "::")
"""Binding to these is no name of ours: the machine's own addresses are found in ``lan``."""

HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "Server": "Table Companion",
    "X-Content-Type-Options": "nosniff",
}
"""On every response the app makes. ``Server`` replaces aiohttp's own, which names the Python
and aiohttp versions to anyone on the network. A request aiohttp's parser refuses (a junk
request line) is answered below the app, with aiohttp's headers: it has no hook there."""
CSP = "default-src 'self'; connect-src 'self' ws://{host}; frame-ancestors 'none'"
"""``ws://`` is named for browsers that do not count it as ``'self'`` (older Safari)."""
MODULES = ("phone", "state", "dom", "store", "constants", "words", "connection", "menu", "screen",
           "toast", "cards", "me", "turn", "table", "feed", "audit", "notes", "over",
           "teach", "room")  # fmt: skip
"""The pages' ES modules (``static/<name>.js``), served as they are: ``phone`` is the
player's page's entry, ``room`` the room screen's."""
STATIC = {
    "index.html": "text/html",
    "room.html": "text/html",
    "phone.css": "text/css",
    **{f"{name}.js": "text/javascript" for name in MODULES},
}
"""Every file ``/static/`` serves, with its type; any other name is not found."""
TRANSIENT = frozenset({"too_fast", "hello_timeout", "busy"})
"""Denials after which the page tries again by itself (the others need a person); the page
reads them from ``/constants.json``."""

_order = itertools.count()


class _Unreadable(logging.Filter):
    """aiohttp logs a request its parser refuses (a junk line, ``Host`` twice) with a whole
    traceback, once per request, below the app: anyone on the Wi-Fi could fill the log with
    them. Each is kept as one line, naming the fault's kind."""

    def filter(self, record: logging.LogRecord) -> bool:
        fault = record.exc_info[1] if record.exc_info else None
        if isinstance(fault, HttpProcessingError):
            record.msg = "a request that could not be read, from %s (%s)"
            where = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
            record.args = (where, type(fault).__name__)
            record.exc_info = record.exc_text = None
        return True


UNREADABLE = _Unreadable()


@dataclass(eq=False)
class Room:
    """One open room screen: a socket sent the public table, in its language, and never
    heard (it may say nothing that changes the game)."""

    ws: web.WebSocketResponse
    address: str
    lang: str


@dataclass(eq=False)
class Phone:
    """One open socket and what it has proved."""

    ws: web.WebSocketResponse
    address: str
    bucket: Bucket
    seat: Seat | None = None
    """The seat this socket's device holds, once it has proved it."""
    asking: Seat | None = None
    """The seat this socket's device asks the tablet for, while another phone holds it."""
    device: Device | None = None
    key: str | None = None
    greeted: bool = False
    lang: str = FALLBACK
    sent: asyncio.Lock = field(default_factory=asyncio.Lock)
    opened: int = field(default_factory=lambda: next(_order))


def _forget_handlers() -> None:
    """Let go of this server's handlers, which aiohttp keeps once built.

    aiohttp keeps each route's handler with the middlewares applied in a cache of the module
    (``web_app._cached_build_middleware``, 1,024 entries) keyed by the handler and its
    app. Through this server's bound methods that would keep the server, its table service
    and its whole game alive after the game ended, one more each game of an evening. Another
    server's handlers are only built again at its next request."""
    cached = getattr(web_app, "_cached_build_middleware", None)
    if cached is not None:
        cached.cache_clear()


class PhoneServer:
    """Serves the seats of one live table. ``start`` binds, ``stop`` closes every socket."""

    def __init__(
        self,
        service: TableService,
        *,
        host: str | None = None,
        port: int = DEFAULT_PORT,
        bind: str = "0.0.0.0",
        attempts: BadAttempts | None = None,
        limits: Limits | None = None,
        heartbeat: float = HEARTBEAT_S,
        clock: Clock = time.monotonic,
    ) -> None:
        self.service = service
        journal, game = service.journal, service.game_id
        self.tokens = SeatTokens(journal, game, len(service.names))
        self._limits = limits or Limits()
        self.devices = SeatDevices(journal, game, len(service.names), self._limits.asking_per_seat)
        self._kept = journal.phone_place(game)
        self.address, self.addresses = lan.choose(host, self._kept[0] if self._kept else None)
        self.port = port
        self.moved: tuple[str, int] | None = None
        """Where this game's phones were before, if the server could not be there again."""
        self._host = host
        self._bind = bind
        self._attempts = attempts or BadAttempts(clock=clock)
        self._clock = clock
        self._doors = Doors(self._limits, clock)
        self._lobby: Lobby[Phone] = Lobby(
            self._limits.unauthenticated, self._limits.unauthenticated_per_address
        )
        self._hosts: OwnHosts | None = None
        self.exhaustion = Exhaustion()
        self.gate = Gate(self._limits.connections_per_address)
        self._heartbeat = heartbeat
        self._phones: set[Phone] = set()
        self._rooms: set[Room] = set()
        self._feed: deque[JSONObject] = deque(service.recent(HISTORY), maxlen=HISTORY)
        self._history: dict[str, list[Said]] = {}
        """The feed folded and said in each language, until the next move."""
        self._runner: web.AppRunner | None = None
        self._connection_listeners: list[Callable[[frozenset[Seat]], None]] = []
        self._pushes: set[asyncio.Task[None]] = set()
        self._answers = Answers()
        self._face = face_of(service.header.game)
        service.subscribe(self._on_change)

    # --- the host's side --------------------------------------------------------

    @property
    def room_url(self) -> str:
        """What the room's QR code carries: the public table, for anyone on this network."""
        return f"http://{self.address}:{self.port}/room"

    def url(self, seat: Seat) -> str:
        """What seat's QR code carries; the token after ``#`` never reaches a server log."""
        return f"http://{self.address}:{self.port}/#t={self.tokens.token(seat)}"

    def move(self) -> tuple[str, str] | None:
        """``("192.168.1.2:8737", "192.168.1.2:8741")``: where this game's phones were and
        where they are now, if the server could not be there again (``moved``)."""
        if self.moved is None:
            return None
        return "{}:{}".format(*self.moved), f"{self.address}:{self.port}"

    def connected(self) -> frozenset[Seat]:
        return frozenset(p.seat for p in self._phones if p.seat is not None and not p.ws.closed)

    def phones_of(self, seat: Seat) -> list[DeviceStatus]:
        """The phone holding ``seat`` (first) and those asking for it, each with whether it
        is connected now."""
        live = {p.device for p in self._phones if not p.ws.closed and seat in (p.seat, p.asking)}
        holder = self.devices.holder(seat)
        held = [DeviceStatus(holder.label, True, holder in live)] if holder else []
        asking = [DeviceStatus(d.label, False, d in live) for d in self.devices.asking(seat)]
        return held + asking

    def on_connections(self, listener: Callable[[frozenset[Seat]], None]) -> None:
        """Be told the set of connected seats whenever it, or any seat's phones, change."""
        self._connection_listeners.append(listener)

    def answer(self, seat: Seat, action: SeatAction, lang: str) -> str:
        """What ``seat``'s phone would be answered, in ``lang``, for sending ``action`` now —
        judged, never made: the frame the leak oracle compares (:mod:`testkit.oracle`)."""
        refused = self.service.judge(seat, action)
        answer = {"type": "ok", "id": None} if refused is None else refusal(
            self._voice(lang), None, refused)  # fmt: skip
        return json.dumps(answer, ensure_ascii=False)

    def _voice(self, lang: str) -> Voice:
        return Voice.of(lang, self.service.spec, self.service.names)

    def _tell(self, seat: Seat, key: str, args: Mapping[str, JSON]) -> None:
        """A sentence for ``seat``'s phones only (it may name a card the others must not see)."""
        for phone in [p for p in self._phones if p.seat == seat]:
            said = self._voice(phone.lang).say(key, args)
            self._spawn(self._send(phone, {"type": "notice", "text": said}))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._pushes.add(task)
        task.add_done_callback(self._pushes.discard)

    async def reseat(self, seat: Seat) -> str:
        """Revoke ``seat``'s token, forget its phones, drop them, and return the new QR address."""
        self.tokens.reissue(seat)
        self.devices.release(seat)
        for phone in [p for p in self._phones if seat in (p.seat, p.asking)]:
            await self._deny(phone, "revoked")
        self._connections_changed()
        return self.url(seat)

    async def admit(self, seat: Seat, label: str) -> bool:
        """The tablet gives ``seat`` to the phone labelled ``label`` that asks for it; the
        phone that held it is told and loses it. ``False`` if no such phone asks."""
        moved = self.devices.admit(seat, label)
        if moved is None:
            return False
        device, before = moved
        log.info("seat %d moved to another phone by the tablet", seat + 1)
        for phone in [p for p in self._phones if p.seat == seat and p.device == before]:
            await self._deny(phone, "replaced")
        for phone in [p for p in self._phones if p.asking == seat and p.device == device]:
            await self._seat(phone, seat)
        self._connections_changed()
        return True

    async def until_alone(self, timeout: float) -> None:
        """Wait until no phone is connected, or ``timeout`` seconds."""
        alone = asyncio.Event()
        self.on_connections(lambda seats: alone.set() if not seats else None)
        if self.connected():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(alone.wait(), timeout)

    async def start(self) -> None:
        """Bind where this game's phones were told to go, or say it could not (``moved``)."""
        for name in STATIC:
            _static_body(name)  # read now: a server out of descriptors can still serve the page
        app = web.Application(client_max_size=HARD_LIMIT, middlewares=[self._own_host])
        app.router.add_get("/", self._page)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/i18n/{lang}.json", self._words)
        app.router.add_get("/cards/{lang}.json", self._cards)
        app.router.add_get("/constants.json", self._constants)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/room", self._room_page)
        app.router.add_get("/room/ws", self._room_socket)
        app.router.add_get("/favicon.ico", _no_icon)
        app.on_response_prepare.append(_secure_headers)
        logging.getLogger("aiohttp.server").addFilter(UNREADABLE)  # once, however many starts
        self._runner = web.AppRunner(
            app, access_log_format='%a "%r" %s %b', handle_signals=False,
            keepalive_timeout=IDLE_S, shutdown_timeout=CLOSE_S,
        )  # fmt: skip
        await self._runner.setup()
        try:
            kept = self._kept[1] if self._kept else None
            for port in dict.fromkeys(p for p in (kept, self.port, ANY_PORT) if p is not None):
                try:
                    await GatedSite(self._runner, self._bind, port, self.gate).start()
                except OSError as err:
                    log.warning("cannot listen on port %d: %s", port, err)
                else:
                    break
            bound = self._runner.addresses
            self.port = int(bound[0][1]) if bound else self.port
            place = (self.address, self.port)
            if self._kept is not None and self._kept != place:
                self.moved = self._kept
                self.devices.release()  # a page at a new address has lost its device key
            try:
                self.service.journal.keep_phone_place(self.service.game_id, *place)
            except JournalError:  # a full or read-only disk: the phones join all the same
                log.warning("the journal cannot keep the phones' port; a restart may move it")
            named = {n for n in (self._host, self.address, self._bind) if n and n not in EVERYWHERE}
            self._hosts = OwnHosts(self.port, frozenset(named))
            self.exhaustion.install(asyncio.get_running_loop())
        except BaseException:  # nothing half-open is left behind: no listening socket
            await self._runner.cleanup()
            raise

    async def revive(self) -> None:
        """After the tablet slept (Android paused the app): listen again if the system closed
        the socket meanwhile, or the network gave the tablet another address. The phones find
        their way back by themselves; a new address shows the seats' new codes (``moved``)."""
        address, _ = lan.choose(self._host, self.address)
        if address == self.address and await self._listening():
            return
        await self.stop()
        self.address = address
        await self.start()

    async def _listening(self) -> bool:
        """Whether a phone can still open a connection to this server's port."""
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", self.port), 2)
        except (OSError, TimeoutError):
            return False
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
        return True

    async def stop(self) -> None:
        sockets = [p.ws for p in self._phones] + [r.ws for r in self._rooms]
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
        if self._pushes:
            await asyncio.gather(*self._pushes, return_exceptions=True)
        if self._runner is not None:
            await self._runner.cleanup()
        self.exhaustion.uninstall()
        _forget_handlers()

    # --- HTTP --------------------------------------------------------------------

    @web.middleware
    async def _own_host(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Every request must name this server as its host (DNS rebinding names another)."""
        self.exhaustion.accepted()
        if self._hosts is None or not self._hosts.allows(request.headers.get("Host")):
            raise web.HTTPMisdirectedRequest(text="not this server")
        return await handler(request)

    async def _page(self, request: web.Request) -> web.StreamResponse:
        return _static_file("index.html")

    async def _room_page(self, request: web.Request) -> web.StreamResponse:
        return _static_file("room.html")

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return _static_file(name)

    async def _words(self, request: web.Request) -> web.StreamResponse:
        lang = request.match_info["lang"]
        if lang not in LANGS:
            raise web.HTTPNotFound()
        body = _words_body(lang)
        return web.Response(body=body, content_type="application/json", charset="utf-8")

    async def _cards(self, request: web.Request) -> web.StreamResponse:
        """What each card of this table's game is, in ``lang``: the page reads a card named in
        the history, or in a picker, from it (the same for every seat, and fetched once)."""
        lang = request.match_info["lang"]
        if lang not in LANGS:
            raise web.HTTPNotFound()
        body = _cards_body(self.service.spec.key, lang)
        return web.Response(body=body, content_type="application/json", charset="utf-8")

    async def _constants(self, request: web.Request) -> web.StreamResponse:
        """What the page would otherwise keep a copy of, read once as it starts: the
        languages it may speak, the one it falls back to, the denials it waits out."""
        body = _constants_body()
        return web.Response(body=body, content_type="application/json", charset="utf-8")

    # --- the socket ----------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        assert self._hosts is not None
        if not self._hosts.trusts(request.headers.get("Origin"), request.headers.get("Host")):
            raise web.HTTPForbidden(text="cross-origin WebSocket refused")
        address = request.remote or "?"
        wait = self._doors.open(address)
        if wait is None and self._lobby.full_for(address):
            wait = self._limits.hello_s
        if wait is not None:
            raise web.HTTPTooManyRequests(headers={"Retry-After": str(math.ceil(wait))})
        ws = web.WebSocketResponse(
            heartbeat=self._heartbeat, max_msg_size=HARD_LIMIT, autoping=False, timeout=CLOSE_S
        )
        await ws.prepare(request)
        limits = self._limits
        bucket = Bucket(limits.messages_per_s, limits.message_burst, self._clock)
        phone = Phone(ws, address, bucket)
        self._phones.add(phone)
        crowded = self._lobby.enter(phone)
        if crowded is not None:
            self._spawn(self._deny(crowded, "busy", retry_after=1))
        loop = asyncio.get_running_loop()
        deadline = loop.call_later(limits.hello_s, self._too_quiet, phone)
        try:
            async for msg in ws:
                if not phone.bucket.take():
                    await self._flooded(phone)
                    break
                if msg.type is WSMsgType.PING:
                    await ws.pong(msg.data)
                elif msg.type is WSMsgType.TEXT:
                    await self._handled(phone, msg.data)
                elif msg.type is not WSMsgType.PONG:
                    await self._error(phone, None, "malformed_message")
        finally:
            deadline.cancel()
            self._lobby.leave(phone)
            self._phones.discard(phone)
            if phone.seat is not None:
                log.info("seat %d disconnected", phone.seat + 1)
            if phone.device is not None:
                self._connections_changed()
        return ws

    async def _room_socket(self, request: web.Request) -> web.StreamResponse:
        """A room screen: sent the public table now and after every move, in the language
        its address asks (``?lang=``). Whatever it sends is read and ignored; a flood
        closes it and pauses its address, as a phone's would."""
        assert self._hosts is not None
        if not self._hosts.trusts(request.headers.get("Origin"), request.headers.get("Host")):
            raise web.HTTPForbidden(text="cross-origin WebSocket refused")
        address, limits = request.remote or "?", self._limits
        wait = self._doors.open(address)
        mine = sum(r.address == address for r in self._rooms)
        if wait is None and (len(self._rooms) >= limits.rooms or mine >= limits.rooms_per_address):
            wait = limits.hello_s
        if wait is not None:
            raise web.HTTPTooManyRequests(headers={"Retry-After": str(math.ceil(wait))})
        ws = web.WebSocketResponse(heartbeat=self._heartbeat, max_msg_size=1024, timeout=CLOSE_S)
        await ws.prepare(request)
        room = Room(ws, address, _lang(request.query.get("lang")))
        bucket = Bucket(limits.messages_per_s, limits.message_burst, self._clock)
        self._rooms.add(room)
        try:
            with contextlib.suppress(ConnectionError):  # gone as soon as it came
                await ws.send_str(self.room_frame(room.lang))
            async for _ in ws:
                if not bucket.take():
                    self._doors.flooded(address)
                    log.warning("a room screen at %s sent too many messages; closed", address)
                    break
        finally:
            self._rooms.discard(room)
            await ws.close()
        return ws

    def _too_quiet(self, phone: Phone) -> None:
        if not phone.greeted and not phone.ws.closed:
            self._spawn(self._deny(phone, "hello_timeout", retry_after=1))

    async def _flooded(self, phone: Phone) -> None:
        pause = self._doors.flooded(phone.address)
        log.warning("a phone at %s sent too many messages; closed", phone.address)
        await self._deny(phone, "too_fast", retry_after=math.ceil(pause))

    async def _handled(self, phone: Phone, data: str) -> None:
        """One message, whatever it meets: a fault nobody foresaw costs that message, not the
        phone's socket. It is logged by its kind alone — an exception's words may quote a
        rule's details or a card — and the phone is told in words."""
        try:
            await self._receive(phone, data)
        except Exception as err:  # the last boundary between a phone and the table
            seat = "?" if phone.seat is None else phone.seat + 1
            log.error("a message from seat %s could not be handled (%s)", seat, type(err).__name__)
            await self._error(phone, None, "unhandled")

    async def _receive(self, phone: Phone, data: str) -> None:
        if len(data.encode()) > MAX_MESSAGE:
            await self._error(phone, None, "message_too_long")
            return
        message = _parsed(data)
        kind = message.get("type") if isinstance(message, dict) else None
        if not isinstance(message, dict) or kind not in ("hello", "lang", "act", "stand", "ping"):
            await self._error(phone, None, "malformed_message")
        elif kind == "ping":
            await self._send(phone, {"type": "pong"})
        elif kind == "hello" and phone.greeted:
            await self._error(phone, None, "already_joined")
        elif kind == "hello":
            await self._hello(phone, message)
        elif kind == "lang" and phone.asking is not None:
            phone.lang = _lang(message.get("lang"))
            await self._send(phone, self._taken(phone, phone.asking))
        elif phone.seat is None:
            await self._error(phone, None, "hello_first")
        elif kind == "lang":
            phone.lang = _lang(message.get("lang"))
            await self._push(phone)
        else:
            await self._act(phone, message)

    async def _hello(self, phone: Phone, message: dict[str, Any]) -> None:
        phone.greeted = True
        phone.lang = _lang(message.get("lang"))
        token = message.get("token")
        seat = self.tokens.seat_of(token) if isinstance(token, str) else None
        if seat is None:
            revoked = isinstance(token, str) and self.tokens.revoked(token)
            count, pause = self._attempts.fail(phone.address)
            if count == 1:
                log.warning("a phone at %s presented a bad token", phone.address)
            await asyncio.sleep(pause)
            await self._deny(phone, "revoked" if revoked else "unknown_token")
            return
        key = message.get("device")
        key = key if isinstance(key, str) else None
        claim = self.devices.claim(seat, key, phone.address)
        self._lobby.leave(phone)
        phone.device, phone.key = claim.device, claim.key
        if claim.holds:
            await self._seat(phone, seat)
        else:  # the holder heard of this address's phone already, if one asked before it
            await self._ask(phone, seat, fresh=claim.key != key and not claim.withdrawn)

    async def _seat(self, phone: Phone, seat: Seat) -> None:
        """``phone`` is the device holding ``seat``: welcome it and show it the seat."""
        phone.seat, phone.asking = seat, None
        await self._one_socket_each(phone)
        log.info("seat %d connected", seat + 1)
        assert phone.device is not None
        name, label = self.service.names[seat], phone.device.label
        welcome: JSONObject = {"type": "welcome", "seat": seat, "name": name, "label": label,
                               "game": self.service.game_id}  # fmt: skip
        await self._send(phone, {**welcome, "device": phone.key})
        await self._push(phone)
        for asking in self.devices.asking(seat):  # asked while this phone was away (locked)
            await self._tell_asked(phone, asking)
        self._connections_changed()

    async def _ask(self, phone: Phone, seat: Seat, *, fresh: bool) -> None:
        """Another phone holds ``seat``: ``phone`` may wait for the tablet to give it the seat."""
        phone.asking = seat
        await self._one_socket_each(phone)
        assert phone.device is not None
        listed = self.devices.asking(seat)
        for dropped in [p for p in self._phones if p.asking == seat and p.device not in listed]:
            await self._deny(dropped, "crowded")  # off the seat's list: it can never be admitted
        if fresh:
            log.info("another phone asks for seat %d", seat + 1)
            for holder in [p for p in self._phones if p.seat == seat]:
                await self._tell_asked(holder, phone.device)
        await self._send(phone, self._taken(phone, seat))
        self._connections_changed()

    async def _tell_asked(self, holder: Phone, asking: Device) -> None:
        """``holder`` told that ``asking`` waits for its seat: as it asks, and again each time
        the holder comes back while it still waits — a notice sent to a locked phone's dead
        socket is lost, and a phone that finds someone asked for its seat can tell the
        tablet it is still here before the seat is given away."""
        said = text(holder.lang, "phone.notice.asked", label=asking.label)
        await self._send(holder, {"type": "notice", "text": said})

    def _taken(self, phone: Phone, seat: Seat) -> JSONObject:
        assert phone.device is not None
        name = self.service.names[seat]
        words = text(phone.lang, "phone.taken", name=name, label=phone.device.label)
        label = phone.device.label
        taken: JSONObject = {"type": "taken", "seat": seat, "name": name, "label": label}
        return {**taken, "device": phone.key, "text": words}

    async def _one_socket_each(self, phone: Phone) -> None:
        """A device keeps its newest sockets; an older one (another tab, a dead one) is told."""
        same = sorted(
            (p for p in self._phones if p.device == phone.device and p is not phone),
            key=lambda p: p.opened,
        )
        for older in same[: max(0, len(same) + 1 - self._limits.sockets_per_device)]:
            await self._deny(older, "elsewhere")

    async def _act(self, phone: Phone, message: dict[str, Any]) -> None:
        """An action from a seated phone — or a standing answer to the rounds (``stand``) —
        made, or refused with why; and one the phone sends again (its acknowledgement lost
        with a socket) answered as the first was, never made twice (:mod:`ui.phone.answers`)."""
        seat = phone.seat
        assert seat is not None
        ident = _number(message.get("id"))
        sent = message if ident is not None else None  # a message without a number is new
        first = self._answers.first(seat, phone.key, sent)
        if first is not None:
            await self._send(phone, self._outcome(phone, ident, first))
            return
        try:
            if message.get("type") == "stand":
                self.service.stand(seat, _standing(message.get("standing")))
            else:
                action = self.service.spec.codec.decode(message.get("action"))
                if not isinstance(action, SeatAction) or action.seat != seat:
                    await self._error(phone, ident, "not_your_seat")
                    return
                self.service.act(seat, action, _number(message.get("seq")))
            outcome: int | RuleViolation = self.service.seq
        except RuleViolation as err:  # refused: nothing changed
            outcome = err
        except JournalError as err:  # the tablet could not keep it: nothing changed, try again
            await self._send(phone, refusal(self._voice(phone.lang), ident, err))
            return
        self._answers.keep(seat, phone.key, sent, outcome)
        await self._send(phone, self._outcome(phone, ident, outcome))

    def _outcome(self, phone: Phone, ident: int | None, outcome: int | RuleViolation) -> JSONObject:
        """``ok`` with the number of the view the move made (the page keeps its buttons
        waiting until that view is in), or the refusal in the phone's words."""
        if isinstance(outcome, RuleViolation):
            return refusal(self._voice(phone.lang), ident, outcome)
        return {"type": "ok", "id": ident, "seq": outcome}

    # --- telling phones ------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        """One event at the table: a sentence for the seats it tells, then one view for
        each phone it concerns — every phone when something was committed, else the
        phones of the seats put a question — each its own seat's view and no other."""
        for notice in change.notices:
            if notice.seat is not None:
                self._tell(notice.seat, notice.key, notice.args)
        if change.update is not None:
            self._feed.extend(self.service.public_events(change.update))
            self._history.clear()
        seats = None if change.update is not None else change.asked
        phones = [
            p for p in self._phones if p.seat is not None and (seats is None or p.seat in seats)
        ]
        if phones:
            self._spawn(self._push_all(phones))
        if self._rooms and (change.update is not None or change.status is not None or change.clock):
            self._spawn(self._push_rooms())

    async def _push_rooms(self) -> None:
        """The public table to every room screen, each in its language — after a move, a
        source's news or the round's clock held or let go only: a frame for a seat's
        private question would tell the room, by its moment alone, that someone was asked
        something."""
        rendered: dict[str, str] = {}
        for room in self._rooms:
            if room.lang not in rendered:
                rendered[room.lang] = self.room_frame(room.lang)
        sends = [room.ws.send_str(rendered[room.lang]) for room in list(self._rooms)]
        await asyncio.gather(*sends, return_exceptions=True)  # a screen gone: its own loss

    async def _push_all(self, phones: list[Phone]) -> None:
        rendered: dict[tuple[Seat, str], str] = {}
        sends = []
        for phone in phones:
            seat = phone.seat
            if seat is None:  # closed since the change, by the tablet or for flooding
                continue
            key = (seat, phone.lang)
            if key not in rendered:
                rendered[key] = self.frame(seat, phone.lang)
            sends.append(self._send_text(phone, rendered[key]))
        await asyncio.gather(*sends)

    async def _push(self, phone: Phone) -> None:
        if phone.seat is not None:
            await self._send_text(phone, self.frame(phone.seat, phone.lang))

    def frame(self, seat: Seat, lang: str) -> str:
        """The view ``seat``'s phone is sent now in ``lang``, as the text on its socket."""
        voice = self._voice(lang)
        return view_frame(self.service.seat_view(seat), voice, self._face, self._said(voice))

    def room_frame(self, lang: str) -> str:
        """What a room screen is sent now in ``lang``: the table as every seat may see it."""
        voice = self._voice(lang)
        return room_frame(self.service.room_view(), voice, self._face, self._said(voice))

    def _said(self, voice: Voice) -> list[Said]:
        """The game's history in ``voice``'s words, said once a move for every socket."""
        feed = self._history.get(voice.lang)
        if feed is None:
            feed = self._history[voice.lang] = history(voice, list(self._feed))
        return feed

    async def _send(self, phone: Phone, message: JSONObject) -> None:
        await self._send_text(phone, json.dumps(message, ensure_ascii=False))

    async def _send_text(self, phone: Phone, data: str) -> None:
        if phone.ws.closed:
            return
        async with phone.sent:
            try:
                await phone.ws.send_str(data)
            except ConnectionError:
                await phone.ws.close()

    async def _error(self, phone: Phone, ident: int | None, code: str) -> None:
        message: JSON = text(phone.lang, f"phone.error.{code}")
        await self._send(phone, {"type": "error", "id": ident, "code": code, "text": message})

    async def _deny(self, phone: Phone, code: str, retry_after: int | None = None) -> None:
        """Tell ``phone`` why it is closed — in its language, with when to try again if it may
        by itself (``TRANSIENT``) — and close it."""
        words = text(phone.lang, f"phone.denied.{code}", retry_after=retry_after)
        message: JSONObject = {"type": "denied", "code": code, "text": words}
        if retry_after is not None:
            message["retry_after"] = retry_after
        self._lobby.leave(phone)
        phone.seat = phone.asking = None
        await self._send(phone, message)
        await phone.ws.close()

    def _connections_changed(self) -> None:
        seats = self.connected()
        for listener in self._connection_listeners:
            listener(seats)


async def _no_icon(request: web.Request) -> web.StreamResponse:
    return web.Response(status=204)


def _parsed(data: str) -> Any:
    """A phone's message as JSON, or ``None``: not JSON, nested past reading, or holding text
    no phone types (a lone surrogate, which no reply, log or digest could encode)."""
    try:
        message = json.loads(data)
        json.dumps(message, ensure_ascii=False).encode()
    except (ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        return None
    return message


def _lang(value: object) -> str:
    return value if isinstance(value, str) and value in LANGS else FALLBACK


@functools.cache
def _static_body(name: str) -> bytes:
    return resources.files("ui.phone").joinpath("static", name).read_bytes()


def _static_file(name: str) -> web.Response:
    return web.Response(body=_static_body(name), content_type=STATIC[name], charset="utf-8")


@functools.cache
def _words_body(lang: str) -> bytes:
    words = {k: v for k, v in catalog(lang).items() if k.startswith("phone.")}
    return json.dumps(words, ensure_ascii=False).encode()


@functools.cache
def _constants_body() -> bytes:
    said = {"langs": list(LANGS), "fallback": FALLBACK, "transient": sorted(TRANSIENT)}
    return json.dumps(said).encode()


@functools.cache
def _cards_body(game: str, lang: str) -> bytes:
    return json.dumps(glossary(Voice.of(lang, GAMES[game], ())), ensure_ascii=False).encode()


async def _secure_headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)
    response.headers["Content-Security-Policy"] = CSP.format(host=request.host)


def _standing(value: object) -> Standing | None:
    """A standing answer as a phone names it (``None``: ask me every time)."""
    if value is None:
        return None
    try:
        return Standing(str(value))
    except ValueError:
        raise MalformedAction(field="standing", expected=[s.value for s in Standing]) from None


def _number(value: object) -> int | None:
    """A number a page sent (an action's own, the view it answers), or ``None`` for anything
    else: JSON's ``true`` is no number."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None
