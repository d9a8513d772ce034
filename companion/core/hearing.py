"""What one seat has heard at the table, in order, each event with the secret it was told.

A player (a bot in a demo) learns from the public events in the order they
happened, and from the secrets its own view lists — but the view lists its
secrets apart from the events. This pairs them back: an event that tells
this seat a secret (each game's :data:`Told` names which events do, and the
kind of secret each brings) takes the next unread secret of that kind.
:class:`Listening` is the shape of every game's bot around it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence

from companion.core.actions import Action
from companion.core.narrow import items, obj
from companion.core.types import JSONObject, Seat
from companion.core.values import Frozen


class Tells(Frozen):
    """An event tells the seat named by its argument ``seat`` a secret of kind ``secret`` —
    unless the event has an argument ``unless`` (the card shown to all: nothing secret).
    ``look``: the secret is a look at what someone hid (the game's story marks it)."""

    seat: str
    secret: str
    unless: str = ""
    look: bool = False


Told = Mapping[str, tuple[Tells, ...]]
"""Each kind of public event that tells someone a secret, and whom it tells what."""

DREW = (Tells("seat", "drew"),)
"""A draw from the deck: the drawer alone learns the card (every game's ``drew``)."""


def secret_kind(told: Told, event: JSONObject, seat: Seat) -> str | None:
    """The kind of secret ``seat`` was told with this public event, or ``None``."""
    args = obj(event.get("args", {}))
    for tells in told.get(str(event["kind"]), ()):
        if args.get(tells.seat) == seat and not (tells.unless and tells.unless in args):
            return tells.secret
    return None


class Hearing:
    def __init__(self, seat: Seat, told: Told) -> None:
        self.seat = seat
        self.told = told
        self.secrets_read = 0
        """How many of the seat's secrets have been paired with their events."""
        self._heard: list[JSONObject] = []
        self._read = 0

    def hear(self, public_events: Sequence[JSONObject]) -> None:
        """Remember what the whole table saw (``Update.public()``)."""
        self._heard.extend(public_events)

    def unread(
        self, secrets: Sequence[JSONObject]
    ) -> Iterator[tuple[JSONObject, JSONObject | None]]:
        """Each event not yet read, with the secret this seat was told about it.

        A seat that joined a game under way skips the secrets of events it never
        heard: out of their place among the events, they could mislead it.
        """
        new = self._heard[self._read :]
        self._read = len(self._heard)
        owed = sum(1 for e in new if secret_kind(self.told, e, self.seat) is not None)
        self.secrets_read = max(self.secrets_read, len(secrets) - owed)
        for event in new:
            wanted, secret = secret_kind(self.told, event, self.seat), None
            due = secrets[self.secrets_read] if self.secrets_read < len(secrets) else None
            if wanted is not None and due is not None and due["kind"] == wanted:
                secret = due
                self.secrets_read += 1
            yield event, secret


class Listening:
    """A player that decides from what its seat heard: it hears every public event, and when
    asked to choose it first learns what it has not yet (each event with its secret), then
    decides. A game's bot says how it learns and how it decides."""

    def __init__(self, seat: Seat, rng: random.Random, told: Told) -> None:
        self.seat = seat
        self.rng = rng
        self.hearing = Hearing(seat, told)

    def hear(self, public_events: Sequence[JSONObject]) -> None:
        """Remember what the whole table saw (``Update.public()``); learnt on the next choice."""
        self.hearing.hear(public_events)

    def choose(self, public: JSONObject, private: JSONObject, legal: Sequence[Action]) -> Action:
        """One of ``legal`` for this seat, given the views of now and what it heard before."""
        if not legal:
            raise ValueError("nothing to choose from")
        self.learn(public, private, [obj(s) for s in items(private["secrets"])])
        return self.decide(public, private, legal)

    def learn(self, public: JSONObject, private: JSONObject, secrets: list[JSONObject]) -> None:
        """Take in the events heard since the last choice (``self.hearing.unread(secrets)``)."""
        raise NotImplementedError

    def decide(self, public: JSONObject, private: JSONObject, legal: Sequence[Action]) -> Action:
        raise NotImplementedError
