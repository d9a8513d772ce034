"""The overhead camera wired as a sensor: calibrating it from a few frames, and the places
a calibrated camera watches.

Calibrating reads a few frames, finds the four corner markers, measures the table and
proposes a zone for each seat, the centre and the discard pile. Playing with the camera
turns each zone into the place it watches, and gives the camera the deck's markers (or the
photos of its faces). ``companion calibrate`` and ``companion play --camera`` speak to the
person (:mod:`ui.calibrate`, :mod:`ui.cli`); this module only measures and wires.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from companion.tagmap import Deck, TagMap
from hardware.camera import layout
from hardware.camera.art import Gallery
from hardware.camera.detect import Detector, Image
from hardware.camera.source import Address, grabbed
from hardware.sources import Context, Watch, check_url
from hardware.urls import BadSourceUrl

FRAMES = 10
"""Frames a calibration averages over: a third of a second of a webcam."""


def calibrated(url: str, players: int, size: str | None) -> tuple[layout.Calibration, list[Image]]:
    """The calibration of the camera at ``url`` for ``players`` (the table ``size``, as
    ``WIDTHxDEPTH`` in mm, when the person gave it), with the frames it was read from.

    :raises BadSourceUrl: ``url`` names no camera, or none answers there.
    :raises LayoutError: the corners were not found, or ``size`` is not a size.
    """
    _, address = check_url(url)
    if not isinstance(address, Address):
        raise BadSourceUrl(url, "calibrate.not_a_camera")
    measured = size_of(size) if size else None
    frames = grabbed(address, FRAMES)
    if not frames:
        raise BadSourceUrl(url, "camera.reason.no_camera")
    detector = Detector()
    return layout.calibrate([detector.find(f) for f in frames], players, measured), frames


def watching(
    watches: Sequence[Watch], camera: str | None, path: Path, tags: TagMap, decks: Sequence[Deck],
    *, markerless: bool = False,
) -> tuple[list[Watch], Context]:  # fmt: skip
    """The places watched, a camera's zones among them, and what its sources are told: the
    decks' markers, or with ``markerless`` the photos of their faces.

    :raises LayoutError: a camera is asked for and was never calibrated (or its file is
        damaged): it would see cards and place none of them; or, ``markerless``, no deck
        has photos of its faces.
    :raises BadSourceUrl: ``camera`` names no camera.
    """
    cameras = [w for w in watches if w.url.partition(":")[0] == "camera"]
    if camera is None and not cameras:
        return list(watches), Context(tags.markers_in(decks).get)
    calibration = layout.load(path)
    more = Watch.zones_of(camera, calibration) if camera is not None else []
    gallery = None
    if markerless:
        photos = {c: p for deck in reversed(decks) for c, p in tags.photos(deck).items()}
        if not photos:
            raise layout.LayoutError("register.camera.no_photos")
        gallery = Gallery.kept(photos)
    return [*watches, *more], Context(tags.markers_in(decks).get, calibration, gallery)


def size_of(given: str) -> tuple[float, float]:
    """A table's size given as ``WIDTHxDEPTH`` (mm), e.g. ``900x600``."""
    w, _, d = given.lower().partition("x")
    try:
        size = float(w), float(d)
    except ValueError:
        raise layout.LayoutError("calibrate.bad_size", given=given) from None
    if min(size) <= 0:
        raise layout.LayoutError("calibrate.bad_size", given=given)
    return size
