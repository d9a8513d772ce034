"""The demo's hands at a table of emulated readers: every move a card shows, laid on its
reader.

The demo's bots play the way people at a table with readers do. The deal is dealt
by hand and laid on the readers where the game reads it (``GameSpec.sensing.deal``).
A move that a card shows — a draw, a card played in the centre, a claim, a discard —
is made by laying that card on the reader of its place, and it reaches the game
through nfcpy, the ingest and the game's tap rules like any real tap; a question
the card cannot answer (which target, which claim) is answered as the player would
on the tablet or phone; a move no card shows (a pass, a franc paid) is said as the
phone says it. The deck is registered on the spot, one emulated sticker per card,
and a card the rules wait to be told (the one a draw turned up) is the deck's own:
its top card, at random.

A tap that does not make the move it was laid for is a fault of the tap rules, and
:class:`LaidWrong` says so rather than let the game go on by another path.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Generic, TypeVar

from companion.core.actions import Action
from companion.core.copies import by_face
from companion.core.taps import Station
from companion.core.types import CardId
from companion.ingest import Feedback, Question
from companion.service import TableService
from companion.tagmap import TagMap
from hardware.emulated import EmulatedTable, Laying
from hardware.nfc import Polling
from hardware.stickers import reader_stations, stickered

L = TypeVar("L", bound=Laying)


class LaidWrong(RuntimeError):
    """A card laid for a move did not make it: the tap rules and ``laid`` disagree."""


def _quiet(station: Station) -> None:
    """Says nothing of where a card was laid."""


class Hands(Generic[L]):
    """Makes moves at ``service``'s table by laying cards on ``readers``; ``on_lay`` hears
    where each goes.

    The hands are the physical table itself — the deck that turns up its top card,
    the cards in every hand — so they read the game's whole state: a face never does.
    """

    def __init__(
        self,
        service: TableService,
        readers: L,
        stations: dict[str, Station],
        rng: random.Random,
        on_lay: Callable[[Station], object] = _quiet,
    ) -> None:
        self.service = service
        self.table = service.table
        self.readers = readers
        self.rng = rng
        self.on_lay = on_lay
        self.taps = 0
        self.asked: list[Question] = []
        """The questions answered, as the tablet or a phone asked them."""
        self._names = {station: name for name, station in stations.items()}

    def dealing(self) -> bool:
        """The table waits for its deal to be laid on the readers."""
        return self.service.dealing() is not None

    async def deal(self) -> Action:
        """The real deal: the box shuffled and dealt at random (§2), each card the deal
        shows laid on its reader; the deal the app read."""
        deals = self.table.spec.sensing.deal
        assert deals is not None
        dealt = self.table.spec.roll(self.table.state, self.rng)
        assert dealt is not None
        feedback = Feedback()
        for station, card in deals.laid(dealt):
            feedback = await self._tap(station, card)
            if feedback.notices or feedback.reconcile:
                raise LaidWrong(f"{card} on {self._names[station]} for the deal: {feedback}")
        if len(feedback.committed) != 1 or feedback.committed[0].act != dealt.act:
            raise LaidWrong(f"the deal laid was not read: {feedback}")
        return feedback.committed[0]

    def due(self) -> Action | None:
        """The card the deck gives while the rules wait for a player to say which it was."""
        if not self.table.pending():
            return None
        return self.table.spec.roll(self.table.state, self.rng)

    def where(self, action: Action, drawn: CardId | None = None) -> tuple[Station, CardId] | None:
        """The reader and the card that make ``action`` here, or ``None`` where no card shows
        it or no reader lies where it would be laid. ``drawn`` is the card a draw turns up
        when the caller knows it (a game replayed); else the deck's top, at random."""

        def top(cards: Sequence[CardId]) -> CardId:
            if drawn is not None and drawn in cards:
                return drawn
            return self.rng.choice(sorted(cards))

        where = self.table.spec.sensing.laid(self.table.state, action, top)
        return where if where is not None and where[0] in self._names else None

    async def make(self, action: Action, drawn: CardId | None = None) -> tuple[Action, ...]:
        """``action``, by the card that shows it (:meth:`where`), else as the tablet enters
        it; what was committed (a draw and the card it turned up are one tap)."""
        where = self.where(action, drawn)
        if where is None:
            self.service.submit(action)
            return (action,)
        station, card = where
        feedback = await self._tap(station, card)
        if feedback.question is not None and action in feedback.question.options:
            self.asked.append(feedback.question)
            feedback = self.service.answer(feedback.question.id, action)
        if not self._made(action, feedback.committed) or feedback.notices or feedback.reconcile:
            raise LaidWrong(f"{card} on {self._names[station]} for {action}: {feedback}")
        return feedback.committed

    def _made(self, action: Action, committed: Sequence[Action]) -> bool:
        """``action`` is among what was committed — as a copy of its card the record had
        instead, where it had one: copies read alike, and it is the same game either way."""
        spec = self.table.spec
        copies = spec.copies(self.table.state)
        face = by_face(spec.codec.encode(action), copies)
        return any(by_face(spec.codec.encode(a), copies) == face for a in committed)

    async def _tap(self, station: Station, card: CardId) -> Feedback:
        """``card`` laid on ``station``'s reader and lifted; what the app made of it."""
        self.on_lay(station)
        feedback = await self.readers.lay(self._names[station], card)
        self.taps += 1
        assert isinstance(feedback, Feedback)
        return feedback


@contextlib.asynccontextmanager
async def emulated_hands(
    service: TableService,
    folder: Path,
    rng: random.Random,
    on_lay: Callable[[Station], object] = _quiet,
    *,
    board: bool = False,
    polling: Polling | None = None,
) -> AsyncIterator[Hands[EmulatedTable]]:
    """Hands at ``service``'s table with a reader per seat, the centre and the discard pile,
    emulated in ``folder`` (their links and the deck's tag map live there): PN532s polled
    as ``polling`` says, or the readers of reader boards."""
    stations = reader_stations(len(service.header.seats))
    folder.mkdir(parents=True, exist_ok=True)
    readers = EmulatedTable(stations, folder, service.observe, polling, board=board)
    stickered(service, TagMap(folder / "tags.sqlite3"), readers.places)
    async with readers:
        yield Hands(service, readers, stations, rng, on_lay)
