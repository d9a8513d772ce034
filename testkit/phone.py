"""A phone over a real WebSocket, speaking exactly what the phone page speaks
(``ui/phone/static/phone.js``): the socket opened from the page's own Origin, a ``hello``
with the seat's token, its language and the device key it was given, an ``act`` with a
number of its own (counted from 1 here; the page counts from the time it loaded, so that no
number comes twice from one device) — so a test or a bench reaches the server the way a
player does.

Attacks need what no page sends: another Origin or none, ``ws_connect``'s own options
(``autoping=False``: a phone that stopped answering), a malformed text sent on
:attr:`Phone.ws` — each opened through this client all the same.

The room's screen (``ui/phone/static/room.js``) is a :class:`Room`: the same socket, opened
at its own address, and nothing to say.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import AsyncIterator, Mapping
from typing import Any, ClassVar, Final

import aiohttp

SAME: Final = "same"
"""The Origin of the server's own page: what a phone that loaded it sends."""
WAIT = 10.0
"""How long a frame is waited for, in seconds: only a test that would never see it ends."""


def loopback(port: int) -> str:
    """The address of a server listening on this machine's loopback at ``port``."""
    return f"http://127.0.0.1:{port}"


class Socket:
    """One socket to the server at ``base``, opened at :attr:`path` as its page opens it."""

    path: ClassVar[str]

    def __init__(self, http: aiohttp.ClientSession, base: str) -> None:
        self.http, self.base = http, base
        self._ws: aiohttp.ClientWebSocketResponse | None = None

    @property
    def ws(self) -> aiohttp.ClientWebSocketResponse:
        """The open socket itself, for what no page would send."""
        assert self._ws is not None, "the socket is not open"
        return self._ws

    @property
    def closed(self) -> bool:
        return self._ws is None or self._ws.closed

    async def open(self, origin: str | None = SAME, **connect: Any) -> None:
        """Open the socket from ``origin`` (the page's own by default; ``None`` sends no
        Origin at all); ``connect`` is ``ws_connect``'s own (``headers``, ``autoping``, …).
        A socket open before is closed first, as the page drops it."""
        headers = dict(connect.pop("headers", {}))
        if origin is not None:
            headers["Origin"] = self.base if origin == SAME else origin
        await self.close()
        self._ws = await self.http.ws_connect(f"{self.base}{self.path}", headers=headers, **connect)

    async def send(self, message: Mapping[str, Any]) -> None:
        """Any message, as JSON text (a ``ping``, a ``lang``)."""
        await self.ws.send_str(json.dumps(message))

    async def receive_text(self, kind: str | None = None, timeout: float | None = WAIT) -> str:
        """The next frame as the bytes the server sent — the next of type ``kind``, past any
        other, if it is given. ``timeout`` (``None``: none) is for each frame."""
        while True:
            text = await self.ws.receive_str(timeout=timeout)
            if kind is None or json.loads(text)["type"] == kind:
                return text

    async def receive(
        self, kind: str | None = None, timeout: float | None = WAIT
    ) -> dict[str, Any]:
        """The next frame (of type ``kind``, past any other, if it is given), read."""
        frame: dict[str, Any] = json.loads(await self.receive_text(kind, timeout))
        return frame

    async def texts(self) -> AsyncIterator[str]:
        """Every text the server sends from now until the socket closes, as it came."""
        async for message in self.ws:
            if message.type is aiohttp.WSMsgType.TEXT:
                yield message.data

    async def frames(self) -> AsyncIterator[dict[str, Any]]:
        """Every frame from now until the socket closes, read."""
        async for text in self.texts():
            frame: dict[str, Any] = json.loads(text)
            yield frame

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()


class Phone(Socket):
    """One phone's page at the server at ``base``: one socket at a time, and the device key
    the server gave it — presented at every ``hello``, so that joining again is the same
    phone coming back, as the page keeps its key.

    ``device`` starts a phone with a key already kept (another tab of the same phone, or a
    page that kept one before).
    """

    path = "/ws"

    def __init__(self, http: aiohttp.ClientSession, base: str, device: str | None = None) -> None:
        super().__init__(http, base)
        self.device = device
        self._ids = itertools.count(1)

    async def hello(self, token: object, lang: str | None = None) -> dict[str, Any]:
        """Say which seat's code was scanned (and, unless ``lang`` is ``None``, in which
        language); the server's first answer: welcome, taken or denied. A key it gives is
        kept, as the page keeps it."""
        hello: dict[str, Any] = {"type": "hello", "token": token}
        if lang is not None:
            hello["lang"] = lang
        await self.send({**hello, "device": self.device})
        answer = await self.receive()
        if answer["type"] in ("welcome", "taken"):
            self.device = answer["device"]
        return answer

    async def join(self, token: object, lang: str | None = None) -> dict[str, Any]:
        """Open the socket as the page does and say hello: the server's first answer."""
        await self.open()
        return await self.hello(token, lang)

    async def sit(self, token: object, lang: str | None = None) -> dict[str, Any]:
        """Join the seat of ``token`` as the phone that holds it: welcomed, and then sent
        its seat's view at once — which is returned."""
        welcome = await self.join(token, lang)
        assert welcome["type"] == "welcome", welcome
        view = await self.receive()
        assert view["type"] == "view", view
        return view

    async def act(
        self, action: Mapping[str, Any], ident: int | None = None, seen: int | None = None
    ) -> int:
        """Send ``action`` as the page does, numbered ``ident`` or the page's next number,
        naming the view it answers (its ``seq``) as ``seen``; the number, which the server's
        answer carries."""
        ident = next(self._ids) if ident is None else ident
        message: dict[str, Any] = {"type": "act", "id": ident, "action": action}
        if seen is not None:
            message["seq"] = seen
        await self.send(message)
        return ident

    async def stand(self, standing: str | None, seen: int | None = None) -> int:
        """Leave a standing answer to the rounds as the page does (``"turn"``, ``"aimed"``;
        ``None``: ask me every time); its number, as :meth:`act`'s."""
        ident = next(self._ids)
        message: dict[str, Any] = {"type": "stand", "id": ident, "standing": standing}
        if seen is not None:
            message["seq"] = seen
        await self.send(message)
        return ident


class Room(Socket):
    """The room's screen: the public table for a television or a player out of the game,
    sent after every change in the language its address asks; what it sends counts for
    nothing."""

    path = "/room/ws"

    async def watch(self, lang: str = "en") -> dict[str, Any]:
        """Open the screen in ``lang`` as the page does: the first frame, the table."""
        await self.open(params={"lang": lang})
        return await self.receive()
