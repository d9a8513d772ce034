"""The box (digest §1.3): 81 game cards in either manifest, each id saying what it is."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games.themessage import cards
from companion.games.themessage.cards import CARDS, DECKS, Camp, Colour, Function, Method, Preset


@pytest.mark.parametrize(
    ("preset", "totals"),
    [
        (Preset.FOOP, {"red": 25, "blue": 25, "black": 31}),
        (Preset.SEED, {"red": 24, "blue": 24, "black": 33}),
    ],
)
def test_each_manifest_has_81_cards_in_its_colour_totals(
    preset: Preset, totals: dict[str, int]
) -> None:
    """§1.3: FOOP matches the seed's stated totals 25/25/31; the seed's own rows add to 24/24/33."""
    deck = DECKS[preset]
    assert len(deck) == len(set(deck)) == 81
    assert Counter(CARDS[c].colour.value for c in deck) == totals


def test_foop_method_totals_are_the_digests() -> None:
    """§1.3: FOOP gives 密電 42, 直達 28, 文本 11."""
    methods = Counter(CARDS[c].method for c in DECKS[Preset.FOOP])
    assert methods == {Method.SECRET: 42, Method.DIRECT: 28, Method.TEXT: 11}


def test_the_18_probes_are_one_of_each_colour_named_identity_and_sign() -> None:
    """§1.3: colour × named identity × (+, −), the same in both manifests, all 密電."""
    probes = [CARDS[c] for c in DECKS[Preset.FOOP] if CARDS[c].function is Function.PROBE]
    assert len({(p.colour, p.names, p.sign) for p in probes}) == len(probes) == 18
    assert all(p.method is Method.SECRET for p in probes)
    assert {c for c in DECKS[Preset.SEED] if c.startswith("PROBE")} == {p.id for p in probes}


def test_an_id_reads_as_function_colour_method_and_for_probes_named_identity_and_sign() -> None:
    lock = CARDS[cards.CardId("LOCK-K-S-2")]
    assert (lock.function, lock.colour, lock.method) == (Function.LOCK, Colour.BLACK, Method.SECRET)
    probe = CARDS[cards.CardId("PROBE-R-S-GREEN-PLUS")]
    assert (probe.colour, probe.names, probe.sign) == (Colour.RED, Camp.GREEN, cards.Sign.PLUS)
    assert "DISTRIBUTE-K-T-1" in DECKS[Preset.FOOP] and "DISTRIBUTE-K-T-1" not in DECKS[Preset.SEED]
