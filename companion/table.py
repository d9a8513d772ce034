"""The live table: one game in play, its journal, and whoever listens.

Every event at the table goes the same way: the rules judge its actions once
(a refusal changes nothing), the chance the rules then wait for is drawn, and
the journal commits all of it in one transaction; only then are listeners told,
once. An action submitted alone is one event; a tap that means a draw and the
card it turned out to be is one event of two actions, committed together as
the tap rules judged them (:meth:`Table.commit`). Listeners receive an
:class:`Update` that hands out events only through the core's view functions,
so a face cannot see a secret it was not meant to.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.actions import Action, ChanceAction
from companion.core.codec import to_json
from companion.core.errors import NothingToUndo
from companion.core.game import GameSpec
from companion.core.outcome import Event, GameOver
from companion.core.prompts import Prompt
from companion.core.taps import Applied, Plan
from companion.core.types import JSONObject, Seat
from companion.core.views import private_events, public_event
from companion.journal import Entry, Journal
from companion.transcript import Header, new_header, replay, replayed


@dataclass(frozen=True)
class Update:
    """What one submitted action (and the chance after it) changed."""

    seq: int
    """The journal position of the last action now committed."""
    _events: tuple[Event, ...]
    at: int = 0
    """The place in the game's history of the first event (of an undo: where the next
    event will go) — a face says a seat's secrets where their events are said."""

    @classmethod
    def merged(cls, updates: Sequence[Update]) -> Update:
        """Several updates of one event as one: the last position, every event in order."""
        events = tuple(e for u in updates for e in u._events)
        return cls(updates[-1].seq, events, updates[0].at if updates else 0)

    def public(self) -> list[JSONObject]:
        """The events as the whole table sees them, each with its ``index`` in the history."""
        return [{**public_event(e), "index": i} for i, e in enumerate(self._events, self.at)]

    def private(self, seat: Seat) -> list[JSONObject]:
        return [p for i, e in enumerate(self._events, self.at) for p in private_events(e, seat, i)]


Listener = Callable[[Update], None]
Chance = Callable[[Any], Action | None]
"""Where chance results come from: given the state, the chance action it waits for, or
``None`` to wait for it to be observed at the table and submitted."""


