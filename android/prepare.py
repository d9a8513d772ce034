"""What the Android build packs that the repository does not hold (``scripts/android``).

- The CJK font: the first this machine has (:func:`ui.cjk.find`), copied to ``fonts/``,
  where the app looks first — an Android tablet's own fonts differ by maker.
- The launcher icon and the splash: the tablet's own art, not a picture of the box — the
  felt of the table, a card face down in gold, and the phone that keeps its secret beside
  it — drawn with OpenCV into ``android/build/``.

Both folders are read by the build (``buildozer.spec``) and ignored by git.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import cv2
import numpy as np

from ui import cjk

FELT = (78, 110, 38)  # BGR of the tablet's felt green
GOLD = (60, 180, 232)
INK = (40, 32, 24)


def icon(size: int = 512) -> np.ndarray:
    image = np.zeros((size, size, 4), np.uint8)
    radius = size // 6
    box = np.zeros((size, size), np.uint8)
    cv2.rectangle(box, (radius, 0), (size - radius, size), 255, -1)
    cv2.rectangle(box, (0, radius), (size, size - radius), 255, -1)
    for x in (radius, size - radius):
        for y in (radius, size - radius):
            cv2.circle(box, (x, y), radius, 255, -1)
    image[box > 0] = (*FELT, 255)
    s = size / 512
    card = np.array([[150, 120], [330, 150], [290, 400], [110, 370]], np.int32) * s
    cv2.fillConvexPoly(image, card.astype(np.int32), (*GOLD, 255), cv2.LINE_AA)
    cv2.polylines(image, [card.astype(np.int32)], True, (*INK, 255), int(10 * s), cv2.LINE_AA)
    phone = (int(300 * s), int(230 * s)), (int(410 * s), int(430 * s))
    cv2.rectangle(image, *phone, (*INK, 255), -1, cv2.LINE_AA)
    inner = (phone[0][0] + int(14 * s), phone[0][1] + int(22 * s))
    cv2.rectangle(image, inner, (phone[1][0] - int(14 * s), phone[1][1] - int(30 * s)),
                  (*GOLD, 255), -1, cv2.LINE_AA)  # fmt: skip
    return image


class NoFont(RuntimeError):
    """No font with Chinese in it on this machine: the app would draw boxes."""


def font(root: Path) -> Path:
    found = cjk.find()
    if found is None:
        raise NoFont("no CJK font to package: install fonts-wqy-microhei")
    carried = root / "fonts"
    carried.mkdir(exist_ok=True)
    kept = carried / found.name
    if found.resolve() != kept.resolve():
        shutil.copyfile(found, kept)
    return kept


def art(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / "icon.png"), icon())
    splash = np.full((800, 1280, 4), (*FELT, 255), np.uint8)
    mark = icon(320)
    splash[240:560, 480:800][mark[..., 3] > 0] = mark[mark[..., 3] > 0]
    cv2.imwrite(str(folder / "presplash.png"), splash)


def main(root: Path) -> None:
    """The font and the art, in the repository at ``root`` as the build reads them."""
    font(root)
    art(root / "android" / "build")


if __name__ == "__main__":
    try:
        main(Path(sys.argv[1]))
    except NoFont as err:
        sys.exit(str(err))
