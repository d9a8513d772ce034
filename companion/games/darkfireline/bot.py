"""A 暗火线 player for ``companion demo`` and for tests, deciding only from what its seat knows.

A :class:`Bot` never sees the :class:`~companion.games.darkfireline.state.State`: it has
the public view, its own private view (identity, hand, the secrets it was told), the
legal actions and the public events it heard. It knows its own side, the sides shown at
death and those a search warrant showed it; it takes a player who shot its side for a
foe and one who shot the other side for a friend. It then plays plainly: it heals when
hurt, equips what it holds, shoots and throws at foes (or at random when it knows none),
never at a friend, protects a friend with smoke, flashes a pair of foes, searches who
it does not know, offers its kits to friends and to strangers half the time, and
otherwise ends its play phase.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.actions import Action, Discard, Pass
from companion.core.hearing import Listening, Told
from companion.core.kinds import told
from companion.core.narrow import card as _card
from companion.core.narrow import items as _list
from companion.core.narrow import obj as _obj
from companion.core.narrow import seat as _seat
from companion.core.types import JSONObject, Seat
from companion.games.darkfireline.actions import (
    Disarm,
    DrawExtra,
    EndPlay,
    Equip,
    FirstAid,
    FlashOn,
    Grenade,
    Heal,
    Shoot,
    SmokeOn,
    Warrant,
)
from companion.games.darkfireline.cards import ROLE_OF, Role
from companion.games.darkfireline.events import EVENTS

TOLD: Told = told(EVENTS)
"""The public events that tell a seat a secret (§5.14, §6.3): whom, and what."""


def side(role: Role) -> str:
    return "terrorists" if role is Role.TERRORIST else "police"


class Bot(Listening):
    def __init__(self, seat: Seat, rng: random.Random) -> None:
        super().__init__(seat, rng, TOLD)
        self.mine: str | None = None
        self.sides: dict[Seat, str] = {}
        """Seats whose side is certain: shown at death, or seen with a warrant."""
        self.leaning: dict[Seat, int] = {}
        """Above 0, a friend by what it did; below, a foe."""

    def learn(self, public: JSONObject, private: JSONObject, secrets: list[JSONObject]) -> None:
        identity = private["identity"]
        if identity is not None:
            self.mine = side(ROLE_OF[_card(identity)])
        for secret in secrets:
            args = _obj(secret["args"])
            if secret["kind"] == "identity_seen":
                self.sides[_seat(args["seat"])] = side(ROLE_OF[_card(args["identity"])])
        for event, _ in self.hearing.unread(secrets):
            args = _obj(event.get("args", {}))
            if event["kind"] == "died" and args.get("identity") is not None:
                self.sides[_seat(args["seat"])] = side(ROLE_OF[_card(args["identity"])])
            if event["kind"] == "shot":
                self._judge(_seat(args["seat"]), [_seat(t) for t in _list(args["targets"])])

    def _judge(self, shooter: Seat, targets: list[Seat]) -> None:
        for target in targets:
            known = self.sides.get(target) or (self.mine if target == self.seat else None)
            if known is not None and shooter != self.seat:
                lean = 1 if known != self.mine else -1
                self.leaning[shooter] = self.leaning.get(shooter, 0) + lean

    def friend(self, seat: Seat) -> bool:
        if seat == self.seat:
            return True
        known = self.sides.get(seat)
        return known == self.mine if known is not None else self.leaning.get(seat, 0) > 0

    def foe(self, seat: Seat) -> bool:
        known = self.sides.get(seat)
        return known != self.mine if known is not None else self.leaning.get(seat, 0) < 0

    def decide(self, public: JSONObject, private: JSONObject, legal: Sequence[Action]) -> Action:
        rescue = public["rescue"]
        if rescue is not None:
            return self._rescue(_seat(_obj(rescue)["dying"]), legal)
        for kind, wanted in ((Heal, self._heal(public)), (Equip, True), (DrawExtra, True)):
            found = [a for a in legal if isinstance(a, kind)]
            if found and wanted:
                return self.rng.choice(found)
        plays = [a for a in legal if self._worth(a)]
        if plays:
            return self.rng.choice(plays)
        ends = [a for a in legal if isinstance(a, EndPlay | Pass)]
        discards = [a for a in legal if isinstance(a, Discard)]
        return self.rng.choice(ends or discards or list(legal))

    def _heal(self, public: JSONObject) -> bool:
        me = _obj(_list(public["seats"])[self.seat])
        return bool(me["health"] != me["most"])

    def _rescue(self, dying: Seat, legal: Sequence[Action]) -> Action:
        kits = [a for a in legal if isinstance(a, FirstAid)]
        if kits and not self.foe(dying) and (self.friend(dying) or self.rng.random() < 0.5):
            return kits[0]
        return next((a for a in legal if isinstance(a, Pass)), legal[0])

    def _worth(self, action: Action) -> bool:
        """Whether to play ``action``: never against a friend; at a foe, or at random when
        nobody is known."""
        if isinstance(action, Shoot):
            return not any(self.friend(t) for t in action.targets)
        if isinstance(action, Grenade | Disarm):
            return action.target != self.seat and not self.friend(action.target)
        if isinstance(action, FlashOn):
            return not any(self.friend(t) for t in action.pair)
        if isinstance(action, SmokeOn):
            return self.friend(action.target) or self.rng.random() < 0.2
        if isinstance(action, Warrant):
            return action.target not in self.sides
        return False
