"""Every string a person reads, in 繁體中文, 简体中文 and English.

Catalogs are flat JSON files (``zh-Hant.json``, ``zh-Hans.json``, ``en.json``)
of ``key: template``. Rules speak in keys and arguments (a violation code, an
event kind, seat numbers, card ids); a :class:`Voice` turns those into a
sentence, rendering each argument by the kind its game declares for it — a
seat becomes the player's name, a card id the card's name, francs a counted unit.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any, Final

from companion.core.explained import Explained
from companion.core.game import GameSpec
from companion.core.types import JSON, CardId
from companion.core.words import (
    COMMON,
    CardName,
    Count,
    Either,
    Kind,
    OnTable,
    Record,
    SeatName,
    Word,
    Words,
)

LANGS: Final = ("zh-Hant", "zh-Hans", "en")
FALLBACK: Final = "en"
ADDRESSED: Final = ("{seat}: ", "{seat}：")
"""How a sentence addressed to one seat starts, in each language's punctuation: its own
phone leaves the name out (:meth:`Voice.say_to`)."""


@functools.cache
def catalog(lang: str) -> Mapping[str, str]:
    if lang not in LANGS:
        raise KeyError(lang)
    text = resources.files(__package__).joinpath(f"{lang}.json").read_text(encoding="utf-8")
    messages: dict[str, str] = json.loads(text)
    return messages


def pick_lang(wanted: str | None) -> str:
    """The catalog for a locale string such as ``zh_TW.UTF-8``, ``zh-CN`` or ``en``."""
    if not wanted:
        return FALLBACK
    w = wanted.replace("_", "-").split(".")[0].lower()
    if w.startswith("zh"):
        simplified = any(t in w for t in ("hans", "cn", "sg", "my"))
        return "zh-Hans" if simplified else "zh-Hant"
    return next((lang for lang in LANGS if w.startswith(lang.lower())), FALLBACK)


class _Lenient(dict[str, object]):
    """A template's arguments: a placeholder whose argument is missing is left out
    rather than failing (``str.format_map`` asks ``__missing__`` for it)."""

    def __missing__(self, key: str) -> str:
        return ""


def text(lang: str, key: str, **args: object) -> str:
    """The template ``key`` in ``lang``, filled with already rendered arguments."""
    template = catalog(lang).get(key)
    if template is None:
        template = catalog(FALLBACK).get(key, key)
    # Most templates (a card's name, a word) have no placeholder; every phone frame reads
    # hundreds of them, so those skip the formatting.
    return template.format_map(_Lenient(args)) if "{" in template else template


def has(lang: str, key: str) -> bool:
    return key in catalog(lang)


def sample_names(lang: str, players: int) -> list[str]:
    """Names for a table's seats before anyone types theirs, in ``lang``'s own way: enough
    for every game's largest table (a demo's bots, the new-game screen's placeholders)."""
    return text(lang, "seat.sample_names").split("|")[:players]


