"""A game as data: a header and its actions, as JSON Lines.

This one format is what ``companion export`` writes, what ``companion replay``
reads, and what scenario tests are written in. The first line is the header
(game, seat names, every option); each following line is one action, chance
results included, so a transcript states an exact game and replays without a
seed. Scenario files may add three kinds of line the journal never writes:
``{"expect": {...}}`` checks views and what the table heard of the last action,
``{"reject": {...}, "code": ...}`` checks a refusal, ``{"note": ...}`` is a comment
(see ``docs/journal.md``). The export of
a finished game ends with its opened fairness seal, ``{"seal": {...}}``
(``docs/fairness.md``), which a replay reads past like a note.
"""

from __future__ import annotations

import collections
import functools
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.actions import Action
from companion.core.codec import from_json, to_json
from companion.core.errors import RuleViolation
from companion.core.game import GameSpec
from companion.core.outcome import Outcome
from companion.core.types import JSON, JSONObject, Seat
from companion.core.views import public_event
from companion.games import GAMES
from companion.policy import Policy

FORMAT = "table-companion/1"


class TranscriptError(ValueError):
    """A transcript that cannot be read or does not replay; ``line`` is 1-based."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class Header:
    game: str
    seats: tuple[str, ...]
    options: JSONObject
    meta: JSONObject = field(default_factory=dict)
    """What started the game (``{"by": "demo"}``); never read by the rules."""

    @property
    def spec(self) -> GameSpec[Any]:
        return GAMES[self.game]

    def to_json(self) -> JSONObject:
        return {
            "format": FORMAT,
            "game": self.game,
            "seats": list(self.seats),
            "options": self.options,
            "meta": self.meta,
        }

    @functools.cached_property
    def policy(self) -> Policy:
        """How the table plays, as the header keeps it."""
        return Policy.of(self.meta)

    def decoded_options(self) -> Any:
        """The game's options object, as the header keeps them."""
        return from_json(self.spec.options_type, self.options)

    def initial_state(self) -> Any:
        return self.spec.setup(self.seats, self.decoded_options())


def new_header(
    game: str, seats: Sequence[str], options: object = None, meta: JSONObject | None = None
) -> Header:
    """A header for a new game; ``options=None`` takes the game's defaults."""
    spec = GAMES[game]
    if not spec.min_seats <= len(seats) <= spec.max_seats:
        raise ValueError(f"{game} is for {spec.min_seats} to {spec.max_seats} players")
    opts = to_json(spec.options_type() if options is None else options)
    assert isinstance(opts, dict)
    return Header(game, tuple(seats), opts, meta or {})


def parse_header(obj: object, line: int = 1) -> Header:
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise TranscriptError(line, f"the first line must be a header with format {FORMAT!r}")
    game, seats, options = obj.get("game"), obj.get("seats"), obj.get("options", {})
    meta = obj.get("meta", {})
    if game not in GAMES:
        raise TranscriptError(line, f"unknown game {game!r}")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise TranscriptError(line, "seats must be a list of names")
    if not isinstance(options, dict) or not isinstance(meta, dict):
        raise TranscriptError(line, "options and meta must be objects")
    try:
        opts = from_json(GAMES[str(game)].options_type, options)
        header = new_header(str(game), seats, opts, meta)
    except (RuleViolation, ValueError) as err:
        raise TranscriptError(line, str(err)) from err
    return header


@dataclass(frozen=True)
class Line:
    """One line after the header: its number and its JSON object."""

    number: int
    body: JSONObject


def read(lines: Iterable[str]) -> tuple[Header, list[Line]]:
    """Parse JSON Lines; blank lines are skipped."""
    header: Header | None = None
    body: list[Line] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as err:
            raise TranscriptError(number, f"not JSON: {err.msg}") from err
        if header is None:
            header = parse_header(obj, number)
        elif isinstance(obj, dict):
            body.append(Line(number, obj))
        else:
            raise TranscriptError(number, "each line must be a JSON object")
    if header is None:
        raise TranscriptError(1, "empty transcript")
    return header, body


