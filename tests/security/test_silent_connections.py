"""Plain TCP connections that never send a request: one address holds only so many, the rest
are closed the moment they are accepted, and every phone still loads its page at once."""

from __future__ import annotations

import asyncio

from tests.security.conftest import until
from tests.ui.phone.conftest import Served
from ui.phone.limits import Limits

MOST = Limits().connections_per_address
FLOOD = MOST + 200


Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]


async def connect(served: Served, address: str) -> Connection:
    return await asyncio.open_connection("127.0.0.1", served.server.port, local_addr=(address, 0))


async def closed_by_server(reader: asyncio.StreamReader) -> bool:
    """Whether the server has closed the connection (it reads nothing, ever, from it)."""
    try:
        return await asyncio.wait_for(reader.read(1), 0.5) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


async def page(served: Served, address: str) -> bytes:
    """The status line of the page, asked for over a connection from ``address`` (nothing, if
    the server closes the connection unread)."""
    reader, writer = await connect(served, address)
    try:
        writer.write(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{served.server.port}\r\n\r\n".encode())
        return await asyncio.wait_for(reader.readline(), 5)
    except ConnectionResetError:
        return b""
    finally:
        writer.close()


async def test_an_address_holds_only_so_many_silent_connections_and_a_phone_still_gets_in(
    served: Served,
) -> None:
    flood = [await connect(served, "127.0.0.2") for _ in range(FLOOD)]
    gone = await asyncio.gather(*(closed_by_server(reader) for reader, _ in flood))
    assert gone.count(False) == MOST  # the first ones, each held until it idles out
    assert gone[:MOST] == [False] * MOST
    assert served.server.gate.turned_away == FLOOD - MOST

    assert (await page(served, "127.0.0.3")).startswith(b"HTTP/1.1 200")  # another phone
    assert (await page(served, "127.0.0.2")).strip() == b""  # not the flooder, yet
    phone, view = await served.join(0)
    assert view["me"]["seat"] == 0

    for _, writer in flood:
        writer.close()
    await until(lambda: served.server.gate.open_from("127.0.0.2") == 0)
    assert (await page(served, "127.0.0.2")).startswith(b"HTTP/1.1 200")  # its door reopens
    await phone.close()
