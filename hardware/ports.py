"""Serial ports as the table's devices have them: which paths an address names, and why a
port stopped working, in a person's words.

Shared by every source on a serial line (a PN532 through nfcpy, our reader board through
pyserial): a port may be named by its short name, a stable link that udev re-points when
the device comes back (``/dev/serial/by-id/…``), or a glob, and is looked up again at
every reconnect, so a device replugged under another name is found.
"""

from __future__ import annotations

import errno
import glob
import termios

import serial


def candidates(port: str) -> list[str]:
    """The device paths ``port`` names: ``USB0`` → ``/dev/ttyUSB0``, ``USB`` → every
    ``/dev/ttyUSB*``, an absolute path as it is (a glob expanded, sorted)."""
    if port.startswith("/"):
        return sorted(glob.glob(port)) if glob.has_magic(port) else [port]
    if port[-1:].isdigit():
        return [f"/dev/tty{port}"]
    return sorted(glob.glob(f"/dev/tty{glob.escape(port)}[0-9]*"), key=lambda p: (len(p), p))


def port_reason(error: BaseException, silent: str = "port.reason.no_answer") -> str:
    """The i18n key that says, in a person's words, why a port stopped working; ``silent``
    says what timed out behind it (a reader chip, a board)."""
    if isinstance(error, termios.error):
        return "port.reason.hangup"
    code = getattr(error, "errno", None)
    if code in (errno.ENOENT, errno.ENXIO):
        return "port.reason.not_found"
    if code in (errno.EACCES, errno.EPERM, errno.EBUSY):
        return "port.reason.permission"
    if code in (errno.ENODEV, errno.ETIMEDOUT):
        return silent
    if code == errno.EIO and not isinstance(error, serial.SerialException):
        return "port.reason.garbled"
    if isinstance(error, serial.SerialException | OSError):
        return "port.reason.hangup"
    return "port.reason.fault"
