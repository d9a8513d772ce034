"""暗火线's face (``ui/faces/darkfireline.py``): what only this game shows — a player's
figures, a card disarmed face down. What every face shows alike is read in
``tests/ui/faces/test_base.py``."""

from __future__ import annotations

import random

from companion.core.types import Seat
from companion.games.darkfireline import GAME
from companion.games.darkfireline.options import Options
from companion.i18n import LANGS, Voice
from ui.faces.darkfireline import FACE


def test_each_figure_on_a_phone_is_named_like_a_heading_in_english() -> None:
    """ "Health 4/4", not "health 4/4": the phone shows the name above the figure."""
    rng = random.Random(3)
    names = [f"P{i}" for i in range(5)]
    state = GAME.setup(names, Options())
    while (chance := GAME.roll(state, rng)) is not None and not GAME.pending(state):
        state = GAME.apply(state, chance).state
    voice = Voice.of("en", GAME, names)
    stats = FACE.me(GAME.private_view(state, Seat(0)), GAME.public_view(state), voice)
    assert stats and all(st.label[:1].isupper() for st in stats), stats


def test_a_card_laid_face_down_on_the_pile_shows_its_back_and_is_counted() -> None:
    """§5.6, ``disarmed_card_shown`` off: the pile's top card is a back, and the centre
    counts it among the discards."""
    view = GAME.public_view(GAME.setup([f"P{i}" for i in range(4)], Options()))
    for lang in LANGS:
        voice = Voice.of(lang, GAME, [f"P{i}" for i in range(4)])
        for pile, top in ((["SERUM-1", None], "back"), ([None, "SERUM-1"], "card")):
            assert FACE.pile({**view, "discard": pile}, voice).tokens[-1].kind == top
            assert FACE.centre({**view, "discard": pile}, voice)[1] == voice.text(
                "face.darkfireline.discards", count=2
            )
