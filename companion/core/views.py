"""The only exits for events: what the whole table may hear, what one seat may.

Each game writes its own state views; events are generic, so their filtering
lives here, once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from companion.core import memo, narrow
from companion.core.codec import to_json
from companion.core.errors import WrongMoment
from companion.core.outcome import Event, GameOver, Secret
from companion.core.players import Player
from companion.core.prompts import Prompt
from companion.core.types import JSON, JSONObject, Seat


def public_event(event: Event) -> JSONObject:
    """The part of an event anyone at the table may see."""
    return {"kind": event.kind, "args": dict(event.args)}


def private_events(event: Event, seat: Seat, index: int = 0) -> list[JSONObject]:
    """The secrets of an event addressed to ``seat``, and nothing else; ``index`` is the
    event's place in the history."""
    return [_secret(i, s) for i, s in _split((event,), index).get(seat, ())]


def secrets_for(events: Iterable[Event], seat: Seat) -> list[JSONObject]:
    """Every secret ``seat`` was told in ``events``, in order, each with ``at``: the place in
    ``events`` of the event it was told with — a public fact, so that a phone can say it
    where that event is said."""
    told = _told_by_seat(events) if isinstance(events, tuple) else _split(events)
    return [_secret(i, s) for i, s in told.get(seat, ())]


def _secret(index: int, secret: Secret) -> JSONObject:
    return {"kind": secret.kind, "args": dict(secret.args), "at": index}


Told = tuple[int, Secret]
"""A secret, and the place in the history of the event it was told with."""


def _split(events: Iterable[Event], start: int = 0) -> dict[Seat, list[Told]]:
    told: dict[Seat, list[Told]] = {}
    for index, event in enumerate(events, start):
        for secret in event.secrets:
            told.setdefault(secret.seat, []).append((index, secret))
    return told


_SPLIT_KEPT = 8
_NO_SECRETS: dict[Seat, tuple[Told, ...]] = {}
_splits: dict[int, tuple[tuple[Event, ...], dict[Seat, tuple[Told, ...]]]] = memo.held({})
"""The histories split last, by identity (each held, so its id is not reused): every
seat's view of a state reads the same history, and so do the views of the worlds the
leak oracle builds from it (a world keeps its history); a history one action longer —
after an answer — is split from where a kept one ends."""


def _told_by_seat(history: tuple[Event, ...]) -> Mapping[Seat, Sequence[Told]]:
    kept = _splits.get(id(history))
    if kept is not None:
        return kept[1]
    start, before = 0, _NO_SECRETS
    for old, split in _splits.values():
        n = len(old)
        if start < n <= len(history) and history[n - 1] is old[-1] and history[:n] == old:
            start, before = n, split
    told = dict(before)
    for seat, secrets in _split(history[start:], start).items():
        told[seat] = (*told.get(seat, ()), *secrets)
    if len(_splits) >= _SPLIT_KEPT:
        del _splits[next(iter(_splits))]
    _splits[id(history)] = (history, told)
    return told


def table_view(game: str, prompts: Iterable[Prompt], result: GameOver | None) -> JSONObject:
    """What every game's public view holds: which game it is, what the table waits for,
    and how the game ended (``None`` while it goes on). Each game adds what is its own."""
    over = None if result is None else to_json(result)
    return {"game": game, "pending": [prompt_view(p) for p in prompts], "over": over}


def own_view(
    seat: Seat,
    player: Player,
    prompts: Iterable[Prompt],
    history: tuple[Event, ...],
    told: Mapping[str, JSON] | None = None,
) -> JSONObject:
    """What every game's private view of ``seat`` holds: who it is, the prompts it must
    answer — with ``told``, what only it may know of them (the card a bribe offers it) —
    and every secret it was told. Each game adds what is its own."""
    mine = [prompt_view(p) for p in prompts if seat in p.seats]
    for p in mine if told else ():
        p["args"] = {**narrow.obj(p["args"]), **(told or {})}
    secrets: list[JSON] = list(secrets_for(history, seat))
    return {
        "seat": seat,
        "name": player.name,
        "identity": player.identity,
        "prompts": list(mine),
        "secrets": secrets,
    }


def prompt_view(prompt: Prompt) -> JSONObject:
    """A prompt as views carry it: its kind, the seats it waits for, its arguments."""
    return {"kind": prompt.kind, "seats": list(prompt.seats), "args": dict(prompt.args)}


def revealed(
    public: JSONObject,
    players: Sequence[Player],
    history: tuple[Event, ...],
    result: GameOver | None,
) -> JSONObject:
    """What every game's end-of-game view holds: the table's view, who was who and held
    what, and the whole timeline with every secret. Refused while the game goes on (each
    game adds where the rest of its cards were)."""
    if result is None:
        raise WrongMoment(act="reveal")
    return {
        **public,
        "identities": [p.identity for p in players],
        "hands": [list(p.hand) for p in players],
        "timeline": timeline(history),
    }


def timeline(history: Iterable[Event]) -> list[JSON]:
    """Every event with every secret told with it, numbered — for the end of a game only."""
    return [{"index": i, **public_event(e), "secrets": _told(e)} for i, e in enumerate(history)]


def _told(event: Event) -> list[JSON]:
    return [{"seat": s.seat, "kind": s.kind, "args": dict(s.args)} for s in event.secrets]
