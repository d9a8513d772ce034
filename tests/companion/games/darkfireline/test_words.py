"""暗火线's sentences, refusals and card names read plainly in every language (a person sees
why) — until it is registered, when the catalog tests of every game take it over."""

from __future__ import annotations

import pytest

from companion.core.errors import BadChance, BadTarget, RuleViolation
from companion.games.darkfireline import GAME
from companion.games.darkfireline.errors import (
    AlreadyUsed,
    FullHealth,
    JustEquipped,
    NeedsFullHealth,
    NotAdjacent,
    NothingThere,
    NotWithGrenade,
    OnlySerum,
    OutOfReach,
    Protected,
    WrongKind,
)
from companion.i18n import LANGS, Voice, text
from tests.companion.test_i18n_plain_words import unfilled

REFUSALS: list[RuleViolation] = [
    WrongKind(card="SINGLE-3"),
    *(AlreadyUsed(what=w) for w in ("shot", "skill", "equip")),
    NotWithGrenade(),
    OnlySerum(),
    Protected(target=2),
    NeedsFullHealth(target=1),
    OutOfReach(target=3),
    NotAdjacent(seats=[1, 3]),
    FullHealth(),
    *(NothingThere(what=w) for w in ("environment", "armour", "hand", "smoke")),
    JustEquipped(),
    BadTarget(target=0),
    BadChance(what="taken"),
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_reads_without_a_code_or_an_empty_place(lang: str) -> None:
    voice = Voice.of(lang, GAME, ["Ann", "Ben", "Cat", "Dan"])
    for refusal in REFUSALS:
        said = voice.say(refusal.key, refusal.details)
        assert said and not any(code in said for code in ("{", "card.", "what.", "violation."))
        assert (
            refusal.details.get("target") is None
            or voice.seat(int(str(refusal.details["target"]))) in said
        ), said


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_is_named_by_its_kind_whatever_its_copy(lang: str) -> None:
    voice = Voice.of(lang, GAME)
    assert voice.render("card", "SINGLE-1") == voice.render("card", "SINGLE-20")
    assert voice.render("card", "SINGLE-7") == text(lang, "card.SINGLE")
    assert voice.render("identity", "ID-TERRORIST") == text(lang, "card.ID-TERRORIST")


def test_every_sentence_of_its_games_has_a_message_with_each_placeholder_given() -> None:
    assert unfilled(GAME) == set()
