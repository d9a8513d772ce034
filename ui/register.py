"""``companion register``: walk a person through tapping every card of a deck once.

The walk itself is :class:`companion.registration.Walk`; this drives it from a
source and says each step through ``say(key, args)``, which the command line
prints in the person's language (and a test can listen to). With ``write``,
each card's sticker also gets the deck's sealed record, written while the card
still lies on the reader. Under a camera (:func:`camera_learning`), each card is
laid face up in turn and the deck learns its marker, as it learns a sticker's UID.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from companion.core.types import CardId, JSONObject
from companion.games import GAMES
from companion.i18n import Voice
from companion.observations import CardSeen, Source, SourceState, SourceStatus, TagPlaced
from companion.registration import Bound, Duplicate, Walk
from companion.tagmap import Deck, TagMap, TagMapError
from hardware.camera import art
from hardware.camera.detect import Detector, Image
from hardware.camera.layout import Calibration
from hardware.camera.markers import CORNERS, unlearnt
from hardware.camera.source import Address, CameraSource, grey_of, opened
from hardware.camera.table import Table
from hardware.nfc import NfcSource
from hardware.sources import check_url
from hardware.urls import BadSourceUrl
from ui import boxes

Say = Callable[[str, JSONObject], None]


async def register(
    source: Source, tags: TagMap, deck: Deck, cards: Sequence[CardId], *, write: bool, say: Say
) -> dict[str, CardId] | None:
    """The UID → card map of ``cards`` (:func:`deck_cards`), stored in ``tags``; ``None`` if
    the reader gave out first. Under a camera the UIDs are marker ids, stored as the deck's
    markers: ids are a deck's own, so no other deck can own one."""
    camera = isinstance(source, CameraSource)
    writer = source if write and isinstance(source, NfcSource) else None
    if write and writer is None:
        say("register.error.cannot_write", {"reader": source.name})
        return None

    def owner(uid: str) -> str | None:
        other = None if camera else tags.owner(uid)
        return None if other is None or other.id == deck.id else other.name

    walk = Walk(tuple(cards), owner, deck.tag)
    words = "register.camera." if camera else "register."
    _next(walk, say, words)
    async for obs in source:
        if isinstance(obs, SourceStatus):
            said: JSONObject = {"source": obs.source, "reason": obs.reason, "kind": obs.kind}
            say(f"source.state.{obs.state}", said)
            if obs.state in (SourceState.FAILED, SourceState.CLOSED):
                return None
            continue
        if isinstance(obs, CardSeen):  # a marker under the camera: its id is the card's "UID"
            placed = TagPlaced(obs.source, obs.card, at=obs.at)
        elif isinstance(obs, TagPlaced):
            placed = obs
        else:
            continue
        step = walk.tap(placed)
        if isinstance(step, Bound):
            sealed = () if writer is None else (deck.seal(step.uid, step.card),)
            if writer is not None and not await writer.write(step.uid, sealed):
                walk.untap(step.uid)
                say("register.write_failed", {"card": step.card})
            else:
                say("register.bound", {"card": step.card, "uid": step.uid})
        elif isinstance(step, Duplicate):
            say(words + "duplicate", {"card": step.card, "uid": step.uid})
        else:
            say(step.why, {"deck": step.deck, "uid": step.uid})
        if walk.done:
            if camera:
                tags.store_markers(deck, {int(uid): card for uid, card in walk.bound.items()})
            else:
                tags.store(deck, walk.bound)
            say("register.done", {"count": len(walk.bound), "deck": deck.name})
            await source.aclose()
            return dict(walk.bound)
        _next(walk, say, words)
    return None


def camera_learning(url: str, calibration: Calibration) -> CameraSource:
    """The camera a deck's markers are learnt under: the whole table one zone, and every
    card marker named by its id — no marker is any card yet."""
    _, address = check_url(url)
    if not isinstance(address, Address):
        raise BadSourceUrl(url, "calibrate.not_a_camera")
    w, d = calibration.table.size_mm
    whole = Table((w, d), {"": [(-w, -d), (2 * w, -d), (2 * w, 2 * d), (-w, 2 * d)]})
    return CameraSource(url, address, whole, unlearnt, calibration.homography)


def deck_cards(deck: Deck, folder: Path) -> tuple[CardId, ...]:
    """Every card a registration of ``deck`` asks for, in order (:func:`box_cards`)."""
    return box_cards(deck.game, deck.box, folder)


def box_cards(game: str, box: str, folder: Path) -> tuple[CardId, ...]:
    """Every card of ``game``'s box ``box``, in order: a preset's manifest (``""``: the
    first), or the cards of the named box of that name saved in ``folder``.

    :raises TagMapError: the box is neither (a named box since deleted).
    """
    spec = GAMES[game]
    presets = spec.sensing.boxes
    if not box or box in presets:
        return presets[box] if box else next(iter(presets.values()))
    path = boxes.path_for(folder, game, box)
    if not path.exists():
        raise TagMapError("register.error.no_box", box=box, boxes=known_boxes(game, folder))
    try:
        return boxes.box_cards(boxes.read(path, game, spec.options_type), spec)
    except boxes.BoxFileError as err:
        raise TagMapError(err.key, file=str(path)) from None


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


def known_boxes(game: str, folder: Path) -> str:
    """The presets of ``game`` and the boxes saved for it, for a message."""
    saved = [b.name for b in boxes.listed(folder, game, GAMES[game].options_type)]
    return ", ".join([*GAMES[game].sensing.boxes, *saved])


def _next(walk: Walk, say: Say, words: str) -> None:
    assert walk.next is not None
    say(words + "next", {"card": walk.next, "n": len(walk.bound) + 1, "total": len(walk.cards)})


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
