"""A deck stickered for emulated readers, and the readers laid out at a table: a sticker per
card, a reader per seat, one in the centre and one on the discard pile.

The emulated table (:mod:`hardware.emulated`) reads each card by its emulated sticker
(:func:`firmware_bridge.emulators.ntag.sticker_uid`); these are the names, places and tag
map that make such a table read a game as a real one would.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from companion.core.taps import Place, Station
from companion.core.types import CardId, Seat
from companion.ingest import Places, Recognise
from companion.observations import TagPlaced
from companion.service import TableService
from companion.tagmap import TagMap
from firmware_bridge.emulators.ntag import sticker_uid


def recogniser(cards: Iterable[CardId]) -> Callable[[TagPlaced], CardId | None]:
    """Knows ``cards``' emulated stickers by UID alone, as a deck registered without keys
    would; any other tag is a stranger."""
    known = {sticker_uid(card): card for card in cards}
    return lambda placed: known.get(placed.uid)


def stumbling(recognise: Recognise, error: Exception) -> Recognise:
    """``recognise``, except that its first call raises ``error``, as a tag map on a failing
    disk would: the fault a test lays on a real table to prove that one tap gone wrong
    neither ends a reader nor costs the next tap."""
    failed: list[Exception] = []

    def once(placed: TagPlaced) -> CardId | None:
        if not failed:
            failed.append(error)
            raise error
        return recognise(placed)

    return once


def reader_stations(seats: int) -> dict[str, Station]:
    """A reader per seat (``seat1``…), one in the centre and one on the discard pile."""
    stations = {f"seat{i + 1}": Station(Place.SEAT, Seat(i)) for i in range(seats)}
    return stations | {"centre": Station(Place.CENTRE), "discard": Station(Place.DISCARD)}


def places_of(stations: dict[str, Station]) -> Places:
    """Readers that each watch one place: their one zone is the whole reader."""
    return {(name, ""): station for name, station in stations.items()}


def stickered(
    service: TableService, tags: TagMap,
    places: Callable[[dict[str, Station]], Places] = places_of,
) -> dict[str, Station]:  # fmt: skip
    """``service``'s table read by a reader per seat, the centre and the discard pile (each
    reporting where ``places`` says), its deck registered in ``tags`` with the emulated
    stickers; the readers' stations, by name."""
    header = service.header
    deck = tags.new_deck(header.game, header.game)
    cards = service.spec.sensing.cards(header.decoded_options())
    tags.store(deck, {sticker_uid(c): c for c in cards})
    stations = reader_stations(len(header.seats))
    service.use_sensors(places(stations), functools.partial(tags.recognise, deck))
    return stations
