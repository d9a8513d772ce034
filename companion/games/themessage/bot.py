"""A 風聲 player for ``companion demo`` and for tests, deciding only from what its seat knows.

A :class:`Bot` never sees the :class:`~companion.games.themessage.state.State`.
Its inputs are what a person at that seat has: the public view, its own
private view (identity, hand, the face of a card it sent or decoded, every
secret it was told), the list of legal actions, and the public events it heard
(:meth:`Bot.hear`). From them it keeps a :class:`Knowledge` of who seems to be
on which side: a player who takes a card of a colour by choice leans to that
camp, a probe it played and saw answered settles its target's identity, and
identities shown at death are certain. It then plays plainly: it sends its own
colour to whoever it trusts and black to whoever it doubts, takes its own
colour and refuses black it can see, burns black off a friend in danger,
intercepts its colour and counters a rival's intercept of it — and otherwise
passes, as most players at a real table do most of the time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from companion.core.actions import Action, Discard, Pass
from companion.core.hearing import Listening, Told
from companion.core.kinds import told
from companion.core.narrow import card as _card
from companion.core.narrow import integer as _int
from companion.core.narrow import items as _list
from companion.core.narrow import obj as _obj
from companion.core.narrow import seat as _seat
from companion.core.types import CardId, JSONObject, Seat
from companion.games.themessage.actions import (
    AnswerProbe,
    Burn,
    Counter,
    Decline,
    Decode,
    Distribute,
    Draw,
    EndTurn,
    Intercept,
    Lock,
    Probe,
    Receive,
    Return,
    Send,
)
from companion.games.themessage.cards import (
    CAMP_OF,
    CARDS,
    WINNING_COLOUR,
    Camp,
    Colour,
    colour_of,
)
from companion.games.themessage.events import EVENTS

ByKind = dict[type[Action], list[Action]]
"""The legal actions, grouped by kind."""

TRUST = 0.5
"""A seat whose lean to this bot's camp reaches this is trusted as a friend."""
DANGER = 2
"""Black intelligence one short of death: a friend this close is burned clean first."""


class Knowledge:
    """What one seat believes about the others, rebuilt from events and secrets.

    ``lean[s]`` is evidence that seat ``s`` is red (positive) or blue
    (negative); ``camps`` holds what is certain. ``card`` is the face of the
    intelligence in transit, when this seat knows it.
    """

    def __init__(self, me: Seat) -> None:
        self.me = me
        self.lean: dict[Seat, float] = {}
        self.camps: dict[Seat, Camp] = {}
        self.card: CardId | None = None
        self.probing: tuple[Seat, CardId] | None = None
        """The probe this seat just chose to play, and its target, until the table numbers it."""
        self.probes: dict[int, tuple[Seat, CardId]] = {}
        """This seat's own probes on the stack, by play number, until answered or cancelled."""

    def absorb(self, event: JSONObject, secret: JSONObject | None) -> None:
        kind, args = str(event["kind"]), _obj(event.get("args", {}))
        told = _obj(secret["args"]) if secret is not None else {}
        handler = _EVENTS.get(kind)
        if handler is not None:
            handler(self, args, told)

    def nudge(self, seat: Seat, colour: str, weight: float) -> None:
        if seat != self.me and colour in ("red", "blue"):
            sign = 1.0 if colour == "red" else -1.0
            self.lean[seat] = self.lean.get(seat, 0.0) + sign * weight

    def friendliness(self, seat: Seat, mine: Camp) -> float:
        """How sure this seat is that ``seat`` shares its camp (negative: an enemy)."""
        if seat in self.camps:
            return 1.0 if self.camps[seat] is mine else -1.0
        lean = self.lean.get(seat, 0.0)
        return {Camp.RED: lean, Camp.BLUE: -lean, Camp.GREEN: 0.0}[mine]


