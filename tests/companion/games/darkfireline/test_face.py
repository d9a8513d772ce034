"""暗火线 on the tablet and the phones (``ui/faces/darkfireline.py``): along random games,
every seat, the centre, the pile, the alerts and each seat's own figures read in the
three languages with nothing left unsaid; the table's parts are built from the public
view and the public events alone."""

from __future__ import annotations

import random

from companion.core.phases import Finished
from companion.core.types import Seat
from companion.core.views import public_event
from companion.games.darkfireline import GAME
from companion.games.darkfireline.options import Options
from companion.i18n import LANGS, Voice
from ui.faces.darkfireline import FACE

RAW = ("{", "card.", "face.", "what.", "word.", "tablet.", "phone.")


def said(texts: list[str]) -> None:
    for text in texts:
        assert text and not any(raw in text for raw in RAW), text


def test_every_part_of_the_face_reads_in_every_language_along_random_games() -> None:
    rng = random.Random(11)
    for game in range(6):
        n = 4 + game
        state = GAME.setup([f"P{i}" for i in range(n)], Options())
        voices = [Voice.of(lang, GAME, [f"P{i}" for i in range(n)]) for lang in LANGS]
        while not isinstance(state.phase, Finished):
            chance = GAME.roll(state, rng)
            if chance is None:
                seat = rng.choice(GAME.pending(state)[0].seats)
                action = rng.choice(GAME.legal_actions(state, seat))
            else:
                action = chance
            outcome = GAME.apply(state, action)
            state = outcome.state
            if rng.random() > 0.1:
                continue
            view, events = GAME.public_view(state), [public_event(e) for e in outcome.events]
            for voice in voices:
                for s in range(n):
                    face = FACE.seat(view, s, voice)
                    said([face.name, *face.lines, *(t.label for t in face.tokens if t.label)])
                    private = GAME.private_view(state, Seat(s))
                    said([st.value for st in FACE.me(private, view, voice)])
                    said([c.name for c in FACE.hand(private, voice)])
                said(FACE.centre(view, voice))
                pile = FACE.pile(view, voice)
                said([*pile.notes, *(t.label for t in pile.tokens)])
                said([a.text for a in FACE.alerts(events, view, voice)])
                said([a.text for a in FACE.standing(view, voice)])


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
