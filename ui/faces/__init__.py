"""What is particular to each game on every face: the words in a seat, the centre, the alerts.

The tablet's screens, the phone page and the terminal are the same for every
game; a game adds one small module here that turns its views into lines of
text. The table's parts are given only the public view and the public events
— they cannot show what they never receive; only ``me`` reads a seat's own
private view, for that seat's phone.
"""

from __future__ import annotations

from ui.faces.base import Face
from ui.faces.microfilms import FACE as MICROFILMS
from ui.faces.themessage import FACE as THE_MESSAGE

FACES: dict[str, Face] = {"microfilms": MICROFILMS, "themessage": THE_MESSAGE}
