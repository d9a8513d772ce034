"""``companion register`` on the desktop: the walk (:mod:`companion.walkthrough`) on any reader.

With ``write``, each card's sticker also gets the deck's sealed record, written while
the card still lies on an NFC reader. Under a camera (:func:`camera_learning`), each card
is laid face up in turn and the deck learns its marker, as it learns a sticker's UID; or
each face is photographed (:func:`learn_faces`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from companion import boxes
from companion.core.types import CardId
from companion.games import GAMES
from companion.i18n import Voice
from companion.observations import Source
from companion.tagmap import Deck, TagMap, TagMapError
from companion.walkthrough import Say, known_boxes, walk
from hardware.camera import art
from hardware.camera.detect import Detector, Image
from hardware.camera.layout import Calibration
from hardware.camera.markers import CORNERS, unlearnt
from hardware.camera.source import Address, CameraSource, grey_of, opened
from hardware.camera.table import Table
from hardware.nfc import NfcSource
from hardware.sources import check_url
from hardware.urls import BadSourceUrl


async def register(
    source: Source, tags: TagMap, deck: Deck, cards: Sequence[CardId], *, write: bool, say: Say
) -> dict[str, CardId] | None:
    """``companion register``'s walk (:func:`companion.walkthrough.walk`) on any source: a camera
    learns markers; with ``write`` an NFC reader also seals each sticker."""
    writer = source if write and isinstance(source, NfcSource) else None
    if write and writer is None:
        say("register.error.cannot_write", {"reader": source.name})
        return None
    camera = isinstance(source, CameraSource)
    return await walk(source, tags, deck, cards, say=say, camera=camera, writer=writer)


def camera_learning(url: str, calibration: Calibration) -> CameraSource:
    """The camera a deck's markers are learnt under: the whole table one zone, and every
    card marker named by its id — no marker is any card yet."""
    _, address = check_url(url)
    if not isinstance(address, Address):
        raise BadSourceUrl(url, "calibrate.not_a_camera")
    w, d = calibration.table.size_mm
    whole = Table((w, d), {"": [(-w, -d), (2 * w, -d), (2 * w, 2 * d), (-w, 2 * d)]})
    return CameraSource(url, address, whole, unlearnt, calibration.homography)


def box_named(game: str, given: str, folder: Path) -> str:
    """The box a registration is asked for by ``given``: a preset's or a saved box's name,
    or a box file (kept among the saved boxes, so the deck finds it again).

    :raises TagMapError: no such box, or a file that is no usable box of ``game``.
    """
    spec = GAMES[game]
    path = Path(given)
    if given not in spec.sensing.boxes and path.suffix == ".json" and path.is_file():
        try:
            box = boxes.read(path, game, spec.options_type)
        except boxes.BoxFileError as err:
            raise TagMapError(err.key, file=given) from None
        boxes.write(box, boxes.path_for(folder, game, box.name))
        return box.name
    if given in spec.sensing.boxes or boxes.path_for(folder, game, given).exists():
        return given
    raise TagMapError("register.error.no_box", box=given, boxes=known_boxes(game, folder))


STEADY = 3
"""Frames a face not seen before must lie still in before its photo is taken."""
STILL_PX = 12.0
"""How far its outline may seem to move meanwhile, in pixels."""


def faces_of(game: str, cards: Sequence[CardId]) -> tuple[CardId, ...]:
    """One card of each face among ``cards``: copies read the same to a person (their names
    are one), and look the same to a camera that reads the art."""
    voice = Voice.of("en", GAMES[game])
    by_name = {voice.render("card", card): card for card in reversed(cards)}
    return tuple(sorted(by_name.values(), key=list(cards).index))


def learn_faces(
    url: str, tags: TagMap, deck: Deck, faces: Sequence[CardId], say: Say
) -> dict[CardId, bytes] | None:
    """``companion register --camera --markerless``: a photo of each face in ``faces``, laid
    face up under the camera one after another, stored as the deck's photos; ``None`` if
    the camera gave out first.

    A face the camera does not know yet, lying still for :data:`STEADY` frames, is the
    card asked for; a face it knows already, laid somewhere new, is said to be known.
    """
    _, address = check_url(url)
    if not isinstance(address, Address):
        raise BadSourceUrl(url, "calibrate.not_a_camera")
    capture, corners = opened(address), Detector()
    learnt: list[tuple[CardId, Image]] = []
    gallery = art.Gallery.of(learnt)
    where: dict[int, np.ndarray] = {}
    steady: tuple[np.ndarray, int] | None = None
    _next_face(learnt, faces, say)
    try:
        while len(learnt) < len(faces):
            ok, frame = capture.read()
            if not ok:
                say("source.state.closed", {"source": url, "reason": "camera.reason.lost",
                                            "kind": "camera"})  # fmt: skip
                return None
            grey = grey_of(frame)
            avoid = [f.centre for f in corners.find(grey) if f.marker in CORNERS]
            new = None
            for quad in art.outlines(grey, avoid):
                patch, centre = art.rectified(grey, quad), quad.mean(axis=0)
                face, score = gallery.match(patch)
                if face is None:
                    new = (centre, patch) if score < art.NEW_BELOW else new
                    continue
                if face in where and np.linalg.norm(where[face] - centre) > STILL_PX:
                    say("register.camera.face_known", {"card": learnt[face][0]})
                where[face] = centre
            if new is None:
                steady = None
                continue
            still = steady is not None and np.linalg.norm(steady[0] - new[0]) < STILL_PX
            steady = (new[0], steady[1] + 1 if steady is not None and still else 1)
            if steady[1] >= STEADY:
                where[len(learnt)] = new[0]
                learnt.append((faces[len(learnt)], new[1]))
                gallery = art.Gallery.of(learnt)  # made again only when a face is learnt
                say("register.bound", {"card": learnt[-1][0], "uid": ""})
                steady = None
                if len(learnt) < len(faces):
                    _next_face(learnt, faces, say)
    finally:
        capture.release()
    photos = {card: art.photo_bytes(patch) for card, patch in learnt}
    tags.store_photos(deck, photos)
    say("register.done", {"count": len(photos), "deck": deck.name})
    return photos


def _next_face(learnt: Sequence[object], faces: Sequence[CardId], say: Say) -> None:
    say("register.camera.next", {"card": faces[len(learnt)], "n": len(learnt) + 1,
                                 "total": len(faces)})  # fmt: skip
