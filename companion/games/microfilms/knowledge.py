"""What one Microfilms seat knows for certain about the hidden game, from what it was told.

A bot reads no hidden state: it hears the public events, with the secrets its
own seat was told about them, and keeps here where cards are, which
identities it has seen, and which Alliance letters are in play. Kept apart
from :mod:`~companion.games.microfilms.bot`, which decides what to do with it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from companion.core.hearing import Told
from companion.core.kinds import told
from companion.core.narrow import card as _card
from companion.core.narrow import items as _list
from companion.core.narrow import obj as _obj
from companion.core.narrow import seat as _seat
from companion.core.types import CardId, JSONObject, Seat
from companion.games.microfilms import cards
from companion.games.microfilms.actions import Pile
from companion.games.microfilms.cards import Kind, Nation
from companion.games.microfilms.events import EVENTS

HAND_CARDS = frozenset(c.id for c in cards.ALL if c.kind not in (Kind.AGENT, Kind.FREELANCER))
"""Every card that can be in a hand, the deck or the discard pile (never an identity)."""

Place = Seat | Pile
"""Where a card is known to be: a seat's hand, or one of the two piles."""

CERTAIN = 1.0
"""The odds of a claim its knowledge proves; only such claims are made without a gamble."""


class Knowledge:
    """What one seat knows for certain about the hidden game, rebuilt from events and secrets.

    ``held`` lists cards known to be in a seat's hand; a hand card leaving that
    seat unseen (a bribe or blackmail between two others) makes them unknown
    again. ``pool`` holds every card that may be in the deck: after a
    reshuffle it is exactly the old discard pile, and draws by others keep it
    a superset, so it names the deck exactly while its size equals the deck's.
    """

    def __init__(self, me: Seat) -> None:
        self.me = me
        self.identity: CardId | None = None
        self.held: dict[Seat, set[CardId]] = {}
        self.identities: dict[Seat, CardId] = {}
        self.discard: list[CardId] = []
        self.pool: set[CardId] = set(HAND_CARDS)
        self.letters: set[CardId] = set()
        """Alliance letters known to be in play: seen, or deduced from a failed Agent claim."""
        self.offered_to_me: CardId | None = None
        self.my_offers: deque[CardId] = deque()
        """Cards this seat offered as bribes, waiting for the answer."""
        self._claimed: dict[Seat, tuple[CardId, CardId]] = {}

    # --- learning -----------------------------------------------------------------

    def saw(self, card: CardId) -> None:
        if cards.CARDS[card].kind is Kind.LETTER:
            self.letters.add(card)

    def in_hand(self, card: CardId, seat: Seat) -> None:
        self._lift(card)
        self.held.setdefault(seat, set()).add(card)

    def to_discard(self, card: CardId) -> None:
        self._lift(card)
        self.discard.append(card)

    def forget(self, seat: Seat) -> None:
        """An unseen card left ``seat``'s hand: what it holds is no longer certain."""
        self.held.pop(seat, None)

    def _lift(self, card: CardId) -> None:
        """Take ``card`` out of wherever it was thought to be, before putting it somewhere."""
        self.saw(card)
        for hand in self.held.values():
            hand.discard(card)
        self.pool.discard(card)
        if card in self.discard:
            self.discard.remove(card)

    def absorb(self, event: JSONObject, secret: JSONObject | None) -> None:
        """One public event, with this seat's secret about it if it had one."""
        kind, args = event["kind"], _obj(event.get("args", {}))
        told = _obj(secret["args"]) if secret is not None else {}
        handler = _EVENTS.get(str(kind))
        if handler is not None:
            handler(self, args, told)
        elif str(kind).startswith("claim_") and "identity" in args:
            self._claim(args)

    def dealt(self, told: JSONObject) -> None:
        self.identity = _card(told["identity"])
        for c in _list(told["hand"]):
            self.in_hand(_card(c), self.me)

    def sync(self, public: JSONObject, private: JSONObject) -> None:
        """Trust the views over the record: this seat's hand and the face-up discard pile."""
        hand = {_card(_obj(h)["card"]) for h in _list(private["hand"])}
        for c in hand:
            self.in_hand(c, self.me)
        self.held[self.me] = hand
        pile = [_card(c) for c in _list(public["discard"])]
        for c in pile:
            self._lift(c)
        self.discard = pile
        for i, s in enumerate(_list(public["seats"])):
            shown = _obj(s)["identity"]
            if shown is not None:
                self.identities[Seat(i)] = _card(shown)

    def _claim(self, args: JSONObject) -> None:
        seat = _seat(args["seat"])
        self.identities[seat] = _card(args["identity"])
        agent = cards.CARDS[_card(args["identity"])].kind is Kind.AGENT
        if agent and "microfilm" in args and "named" not in args:
            self._claimed[seat] = (_card(args["identity"]), _card(args["microfilm"]))

    def claim_failed(self, seat: Seat) -> None:
        """§7.1 variant A: Agent X failing with Microfilm Y (Y ≠ X) means X and Y are allies.

        Variant B claims (which name a seat) can fail on the name, so they teach nothing here.
        """
        if seat not in self._claimed:
            return
        agent, film = self._claimed.pop(seat)
        x, y = cards.CARDS[agent].nation, cards.CARDS[film].nation
        if x is not None and y is not None and x != y:
            self.letters |= {cards.letter(x), cards.letter(y)}

    # --- what it knows ------------------------------------------------------------

    def agent_odds(self, film: CardId) -> float:
        """Chance that this Agent's claim with ``film`` is right, from the letters it knows.

        With in-play nations {mine, a, b}, showing Microfilm a fails only when
        letter b is the one removed (then a is my ally). So letter b seen ⇒
        certain; letters mine and a seen ⇒ certainly wrong.
        """
        assert self.identity is not None
        mine, a = cards.CARDS[self.identity].nation, cards.CARDS[film].nation
        if a is None or a == mine:
            return 0.0
        nations = {cards.CARDS[x].nation for x in self.letters}
        if nations - {mine, a}:
            return CERTAIN
        if {mine, a} <= nations:
            return 0.0
        return 0.5 if nations else 2 / 3

    def agent_seat(self, nation: Nation) -> Seat | None:
        return next((s for s, i in self.identities.items() if i == cards.agent(nation)), None)

    def holder(self, card: CardId) -> Seat | None:
        return next((s for s, hand in self.held.items() if card in hand), None)

    def place(self, card: CardId, deck_size: int) -> Place | None:
        seat = self.holder(card)
        if seat is not None:
            return seat
        if card in self.discard:
            return Pile.DISCARD
        if card in self.pool and len(self.pool) == deck_size:
            return Pile.DECK
        return None


