"""Which address phones should use to reach this machine on the table's network.

A tablet may have Wi-Fi, a hotspot it runs itself, USB tethering, a VPN and
container bridges all at once. Loopback and link-local addresses are useless
to a phone; virtual interfaces (containers, VPNs, tunnels) are almost never
the table's network; private LAN ranges usually are. When several remain the
host chooses (``--host``); with none at all we fall back to loopback, which at
least lets the machine itself open the pages.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from dataclasses import dataclass

VIRTUAL = ("docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg",
           "tailscale", "zt", "utun", "lxc", "lxd", "podman", "cni", "flannel", "kube")  # fmt: skip
CGNAT = ipaddress.ip_network("100.64.0.0/10")


@dataclass(frozen=True, order=True)
class Address:
    rank: int
    """Lower is likelier to be the table's network."""
    ip: str
    interface: str


def candidates() -> list[Address]:
    """IPv4 addresses a phone on the same network could reach, best first."""
    found = (rank(ip, name) for name, ip in interfaces())
    return sorted({a for a in found if a is not None})


def interfaces() -> list[tuple[str, str]]:
    """Each network interface and an IPv4 address of its.

    Where the interfaces cannot be listed — ``ifaddr`` missing, or its ``getifaddrs``
    call failing, as it may on an Android build — the address the system would send
    from instead: a UDP socket "connected" to a private address sends nothing, and says
    which of its addresses it would use (none without a route to it).
    """
    try:
        import ifaddr  # noqa: PLC0415 -- not every platform has it, nor lets it list

        listed = [(a.nice_name or a.name, i.ip) for a in ifaddr.get_adapters() for i in a.ips]
        return [(name, ip) for name, ip in listed if isinstance(ip, str)]
    except (ImportError, OSError, AttributeError):
        pass
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        udp.connect(("10.254.254.254", 9))
        return [("route", str(udp.getsockname()[0]))]
    return []


def rank(ip: str, interface: str) -> Address | None:
    addr = ipaddress.ip_address(ip)
    if addr.is_loopback or addr.is_link_local or addr.is_unspecified or addr.is_multicast:
        return None
    virtual = interface.lower().startswith(VIRTUAL)
    score = 0 if addr.is_private and addr not in CGNAT else 1
    return Address(score + (2 if virtual else 0) + (1 if addr in CGNAT else 0), ip, interface)


def choose(wanted: str | None = None, kept: str | None = None) -> tuple[str, list[Address]]:
    """The address to put in the QR codes, and every candidate (for the host to pick).

    ``kept`` is the address a resumed game's phones were given: while the machine
    still has it, it is chosen again, so their QR codes stay good.
    """
    found = candidates()
    if wanted:
        return wanted, found
    if kept is not None and kept in {a.ip for a in found}:
        return kept, found
    return (found[0].ip if found else "127.0.0.1"), found
