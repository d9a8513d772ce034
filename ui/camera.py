"""The overhead camera at the command line: ``companion calibrate``, and what ``companion
play --camera`` opens.

Calibrating reads a few frames, finds the four corner markers, measures the table and
proposes a zone for each seat, the centre and the discard pile; it keeps them in the
calibration file and draws the table from above with its zones, for the person to check
(and redraw on the tablet). Playing with the camera turns each zone into the place it
watches, and gives the camera the deck's markers.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

import cv2
from rich.console import Console

from companion.i18n import text
from companion.tagmap import Deck, TagMap
from hardware.camera import layout
from hardware.camera.art import Gallery
from hardware.camera.detect import Detector, Image
from hardware.camera.source import Address, grabbed
from hardware.sources import Context, Watch, check_url
from hardware.urls import BadSourceUrl

FRAMES = 10
"""Frames a calibration averages over: a third of a second of a webcam."""


Edit = Callable[[layout.Calibration, Image], None]
"""The zones redrawn by the person on the table seen from above (on the tablet)."""


def calibrate(
    args: argparse.Namespace, lang: str, console: Console, path: Path, edit: Edit | None
) -> int:
    """``companion calibrate``: the calibration kept in ``path``, its zones then ``edit``-ed
    unless not asked for; 0 when it was made."""
    try:
        _, address = check_url(args.camera)
        if not isinstance(address, Address):
            raise BadSourceUrl(args.camera, "calibrate.not_a_camera")
        size = _size(args.size) if args.size else None
        frames = grabbed(address, FRAMES)
        if not frames:
            raise BadSourceUrl(args.camera, "camera.reason.no_camera")
        detector = Detector()
        calibration = layout.calibrate([detector.find(f) for f in frames], args.players, size)
    except (BadSourceUrl, layout.LayoutError) as err:
        console.print(_said(lang, err), style="red")
        return 1
    layout.save(path, calibration)
    w, d = calibration.table.size_mm
    console.print(text(lang, "calibrate.saved", width=round(w), depth=round(d),
                       zones=len(calibration.table.zones), file=str(path)))  # fmt: skip
    if args.picture is not None:
        cv2.imwrite(str(args.picture), layout.top_down(frames[-1], calibration))
        console.print(text(lang, "calibrate.picture", file=str(args.picture)))
    if edit is not None:
        edit(calibration, frames[-1])
    return 0


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


def _size(given: str) -> tuple[float, float]:
    w, _, d = given.lower().partition("x")
    try:
        size = float(w), float(d)
    except ValueError:
        raise layout.LayoutError("calibrate.bad_size", given=given) from None
    if min(size) <= 0:
        raise layout.LayoutError("calibrate.bad_size", given=given)
    return size


def _said(lang: str, err: BadSourceUrl | layout.LayoutError) -> str:
    args = err.details if isinstance(err, BadSourceUrl) else err.args_
    return text(lang, err.key, **args)