@dataclass(frozen=True)
class Voice:
    """How one reader of the table is spoken to: their language, the seats' names, and
    how the game's sentence arguments read (:mod:`companion.core.words`).

    Rules speak in keys and arguments; a voice turns them into sentences, each
    argument by the kind its game declares — a seat becomes the player's name, a
    card id the card's name, francs a counted unit — never by guessing from its name.
    """

    lang: str
    names: tuple[str, ...] = ()
    game: str = ""
    words: Words = field(default_factory=lambda: COMMON)
    plays: Mapping[int, str] = field(default_factory=dict)
    """Each play on the table by its number, in words (:class:`~companion.core.words.OnTable`)."""
    explained: Explained | None = None
    """Which text explains each of the game's cards (:mod:`companion.core.explained`)."""
    headings: Mapping[str, str] = field(default_factory=dict)
    """The heading each action of the game's ``headings`` stands under in a menu."""

    @classmethod
    def of(cls, lang: str, spec: GameSpec[Any] | None = None, names: Sequence[str] = ()) -> Voice:
        """The voice for a game's table (``spec``), or for words of no game (``None``)."""
        if spec is None:
            return cls(lang, tuple(names))
        words = {**COMMON, **spec.words}
        return cls(lang, tuple(names), spec.key, words, explained=spec.explained,
                   headings=spec.headings)  # fmt: skip

    def speaking(self, lang: str) -> Voice:
        """The same voice in another language."""
        return replace(self, lang=lang)

    def seeing(self, plays: Mapping[int, str]) -> Voice:
        """The same voice, reading a play's number as the play: ``plays`` in words."""
        return replace(self, plays=dict(plays))

    def text(self, key: str, **args: object) -> str:
        """Template ``key`` filled with arguments already in words."""
        return text(self.lang, key, **args)

    def say(self, key: str, args: Mapping[str, JSON]) -> str:
        """A sentence for ``key`` with each argument read by its kind.

        A word may have a fuller form, ``<its key>.full``, that names the sentence's other
        arguments: a probe's duty reads "draw 2 cards" where the sentence says how many,
        and plain "draw" where it does not (a menu).
        """
        around = {k: self.render(k, v) for k, v in args.items()}
        for k, v in args.items():
            kind = self.words.get(k)
            if isinstance(kind, Word) and isinstance(v, str):
                full = f"{kind.prefix or k}.{v}.full"
                if has(FALLBACK, full):
                    around[k] = self.text(full, **around)
        return self.text(key, **around)

    def say_to(self, key: str, args: Mapping[str, JSON]) -> str:
        """A sentence addressed to the seat it names first (a prompt: ``{seat}: accept or
        refuse…``), as that seat's own phone says it: without the name, for the phone is
        theirs ("Accept or refuse the bribe from Ben."). A sentence that does not start with
        its ``seat`` reads as :meth:`say` has it. Where the table's words send the seat to
        its phone ("tell your phone which card you drew"), the phone has its own,
        ``<key>.yours`` ("Pick the card you drew")."""
        if has(FALLBACK, f"{key}.yours"):
            return self.say(f"{key}.yours", args)
        said = self.say(key, args)
        template = catalog(self.lang).get(key) or catalog(FALLBACK).get(key, "")
        head = next((h for h in ADDRESSED if template.startswith(h)), None)
        if head is None:
            return said
        rest = said[len(self.render("seat", args.get("seat"))) + len(head) - len("{seat}") :]
        return rest[:1].upper() + rest[1:]

    def event(self, kind: str, args: Mapping[str, JSON]) -> str:
        """A line of the feed: what the table saw happen."""
        return self.say(self.game_key("event", kind), args)

    def secret(self, kind: str, args: Mapping[str, JSON]) -> str:
        """What one seat was told in secret, for that seat's eyes."""
        return self.say(self.game_key("secret", kind), args)

    def game_key(self, kind_of: str, kind: str) -> str:
        """The key of an event or secret: the game's own words, or words every game shares.

        ``kind_of`` is ``event`` or ``secret``; an undo and a hand audit are said alike in
        every game (``event.undone``, ``secret.hand_audited``).
        """
        key = f"{kind_of}.{self.game}.{kind}"
        return key if has(FALLBACK, key) else f"{kind_of}.{kind}"

    def seat(self, seat: int) -> str:
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.text("word.seat", n=seat + 1)

    def explain(self, card: str) -> str | None:
        """What ``card`` is, for a player reading it (a card of no game: ``None``)."""
        return self._about(card, lambda told, c: told.key(self.game, c))

    def when(self, card: str) -> str | None:
        """When ``card`` may be played, in a line, if the game says."""
        return self._about(card, lambda told, c: told.key(self.game, c, "when"))

    def kind_of(self, card: str) -> str | None:
        """The short name of ``card``'s kind ("Probe", of 18 probes), if the game has one."""
        return self._about(card, Explained.name_key)

    def read_out(self, card: str) -> str | None:
        """What a tap on ``card`` reads: its kind and what it does ("Probe — …") — the same
        for every copy of a kind, so it tells nothing of which copy lies there."""
        said = self.explain(card)
        return (
            None if said is None else f"{self.kind_of(card) or self.render('card', card)} — {said}"
        )

    def _about(self, card: str, key: Callable[[Explained, CardId], str]) -> str | None:
        """The text ``key`` names for ``card`` (:mod:`companion.core.explained`); ``None``
        in a voice of no game, or for an id that is none of its cards."""
        if self.explained is None:
            return None
        try:
            return self.text(key(self.explained, CardId(card)))
        except KeyError:
            return None

    def render(self, name: str, value: JSON) -> str:
        """One argument in words, as its name's kind says; a list, each item."""
        kind = self.words.get(name)
        if value is None:
            return self.text((kind.none if kind is not None else "") or "word.nothing")
        if isinstance(value, list):
            if not value:  # an empty hand is "no cards", not "no one"
                return self.text("word.no_cards" if isinstance(kind, CardName) else "word.none")
            return self.text("word.sep").join(self._one(kind, name, v) for v in value)
        return self._one(kind, name, value)

    def action(self, action: Mapping[str, JSON]) -> list[str]:
        """An action as a menu path: its name, then each of its choices in words.

        ``{"act": "bribe", "target": 2, "card": "A-SB1"}`` reads
        ``["Bribe", "Cat", "Steal/Blackmail (blood)"]``; each item of a list is a step
        of its own. Faces build their menus from these paths, so a new game needs no
        new menu code. A game may name an action its own way (``act.<game>.<act>``:
        Microfilms' pass is "Take 1 franc", as its rules and its lessons call it).

        An action whose very name says what its seat is stands under the heading its game
        gives it (:attr:`~companion.core.game.GameSpec.headings`: "Claim victory", then
        "Agent's claim"), so that a glance at a phone's first buttons reads no identity.
        """
        act = str(action["act"])
        own = f"act.{self.game}.{act}"
        path = [self.text(own if has(self.lang, own) else f"act.{act}")]
        if act in self.headings:
            path.insert(0, self.text(f"act.{self.headings[act]}"))
        for name, value in action.items():
            if name in ("act", "seat"):
                continue
            kind = self.words.get(name)
            if value is None:
                if isinstance(kind, CardName) and kind.fee is not None and act in kind.fees:
                    fee = self._one(kind.fee, name, kind.fees[act])
                    path.append(self.text(f"{kind.none}.fee", fee=fee))
                elif kind is not None and kind.none:
                    path.append(self.text(kind.none))
            elif isinstance(value, list):
                path += [self._one(kind, name, v) for v in value]
            elif isinstance(kind, Word):
                path.append(_heading(self._one(kind, name, value)))
            else:
                path.append(self._one(kind, name, value))
        return path

    def _one(self, kind: Kind | None, name: str, value: JSON) -> str:
        if isinstance(kind, SeatName) and isinstance(value, int):
            return self.seat(value)
        if isinstance(kind, CardName) and isinstance(value, str):
            return self.text(kind.key(value))
        if isinstance(kind, Word) and isinstance(value, str):
            return self.text(f"{kind.prefix or name}.{value}")
        if isinstance(kind, Count) and isinstance(value, int):
            return self.text(f"unit.{kind.unit}.{'one' if value == 1 else 'other'}", n=value)
        if isinstance(kind, Either):
            return self._one(kind.text if isinstance(value, str) else kind.number, name, value)
        if isinstance(kind, OnTable) and isinstance(value, int):
            return self.plays.get(value) or self.text("word.play", n=value)
        if isinstance(kind, Record) and isinstance(value, dict):
            parts = {
                k: self._one(kind.fields.get(k), k, v) for k, v in value.items() if v is not None
            }
            return self.text(kind.key, **parts)
        return str(value)


def _heading(step: str) -> str:
    """A word of the game as a menu's button reads it: one that sits inside a sentence
    elsewhere ("draw", "discard a card" — a Probe's answer) begins with a capital here, not
    as a raw key would. Players' names are never touched; scripts without capitals are left
    as they are."""
    return step[:1].upper() + step[1:]
