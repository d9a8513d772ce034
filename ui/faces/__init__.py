"""What is particular to each game on every face: the words in a seat, the centre, the alerts.

The tablet's screens, the phone page and the terminal are the same for every
game; a game adds one small module here, named for its key, that turns its
views into lines of text (its ``FACE``). The table's parts are given only the
public view and the public events — they cannot show what they never receive;
only ``me`` and ``hand`` read a seat's own private view, for that seat's phone.
"""

from __future__ import annotations

import functools
import importlib

from ui.faces.base import Face


@functools.cache
def face_of(game: str) -> Face:
    """The face of ``game``: module ``ui.faces.<game>``, found by the game's key alone."""
    face: Face = importlib.import_module(f"{__name__}.{game}").FACE
    return face
