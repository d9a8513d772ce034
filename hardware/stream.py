"""A sensor thread's observations as an async stream on the app's one asyncio loop.

Blocking drivers (nfcpy, pyserial, OpenCV) run in threads of their own; they
hand each observation to the loop with ``call_soon_threadsafe``, so the loop
never waits on a device and a device never waits on the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Callable
from typing import Protocol

from companion.observations import Observation, SourceName, SourceState, SourceStatus

Emit = Callable[[Observation], None]


class Worker(Protocol):
    """A sensor thread: it emits observations until stopped, and a CLOSED status last."""

    def start(self) -> None: ...

    def stop(self) -> None: ...


class Threaded:
    """A :class:`Worker` whose work is :meth:`_run`, on a daemon thread of its own, which
    looks at ``_stop`` between steps."""

    def __init__(self, title: str) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=title, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Ask the thread to stop and wait for it (unless it asks itself)."""
        self._stop.set()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join()

    def _run(self) -> None:
        raise NotImplementedError


class ThreadFed:
    """A :class:`~companion.observations.Source` fed by a :class:`Worker` thread.

    The worker starts when iteration starts (on the iterating loop) and stops
    when the stream is closed or abandoned; the stream ends after the
    worker's CLOSED status.
    """

    def __init__(self, name: SourceName, make: Callable[[Emit], Worker]) -> None:
        self.name = name
        self._make = make
        self._worker: Worker | None = None

    def __aiter__(self) -> AsyncIterator[Observation]:
        return self._stream()

    async def aclose(self) -> None:
        if self._worker is not None:
            await asyncio.to_thread(self._worker.stop)

    async def _stream(self) -> AsyncIterator[Observation]:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[Observation] = asyncio.Queue()

        def emit(obs: Observation) -> None:
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody listens
                loop.call_soon_threadsafe(queue.put_nowait, obs)

        worker = self._worker = self._make(emit)
        worker.start()
        try:
            while True:
                obs = await queue.get()
                yield obs
                if isinstance(obs, SourceStatus) and obs.state is SourceState.CLOSED:
                    return
        finally:
            await asyncio.to_thread(worker.stop)
