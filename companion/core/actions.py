"""Actions: frozen values that say who does what, with a JSON form.

Three kinds of actor exist. A :class:`SeatAction` is a player's choice and
carries its ``seat``; a :class:`ChanceAction` is the house's random result
(a deal, the card a draw turns out to be, a card picked blind), drawn by the app
or observed at the table, and recorded so a replay needs no seed;
a :class:`HostAction` comes from the app itself (ending a game), never from a
phone. Each game lists its actions in one module and builds an
:class:`ActionCodec` from them; the few every game has (a pass, a discard, a
draw told, a card picked by chance, the end of a game nobody can win) are here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, dataclass_transform

from companion.core.codec import from_json, to_json
from companion.core.errors import MalformedAction
from companion.core.types import CardId, JSONObject, Seat


@dataclass_transform(frozen_default=True, kw_only_default=True)
@dataclass(frozen=True, kw_only=True)
class Action:
    """Base of every action; ``act`` is its name in JSON (``{"act": "pass", ...}``).

    Every action is a frozen value with keyword fields, so a subclass is made one here
    rather than by a decorator on each of the games' many actions; it is named where it is
    declared: ``class Pass(SeatAction, act="pass")``.
    """

    act: ClassVar[str]

    def __init_subclass__(cls, act: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if act is not None:
            cls.act = act
        dataclass(frozen=True, kw_only=True)(cls)


class SeatAction(Action):
    """A choice made by the player at ``seat``."""

    seat: Seat


class CardPlay(SeatAction):
    """A card from the seat's hand, played: what most of the games' actions are."""

    card: CardId


class AimedPlay(CardPlay):
    """A card played at another seat (``target``)."""

    target: Seat


class ChanceAction(Action):
    """A random result, drawn by the table (or fixed by a scenario) and journaled."""


class HostAction(Action):
    """A decision of the app's host (the tablet), never of a phone."""


class Pass(SeatAction, act="pass"):
    """The seat lets its moment go by: each game says what that costs or brings."""


class Discard(SeatAction, act="discard"):
    """One card from the seat's hand to the discard pile, down to a hand limit."""

    card: CardId


class TellDraw(SeatAction, act="tell_draw"):
    """The drawer tells the app, privately, which card the deck gave them.

    For a table where no reader saw the draw: the same fact a reader's
    :class:`Pick` would give. A game whose cards are turned up for all to see
    tells them with a subclass that is ``face_up``.
    """

    face_up: ClassVar[bool] = False
    card: CardId


class Pick(ChanceAction, act="pick"):
    """Which card chance gave: the card a draw turned out to be, a card drawn blind."""

    card: CardId


class EndGame(HostAction, act="end_game"):
    """The table stops a game nobody can win any more; nobody wins."""


class ActionCodec:
    """Encodes and decodes one game's actions; ``act`` picks the class."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._by_act: dict[str, type[Action]] = {}
        for cls in classes:
            if cls.act in self._by_act:
                raise ValueError(f"two actions named {cls.act!r}")
            self._by_act[cls.act] = cls

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self._by_act)

    @property
    def classes(self) -> tuple[type[Action], ...]:
        """Every action of the game, in the order the game lists them."""
        return tuple(self._by_act.values())

    def encode(self, action: Action) -> JSONObject:
        body = to_json(action)
        assert isinstance(body, dict)
        return {"act": action.act, **body}

    def decode(self, data: object) -> Action:
        if not isinstance(data, dict):
            raise MalformedAction(expected="object")
        name = data.get("act")
        cls = self._by_act.get(name) if isinstance(name, str) else None
        if cls is None:
            raise MalformedAction(act=str(name), known=", ".join(sorted(self._by_act)))
        body = {k: v for k, v in data.items() if k != "act"}
        return from_json(cls, body, name if isinstance(name, str) else "")
