"""Slowing down whoever guesses tokens.

A token has 128 bits, so guessing is hopeless; still, a phone (or a script)
that keeps presenting bad tokens is refused for a while, and every bad attempt
past the first few waits longer before its answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

MAX_FAILURES = 8
WINDOW_S = 60.0


@dataclass
class BadAttempts:
    limit: int = MAX_FAILURES
    window: float = WINDOW_S
    clock: Callable[[], float] = time.monotonic
    pause: float = 0.1
    """The first slowed-down answer waits this long; each further one twice as long."""
    _failures: dict[str, list[float]] = field(default_factory=dict)

    def _recent(self, who: str) -> list[float]:
        now = self.clock()
        kept = [t for t in self._failures.get(who, []) if now - t < self.window]
        if kept:
            self._failures[who] = kept
        else:
            self._failures.pop(who, None)
        return kept

    def retry_after(self, who: str) -> float | None:
        """Seconds until ``who`` may try again, or ``None`` if they may now."""
        recent = self._recent(who)
        if len(recent) < self.limit:
            return None
        return max(0.0, self.window - (self.clock() - recent[0]))

    def fail(self, who: str) -> float:
        """Record a bad attempt; the pause (seconds) before answering it."""
        recent = [*self._recent(who), self.clock()]
        self._failures[who] = recent
        return min(2.0, self.pause * 2 ** (len(recent) - 4)) if len(recent) > 3 else 0.0
