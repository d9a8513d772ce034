"""A source's address: ``SCHEME:REST``, as pyserial's ``serial_for_url`` reads ports.

The scheme picks the kind of sensor (:data:`hardware.sources.SCHEMES`); the
rest is that sensor's own to read. An address that names nothing we can open
is a :class:`BadSourceUrl`, with words a person can read.
"""

from __future__ import annotations

from companion.core.types import JSONObject


class BadSourceUrl(ValueError):
    """An address that names nothing we can open; ``key`` is its i18n message, with ``details``."""

    def __init__(self, url: str, key: str, args: JSONObject | None = None) -> None:
        super().__init__(f"{url}: {key}")
        self.url = url
        self.key = key
        self.details = args or {}
