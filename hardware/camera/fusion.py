"""Marker hits over frames → a card seen, a card gone: what makes one camera frame's misses
harmless.

A single frame misses markers — a hand passes over the table, a lamp's glare whitens a
sticker, motion blurs it — and now and then reads a marker where there is none. The
fusion asks more than one frame of either: a card is *seen* in a zone once ``confirm``
frames within ``within`` seconds found it there (not necessarily in a row: a hand that
covers it every other frame does not hide it), and *gone* only after no frame found it
for ``linger`` seconds, so a hand over the cards for a moment changes nothing. A card that moves to
another zone is gone from the first once it is confirmed in the second. Marker ids that
are no card of the deck are ignored (:data:`Known` says which are).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from companion.core.types import CardId
from companion.observations import CardGone, CardSeen, SourceName, Zone

Known = Callable[[int], CardId | None]
"""The card a marker id stands for in the deck being played, or ``None``."""


@dataclass
class _Track:
    zone: Zone
    recent: list[float] = field(default_factory=list)
    """When frames found the card in ``zone``, the last ``within`` seconds."""
    last: float = 0.0
    """When a frame last found it there."""
    hits: int = 0
    frames: int = 0


class Fusion:
    """One camera's cards, frame by frame (times in seconds, from the frame's clock)."""

    def __init__(
        self, source: SourceName, known: Known, *, confirm: int = 2, within: float = 0.25,
        linger: float = 1.0,
    ) -> None:  # fmt: skip
        self.source, self._known = source, known
        self.confirm, self.within, self.linger = confirm, within, linger
        self._tracks: dict[CardId, _Track] = {}
        self._shown: dict[CardId, Zone] = {}
        """Where each card was last said to be seen."""

    @property
    def seen(self) -> dict[CardId, Zone]:
        """The cards on the table now, as the camera has said them, by zone."""
        return dict(self._shown)

    def frame(self, at: float, hits: Iterable[tuple[int, Zone]]) -> list[CardSeen | CardGone]:
        """What one frame's hits (a marker id and the zone it lies in) change."""
        found: dict[CardId, Zone] = {}
        for marker, zone in hits:
            card = self._known(marker)
            if card is not None:
                found[card] = zone
        said: list[CardSeen | CardGone] = []
        for card, zone in found.items():
            track = self._tracks.get(card)
            if track is None or track.zone != zone:
                track = self._tracks[card] = _Track(zone)
            track.recent = [t for t in track.recent if at - t < self.within] + [at]
            track.hits += 1
            track.last = at
        for card, track in list(self._tracks.items()):
            track.frames += 1
            if card not in found:
                if at - track.last >= self.linger:
                    del self._tracks[card]
                    said += self._gone(card, at)
                continue
            if len(track.recent) >= self.confirm and self._shown.get(card) != track.zone:
                said += self._gone(card, at)
                self._shown[card] = track.zone
                said.append(CardSeen(self.source, card, at=at, zone=track.zone,
                                     confidence=round(track.hits / track.frames, 3)))  # fmt: skip
        return said

    def _gone(self, card: CardId, at: float) -> list[CardSeen | CardGone]:
        zone = self._shown.pop(card, None)
        return [] if zone is None else [CardGone(self.source, card, at=at, zone=zone)]
