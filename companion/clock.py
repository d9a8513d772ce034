"""A clock moved by hand: the time a table service, a phone server or a window timer reads,
set by a test or a bench instead of the wall — shipped with the package, as the readers'
emulators are, so every test and bench moves time the same way."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class HandClock:
    """Reads ``now``, which only its holder moves (``clock.now += 5``)."""

    now: float = 1000.0

    def __call__(self) -> float:
        return self.now
