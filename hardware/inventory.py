"""What is attached to this machine that could be a reader: for ``companion doctor``.

USB devices nfcpy has a driver for (found through libusb), and every serial
port (a PN532 board sits behind a USB–serial adapter, which cannot say what is
behind it). Each comes with the source URL that opens it and whether this
user may open it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from dataclasses import dataclass

import nfc.clf.device
import serial.tools.list_ports
import usb1

from companion.observations import SourceState, SourceStatus
from hardware.sources import open_source
from hardware.urls import BadSourceUrl


@dataclass(frozen=True)
class Attached:
    """A device that may be a reader: ``url`` opens it; ``usable`` if we may open it."""

    kind: str
    path: str
    name: str
    url: str
    usable: bool


def libusb_version() -> str | None:
    """The libusb found on this system, or ``None`` (USB readers then cannot work)."""
    try:
        v = usb1.getVersion()
    except OSError:
        return None
    return f"{v.major}.{v.minor}.{v.micro}"


def attached() -> list[Attached]:
    return [*_usb_readers(), *_serial_ports()]


def _usb_readers() -> list[Attached]:
    if libusb_version() is None:
        return []
    found = []
    with usb1.USBContext() as context:
        for device in context.getDeviceIterator(skip_on_error=True):
            vid, pid = device.getVendorID(), device.getProductID()
            driver = nfc.clf.device.usb_device_map.get((vid, pid))
            if driver is None:
                continue
            bus, number = device.getBusNumber(), device.getDeviceAddress()
            node = f"/dev/bus/usb/{bus:03}/{number:03}"
            found.append(Attached("usb", f"usb:{bus:03}:{number:03}", driver,
                                  f"nfc:usb:{vid:04x}:{pid:04x}",
                                  os.access(node, os.R_OK | os.W_OK)))  # fmt: skip
    return found


def _serial_ports() -> list[Attached]:
    ports = serial.tools.list_ports.comports()
    return [
        Attached("serial", p.device, p.description or "", f"nfc:tty:{_short(p.device)}:pn532",
                 os.access(p.device, os.R_OK | os.W_OK))
        for p in ports
    ]  # fmt: skip


def _short(device: str) -> str:
    """nfcpy's short port name (``/dev/ttyUSB0`` → ``USB0``) when there is one."""
    return device.removeprefix("/dev/tty") if device.startswith("/dev/tty") else device


async def probe(url: str, seconds: float) -> SourceStatus:
    """Open a source and report how it is after its first word, or after ``seconds``."""
    try:
        source = open_source(url)
    except BadSourceUrl as err:
        return SourceStatus(url, SourceState.FAILED, err.key, err.details)
    last = SourceStatus(url, SourceState.RECONNECTING, "source.reason.no_answer")
    stream = aiter(source)
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            async for obs in stream:
                if isinstance(obs, SourceStatus):
                    last = obs
                    break
    await source.aclose()
    async for _ in stream:  # to the source's CLOSED status, which ends the stream
        pass
    return last