def _drew(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    if "card" in told:
        k.in_hand(_card(told["card"]), k.me)


def _took_discard(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    k.in_hand(_card(args["card"]), _seat(args["seat"]))


def _bribe_offered(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    if "card" in told:
        k.offered_to_me = _card(told["card"])
        k.in_hand(k.offered_to_me, _seat(args["seat"]))


def _bribe_accepted(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    target, briber = _seat(args["seat"]), _seat(args["briber"])
    if target == k.me and k.offered_to_me is not None:
        k.in_hand(k.offered_to_me, k.me)
    elif briber == k.me and k.my_offers:
        k.in_hand(k.my_offers.popleft(), target)
    else:
        k.forget(briber)
    k.offered_to_me = None


def _bribe_refused(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    if _seat(args["briber"]) == k.me and k.my_offers:
        k.my_offers.popleft()
    k.offered_to_me = None


def _card_played(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    """A card went face up to the discard pile (played, resisted with, or dropped)."""
    k.to_discard(_card(args["card"]))


def _cost_paid(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    """Interrogate and Blackmail name the card played, or the francs paid."""
    if isinstance(args["cost"], str):
        k.to_discard(_card(args["cost"]))


def _interrogation(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    if "card" not in told:
        return
    card, target = _card(told["card"]), _seat(told["target"])
    if cards.is_identity(card):
        k.identities[target] = card
    else:
        k.in_hand(card, target)


def _blackmail_took(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    blackmailer, target = _seat(args["seat"]), _seat(args["target"])
    if "card" not in told:
        k.forget(target)
    elif blackmailer == k.me:
        k.in_hand(_card(told["card"]), k.me)
    else:
        k.in_hand(_card(told["card"]), blackmailer)


def _eliminated(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    seat = _seat(args["seat"])
    for c in _list(args["cards"]):
        k.to_discard(_card(c))
    k.held.pop(seat, None)


def _claim_failed(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    k.claim_failed(_seat(args["seat"]))


def _new_night(k: Knowledge, args: JSONObject, told: JSONObject) -> None:
    k.pool, k.discard = set(k.discard), []


_EVENTS: dict[str, Callable[[Knowledge, JSONObject, JSONObject], None]] = {
    "drew": _drew,
    "took_discard": _took_discard,
    "bribe_offered": _bribe_offered,
    "bribe_accepted": _bribe_accepted,
    "bribe_refused": _bribe_refused,
    "bribe_card_discarded": _card_played,
    "stole": _card_played,
    "withdrew": _card_played,
    "resisted": _card_played,
    "discarded": _card_played,
    "interrogated": _cost_paid,
    "blackmailed": _cost_paid,
    "interrogation_seen": _interrogation,
    "blackmail_took": _blackmail_took,
    "eliminated": _eliminated,
    "claim_failed": _claim_failed,
    "new_night": _new_night,
}


TOLD: Told = told(EVENTS)
"""The public events that tell a seat a secret (§3, §6): whom, and what."""
