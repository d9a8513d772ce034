"""Answers kept for the states and values asked about last (:mod:`companion.core.memo`):
kept while a game goes on, all of them let go when it is closed."""

from __future__ import annotations

import dataclasses
import gc
import weakref

from companion.core import copies, memo
from companion.core.types import CardId


class Asked:
    """A value a rule is asked about (a state, a hand): what an answer keeps alive."""


def test_what_was_kept_about_a_game_goes_when_it_is_forgotten() -> None:
    calls: list[str] = []

    @memo.per_state
    def of_state(state: Asked) -> list[str]:
        calls.append("state")
        return ["answer"]

    @memo.per_value(4)
    def of_value(value: Asked) -> list[str]:
        calls.append("value")
        return ["answer"]

    store: dict[int, Asked] = memo.held({})
    asked = Asked()
    assert of_state(asked) is of_state(asked)  # answered once, the same answer each time
    assert of_value(asked) is of_value(asked)
    store[id(asked)] = asked
    assert calls == ["state", "value"]

    gone = weakref.ref(asked)
    del asked
    gc.collect()
    assert gone() is not None, "kept while the game goes on"
    memo.forget()
    gc.collect()
    assert gone() is None, "nothing of the closed game is held"
    assert store == {}


@dataclasses.dataclass(frozen=True)
class Card:
    """A card of a box: its id, and its face."""

    id: CardId
    kind: str


def test_the_hands_a_box_grouped_go_with_the_game_though_the_box_stays() -> None:
    """A game's :class:`~companion.core.copies.Alike` is its module's constant, alive all
    evening: the hands it grouped during a game must not be (each would pin the memory the
    game left, as any answer kept would)."""
    box = copies.alike([Card(CardId("a"), "bullet"), Card(CardId("b"), "bullet"),
                        Card(CardId("c"), "armour")])  # fmt: skip
    hand = (CardId("c"), CardId("b"), CardId("a"))
    first = box.grouped(hand)
    assert first == (("c",), ("b", "a"))
    assert box.grouped(hand) is first, "kept while the game goes on"
    memo.forget()
    again = box.grouped(hand)
    assert again == first and again is not first, "let go when it is closed"
