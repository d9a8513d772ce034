"""Named boxes: the counts a group set to match the box in front of it, kept for next time.

A physical box of a game whose counts no source gives (暗火线's cards, its identity
mixes, the serums it shuffles in) is counted once and saved under a name. Options that
the game sets per table size (its options domain's defaults, :mod:`companion.core.domain`)
are kept per size, the others once; a file is plain JSON, so a group may pass theirs on, and one
loaded from anywhere is checked whole before anything of it is used.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.codec import from_json, to_json
from companion.core.errors import MalformedAction
from companion.core.game import GameSpec
from companion.core.types import JSON, CardId

KIND = "table-companion box"


@dataclass(frozen=True)
class NamedBox:
    game: str
    name: str
    shared: dict[str, JSON]
    """Options the same at every table size (the cards of the box), as JSON."""
    by_seats: dict[int, dict[str, JSON]]
    """Options per table size (the identity mix, the serums shuffled in), as JSON."""

    def applied(self, options: dict[str, Any], seats: int, options_type: type) -> dict[str, Any]:
        """``options`` with this box's counts for a table of ``seats``; what the box does not
        say for that size keeps its game's default for the size."""
        per_size = [n for s in self.by_seats.values() for n in s]
        values = {**to_obj(options), **dict.fromkeys(per_size), **self.shared,
                  **self.by_seats.get(seats, {})}  # fmt: skip
        decoded: object = from_json(options_type, values)
        return {name: getattr(decoded, name) for name in options}


class BoxFileError(Exception):
    """A box file that cannot be used: the key says why, in the reader's language."""

    def __init__(self, key: str, path: Path) -> None:
        super().__init__(key, path)
        self.key, self.path = key, path


def to_obj(options: dict[str, Any]) -> dict[str, JSON]:
    return {name: to_json(value) for name, value in options.items()}


def saved(
    folder: Path, game: str, name: str, options: dict[str, Any], *, counted: list[str],
    per_size: list[str], seats: int,
) -> NamedBox:  # fmt: skip
    """Save ``counted`` options as box ``name`` (``per_size`` of them for this table size,
    beside what the box already holds for other sizes) and return the box."""
    path = path_for(folder, game, name)
    old = read(path, game) if path.exists() else NamedBox(game, name, {}, {})
    encoded = to_obj(options)
    shared = {n: encoded[n] for n in counted if n not in per_size}
    sizes = {**old.by_seats, seats: {n: encoded[n] for n in per_size}}
    box = NamedBox(game, name, shared, sizes)
    write(box, path)
    return box


def write(box: NamedBox, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    sizes = {str(n): v for n, v in box.by_seats.items()}
    body = {"kind": KIND, "version": 1, "game": box.game, "name": box.name,
            "options": box.shared, "by_seats": sizes}  # fmt: skip
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(body, ensure_ascii=False, indent=1), encoding="utf-8")
    temporary.replace(path)  # a box half written is never read


def read(path: Path, game: str, options_type: type | None = None) -> NamedBox:
    """The box a file holds, for ``game``; checked against ``options_type`` where given.

    :raises BoxFileError: not a box file, a box of another game, or counts the game refuses.
    """
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        raise BoxFileError("box_file.unreadable", path) from None
    if not isinstance(body, dict) or body.get("kind") != KIND:
        raise BoxFileError("box_file.not_a_box", path)
    if body.get("game") != game:
        raise BoxFileError("box_file.other_game", path)
    try:
        sizes = {int(n): dict(v) for n, v in dict(body.get("by_seats", {})).items()}
        box = NamedBox(game, str(body["name"]), dict(body.get("options", {})), sizes)
        if _negative([box.shared, *sizes.values()]):
            raise ValueError("a count below nought")
        if options_type is not None:
            for seats in sizes or {0: {}}:
                fields = [*box.shared, *box.by_seats.get(seats, {})]
                box.applied(dict.fromkeys(fields), seats, options_type)
    except (KeyError, TypeError, ValueError, MalformedAction):
        raise BoxFileError("box_file.bad_counts", path) from None
    return box


def _negative(value: object) -> bool:
    if isinstance(value, dict):
        return any(_negative(v) for v in value.values())
    if isinstance(value, list):
        return any(_negative(v) for v in value)
    return isinstance(value, int) and not isinstance(value, bool) and value < 0


def listed(folder: Path, game: str, options_type: type) -> list[NamedBox]:
    """The boxes saved for ``game``, by name; a file that cannot be used is left out."""
    found = []
    for path in sorted(folder.glob(f"{game}.*.json")):
        try:
            found.append(read(path, game, options_type))
        except BoxFileError:
            continue
    return sorted(found, key=lambda b: b.name)


def folder_beside(data_file: Path) -> Path:
    """Where the named boxes are kept: beside the tablet's journal or tag map."""
    return data_file.parent / "boxes"


def box_cards(box: NamedBox, spec: GameSpec[Any]) -> tuple[CardId, ...]:
    """Every card of ``box`` a sensor may see, at any table size it was counted for: what a
    registration of the physical box asks for, so that a box with more copies of a card
    than the game's default has each of them known."""
    defaults = spec.options_type()
    options = {f.name: getattr(defaults, f.name) for f in dataclasses.fields(spec.options_type)}
    found: set[CardId] = set()
    for seats in box.by_seats or {0: {}}:
        found.update(
            spec.sensing.cards(spec.options_type(**box.applied(options, seats, spec.options_type)))
        )
    return tuple(sorted(found))


def path_for(folder: Path, game: str, name: str) -> Path:
    """One file per name: the name kept readable, anything a file name cannot hold replaced."""
    safe = re.sub(r"[^\w\-]+", "_", name.strip(), flags=re.UNICODE).strip("_") or "box"
    return folder / f"{game}.{safe}.json"
