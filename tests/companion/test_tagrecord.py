"""A sticker's record names its card for this app only, and only on that very sticker."""

from __future__ import annotations

from companion.core.types import CardId
from companion.games.microfilms import cards
from companion.tagrecord import new_deck_tag, new_key, seal, unseal

UID = "04A1B2C3D4E5F6"


def test_a_sealed_record_opens_with_the_decks_key_on_its_own_sticker() -> None:
    key, tag = new_key(), new_deck_tag()
    record = seal(key, tag, UID, CardId("ACE"))
    assert unseal(key, UID, record) == "ACE"
    assert unseal(new_key(), UID, record) is None, "another deck's key"
    assert unseal(key, "04000000000000", record) is None, "copied onto another sticker"


def test_no_record_names_a_card_in_plain_text_or_betrays_it_by_length() -> None:
    key, tag = new_key(), new_deck_tag()
    records = [seal(key, tag, UID, c.id) for c in cards.ALL]
    for record, card in zip(records, cards.ALL, strict=True):
        assert card.id.encode() not in record.payload
    assert len({len(r.payload) for r in records}) == 1, "the Ace's short id does not stand out"
    assert seal(key, tag, UID, CardId("ACE")) != seal(key, tag, UID, CardId("ACE"))
