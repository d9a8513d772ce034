"""The record written on a card's sticker: which card it is, for this app's eyes only.

A bare sticker carries only its UID, and the app recognises it through the
deck's tag map. A written sticker also carries one NDEF record of type
:data:`RECORD_TYPE` whose payload is

    version (1) | deck tag (8) | nonce (12) | AES-256-GCM(card id padded to 16 bytes)

sealed with the deck's own key, with the version, deck tag and the sticker's UID
as associated data. So the record names no card in plain text, every card's
ciphertext has the same length (the Ace's short id does not stand out), and a
record copied onto another sticker does not open. What a UID still gives away
is in ``docs/hardware.md``.
"""

from __future__ import annotations

import secrets

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from companion.core.types import CardId
from companion.observations import NdefRecord

RECORD_TYPE = "urn:nfc:ext:table-companion:card"
VERSION = 1
KEY_BYTES = 32
DECK_TAG_BYTES = 8
NONCE_BYTES = 12
CARD_BYTES = 16
HEAD = 1 + DECK_TAG_BYTES + NONCE_BYTES


def new_key() -> bytes:
    """A fresh deck key from the operating system's randomness."""
    return secrets.token_bytes(KEY_BYTES)


def new_deck_tag() -> bytes:
    """A random label for a deck, written in clear so the app knows which key to try."""
    return secrets.token_bytes(DECK_TAG_BYTES)


def seal(key: bytes, deck_tag: bytes, uid: str, card: CardId) -> NdefRecord:
    """The record naming ``card`` for the sticker ``uid`` of the deck ``deck_tag``."""
    body = card.encode("utf-8")
    if len(body) > CARD_BYTES:
        raise ValueError(f"card id {card!r} is longer than {CARD_BYTES} bytes")
    nonce = secrets.token_bytes(NONCE_BYTES)
    head = bytes([VERSION]) + deck_tag + nonce
    sealed = AESGCM(key).encrypt(nonce, body.ljust(CARD_BYTES, b"\0"), _aad(deck_tag, uid))
    return NdefRecord(RECORD_TYPE, "", head + sealed)


def deck_tag_of(record: NdefRecord) -> bytes | None:
    """The deck a record says it belongs to, or ``None`` if it is not one of ours."""
    payload = record.payload
    if record.type != RECORD_TYPE or len(payload) < HEAD or payload[0] != VERSION:
        return None
    return payload[1 : 1 + DECK_TAG_BYTES]


def unseal(key: bytes, uid: str, record: NdefRecord) -> CardId | None:
    """The card a record names, if it was sealed with ``key`` for this very sticker."""
    deck_tag = deck_tag_of(record)
    if deck_tag is None:
        return None
    nonce = record.payload[1 + DECK_TAG_BYTES : HEAD]
    try:
        body = AESGCM(key).decrypt(nonce, record.payload[HEAD:], _aad(deck_tag, uid))
    except InvalidTag:
        return None
    return CardId(body.rstrip(b"\0").decode("utf-8"))


def _aad(deck_tag: bytes, uid: str) -> bytes:
    return bytes([VERSION]) + deck_tag + bytes.fromhex(uid)
