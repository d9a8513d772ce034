"""A scripted source: observations replayed from a JSON Lines file, for demos without hardware.

Each line is an observation in :func:`companion.observations.to_json` form, with
an optional ``"after"`` (seconds to wait before it). One script may speak for
several readers, each line naming its own ``source``. The fake ships in the
package, like pyserial's ``loop://``, so the tablet runs with no reader attached.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

from companion.observations import Observation, SourceName, SourceState, SourceStatus, from_json

KIND = "script"
"""What a scripted source's statuses call it (i18n ``source.kind.script``)."""


class ScriptSource:
    """Plays ``file`` once, then closes."""

    def __init__(self, name: SourceName, file: Path) -> None:
        self.name = name
        self.file = file
        self._closed = asyncio.Event()

    def __aiter__(self) -> AsyncIterator[Observation]:
        return self._stream()

    async def aclose(self) -> None:
        self._closed.set()

    async def _stream(self) -> AsyncIterator[Observation]:
        try:
            lines = self.file.read_text(encoding="utf-8").splitlines()
        except OSError as err:
            yield self._status(SourceState.FAILED, "script.reason.not_found", str(err))
            return
        yield self._status(SourceState.CONNECTED, detail=str(self.file))
        for number, text in enumerate(lines, start=1):
            if not text.strip():
                continue
            try:
                obj = json.loads(text)
                after = float(obj.pop("after", 0.0))
                obs = from_json(obj, time.monotonic())
            except (ValueError, AttributeError) as err:
                yield self._status(SourceState.FAILED, "script.reason.bad_line", f"{number}: {err}")
                return
            if after > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._closed.wait(), after)
            if self._closed.is_set():
                break
            yield obs
        yield self._status(SourceState.CLOSED)

    def _status(self, state: SourceState, reason: str = "", detail: str = "") -> SourceStatus:
        return SourceStatus(self.name, state, reason, None, detail, time.monotonic(), KIND)
