"""What every face (``ui/faces/base.py``) shows: along random games of each game, every
seat, the centre, the pile, the alerts, the standing and each seat's own figures and hand
read in the three languages with nothing left unsaid — no catalog key, no placeholder —
and the table's parts are built from the public view and the public events alone."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from companion.core.phases import Finished
from companion.core.types import Seat
from companion.core.views import public_event
from companion.games import GAMES
from companion.i18n import LANGS, Voice, has
from ui.faces import face_of

RAW = re.compile(r"\{|\b(?:card|face|what|word|tablet|phone|prompt|event)\.[a-z]")
"""A catalog key or an unfilled placeholder: never shown to a person."""


def said(texts: list[str]) -> None:
    for text in texts:
        assert text and not RAW.search(text), text


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_part_of_a_face_reads_in_every_language_along_random_games(key: str) -> None:
    game, face, rng = GAMES[key], face_of(key), random.Random(11)
    for n in game.sizes:
        names = [f"P{i}" for i in range(n)]
        state = game.setup(names, game.options.fitting(n))
        voices = [Voice.of(lang, game, names) for lang in LANGS]
        while not isinstance(state.phase, Finished):
            chance = game.roll(state, rng)
            if chance is None:
                seat = rng.choice(game.pending(state)[0].seats)
                action = rng.choice(game.legal_actions(state, seat))
            else:
                action = chance
            outcome = game.apply(state, action)
            state = outcome.state
            if rng.random() > 0.2 and not isinstance(state.phase, Finished):
                continue
            view, events = game.public_view(state), [public_event(e) for e in outcome.events]
            for voice in voices:
                for s in range(n):
                    seen = face.seat(view, s, voice)
                    said([seen.name, *seen.lines, *(t.label for t in seen.tokens if t.label)])
                    private = game.private_view(state, Seat(s))
                    said([st.value for st in face.me(private, view, voice)])
                    said([c.name for c in face.hand(private, voice)])
                said(face.centre(view, voice))
                pile = face.pile(view, voice)
                said([*pile.notes, *(t.label for t in pile.tokens)])
                said([a.text for a in face.alerts(events, view, voice)])
                said([a.text for a in face.standing(view, voice)])


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_real_deal_is_told_step_by_step_in_every_language(key: str) -> None:
    """A table without readers deals by hand from the tablet's steps: every game has them,
    for every choice of its options and every size, each counted out (no placeholder)."""
    game, face = GAMES[key], face_of(key)
    for n in game.sizes:
        fitting = game.options.fitting(n)
        chosen = [fitting] + [
            dataclasses.replace(fitting, **{name: value})
            for name in game.options.names()
            for value in game.options.choices(name, n) or []
        ]
        for options in chosen:
            guide, counted = face.deal_guide(options, n)
            for lang in LANGS:
                voice = Voice.of(lang, game, [f"P{i}" for i in range(n)])
                keys = [f"{guide}.{i}" for i in range(1, 20)]
                steps = [k for k in keys if has(lang, k)]
                assert steps == keys[: len(steps)] and steps, (lang, guide)
                said([voice.say(k, {**counted, "seat": 0}) for k in steps])
