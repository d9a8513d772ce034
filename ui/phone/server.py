"""The phones' server: one page for every seat, a WebSocket per phone.

It runs in the app's asyncio loop beside the tablet. A phone proves its seat
with the token from its QR code in its first message; from then on it gets
that seat's view — and no other seat's — after every committed action, and
may act as that seat and no other. Whatever a phone sends is judged by the
same rules as any action; a refusal changes nothing and is explained in the
phone's language. Host actions (undo, ending a game, re-seating) have no
route here at all: only the app itself can call them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from companion.core.actions import SeatAction
from companion.core.errors import RuleViolation
from companion.core.types import JSON, JSONObject, Seat
from companion.i18n import FALLBACK, LANGS, Voice, catalog, text
from companion.journal_errors import JournalError
from companion.service import Change, TableService
from ui.faces import face_of
from ui.phone import lan
from ui.phone.limits import BadAttempts
from ui.phone.render import FEED, view_message
from ui.phone.tokens import SeatTokens

log = logging.getLogger(__name__)

MAX_MESSAGE = 2048
"""Bytes a phone may send in one message; anything longer is refused unread."""
HARD_LIMIT = 64 * 1024
"""Beyond this aiohttp closes the socket outright."""
HEARTBEAT_S = 10.0
DEFAULT_PORT = 8737

HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
CSP = "default-src 'self'; connect-src 'self' ws://{host}; frame-ancestors 'none'"
"""``ws://`` is named for browsers that do not count it as ``'self'`` (older Safari)."""
STATIC = {"phone.css": "text/css", "phone.js": "text/javascript", "index.html": "text/html"}


