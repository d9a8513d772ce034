"""What is particular to each game on the tablet: the words in a seat, the centre, the alerts.

The screens are the same for every game; a game adds one small module here
that turns its public view into lines of text. It is given only the public
view and the public events — it cannot show what it never receives.
"""

from __future__ import annotations

from ui.tablet.faces.base import Face
from ui.tablet.faces.microfilms import FACE as MICROFILMS

FACES: dict[str, Face] = {"microfilms": MICROFILMS}
