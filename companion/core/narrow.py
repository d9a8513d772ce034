"""Reading views: JSON values narrowed to what a reader expects, checked.

Views are plain JSON (``companion.core.types.JSON``); whoever reads one — a
face, a bot — knows a field is an object, a list, a number. These say so,
and fail loudly if the view is not what it should be.
"""

from __future__ import annotations

from companion.core.types import JSON, CardId, JSONObject, Seat


def obj(value: JSON) -> JSONObject:
    assert isinstance(value, dict)
    return value


def items(value: JSON) -> list[JSON]:
    assert isinstance(value, list)
    return value


def objects(value: JSON) -> list[JSONObject]:
    """The objects of a list (a view's seats, prompts, secrets)."""
    return [v for v in items(value) if isinstance(v, dict)]


def integer(value: JSON) -> int:
    assert isinstance(value, int)
    return value


def integers(value: JSON) -> list[int]:
    return [v for v in items(value) if isinstance(v, int)]


def strings(value: JSON) -> list[str]:
    return [v for v in items(value) if isinstance(v, str)]


def seat(value: JSON) -> Seat:
    return Seat(integer(value))


def card(value: JSON) -> CardId:
    assert isinstance(value, str)
    return CardId(value)


def args(message: JSONObject) -> JSONObject:
    """The ``args`` of an event, a secret or a prompt."""
    return obj(message.get("args", {}))
