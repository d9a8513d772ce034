"""JSON for frozen dataclasses, driven by their type annotations.

Actions, options and chance results all travel as JSON (journal, phones,
scenario files). One codec, strict on the way in: a wrong type or an unknown
field is a :class:`~companion.core.errors.MalformedAction`, never a guess.
Supported field types: ``bool``, ``int``, ``str``, ``NewType`` over those,
``Literal``, ``Enum``, ``X | None``, ``tuple[X, ...]`` and nested dataclasses.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from typing import Any, TypeVar

from companion.core.errors import MalformedAction
from companion.core.types import JSON, CardId

T = TypeVar("T")


def to_json(value: object) -> JSON:
    """Encode a dataclass (or any supported field value) as plain JSON."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, enum.Enum):
        return to_json(value.value)
    if isinstance(value, tuple):
        return [to_json(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"cannot encode {type(value).__name__}")


def from_json(cls: type[T], data: object, where: str = "") -> T:
    """Decode ``data`` into dataclass ``cls``; raise MalformedAction on any mismatch."""
    value: T = _decode(cls, data, where or cls.__name__)
    return value


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(tp: Any, data: object, where: str) -> Any:
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:  # a NewType
        return _decode(supertype, data, where)
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        if data not in typing.get_args(tp) or isinstance(data, bool):
            raise MalformedAction(field=where, expected=[str(a) for a in typing.get_args(tp)])
        return data
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(tp)
        if data is None and type(None) in options:
            return None
        inner = [o for o in options if o is not type(None)]
        if len(inner) != 1:
            raise TypeError(f"unsupported union at {where}")
        return _decode(inner[0], data, where)
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise MalformedAction(field=where, expected="list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        if len(data) != len(args):
            raise MalformedAction(field=where, expected=f"list of {len(args)}")
        return tuple(
            _decode(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True))
        )
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            raise MalformedAction(field=where, expected=[m.value for m in tp]) from None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _decode_dataclass(tp, data, where)
    if tp in (bool, int, str):
        if type(data) is not tp:
            raise MalformedAction(field=where, expected=tp.__name__)
        return data
    raise TypeError(f"unsupported type {tp!r} at {where}")


def _decode_dataclass(cls: type, data: object, where: str) -> Any:
    if not isinstance(data, dict):
        raise MalformedAction(field=where, expected="object")
    hints = _hints(cls)
    known = {f.name: f for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise MalformedAction(field=where, unknown=list(unknown))
    kwargs: dict[str, Any] = {}
    for name, f in known.items():
        if name in data:
            kwargs[name] = _decode(hints[name], data[name], f"{where}.{name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise MalformedAction(field=f"{where}.{name}", expected="present")
    return cls(**kwargs)


def cards_of(value: object) -> tuple[CardId, ...]:
    """The card ids in a dataclass's card fields (``CardId`` or ``CardId | None``), in order."""
    cls: type = type(value)
    return tuple(getattr(value, name) for name in _card_fields(cls) if getattr(value, name))


@functools.cache
def _card_fields(cls: type) -> tuple[str, ...]:
    hints = _hints(cls)
    return tuple(
        f.name
        for f in dataclasses.fields(cls)
        if hints[f.name] is CardId or hints[f.name] == CardId | None
    )
