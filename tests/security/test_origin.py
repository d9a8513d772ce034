"""Pages that are not the server's own: another site, another scheme, a rebound DNS name."""

from __future__ import annotations

import aiohttp
import pytest

from tests.ui.phone.conftest import Served
from ui import lan
from ui.phone.origin import OwnHosts, split_host


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "https://127.0.0.1:{port}",  # the scheme differs
        "http://127.0.0.1:{other}",  # the port differs
        "http://127.0.0.1",
        "http://127.0.0.1:{port}.evil.example",
        "null",  # a sandboxed frame or a file
        None,
    ],
)
async def test_a_socket_from_any_page_but_ours_is_refused(
    served: Served, origin: str | None
) -> None:
    port = served.server.port
    page = None if origin is None else origin.format(port=port, other=port + 1)
    with pytest.raises(aiohttp.WSServerHandshakeError) as err:
        await served.phone().open(origin=page)
    assert err.value.status == 403


async def test_a_rebound_dns_name_is_refused_though_origin_and_host_agree(served: Served) -> None:
    """evil.example now resolves to the tablet: the browser sends its name as Host and Origin."""
    rebound = f"evil.example:{served.server.port}"
    with pytest.raises(aiohttp.WSServerHandshakeError) as err:
        await served.phone().open(origin=f"http://{rebound}", headers={"Host": rebound})
    assert err.value.status == 421
    async with served.session.get(served.base + "/", headers={"Host": rebound}) as page:
        assert page.status == 421


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:{other}", "", "a:b:c", "[::1"])
async def test_a_request_naming_another_host_or_port_is_refused(served: Served, host: str) -> None:
    port = served.server.port
    async with served.session.get(
        served.base + "/i18n/en.json", headers={"Host": host.format(other=port + 1)}
    ) as words:
        assert words.status == 421


async def test_the_servers_own_names_are_served(served: Served) -> None:
    port = served.server.port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
        headers = {"Host": host, "Origin": f"http://{host}"}
        async with served.session.get(served.base + "/", headers=headers) as page:
            assert page.status == 200, host
        phone = served.phone()
        await phone.open(origin=f"http://{host}", headers={"Host": host})
        await phone.send({"type": "ping"})
        assert (await phone.receive())["type"] == "pong"
        await phone.close()


def test_the_machines_lan_addresses_and_the_host_it_was_given_are_its_own() -> None:
    lan_ips = [a.ip for a in lan.candidates()] or ["192.168.1.23"]
    hosts = OwnHosts(8737, frozenset({"Tablet.local"}), find=lambda: lan_ips)
    assert all(hosts.allows(f"{ip}:8737") for ip in lan_ips)
    assert hosts.allows("tablet.local:8737") and hosts.allows("[::1]:8737")
    assert not hosts.allows(f"{lan_ips[0]}:8738") and not hosts.allows("10.9.9.9:8737")
    assert hosts.trusts("http://tablet.local:8737", "tablet.local:8737")
    assert not hosts.trusts("http://tablet.local:8737", "10.9.9.9:8737")


def test_a_host_header_is_read_strictly() -> None:
    assert split_host("192.168.1.2:8737") == ("192.168.1.2", 8737)
    assert split_host("[::1]:80") == ("::1", 80)
    assert split_host("Tablet") == ("tablet", None)
    for bad in ("", ":80", "a:b", "host:99999", "[::1]x", "::1:80", "host:-1", "host:８０"):
        assert split_host(bad) is None, bad
