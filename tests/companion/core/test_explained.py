"""Every card can be read: each card of each game — every card of every box a group may
register, every card a game deals or draws, every identity — has a text in every language,
naming the sections of the game's rules digest it says in our own words, a short name for
its kind and a line saying when it may be played (:mod:`companion.core.explained`)."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from companion.core.kinds import CORE
from companion.core.playout import step
from companion.core.types import CardId
from companion.games import GAMES
from companion.i18n import LANGS, Voice, catalog

SECTION = re.compile(r"§\d+(\.\d+)?(, §\d+(\.\d+)?)*")


def met_in_play(game: str, seats: int, seed: int) -> set[CardId]:
    """Every card a random game of ``game`` puts in a hand, the deck, the pile or before a
    seat as its identity, at some moment."""
    spec = GAMES[game]
    state = spec.setup([f"P{n}" for n in range(seats)], spec.options.fitting(seats))
    rng, seen = random.Random(seed), set[CardId]()
    for _ in range(400):
        if spec.over(state) is not None:
            break
        seen.update(state.deck, state.discard)
        for player in state.players:
            seen.update(player.hand)
            if player.identity is not None:
                seen.add(player.identity)
        state = spec.apply(state, step(spec, state, rng, {})).state
    return seen


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_card_of_every_game_has_its_text_in_every_language(game: str) -> None:
    spec = GAMES[game]
    explained = spec.explained
    cards = set(explained.cards)
    for box in spec.sensing.boxes.values():
        cards.update(box)
    for seats in spec.sizes:
        cards |= met_in_play(game, seats, seats)
    kinds = {explained.kind(card) for card in cards}
    assert kinds == set(explained.sections) == set(explained.named), "each kind declared once"
    for kind, section in explained.sections.items():
        assert SECTION.fullmatch(section), (kind, section)
        for lang in LANGS:
            said = catalog(lang).get(f"help.{game}.{kind}")
            assert said and "{" not in said, (lang, kind)
            named = catalog(lang).get(explained.named[kind])
            assert named and "{" not in named, (lang, kind)
            when = catalog(lang).get(f"when.{game}.{kind}")
            assert when and "{" not in when, (lang, kind)
    voice = Voice.of("zh-Hant", spec)
    assert all(voice.explain(card) for card in cards)
    assert voice.explain("no such card") is None


def test_every_text_explains_a_card_of_its_game() -> None:
    """No text is left over from a kind a game no longer has."""
    for lang in LANGS:
        for key in catalog(lang):
            if key.startswith(("help.", "when.")):
                _, game, kind = key.split(".", 2)
                assert kind in GAMES[game].explained.sections, (lang, key)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_identity_a_game_deals_is_one_of_the_camps_a_seat_may_be_marked_as(
    game: str,
) -> None:
    """A phone's notes mark another seat as one of the game's camps (or roles): each is a
    kind of identity that random games deal, with its short name, and no dealt identity
    is left out."""
    spec = GAMES[game]
    explained = spec.explained
    dealt = set[str]()
    for seats, seed in itertools.product(spec.sizes, range(3)):
        state = spec.setup([f"P{n}" for n in range(seats)], spec.options.fitting(seats))
        rng = random.Random(seed)
        for _ in range(30):  # the deal, and a few moves
            dealt.update(explained.kind(p.identity) for p in state.players if p.identity)
            if spec.over(state) is not None:
                break
            state = spec.apply(state, step(spec, state, rng, {})).state
    assert dealt and set(explained.camps) >= dealt
    assert all(explained.named[camp] for camp in explained.camps)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_moment_a_first_game_explains_starts_with_something_the_game_makes(
    game: str,
) -> None:
    """Issue: a first game needs no rulebook. Each moment (rules digests: the deal §2–§3,
    a turn, a response window, a night, a death, a claim) is started by an event kind the
    game declares or a prompt kind it asks, and is said in every language; no text of
    ``teach.<game>.*`` is left that no moment says."""
    spec = GAMES[game]
    moments = spec.explained.moments
    assert moments.events and moments.prompts
    assert set(moments.events) <= set(spec.events) | set(CORE)
    named = set(moments.events.values()) | set(moments.prompts.values())
    for lang in LANGS:
        words = catalog(lang)
        assert all(f"prompt.{game}.{kind}" in words for kind in moments.prompts)
        assert all(words.get(moments.key(game, m)) for m in named), lang
        said = {k.removeprefix(f"teach.{game}.") for k in words if k.startswith(f"teach.{game}.")}
        assert said == named, f"{lang}: texts no moment says: {sorted(said - named)}"