class Table:
    """One game in play. Build with :meth:`start` or :meth:`resume`."""

    def __init__(
        self,
        journal: Journal,
        game_id: int,
        header: Header,
        state: Any,
        chance: Chance | None = None,
    ) -> None:
        self.journal = journal
        self.game_id = game_id
        self.header = header
        self.spec: GameSpec[Any] = header.spec
        self.state = state
        self._chance = chance or house_chance(self.spec, random.SystemRandom())
        self._listeners: list[Listener] = []
        self.seq = len(journal.entries(game_id))

    @classmethod
    def start(
        cls,
        journal: Journal,
        game: str,
        seats: Sequence[str],
        *,
        options: object = None,
        rng: random.Random | None = None,
        chance: Chance | None = None,
        meta: JSONObject | None = None,
    ) -> Table:
        """Open a new game and deal it.

        Chance comes from ``chance`` if given, else is drawn from ``rng`` (a seed
        is for demos and tests; real games draw from the operating system).
        """
        header = new_header(game, seats, options, meta)
        game_id, state = journal.create(header), header.initial_state()
        table = cls(journal, game_id, header, state, chance or _from(header, rng))
        table._commit([])
        return table

    @classmethod
    def resume(
        cls,
        journal: Journal,
        game_id: int,
        *,
        rng: random.Random | None = None,
        chance: Chance | None = None,
    ) -> Table:
        """The game exactly as its last committed action left it, and the chance it waits for
        drawn (a game created and stopped before its deal is dealt now)."""
        header = journal.header(game_id)
        state = replayed(header, journal.actions(game_id))
        table = cls(journal, game_id, header, state, chance or _from(header, rng))
        table._commit([])
        return table

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def submit(self, action: Action) -> Update:
        """Judge, commit and publish one action; a RuleViolation leaves everything as it was."""
        return self._commit([(action, self.spec.apply(self.state, action))])

    def submit_json(self, obj: object) -> Update:
        return self.submit(self.spec.codec.decode(obj))

    def commit(self, plan: Plan) -> Update:
        """Commit and publish a plan the tap rules judged, as one event.

        A plan judged on the state the table holds is committed as it was judged;
        one judged on an older state (something was committed meanwhile) is judged
        again, and a RuleViolation then leaves everything as it was.
        """
        if plan.base is self.state:
            return self._commit(list(plan.steps))
        state, steps = self.state, []
        for action in plan.actions:
            outcome = self.spec.apply(state, action)
            steps.append((action, outcome))
            state = outcome.state
        return self._commit(steps)

    def _commit(self, steps: list[Applied]) -> Update:
        """The chance these steps now call for drawn, all of it in one journal transaction,
        then one update for every listener."""
        state = steps[-1][1].state if steps else self.state
        while (chance := self._chance(state)) is not None:
            outcome = self.spec.apply(state, chance)
            steps.append((chance, outcome))
            state = outcome.state
        if not steps:
            return Update(self.seq, (), len(self.state.history))
        codec = self.spec.codec
        rows = [(codec.encode(a), self.spec.undoable(outcome.events)) for a, outcome in steps]
        result = self.spec.over(state)
        body = None if result is None else to_json(result)
        assert body is None or isinstance(body, dict)
        self.seq = self.journal.append(self.game_id, rows, body)
        self.state = state
        events = tuple(e for _, outcome in steps for e in outcome.events)
        update = Update(self.seq, events, len(state.history) - len(events))
        for listener in self._listeners:
            listener(update)
        return update

    def undo(self) -> Update:
        """Take back the last action (and the chance it caused) unless it revealed a secret."""
        entries = self.journal.entries(self.game_id)
        last = self._undoable(entries)
        self.journal.drop_from(self.game_id, entries[last].seq)
        self.state = replayed(self.header, [e.action for e in entries[:last]])
        self.seq = entries[last - 1].seq if last else 0
        undone = Event("undone", {"act": entries[last].action["act"]})
        update = Update(self.seq, (undone,), len(self.state.history))
        for listener in self._listeners:
            listener(update)
        return update

    def to_undo(self) -> tuple[JSONObject, ...]:
        """What :meth:`undo` would take back, as the table saw it happen: the public events
        of the last action and the chance it caused.

        :raises NothingToUndo: as :meth:`undo` would.
        """
        entries = self.journal.entries(self.game_id)
        last = self._undoable(entries)
        steps = list(replay(self.header, [e.action for e in entries]))[last:]
        return tuple(public_event(e) for step in steps for e in step.outcome.events)

    def _undoable(self, entries: Sequence[Entry]) -> int:
        """The index of the last action a player took, if it and its chance may be undone."""
        chance = [isinstance(self.spec.codec.decode(e.action), ChanceAction) for e in entries]
        last = next((i for i in reversed(range(len(entries))) if not chance[i]), None)
        if last is None or not all(e.undoable for e in entries[last:]):
            raise NothingToUndo()
        return last

    def pending(self) -> tuple[Prompt, ...]:
        result: tuple[Prompt, ...] = self.spec.pending(self.state)
        return result

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        return self.spec.legal_actions(self.state, seat, None)

    def over(self) -> GameOver | None:
        result: GameOver | None = self.spec.over(self.state)
        return result

    def public_view(self) -> JSONObject:
        return self.spec.public_view(self.state)

    def private_view(self, seat: Seat) -> JSONObject:
        return self.spec.private_view(self.state, seat)

    def revealed_view(self) -> JSONObject:
        return self.spec.revealed_view(self.state)


def house_chance(spec: GameSpec[Any], rng: random.Random) -> Chance:
    """Chance drawn by the app: every result the rules wait for, at random from ``rng``."""

    def draw(state: Any) -> Action | None:
        return spec.roll(state, rng)

    return draw


def players_tell(spec: GameSpec[Any], rng: random.Random) -> Chance:
    """Chance for a table without readers: what a player can tell, they tell.

    While the rules wait for a seat to say what it saw (the card a draw turned
    out to be), nothing is drawn; every other result is drawn from ``rng``.
    """

    def draw(state: Any) -> Action | None:
        return None if spec.pending(state) else spec.roll(state, rng)

    return draw


def dealt_by_hand(spec: GameSpec[Any], chance: Chance) -> Chance:
    """``chance``, except the deal of a game whose real deal the readers can read: the
    players deal the real cards, and the readers say what they dealt (``companion.ingest``)."""
    deal = spec.sensing.deal
    if deal is None:
        return chance

    def draw(state: Any) -> Action | None:
        return None if deal.waits(state) else chance(state)

    return draw


def dealt_by_words(
    spec: GameSpec[Any], chance: Chance, rng: random.Random, *, centre: bool
) -> Chance:
    """``chance``, except the deal of a game the players deal by hand with no reader to see
    it: made from what each tells of their own part (:mod:`companion.core.dealing.told`), and what
    nobody may see read off the ``centre`` reader where there is one, else guessed."""
    deal = spec.sensing.deal
    if deal is None:
        return chance

    def draw(state: Any) -> Action | None:
        if deal.waits(state):
            return spec.from_words(state, rng, guess=not centre)
        return chance(state)

    return draw


def _from(header: Header, rng: random.Random | None) -> Chance:
    return house_chance(header.spec, rng or random.SystemRandom())
