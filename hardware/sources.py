"""Opening a source from its URL: the one place that knows every kind of sensor."""

from __future__ import annotations

from pathlib import Path

from companion.observations import Script, Source, SourceName, parse_url
from hardware.nfc import NfcSource, Polling
from hardware.script import ScriptSource


def open_source(url: str, name: SourceName | None = None, polling: Polling | None = None) -> Source:
    """The source ``url`` names (see :func:`companion.observations.parse_url`), called
    ``name`` at this table; raises :class:`~companion.observations.BadSourceUrl`."""
    spec = parse_url(url)
    if isinstance(spec, Script):
        return ScriptSource(name or url, Path(spec.file))
    return NfcSource(name or url, spec, polling)