@dataclass(eq=False)
class Phone:
    """One open socket and what it has proved."""

    ws: web.WebSocketResponse
    address: str
    seat: Seat | None = None
    lang: str = FALLBACK
    sent: asyncio.Lock = field(default_factory=asyncio.Lock)


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
        heartbeat: float = HEARTBEAT_S,
    ) -> None:
        self.service = service
        self.tokens = SeatTokens(service.journal, service.game_id, len(service.names))
        self.address, self.addresses = lan.choose(host)
        self.port = port
        self._bind = bind
        self._attempts = attempts or BadAttempts()
        self._heartbeat = heartbeat
        self._phones: set[Phone] = set()
        self._feed: deque[JSONObject] = deque(maxlen=FEED)
        self._runner: web.AppRunner | None = None
        self._connection_listeners: list[Callable[[frozenset[Seat]], None]] = []
        self._pushes: set[asyncio.Task[None]] = set()
        self._face = face_of(service.header.game)
        service.subscribe(self._on_change)

    # --- the host's side --------------------------------------------------------

    def url(self, seat: Seat) -> str:
        """What seat's QR code carries; the token after ``#`` never reaches a server log."""
        return f"http://{self.address}:{self.port}/#t={self.tokens.token(seat)}"

    def connected(self) -> frozenset[Seat]:
        return frozenset(p.seat for p in self._phones if p.seat is not None and not p.ws.closed)

    def on_connections(self, listener: Callable[[frozenset[Seat]], None]) -> None:
        """Be told the set of connected seats whenever it changes."""
        self._connection_listeners.append(listener)

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
        """Revoke ``seat``'s token, drop its phones, and return the new QR address."""
        self.tokens.reissue(seat)
        for phone in [p for p in self._phones if p.seat == seat]:
            await self._deny(phone, "revoked")
        self._connections_changed()
        return self.url(seat)

    async def until_alone(self, timeout: float) -> None:
        """Wait until no phone is connected, or ``timeout`` seconds."""
        alone = asyncio.Event()
        self.on_connections(lambda seats: alone.set() if not seats else None)
        if self.connected():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(alone.wait(), timeout)

    async def start(self) -> None:
        app = web.Application(client_max_size=HARD_LIMIT)
        app.router.add_get("/", self._page)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/i18n/{lang}.json", self._words)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/favicon.ico", _no_icon)
        app.on_response_prepare.append(_secure_headers)
        self._runner = web.AppRunner(app, access_log_format='%a "%r" %s %b', handle_signals=False)
        await self._runner.setup()
        try:
            site = web.TCPSite(self._runner, self._bind, self.port)
            await site.start()
        except OSError:
            site = web.TCPSite(self._runner, self._bind, 0)
            await site.start()
        bound = self._runner.addresses
        self.port = int(bound[0][1]) if bound else self.port

    async def stop(self) -> None:
        for phone in list(self._phones):
            await phone.ws.close()
        if self._pushes:
            await asyncio.gather(*self._pushes, return_exceptions=True)
        if self._runner is not None:
            await self._runner.cleanup()

    # --- HTTP --------------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.StreamResponse:
        return _static_file("index.html")

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return _static_file(name)

    async def _words(self, request: web.Request) -> web.StreamResponse:
        lang = request.match_info["lang"]
        if lang not in LANGS:
            raise web.HTTPNotFound()
        words = {k: v for k, v in catalog(lang).items() if k.startswith("phone.")}
        return web.json_response(words)

    # --- the socket ----------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is None or origin.split("://", 1)[-1] != request.host:
            raise web.HTTPForbidden(text="cross-origin WebSocket refused")
        ws = web.WebSocketResponse(heartbeat=self._heartbeat, max_msg_size=HARD_LIMIT)
        await ws.prepare(request)
        phone = Phone(ws, request.remote or "?")
        self._phones.add(phone)
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    await self._error(phone, None, "malformed_message")
                    continue
                await self._receive(phone, msg.data)
        finally:
            self._phones.discard(phone)
            if phone.seat is not None:
                log.info("seat %d disconnected", phone.seat + 1)
                self._connections_changed()
        return ws

    async def _receive(self, phone: Phone, data: str) -> None:
        if len(data.encode()) > MAX_MESSAGE:
            await self._error(phone, None, "message_too_long")
            return
        try:
            message = json.loads(data)
        except ValueError:
            message = None
        kind = message.get("type") if isinstance(message, dict) else None
        if not isinstance(message, dict) or kind not in ("hello", "lang", "act", "ping"):
            await self._error(phone, None, "malformed_message")
        elif kind == "ping":
            await self._send(phone, {"type": "pong"})
        elif kind == "hello":
            await self._hello(phone, message)
        elif phone.seat is None:
            await self._error(phone, None, "hello_first")
        elif kind == "lang":
            phone.lang = _lang(message.get("lang"))
            await self._push(phone)
        else:
            await self._act(phone, message)

    async def _hello(self, phone: Phone, message: dict[str, Any]) -> None:
        phone.lang = _lang(message.get("lang"))
        token = message.get("token")
        wait = self._attempts.retry_after(phone.address)
        if wait is not None:
            await self._deny(phone, "too_many_attempts", retry_after=round(wait))
            return
        seat = self.tokens.seat_of(token) if isinstance(token, str) else None
        if seat is None:
            revoked = isinstance(token, str) and self.tokens.revoked(token)
            await asyncio.sleep(self._attempts.fail(phone.address))
            log.warning("a phone at %s presented a bad token", phone.address)
            await self._deny(phone, "revoked" if revoked else "unknown_token")
            return
        phone.seat = seat
        log.info("seat %d connected", seat + 1)
        await self._send(phone, {"type": "welcome", "seat": seat, "name": self.service.names[seat]})
        await self._push(phone)
        self._connections_changed()

    async def _act(self, phone: Phone, message: dict[str, Any]) -> None:
        assert phone.seat is not None
        ident = message.get("id")
        ident = ident if isinstance(ident, int) and not isinstance(ident, bool) else None
        try:
            action = self.service.spec.codec.decode(message.get("action"))
            if not isinstance(action, SeatAction) or action.seat != phone.seat:
                await self._error(phone, ident, "not_your_seat")
                return
            self.service.act(phone.seat, action)
        except (RuleViolation, JournalError) as err:  # refused, or the tablet could not save it
            said = self._voice(phone.lang).say(err.key, err.details)
            await self._send(phone, {"type": "error", "id": ident, "code": err.code, "text": said})
            return
        await self._send(phone, {"type": "ok", "id": ident})

    # --- telling phones ------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        """One event at the table: a sentence for the seats it tells, then one view for
        each phone it concerns — every phone when something was committed, else the
        phones of the seats put a question — each its own seat's view and no other."""
        for notice in change.notices:
            if notice.seat is not None:
                self._tell(notice.seat, notice.key, notice.args)
        if change.update is not None:
            self._feed.extend(change.update.public())
        seats = None if change.update is not None else change.asked
        phones = [
            p for p in self._phones if p.seat is not None and (seats is None or p.seat in seats)
        ]
        if phones:
            self._spawn(self._push_all(phones))

    async def _push_all(self, phones: list[Phone]) -> None:
        rendered: dict[tuple[Seat, str], str] = {}
        for phone in phones:
            assert phone.seat is not None
            key = (phone.seat, phone.lang)
            if key not in rendered:
                rendered[key] = json.dumps(self._view(phone.seat, phone.lang), ensure_ascii=False)
        await asyncio.gather(
            *(self._send_text(p, rendered[(p.seat, p.lang)]) for p in phones if p.seat is not None)
        )

    async def _push(self, phone: Phone) -> None:
        assert phone.seat is not None
        await self._send(phone, self._view(phone.seat, phone.lang))

    def _view(self, seat: Seat, lang: str) -> JSONObject:
        feed = list(self._feed)
        return view_message(self.service.seat_view(seat), self._voice(lang), self._face, feed)

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
        words = text(phone.lang, f"phone.denied.{code}", retry_after=retry_after)
        message: JSONObject = {"type": "denied", "code": code, "text": words}
        if retry_after is not None:
            message["retry_after"] = retry_after
        await self._send(phone, message)
        phone.seat = None
        await phone.ws.close()

    def _connections_changed(self) -> None:
        seats = self.connected()
        for listener in self._connection_listeners:
            listener(seats)


async def _no_icon(request: web.Request) -> web.StreamResponse:
    return web.Response(status=204)


def _lang(value: object) -> str:
    return value if isinstance(value, str) and value in LANGS else FALLBACK


def _static_file(name: str) -> web.Response:
    body = resources.files("ui.phone").joinpath("static", name).read_bytes()
    return web.Response(body=body, content_type=STATIC[name], charset="utf-8")


async def _secure_headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)
    response.headers["Content-Security-Policy"] = CSP.format(host=request.host)
