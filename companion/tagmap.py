"""Which sticker is which card: the tag map of every registered deck, in SQLite.

``companion register`` fills it by having each card tapped once. A deck also
keeps the camera's markers (marker id → card, :meth:`TagMap.markers`): ids are a
deck's own — every sheet of stickers starts at the same id — so, unlike a UID, one
may serve a card in each deck; and, for a deck without stickers, a photo of each
face as the camera saw it (:meth:`TagMap.photos`, opaque bytes to this module). A deck also
has its own key (see :mod:`companion.tagrecord`), so stickers written with a
record can be recognised even by a tablet that lacks the map. A sticker
belongs to one deck only: a tap of a sticker registered elsewhere is a
stranger, never a card. The map travels between tablets as one JSON object
(``export`` / ``import``); that file holds the deck key and is as private as
the deck.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from companion import tagrecord
from companion.core.types import JSON, CardId, JSONObject
from companion.observations import NdefRecord, TagPlaced

FORMAT = "table-companion-tags/1"

SCHEMA = """
CREATE TABLE IF NOT EXISTS decks (
    id       INTEGER PRIMARY KEY,
    name     TEXT NOT NULL UNIQUE,
    game     TEXT NOT NULL,
    tag      BLOB NOT NULL UNIQUE,
    key      BLOB NOT NULL,
    created  TEXT NOT NULL,
    box      TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS tags (
    uid      TEXT PRIMARY KEY,
    deck_id  INTEGER NOT NULL REFERENCES decks(id),
    card     TEXT NOT NULL,
    UNIQUE (deck_id, card)
);
CREATE TABLE IF NOT EXISTS markers (
    deck_id  INTEGER NOT NULL REFERENCES decks(id),
    marker   INTEGER NOT NULL,
    card     TEXT NOT NULL,
    PRIMARY KEY (deck_id, marker),
    UNIQUE (deck_id, card)
);
CREATE TABLE IF NOT EXISTS photos (
    deck_id  INTEGER NOT NULL REFERENCES decks(id),
    card     TEXT NOT NULL,
    photo    BLOB NOT NULL,
    PRIMARY KEY (deck_id, card)
);
"""


class TagMapError(ValueError):
    """A map that cannot be stored or read; ``key`` is the i18n message, with ``args``."""

    def __init__(self, key: str, **args: JSON) -> None:
        super().__init__(f"{key} {args}")
        self.key = key
        self.args_ = args


@dataclass(frozen=True)
class Deck:
    id: int
    name: str
    game: str
    tag: bytes
    """Written in clear in each sealed record, to pick the key."""
    key: bytes = field(repr=False)
    box: str = ""
    """Which of the game's box presets the deck is (``GameSpec.sensing.boxes``); ``""`` for a
    deck registered before boxes had names: the game's first."""

    def seal(self, uid: str, card: CardId) -> NdefRecord:
        return tagrecord.seal(self.key, self.tag, uid, card)


class TagMap:
    """One SQLite file holding every deck registered on this tablet."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path)  # implicit transactions: ``with`` commits or undoes
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(decks)")}
        if "box" not in columns:  # a map made before decks knew their box
            with self._db:
                self._db.execute("ALTER TABLE decks ADD COLUMN box TEXT NOT NULL DEFAULT ''")

    def close(self) -> None:
        self._db.close()

    def decks(self) -> list[Deck]:
        rows = self._db.execute("SELECT id, name, game, tag, key, box FROM decks ORDER BY id")
        return [Deck(*row) for row in rows]

    def deck(self, name: str) -> Deck | None:
        return next((d for d in self.decks() if d.name == name), None)

    def new_deck(self, name: str, game: str, box: str = "") -> Deck:
        """A deck with a fresh key; raises if the name is taken."""
        with self._db:
            tag, key = tagrecord.new_deck_tag(), tagrecord.new_key()
            return self._insert_deck(name, game, tag, key, box)

    def _insert_deck(self, name: str, game: str, tag: bytes, key: bytes, box: str) -> Deck:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        try:
            cur = self._db.execute(
                "INSERT INTO decks (name, game, tag, key, created, box) VALUES (?, ?, ?, ?, ?, ?)",
                (name, game, tag, key, created, box),
            )
        except sqlite3.IntegrityError as err:
            raise TagMapError("register.error.deck_exists", deck=name) from err
        assert cur.lastrowid is not None
        return Deck(cur.lastrowid, name, game, tag, key, box)

    def cards(self, deck: Deck) -> dict[str, CardId]:
        """UID → card for one deck."""
        rows = self._db.execute("SELECT uid, card FROM tags WHERE deck_id = ?", (deck.id,))
        return {uid: CardId(card) for uid, card in rows}

    def owner(self, uid: str) -> Deck | None:
        """The deck a sticker is registered in, if any."""
        row = self._db.execute("SELECT deck_id FROM tags WHERE uid = ?", (uid,)).fetchone()
        return None if row is None else next(d for d in self.decks() if d.id == row[0])

    def store(self, deck: Deck, bindings: Mapping[str, CardId]) -> None:
        """Replace the deck's whole map at once: a walk-through is kept whole or not at all."""
        with self._db:
            self._replace(deck, bindings)

    def _replace(self, deck: Deck, bindings: Mapping[str, CardId]) -> None:
        self._db.execute("DELETE FROM tags WHERE deck_id = ?", (deck.id,))
        try:
            self._db.executemany(
                "INSERT INTO tags (uid, deck_id, card) VALUES (?, ?, ?)",
                [(uid, deck.id, card) for uid, card in bindings.items()],
            )
        except sqlite3.IntegrityError as err:
            raise TagMapError("register.error.tag_elsewhere", deck=deck.name) from err

    def markers(self, deck: Deck) -> dict[int, CardId]:
        """Marker id → card for one deck: what the camera reads its stickers as."""
        rows = self._db.execute("SELECT marker, card FROM markers WHERE deck_id = ?", (deck.id,))
        return {int(marker): CardId(card) for marker, card in rows}

    def store_markers(self, deck: Deck, bindings: Mapping[int, CardId]) -> None:
        """Replace the deck's markers at once (a sheet printed, a walk under the camera)."""
        with self._db:
            self._replace_markers(deck, bindings)

    def _replace_markers(self, deck: Deck, bindings: Mapping[int, CardId]) -> None:
        self._db.execute("DELETE FROM markers WHERE deck_id = ?", (deck.id,))
        try:
            self._db.executemany(
                "INSERT INTO markers (deck_id, marker, card) VALUES (?, ?, ?)",
                [(deck.id, marker, card) for marker, card in bindings.items()],
            )
        except sqlite3.IntegrityError as err:  # two markers for one card
            raise TagMapError("register.error.bad_file", expected=FORMAT) from err

    def photos(self, deck: Deck) -> dict[CardId, bytes]:
        """Each face's photo for the camera's markerless mode, in the order they were taken."""
        rows = self._db.execute(
            "SELECT card, photo FROM photos WHERE deck_id = ? ORDER BY rowid", (deck.id,)
        )
        return {CardId(card): bytes(photo) for card, photo in rows}

    def store_photos(self, deck: Deck, photos: Mapping[CardId, bytes]) -> None:
        """Replace the deck's photos at once (a walk under the camera kept whole or not)."""
        with self._db:
            self._db.execute("DELETE FROM photos WHERE deck_id = ?", (deck.id,))
            self._db.executemany(
                "INSERT INTO photos (deck_id, card, photo) VALUES (?, ?, ?)",
                [(deck.id, card, photo) for card, photo in photos.items()],
            )

    def markers_in(self, decks: Sequence[Deck]) -> dict[int, CardId]:
        """Marker id → card over ``decks``, an id the first deck that has it gives (as
        :meth:`recognise_in` for stickers): read whole, for a camera's thread may not use
        this map's connection."""
        found: dict[int, CardId] = {}
        for deck in reversed(decks):
            found.update(self.markers(deck))
        return found

    def recognise(self, deck: Deck, placed: TagPlaced) -> CardId | None:
        """The card of ``deck`` a tapped sticker is: by its UID, else by its sealed record."""
        row = self._db.execute(
            "SELECT card FROM tags WHERE uid = ? AND deck_id = ?", (placed.uid, deck.id)
        ).fetchone()
        if row is not None:
            return CardId(row[0])
        for record in placed.records:
            if tagrecord.deck_tag_of(record) == deck.tag:
                card = tagrecord.unseal(deck.key, placed.uid, record)
                if card is not None:
                    return card
        return None

    def recognise_in(self, decks: Sequence[Deck], placed: TagPlaced) -> CardId | None:
        """The card a sticker is in the first of ``decks`` that knows it.

        A tablet may keep a deck of each game a group owns; a table plays one game,
        and its rules tell a card of another game for what it is (not this game's).
        """
        return next((c for d in decks if (c := self.recognise(d, placed)) is not None), None)

    # --- moving a map between tablets ------------------------------------------------

    def export(self, deck: Deck) -> JSONObject:
        tags: JSONObject = dict(sorted(self.cards(deck).items()))
        markers: JSONObject = {str(m): c for m, c in sorted(self.markers(deck).items())}
        return {
            "format": FORMAT,
            "name": deck.name,
            "game": deck.game,
            "box": deck.box,
            "tag": deck.tag.hex(),
            "key": deck.key.hex(),
            "tags": tags,
            "markers": markers,
        }

    def import_(self, obj: JSON) -> Deck:
        """Add an exported deck; its name, stickers and label must all be new here."""
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise TagMapError("register.error.bad_file", expected=FORMAT)
        try:
            name, game, box = str(obj["name"]), str(obj["game"]), str(obj.get("box") or "")
            tag, key = bytes.fromhex(str(obj["tag"])), bytes.fromhex(str(obj["key"]))
            tags = obj["tags"]
            if not isinstance(tags, dict) or len(key) != tagrecord.KEY_BYTES:
                raise ValueError("tags must be an object, the key 32 bytes")
            bindings = {str(uid).upper(): CardId(str(card)) for uid, card in tags.items()}
            marked = obj.get("markers") or {}
            if not isinstance(marked, dict):
                raise ValueError("markers must be an object")
            markers = {int(m): CardId(str(card)) for m, card in marked.items()}
        except (KeyError, ValueError) as err:
            raise TagMapError("register.error.bad_file", expected=FORMAT) from err
        with self._db:
            deck = self._insert_deck(name, game, tag, key, box)
            self._replace(deck, bindings)
            self._replace_markers(deck, markers)
        return deck
