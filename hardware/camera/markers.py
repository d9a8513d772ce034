"""Which printed marker is which: the ArUco dictionary, the table's four corners, a card's id.

Every sticker is an ArUco 4×4 marker of the 250-marker dictionary (its markers lie further
apart than the 1,000's: a blurred one is less often read as another), printed on the card's
**face** only — a marker on a back would tell the camera, and anyone who can read one,
what a face-down card is. Ids 0–3 mark the table's corners (for the calibration); the
cards of a deck take the ids after them in the order its registration asks for them, so
one sheet of stickers serves a whole box (246 cards at most: 風聲's 81, 暗火线's 62 by
default) and the tag map keeps id → card as it keeps an
NFC sticker's UID.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.core.types import CardId

DICTIONARY = cv2.aruco.DICT_4X4_250
CORNERS = (0, 1, 2, 3)
"""The table's corners, counter-clockwise from the near left, as the camera sees them."""
FIRST_CARD = len(CORNERS)
STICKER_MM = 30.0
"""A card's sticker: a 20 mm marker in a white quiet zone."""
CORNER_MM = 40.0
"""A corner marker's side, quiet zone apart."""
LAST = 249


def dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(DICTIONARY)


def assigned(cards: Sequence[CardId]) -> dict[int, CardId]:
    """A marker id for each card of a deck, in order; a deck too large for the dictionary
    is refused (:class:`ValueError`), never wrapped around onto the corners."""
    if FIRST_CARD + len(cards) - 1 > LAST:
        raise ValueError(f"{len(cards)} cards: the dictionary has {LAST + 1 - FIRST_CARD} ids")
    return {FIRST_CARD + i: card for i, card in enumerate(cards)}


def unlearnt(marker: int) -> CardId | None:
    """A card's marker by its id, while a deck's markers are being learnt and none is a card
    yet (the corners, and ids past the dictionary, are no card's)."""
    return CardId(str(marker)) if FIRST_CARD <= marker <= LAST else None


def marker_image(marker: int, side_px: int) -> NDArray[np.uint8]:
    """The marker ``marker`` as a black-and-white image ``side_px`` square, quiet zone not
    included."""
    return np.asarray(cv2.aruco.generateImageMarker(dictionary(), marker, side_px), np.uint8)
