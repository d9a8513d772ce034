"""A seat's view, in its phone's language: the ``view`` message of the protocol.

All words are rendered here, on the app's side, from the rules' keys and
arguments — so the page needs no copy of the rules' vocabulary — and only
from the seat's private view, the public view, the seat's own legal actions
and the public feed. Nothing else of the game is read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.core.codec import to_json
from companion.core.narrow import args as _args
from companion.core.narrow import obj as _obj
from companion.core.narrow import objects as _objects
from companion.core.types import JSON, JSONObject, Seat
from companion.i18n import describe, describe_action, event_line, game_key, has, render, text
from companion.ingest import DEALS, Question
from companion.table import Table
from ui.faces import FACES
from ui.faces.base import Face

FEED = 8
"""How many recent public events a phone shows."""


def view_message(
    table: Table,
    seat: Seat,
    lang: str,
    feed: Sequence[JSONObject],
    question: Question | None = None,
) -> JSONObject:
    """The whole view of ``seat``; a ``question`` only this seat may answer comes first."""
    names = table.header.seats
    game = table.header.game
    face = FACES[game]
    private = table.private_view(seat)
    public = table.public_view()

    def say(key: str, args: JSONObject) -> str:
        return describe(lang, key, args, names)

    prompts = _objects(public["pending"])
    mine = _objects(private["prompts"])
    actions: list[JSON] = []
    paths: set[tuple[str, ...]] = set()
    for action in question.options if question is not None else table.legal_actions(seat):
        body = table.spec.codec.encode(action)
        path = describe_action(lang, body, names)
        if tuple(path) not in paths:  # two copies of one card read alike: one choice
            paths.add(tuple(path))
            actions.append({"path": list(path), "action": body})
    over = public["over"]
    return {
        "type": "view",
        "seq": table.seq,
        "lang": lang,
        "me": _me(lang, private, public, face, names),
        "table": _table(lang, public, seat, face, names),
        "waiting": _waiting(table, lang, prompts, say),
        "yours": [
            *(
                [say("ingest.ask.choose", {"seat": seat, "card": question.card})]
                if question
                else []
            ),
            *(say(f"prompt.{game}.{p['kind']}", _prompt_args(p)) for p in mine),
        ],
        "offer": _offer(lang, mine, names, game),
        "actions": actions,
        "audit": _audit(lang, table, seat, private, names),
        "secrets": [_secret(lang, game, s, private, names) for s in _objects(private["secrets"])],
        "feed": [_event(lang, game, e, names) for e in feed[-FEED:]],
        "over": None if over is None else say(f"event.{game}.game_over", _obj(over)),
    }


def _me(
    lang: str, private: JSONObject, public: JSONObject, face: Face, names: Sequence[str]
) -> JSONObject:
    identity = private["identity"]
    hand: list[JSON] = [
        {
            "card": c["card"],
            "name": render(lang, "card", c["card"], names),
            "blood": bool(c.get("blood", False)),
        }
        for c in _cards(private["hand"])
    ]
    stats: list[JSON] = [to_json(s) for s in face.me(private, public, lang, list(names))]
    return {
        "seat": private["seat"],
        "name": private["name"],
        "identity": {"card": identity, "name": render(lang, "card", identity, names)},
        "hand": hand,
        "stats": stats,
        "limit": face.hand_limit(private),
    }


def _table(lang: str, public: JSONObject, me: Seat, face: Face, names: Sequence[str]) -> JSONObject:
    seats: list[JSON] = []
    for i in range(len(names)):
        seat = face.seat(public, i, lang, list(names))
        seats.append(
            {
                "name": seat.name,
                "badge": seat.highlight,
                "lines": list(seat.lines),
                "active": seat.active,
                "out": seat.out,
                "me": i == me,
            }
        )
    return {"summary": " · ".join(face.centre(public, lang, list(names))), "seats": seats}


def _offer(lang: str, mine: list[JSONObject], names: Sequence[str], game: str) -> str | None:
    """The private detail of what this seat must answer (the card a bribe offers)."""
    for p in mine:
        key = f"offer.{game}.{p['kind']}"
        if has(lang, key):
            return describe(lang, key, _args(p), names)
    return None


def _audit(lang: str, table: Table, seat: Seat, private: JSONObject, names: Sequence[str]) -> JSON:
    """The hand check: each face this seat could say it holds, as the ids of its copies
    (those in the hand first) with how many of them the record gives the hand.

    ``None`` for a game with no hand audit.
    """
    if "audit_hand" not in table.spec.codec.names:
        return None
    hand = {c["card"] for c in _cards(private["hand"])}
    faces: list[JSON] = [
        {
            "name": render(lang, "card", copies[0], names),
            "cards": list(copies),
            "held": sum(c in hand for c in copies),
        }
        for copies in table.spec.audit_faces(table.state, seat)
    ]
    return {"faces": faces}


def _secret(
    lang: str, game: str, secret: JSONObject, private: JSONObject, names: Sequence[str]
) -> str:
    """A secret in words — with the seat's own identity left out: it stays behind the hold."""
    args = _args(secret)
    key = game_key("secret", game, str(secret["kind"]))
    if args.get("identity") == private["identity"]:
        hidden = text(lang, "phone.hidden_identity")
        rendered = {k: render(lang, k, v, names) for k, v in args.items()}
        return text(lang, key, **{**rendered, "identity": hidden})
    return describe(lang, key, args, names)


def _event(lang: str, game: str, event: JSONObject, names: Sequence[str]) -> str:
    return event_line(lang, game, str(event["kind"]), _args(event), names)


def _waiting(
    table: Table, lang: str, prompts: list[JSONObject], say: Callable[[str, JSONObject], str]
) -> list[str]:
    """What the table waits for — before a deal dealt by hand, for the cards to be laid."""
    deals = DEALS.get(table.header.game)
    if deals is not None and deals.waits(table.state):
        return [text(lang, f"ingest.deal.intro.{table.header.game}")]
    game = table.header.game
    return [say(f"prompt.{game}.{p['kind']}", _prompt_args(p)) for p in prompts]


def _prompt_args(prompt: JSONObject) -> JSONObject:
    seats = prompt["seats"]
    assert isinstance(seats, list)
    return {**_args(prompt), "seat": seats[0] if seats else None}


def _cards(value: JSON) -> list[JSONObject]:
    """A hand as objects: a game may list its cards as ids or as ``{"card": id, …}``."""
    assert isinstance(value, list)
    return [v if isinstance(v, dict) else {"card": v} for v in value]
