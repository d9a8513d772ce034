"""Words a player understands: no unexplained code, and no placeholder left empty.

A table once read "FOOP" and "LEO" on an options screen and "(count: 0)" after
every probe; these tests hold every catalog string, and every sentence the
rules make in random games, to the words a player at the table can read.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from companion.core import playout
from companion.core.game import GameSpec
from companion.core.types import JSON
from companion.games import GAMES
from companion.i18n import FALLBACK, LANGS, Voice, catalog, has

TECHNICAL = ("cli.", "register.", "nfc.", "script.", "doctor.", "board.", "calibrate.")
"""Keys of the command line and the hardware tools: their readers type addresses like
``nfc:tty:USB0:pn532`` and name files as JSON Lines."""
KNOWN = {"QR", "NFC", "URL", "USB", "PN532", "CJK", "USSR", "UK", "USA", "SWAT"}
"""Abbreviations a player reads every day (the nations are printed so on Microfilms' cards,
暗火线's 特警 are SWAT in English), and the name of a font to install."""
CODE = re.compile(r"\b[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)*\b")


def test_no_string_a_player_reads_holds_an_unexplained_code() -> None:
    for lang in LANGS:
        found = {
            (key, code)
            for key, text in catalog(lang).items()
            if not key.startswith(TECHNICAL)
            for code in CODE.findall(text)
            if code not in KNOWN
        }
        assert found == set(), lang


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def sentences(spec: GameSpec[Any], games: int) -> Iterator[tuple[str, Mapping[str, JSON]]]:
    """Every event, secret and prompt of random games, as ``(key, args)`` the faces say."""
    game, voice = spec.key, Voice.of(FALLBACK, spec)
    rng = random.Random(7)
    for _ in range(games):
        seats = rng.choice(spec.demo_sizes)
        state: Any = spec.setup([f"P{i}" for i in range(seats)], spec.options_type())
        for _ in range(2000):
            for p in spec.pending(state):
                if p.seats:
                    yield f"prompt.{game}.{p.kind}", {**p.args, "seat": 0, "seats": []}
            if spec.over(state) is not None:
                break
            outcome = spec.apply(state, playout.step(spec, state, rng, {"claim": 0.1}))
            for e in outcome.events:
                yield voice.game_key("event", e.kind), e.args
                for s in e.secrets:
                    yield voice.game_key("secret", s.kind), s.args
            state = outcome.state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_sentence_the_rules_make_has_each_of_its_placeholders(game: str) -> None:
    """A placeholder with no argument would read as nothing ("draw  cards", "（數量：）")."""
    assert unfilled(GAMES[game]) == set()


def unfilled(spec: GameSpec[Any]) -> set[tuple[str, str]]:
    """Each sentence of random games, with each of its placeholders the rules leave empty."""
    voice = Voice.of(FALLBACK, spec)
    empty: set[tuple[str, str]] = set()
    for key, args in sentences(spec, 12):
        assert has(FALLBACK, key), key
        given = set(args)
        for name, value in args.items():
            kind = voice.words.get(name)
            prefix = getattr(kind, "prefix", None)
            full = f"{prefix or name}.{value}.full"
            if isinstance(value, str) and prefix is not None and has(FALLBACK, full):
                empty |= {(full, p) for p in placeholders(catalog(FALLBACK)[full]) - given}
        empty |= {(key, p) for p in placeholders(catalog(FALLBACK)[key]) - given}
    return empty