def _received(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    if not args.get("forced"):
        k.nudge(_seat(args["seat"]), str(args["colour"]), 1.0)
    k.card = None


def _declined(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    if k.card is not None:
        k.nudge(_seat(args["seat"]), colour_of(k.card).value, -0.5)


def _sent(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    card = args.get("card") or told.get("card")
    k.card = _card(card) if card is not None else None


def _decoded(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    if "card" in told:
        k.card = _card(told["card"])


def _gone(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    k.card = None


def _shown(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    """A death, a loss or a declared victory shows an identity to all (§8)."""
    k.camps[_seat(args["seat"])] = CAMP_OF[_card(args["identity"])]


def _probe_played(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    if _seat(args["seat"]) == k.me and k.probing is not None:
        k.probes[_int(args["n"])], k.probing = k.probing, None


def _cancelled(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    k.probes.pop(_int(args["on"]), None)


def _new_turn(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    """A turn numbers its plays from 1 again: a probe left unanswered is forgotten."""
    k.probes.clear()


def _answered(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    """The answer to one's own probe tells whether the target is its named identity (§6.8)."""
    target = _seat(args["seat"])
    mine = [n for n, (t, _) in k.probes.items() if t == target]
    if _seat(args["prober"]) != k.me or not mine:
        return
    card = CARDS[k.probes.pop(max(mine))[1]]  # the last played resolves first
    assert card.names is not None and card.sign is not None
    if args["answer"] in ("draw", "discard"):
        k.camps[target] = card.names
    elif card.names is not Camp.GREEN:
        k.nudge(target, card.names.value, -1.5)


_EVENTS: dict[str, Callable[[Knowledge, JSONObject, JSONObject], None]] = {
    "received": _received,
    "declined": _declined,
    "sent": _sent,
    "decoded": _decoded,
    "intel_discarded": _gone,
    "died": _shown,
    "lost": _shown,
    "declared_victory": _shown,
    "probe_answered": _answered,
    "played_probe": _probe_played,
    "cancelled": _cancelled,
    "turn_began": _new_turn,
}


TOLD: Told = told(EVENTS)
"""The public events that tell a seat a secret (§3, §5.1, §6.5, §6.8): whom, and what."""


class Bot(Listening):
    """One seat's player: it hears the table, then chooses one of the legal actions when asked.

    Give it every ``Update.public()`` from the deal on (subscribe it to the table).
    """

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        super().__init__(seat, rng, TOLD)
        self.know = Knowledge(seat)

    def decide(self, public: JSONObject, private: JSONObject, legal: Sequence[Action]) -> Action:
        me = _Situation(public, private, self.know)
        action = self._decide(me, legal)
        if isinstance(action, Probe):
            self.know.probing = (action.target, action.card)
        return action

    def learn(self, public: JSONObject, private: JSONObject, secrets: list[JSONObject]) -> None:
        """Absorb new events in order, each with the secret this seat was told about it."""
        for event, secret in self.hearing.unread(secrets):
            self.know.absorb(event, secret)
        transit = private["transit_card"]
        if transit is not None:
            self.know.card = _card(transit)

    # --- decisions ---------------------------------------------------------------------------

    def _decide(self, me: _Situation, legal: Sequence[Action]) -> Action:
        by: ByKind = {}
        for a in legal:
            by.setdefault(type(a), []).append(a)
        for rule in (
            self._answer,
            self._save_a_friend,
            self._receive_or_not,
            self._intercept,
            self._counter,
            self._decode,
            self._return,
            self._turn_start,
            self._plan,
            self._send,
        ):
            action = rule(me, by)
            if action is not None:
                return action
        for kind in (Pass, EndTurn, Discard):
            if kind in by:
                return self._pick_discard(me, by) if kind is Discard else by[kind][0]
        return self.rng.choice(list(legal))

    def _answer(self, me: _Situation, by: ByKind) -> Action | None:
        """A probe's answer is owed, not chosen; a discard gives up the least useful card."""
        answers = [a for a in by.get(AnswerProbe, []) if isinstance(a, AnswerProbe)]
        if not answers:
            return None
        return min(answers, key=lambda a: me.worth(a.card) if a.card else 0.0)

    def _save_a_friend(self, me: _Situation, by: ByKind) -> Action | None:
        """Burn black off oneself or a friend one card from death."""
        for a in by.get(Burn, []):
            assert isinstance(a, Burn)
            friend = a.target == self.seat or me.friend(a.target)
            if friend and me.black(a.target) >= DANGER:
                return a
        return None

    def _receive_or_not(self, me: _Situation, by: ByKind) -> Action | None:
        if Receive not in by:
            return None
        take, leave = by[Receive][0], by.get(Decline, [None])[0]
        if leave is None:
            return take
        card = self.know.card
        if card is not None:
            colour = colour_of(card)
            if colour is Colour.BLACK:
                return leave if me.black(self.seat) or self.rng.random() < 0.8 else take
            return take if colour is me.colour or self.rng.random() < 0.25 else leave
        risk = (0.55, 0.3, 0.0)[min(me.black(self.seat), 2)]
        return take if self.rng.random() < risk else leave

    def _intercept(self, me: _Situation, by: ByKind) -> Action | None:
        card = self.know.card
        if Intercept in by and card is not None and colour_of(card) is me.colour:
            return by[Intercept][0]
        return None

    def _counter(self, me: _Situation, by: ByKind) -> Action | None:
        """Counter a rival's intercept of one's own colour, or a rival's burn that saves a rival."""
        counters = [a for a in by.get(Counter, []) if isinstance(a, Counter)]
        if not counters:
            return None
        for play in me.stack:
            n, seat, function = _int(play["n"]), _seat(play["seat"]), play["function"]
            rival = seat != self.seat and not me.friend(seat) and me.enemy(seat)
            mine = self.know.card is not None and colour_of(self.know.card) is me.colour
            harmful = (function == "intercept" and mine) or (
                function == "burn"
                and play["target"] is not None
                and me.enemy(_seat(play["target"]))
            )
            if rival and harmful:
                return next((a for a in counters if a.on == n), None)
        return None

    def _decode(self, me: _Situation, by: ByKind) -> Action | None:
        if Decode in by and self.know.card is None and self.rng.random() < 0.7:
            return by[Decode][0]
        return None

    def _return(self, me: _Situation, by: ByKind) -> Action | None:
        card = self.know.card
        if Return in by and card is not None and colour_of(card) is Colour.BLACK:
            return by[Return][0]
        return None

    def _turn_start(self, me: _Situation, by: ByKind) -> Action | None:
        return by[Draw][0] if Draw in by else None

    def _plan(self, me: _Situation, by: ByKind) -> Action | None:
        """In a play phase: sometimes a probe or a 真偽莫辨; a lock on a friend before sending."""
        if Send not in by and EndTurn not in by:
            return None
        probes = [a for a in by.get(Probe, []) if isinstance(a, Probe)]
        unknown = [a for a in probes if a.target not in self.know.camps]
        if unknown and self.rng.random() < 0.35:
            return self.rng.choice(unknown)
        if Distribute in by and self.rng.random() < 0.25:
            return by[Distribute][0]
        sending = Send in by
        mine = [c for c in me.hand if colour_of(c) is me.colour]
        locks = [a for a in by.get(Lock, []) if isinstance(a, Lock)]
        friends = [a for a in locks if me.friend(a.target) and a.target not in me.locked]
        if sending and mine and friends and self.rng.random() < 0.6:
            return self.rng.choice(friends)
        return None

    def _send(self, me: _Situation, by: ByKind) -> Action | None:
        """Own colour to the most trusted; black to the most doubted; else any card."""
        sends = [a for a in by.get(Send, []) if isinstance(a, Send)]
        if not sends:
            return None

        def score(a: Send) -> float:
            colour = colour_of(a.card)
            to = a.target
            if colour is me.colour:
                value = 3.0 + (2.0 * me.trust(to) if to is not None else 0.5)
            elif colour is Colour.BLACK:
                value = 1.5 - (2.0 * me.trust(to) if to is not None else 0.0)
            else:
                value = 0.5 - (me.trust(to) if to is not None else 0.0)
            return value + self.rng.random()

        return max(sends, key=score)

    def _pick_discard(self, me: _Situation, by: ByKind) -> Action:
        discards = [a for a in by[Discard] if isinstance(a, Discard)]
        return min(discards, key=lambda a: me.worth(a.card))


class _Situation:
    """One decision's inputs, read once from the views, with what the knowledge makes of them."""

    def __init__(self, public: JSONObject, private: JSONObject, know: Knowledge) -> None:
        self.know = know
        self.camp = CAMP_OF[_card(private["identity"])]
        self.colour = WINNING_COLOUR[self.camp]
        self.hand = [_card(c) for c in _list(private["hand"])]
        self.seats = [_obj(s) for s in _list(public["seats"])]
        self.stack = [_obj(p) for p in _list(public["stack"])]
        self.locked = {Seat(i) for i, s in enumerate(self.seats) if s["locked"]}

    def black(self, seat: Seat) -> int:
        return _int(self.seats[seat]["black"])

    def trust(self, seat: Seat) -> float:
        return self.know.friendliness(seat, self.camp)

    def friend(self, seat: Seat) -> bool:
        return self.trust(seat) >= TRUST

    def enemy(self, seat: Seat) -> bool:
        return self.trust(seat) <= -TRUST

    def worth(self, card: CardId) -> float:
        """Keeping value: own colour most, black least (it only harms whoever takes it)."""
        colour = colour_of(card)
        return 2.0 if colour is self.colour else 0.0 if colour is Colour.BLACK else 1.0