def dumps(header: Header, actions: Iterable[JSONObject]) -> str:
    rows = [header.to_json(), *actions]
    return "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in rows)


@dataclass(frozen=True)
class Step:
    """One action of a game replayed: the action, and what came of it."""

    action: Action
    outcome: Outcome[Any]


def replay(header: Header, actions: Iterable[JSONObject]) -> Iterator[Step]:
    """Each of ``actions`` replayed from the header's setup, in order — the one way a game
    is read back (a resumed table, an undo, the seal, the story, a season, a salvaged
    journal); an action the rules refuse is a :class:`TranscriptError` at its line."""
    spec = header.spec
    state = header.initial_state()
    for i, obj in enumerate(actions, start=2):
        try:
            action = spec.codec.decode(obj)
            outcome = spec.apply(state, action)
        except RuleViolation as err:
            raise TranscriptError(i, f"{err.code} {err.details}") from err
        yield Step(action, outcome)
        state = outcome.state


def replayed(header: Header, actions: Iterable[JSONObject]) -> Any:
    """The state after replaying ``actions`` from the header's setup (:func:`replay`)."""
    last = collections.deque(replay(header, actions), maxlen=1)
    return last[0].outcome.state if last else header.initial_state()


def views(spec: GameSpec[Any], state: Any, seats: int) -> JSONObject:
    """Everything a scenario may check: the public view and each seat's private view."""
    return {
        "public": spec.public_view(state),
        "private": [spec.private_view(state, Seat(i)) for i in range(seats)],
    }


def run(header: Header, lines: Sequence[Line]) -> Any:
    """Replay a transcript and check its scenario lines; the final state is returned.

    Besides the views, an ``expect`` line may check ``events``: the public events of the
    last action line (kind and args, as the whole table hears them) — what a rule says
    happened, such as a death's order among several, that no view keeps."""
    spec = header.spec
    state = header.initial_state()
    heard: list[JSON] = []
    for line in lines:
        body = line.body
        if "act" in body:
            try:
                outcome = spec.apply(state, spec.codec.decode(body))
            except RuleViolation as err:
                raise TranscriptError(line.number, f"refused: {err.code} {err.details}") from err
            state = outcome.state
            heard = [public_event(e) for e in outcome.events]
        elif "expect" in body:
            seen = {**views(spec, state, len(header.seats)), "events": heard}
            _expect(seen, body["expect"], line.number)
        elif "reject" in body:
            _reject(spec, state, body, line.number)
        elif set(body) not in ({"note"}, {"seal"}):
            raise TranscriptError(line.number, f"unknown line {sorted(body)}")
    return state


def _reject(spec: GameSpec[Any], state: Any, body: JSONObject, number: int) -> None:
    try:
        spec.apply(state, spec.codec.decode(body["reject"]))
    except RuleViolation as err:
        if err.code != body.get("code"):
            raise TranscriptError(
                number, f"refused with {err.code}, not {body.get('code')}"
            ) from err
        return
    raise TranscriptError(number, "the action was accepted, but the scenario expects a refusal")


def _expect(views: JSONObject, expected: JSON, number: int) -> None:
    if not isinstance(expected, dict):
        raise TranscriptError(number, "expect takes an object of path: value")
    for path, want in expected.items():
        got = lookup(views, path)
        if got != want:
            raise TranscriptError(number, f"{path} is {got!r}, expected {want!r}")


def lookup(obj: JSON, path: str) -> JSON:
    """Follow a dotted path (``public.seats.1.francs``, ``private.0.secrets.-1``)."""
    for part in path.split("."):
        if part == "len" and isinstance(obj, list | dict):
            obj = len(obj)
        elif isinstance(obj, list):
            try:
                obj = obj[int(part)]
            except (ValueError, IndexError):
                return f"<no {part}>"
        elif isinstance(obj, dict) and part in obj:
            obj = obj[part]
        else:
            return f"<no {part}>"
    return obj
