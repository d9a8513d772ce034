"""Every string a person reads, in 繁體中文, 简体中文 and English.

Catalogs are flat JSON files (``zh-Hant.json``, ``zh-Hans.json``, ``en.json``)
of ``key: template``. Rules speak in keys and arguments (a violation code, an
event kind, seat numbers, card ids); :func:`describe` turns those into a
sentence, rendering each argument by what its name says it is — a seat
becomes the player's name, a card id the card's name, francs a counted unit.
"""

from __future__ import annotations

import functools
import json
import string
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Final

from companion.core.types import JSON

LANGS: Final = ("zh-Hant", "zh-Hans", "en")
FALLBACK: Final = "en"

SEAT_ARGS: Final = frozenset(
    {"seat", "target", "briber", "blackmailer", "named", "first"}
    | {"sender", "prober", "holder", "to"}
)
SEAT_LIST_ARGS: Final = frozenset({"winners", "opening", "seats"})
CARD_ARGS: Final = frozenset({"card", "identity", "microfilm", "letter", "intel"})
CARD_LIST_ARGS: Final = frozenset({"cards", "hand"})
FRANC_ARGS: Final = frozenset({"francs", "need", "have", "fee", "bank"})
WORD_ARGS: Final = frozenset(
    {"source", "status", "reason", "pile", "use", "what", "act"}
    | {"function", "method", "colour", "answer"}
)
"""Arguments whose value is itself a key: ``status=clean`` reads ``status.clean``."""


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


class _Lenient(string.Formatter):
    """Leaves out a placeholder whose argument is missing rather than failing."""

    def get_value(
        self, key: int | str, args: Sequence[object], kwargs: Mapping[str, object]
    ) -> object:
        return kwargs.get(str(key), "")


_FORMATTER = _Lenient()


def text(lang: str, key: str, **args: object) -> str:
    """The template ``key`` in ``lang``, filled with already rendered arguments."""
    template = catalog(lang).get(key)
    if template is None:
        template = catalog(FALLBACK).get(key, key)
    return _FORMATTER.format(template, **args)


def has(lang: str, key: str) -> bool:
    return key in catalog(lang)


def describe(lang: str, key: str, args: Mapping[str, JSON], names: Sequence[str]) -> str:
    """A sentence for ``key`` with each argument rendered by its meaning."""
    return text(lang, key, **{k: render(lang, k, v, names) for k, v in args.items()})


def game_key(kind_of: str, game: str, kind: str) -> str:
    """The key of an event or secret: the game's own words, or words every game shares.

    ``kind_of`` is ``event`` or ``secret``; an undo and a hand audit are said alike in
    every game (``event.undone``, ``secret.hand_audited``).
    """
    key = f"{kind_of}.{game}.{kind}"
    return key if has(FALLBACK, key) else f"{kind_of}.{kind}"


def event_line(
    lang: str, game: str, kind: str, args: Mapping[str, JSON], names: Sequence[str]
) -> str:
    """A line of the feed: what the table saw happen."""
    return describe(lang, game_key("event", game, kind), args, names)


def render(lang: str, name: str, value: JSON, names: Sequence[str]) -> str:
    """One argument in words: a seat by its name, a card by its name, and so on."""
    if value is None:
        return text(lang, "word.nothing")
    if name in SEAT_ARGS and isinstance(value, int):
        return seat_name(lang, value, names)
    if name in SEAT_LIST_ARGS and isinstance(value, list):
        return _join(lang, [render(lang, "seat", v, names) for v in value])
    if name in CARD_ARGS and isinstance(value, str):
        return text(lang, f"card.{value}")
    if name in CARD_LIST_ARGS and isinstance(value, list):
        return _join(lang, [render(lang, "card", v, names) for v in value])
    if name == "cost":
        return render(lang, "card" if isinstance(value, str) else "francs", value, names)
    if name in FRANC_ARGS and isinstance(value, int):
        return text(lang, "unit.franc" if value == 1 else "unit.francs", n=value)
    if name in WORD_ARGS and isinstance(value, str):
        return text(lang, f"{name}.{value}")
    if name == "letters" and isinstance(value, list):
        return _join(lang, [_letter_place(lang, v, names) for v in value])
    return str(value)


def describe_action(lang: str, action: Mapping[str, JSON], names: Sequence[str]) -> list[str]:
    """An action as a menu path: its name, then each of its choices in words.

    ``{"act": "bribe", "target": 2, "card": "A-SB1"}`` reads
    ``["Bribe", "Cat", "Steal/Blackmail (blood)"]``. Faces build their menus
    from these paths, so a new game needs no new menu code.
    """
    path = [text(lang, f"act.{action['act']}")]
    for name, value in action.items():
        if name in ("act", "seat"):
            continue
        if value is None:
            if name == "card":
                path.append(text(lang, "word.pay_francs"))
        elif name == "letters" and isinstance(value, list):
            path += [_letter_place(lang, v, names) for v in value]
        else:
            path.append(render(lang, name, value, names))
    return path


def seat_name(lang: str, seat: int, names: Sequence[str]) -> str:
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return text(lang, "word.seat", n=seat + 1)


def _letter_place(lang: str, value: JSON, names: Sequence[str]) -> str:
    if not isinstance(value, dict):
        return str(value)
    where = (
        render(lang, "seat", value["seat"], names)
        if value.get("seat") is not None
        else render(lang, "pile", value.get("pile"), names)
    )
    return text(
        lang, "word.letter_at", letter=render(lang, "card", value.get("letter"), names), where=where
    )


def _join(lang: str, parts: list[str]) -> str:
    return text(lang, "word.sep").join(parts) if parts else text(lang, "word.none")
