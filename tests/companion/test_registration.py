"""Registering a deck: every card once, in the order announced; twice or a stranger refused."""

from __future__ import annotations

from companion.core.types import CardId
from companion.games import GAMES
from companion.games.themessage import cards as message_cards
from companion.observations import TagPlaced
from companion.registration import Bound, Duplicate, Stranger, Walk
from companion.tagrecord import new_key, seal


def walk(owner: dict[str, str] | None = None) -> Walk:
    (box,) = GAMES["microfilms"].sensing.boxes.values()
    return Walk(box, (owner or {}).get, b"\x01" * 8)


def test_every_card_of_the_game_is_asked_for_once_in_order() -> None:
    w = walk()
    assert len(w.cards) == 25 and len(set(w.cards)) == 25
    for i, card in enumerate(w.cards):
        assert w.next == card
        assert w.tap(TagPlaced("r", f"04{i:012X}")) == Bound(f"04{i:012X}", card)
    assert w.done and len(w.bound) == 25


def test_a_sticker_tapped_twice_is_named_and_the_walk_waits() -> None:
    w = walk()
    first = w.cards[0]
    w.tap(TagPlaced("r", "04000000000001"))
    assert w.tap(TagPlaced("r", "04000000000001")) == Duplicate("04000000000001", first)
    assert w.next == w.cards[1]


def test_strangers_are_refused_another_decks_a_phones_and_a_foreign_record() -> None:
    w = walk({"04000000000009": "club"})
    assert w.tap(TagPlaced("r", "04000000000009")) == Stranger(
        "04000000000009", "register.stranger.other_deck", "club"
    )
    assert w.tap(TagPlaced("r", "08A1B2C3")).why == "register.stranger.random_id"
    foreign = seal(new_key(), b"\x02" * 8, "04000000000007", CardId("ACE"))
    step = w.tap(TagPlaced("r", "04000000000007", (foreign,)))
    assert isinstance(step, Stranger) and step.why == "register.stranger.foreign_record"
    assert w.bound == {}


def test_the_message_registers_the_81_game_cards_of_each_box_and_no_identity() -> None:
    """風聲 §1.3: each box preset's 81 game cards; identities are never tapped."""
    boxes = GAMES["themessage"].sensing.boxes
    assert set(boxes) == {p.value for p in message_cards.Preset}
    for preset, cards in boxes.items():
        assert len(cards) == len(set(cards)) == 81
        assert cards == message_cards.DECKS[message_cards.Preset(preset)]
        assert not set(cards) & set(message_cards.IDENTITY.values())
