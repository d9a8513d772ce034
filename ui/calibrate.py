"""``companion calibrate`` for a person: the camera measured (:mod:`hardware.camera.watching`),
the calibration kept, what was found said in their language, and the table drawn from
above with its zones for them to check (and redraw on the tablet)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import cv2
from rich.console import Console

from companion.i18n import text
from hardware.camera import layout
from hardware.camera.detect import Image
from hardware.camera.watching import calibrated
from hardware.urls import BadSourceUrl

Edit = Callable[[layout.Calibration, Image], None]
"""The zones redrawn by the person on the table seen from above (on the tablet)."""


def calibrate(
    args: argparse.Namespace, lang: str, console: Console, path: Path, edit: Edit | None
) -> int:
    """``companion calibrate``: the calibration kept in ``path``, its zones then ``edit``-ed
    unless not asked for; 0 when it was made."""
    try:
        calibration, frames = calibrated(args.camera, args.players, args.size)
    except (BadSourceUrl, layout.LayoutError) as err:
        console.print(said(lang, err), style="red")
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


def said(lang: str, err: BadSourceUrl | layout.LayoutError) -> str:
    """What went wrong with the camera, in ``lang``."""
    args = err.details if isinstance(err, BadSourceUrl) else err.args_
    return text(lang, err.key, **args)
