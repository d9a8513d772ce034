"""A Microfilms player for ``companion demo`` and for tests, deciding only from what its seat knows.

A :class:`Bot` never sees the :class:`~companion.games.microfilms.state.State`.
Its inputs are what a person at that seat has: the public view, its own
private view (identity, hand, francs, and every secret it was told), the list
of legal actions, and the public events it heard (:meth:`Bot.hear`). From
these it keeps a :class:`Knowledge` of where cards are, which identities it
has seen, and which Alliance letters are in play, and it claims victory when
that knowledge says the claim is true (digest §7). Otherwise it plays a
weighted random turn, so a seeded demo reads like a real table, and an Agent
sometimes gambles on a likely claim so that games end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from companion.core.actions import Action, Discard, Pass
from companion.core.hearing import Listening
from companion.core.narrow import card as _card
from companion.core.narrow import integer as _int
from companion.core.narrow import items as _list
from companion.core.narrow import obj as _obj
from companion.core.narrow import seat as _seat
from companion.core.types import CardId, JSONObject, Seat
from companion.games.microfilms import cards
from companion.games.microfilms.actions import (
    AcceptBribe,
    Blackmail,
    Bribe,
    BuyOff,
    ClaimAgent,
    ClaimAssassin,
    ClaimInterpol,
    ClaimJournalist,
    ClaimManager,
    Draw,
    GiveIn,
    Interrogate,
    LetterPlace,
    RefuseBribe,
    Resist,
    Source,
    Steal,
    Withdraw,
)
from companion.games.microfilms.cards import ACE, Kind, Nation, Use
from companion.games.microfilms.knowledge import CERTAIN, TOLD, Knowledge

BLOOD = frozenset(c.id for c in cards.ALL if c.blood)
"""The blood-stained action cards, what an Interpol claim looks for (digest §7.5)."""

KEEP = 4.0
"""A card worth this much to its holder is claim material: kept, never given away."""
GAMBLE = 0.06
"""Chance per turn that an Agent bets on an unproven but likely Microfilm claim."""
GAMBLE_ODDS = 0.5
"""The least chance of being right at which an Agent will gamble."""


class Bot(Listening):
    """One seat's player: it hears the table, then chooses one of the legal actions when asked.

    Give it every ``Update.public()`` from the deal on (subscribe it to the
    table). A bot made for a game already under way (a resumed demo) starts
    from its identity, its hand and the face-up pile, and learns from then on.
    """

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        super().__init__(seat, rng, TOLD)
        self.know = Knowledge(seat)

    def decide(self, public: JSONObject, private: JSONObject, legal: Sequence[Action]) -> Action:
        me = _Situation(public, private, self.know)
        first = legal[0]
        if isinstance(first, AcceptBribe | RefuseBribe):
            return self._answer_bribe(me, legal)
        if isinstance(first, Resist | BuyOff | GiveIn):
            return self._answer_blackmail(me, legal)
        if isinstance(first, Discard):
            return self._discard(me, legal)
        action = self._turn(me, legal)
        if isinstance(action, Bribe):
            self.know.my_offers.append(action.card)
        return action

    def learn(self, public: JSONObject, private: JSONObject, secrets: list[JSONObject]) -> None:
        """Absorb new events in order, each with the secret this seat was told about it."""
        dealt = next((i for i, s in enumerate(secrets) if s["kind"] == "dealt"), None)
        if self.know.identity is None and dealt is not None:
            # The deal may be committed before anyone can subscribe, so its secret is read
            # here, with the words the seat told of a deal it made by hand before it.
            self.know.dealt(_obj(secrets[dealt]["args"]))
            self.hearing.secrets_read = max(self.hearing.secrets_read, dealt + 1)
        for event, secret in self.hearing.unread(secrets):
            self.know.absorb(event, secret)
        self.know.sync(public, private)

    # --- answers ------------------------------------------------------------------

    def _answer_bribe(self, me: _Situation, legal: Sequence[Action]) -> Action:
        """Usually take the card; refuse a dangerous or useless one when francs allow."""
        accept = next(a for a in legal if isinstance(a, AcceptBribe))
        refuse = _one(legal, RefuseBribe)
        card = me.offered()
        worth = me.value(card) if card is not None else 1.0
        if refuse is None or worth >= KEEP:
            return accept
        risk = 0.0
        if card == ACE and me.identity != cards.ASSASSIN:
            risk = 0.5  # the Assassin's target, and 2 francs to get rid of
        elif card in BLOOD and not me.clean and me.identity != cards.INTERPOL:
            risk = 0.25  # Suspicious with a blood stain is what Interpol looks for
        elif me.francs >= 2:
            risk = 0.2
        return refuse if self.rng.random() < risk else accept

    def _answer_blackmail(self, me: _Situation, legal: Sequence[Action]) -> Action:
        """Resist with a Withdraw/Resist card, else buy off when rich, else give in."""
        resists = [a for a in legal if isinstance(a, Resist)]
        give_in = next(a for a in legal if isinstance(a, GiveIn))
        if not me.hand and not me.clean:
            return give_in  # nothing to lose
        if resists:
            return min(resists, key=lambda a: me.value(a.card))
        buy_off = _one(legal, BuyOff)
        precious = any(me.value(c) >= KEEP for c in me.hand)
        if buy_off is not None and (me.francs >= 4 or (precious and me.francs >= 2)):
            return buy_off
        return give_in

    def _discard(self, me: _Situation, legal: Sequence[Action]) -> Action:
        """Drop the least useful card; the Ace costs 2 francs, so it goes last among equals."""
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda a: me.value(a.card) + (1.5 if a.card == ACE else 0.0))

    # --- the turn -------------------------------------------------------------------

    def _turn(self, me: _Situation, legal: Sequence[Action]) -> Action:
        """A true claim if it knows one; else maybe a bet; else a weighted random plan."""
        sure = [a for a in legal if me.claim_odds(a) >= CERTAIN]
        if sure:
            return self.rng.choice(sure)
        bets = [a for a in legal if isinstance(a, ClaimAgent) and me.claim_odds(a) >= GAMBLE_ODDS]
        if bets and self.rng.random() < GAMBLE * me.night:
            return max(bets, key=me.claim_odds)
        groups: dict[str, list[Action]] = {}
        for a in legal:
            key = f"draw_{a.source}" if isinstance(a, Draw) else a.act
            groups.setdefault(key, []).append(a)
        weights: list[float] = []
        choices: list[Action] = []
        for key, group in groups.items():
            weight, action = self._plan(me, group) if key in _PLANNED else (0.0, None)
            if weight > 0 and action is not None:
                weights.append(weight)
                choices.append(action)
        if not choices:
            return next(a for a in legal if isinstance(a, Pass))
        return self.rng.choices(choices, weights)[0]

    def _plan(self, me: _Situation, group: list[Action]) -> tuple[float, Action | None]:
        """How much this seat wants one kind of action now, and which of its variants."""
        a = group[0]
        if isinstance(a, Draw):
            if a.source is Source.DECK:
                return 3.0, a
            return (5.0 if me.value(me.discard[-1]) >= KEEP else 0.5), a
        if isinstance(a, Pass):
            return (2.5 if me.francs == 0 else 1.0), a
        if isinstance(a, Withdraw):
            return (1.5 if me.francs < 4 else 0.5), _cheapest(me, group)
        if isinstance(a, Steal):
            rich = max(me.francs_of(s) for s in me.rivals())
            targets = [x for x in group if isinstance(x, Steal) and me.francs_of(x.target) == rich]
            return (1.5 if rich > 0 else 0.0), _cheapest(me, targets)
        if isinstance(a, Interrogate):
            return self._plan_interrogate(me, group)
        if isinstance(a, Bribe):
            return self._plan_bribe(me, group)
        if isinstance(a, Blackmail):
            return self._plan_blackmail(me, group)
        return 0.0, None

    def _plan_interrogate(self, me: _Situation, group: list[Action]) -> tuple[float, Action | None]:
        """Freelancers live on what interrogations show; Agents look for letters."""
        curiosity = {
            cards.JOURNALIST: 3.0,
            cards.MANAGER: 3.0,
            cards.INTERPOL: 2.0,
            cards.ASSASSIN: 2.0 if me.know.holder(ACE) is None else 0.5,
        }.get(me.identity, 0.5 if me.agent_sure() else 1.5)
        target = self._pick(me.rivals(), me.interest)
        if target is None:
            return 0.0, None
        options = [a for a in group if isinstance(a, Interrogate) and a.target == target]
        with_card = [a for a in options if a.card is not None]
        if with_card:
            return curiosity, _cheapest(me, with_card)
        return (curiosity if me.francs >= 2 else curiosity / 3), options[0] if options else None

    def _plan_bribe(self, me: _Situation, group: list[Action]) -> tuple[float, Action | None]:
        """Bribe to turn Clean (claims need it) or to plant the card one's own claim needs."""
        bribes = [a for a in group if isinstance(a, Bribe)]
        ammo = [a for a in bribes if me.ammo(a.card, a.target)]
        if ammo:
            return 4.0, self.rng.choice(ammo)
        givable = [c for c in me.hand if me.value(c) < KEEP]
        if not givable:
            return 0.0, None
        card = min(givable, key=me.value)
        target = self._pick(me.rivals(), lambda s: 3.0 if me.francs_of(s) == 0 else 1.0)
        chosen = next((a for a in bribes if a.card == card and a.target == target), None)
        if me.clean:
            return 0.3, chosen
        return (5.0 if me.has_material() else 2.5), chosen

    def _plan_blackmail(self, me: _Situation, group: list[Action]) -> tuple[float, Action | None]:
        """Blackmail to turn Clean, to take a card it wants, or to make a rival Suspicious."""
        target = self._pick(me.rivals(), me.victim)
        options = [a for a in group if isinstance(a, Blackmail) and a.target == target]
        with_card = [a for a in options if a.card is not None]
        want = 1.0 if me.clean else (4.0 if me.has_material() else 2.0)
        if with_card:
            return want, _cheapest(me, with_card)
        return (want / 2 if me.francs >= 3 else 0.0), options[0] if options else None

    def _pick(self, seats: Sequence[Seat], score: Callable[[Seat], float]) -> Seat | None:
        """A seat drawn with chances in proportion to ``score``; ``None`` if all score 0."""
        weights = [score(s) for s in seats]
        if not seats or sum(weights) <= 0:
            return None
        return self.rng.choices(list(seats), weights)[0]


_PLANNED = frozenset(
    {"draw_deck", "draw_discard", "pass", "withdraw", "steal", "interrogate", "bribe", "blackmail"}
)
"""The kinds of turn action weighed against each other; claims are decided before."""


class _Situation:
    """One decision's inputs, read once from the views, with what the knowledge makes of them."""

    def __init__(self, public: JSONObject, private: JSONObject, know: Knowledge) -> None:
        self.private, self.know = private, know
        self.me = _seat(private["seat"])
        self.identity = _card(private["identity"])
        self.hand = [_card(_obj(h)["card"]) for h in _list(private["hand"])]
        self.francs = _int(private["francs"])
        self.clean = private["status"] == "clean"
        self.night = _int(public["night"])
        self.deck = _int(public["deck"])
        self.discard = [_card(c) for c in _list(public["discard"])]
        self.seats = [_obj(s) for s in _list(public["seats"])]

    def rivals(self) -> list[Seat]:
        return [Seat(i) for i, s in enumerate(self.seats) if i != self.me and not s["eliminated"]]

    def francs_of(self, seat: Seat) -> float:
        return float(_int(self.seats[seat]["francs"]))

    def suspicious(self, seat: Seat) -> bool:
        return self.seats[seat]["status"] == "suspicious"

    def hand_size(self, seat: Seat) -> int:
        return _int(self.seats[seat]["hand"])

    def offered(self) -> CardId | None:
        prompts = [_obj(p) for p in _list(self.private["prompts"])]
        card = next((_obj(p["args"]).get("card") for p in prompts), None)
        return _card(card) if card is not None else None

    def nation(self) -> Nation | None:
        return cards.CARDS[self.identity].nation

    # --- what cards are worth to this seat -------------------------------------------

    def value(self, card: CardId) -> float:
        """How much this seat wants to keep ``card``; KEEP and above is claim material."""
        c = cards.CARDS[card]
        who = self.identity
        if c.kind is Kind.MICROFILM:
            if self.nation() is not None:
                if c.nation == self.nation():
                    return 3.0
                odds = self.know.agent_odds(card)
                return 3.0 + 3.0 * odds if odds > 0 else 1.5
            if who == cards.JOURNALIST:
                return 6.0 if c.nation and self.know.agent_seat(c.nation) is not None else 4.0
            return 1.0
        if c.kind is Kind.LETTER:
            return 6.0 if who == cards.MANAGER else 1.0
        if c.kind is Kind.ACE:
            return 3.0 if who == cards.ASSASSIN else 0.5
        if who == cards.INTERPOL and c.blood:
            return 3.0
        return 2.2 if Use.RESIST in c.uses else 2.0

    def ammo(self, card: CardId, target: Seat) -> bool:
        """A bribe that sets up this seat's claim: the Ace (Assassin), blood (Interpol)."""
        if self.identity == cards.ASSASSIN:
            return card == ACE
        return self.identity == cards.INTERPOL and card in BLOOD and self.suspicious(target)

    def has_material(self) -> bool:
        """Holding or knowing what a claim needs, so becoming Clean is urgent."""
        k = self.know
        if self.nation() is not None:
            return any(k.agent_odds(c) > 0 for c in self.hand)
        if self.identity == cards.JOURNALIST:
            return any(cards.CARDS[c].kind is Kind.MICROFILM for c in self.hand)
        if self.identity == cards.ASSASSIN:
            return ACE in self.hand or k.holder(ACE) not in (None, self.me)
        if self.identity == cards.INTERPOL:
            return any(c in BLOOD for c in self.hand) or any(
                k.held.get(s, set()) & BLOOD for s in self.rivals() if self.suspicious(s)
            )
        return any(k.place(c, self.deck) is not None for c in k.letters)

    def agent_sure(self) -> bool:
        return any(self.know.agent_odds(c) >= CERTAIN for c in self.hand)

    def interest(self, seat: Seat) -> float:
        """How much an interrogation of ``seat`` could teach this seat."""
        size = self.hand_size(seat)
        if self.identity == cards.JOURNALIST:
            return 0.2 if seat in self.know.identities else 1.0 / (size + 1)
        if self.identity == cards.INTERPOL and not self.suspicious(seat):
            return 0.1
        known = len(self.know.held.get(seat, ()))
        return max(size - known, 0) / (size + 1)

    def victim(self, seat: Seat) -> float:
        """How good a blackmail target ``seat`` is: a card worth taking, no francs to buy off."""
        wanted = any(self.value(c) >= KEEP for c in self.know.held.get(seat, ()))
        cards_to_take = 3.0 if wanted else (1.0 if self.hand_size(seat) else 0.5)
        poor = 2.0 if self.francs_of(seat) < 2 else 1.0
        return cards_to_take * poor * (1.5 if not self.suspicious(seat) else 1.0)

    # --- claims -------------------------------------------------------------------------

    def claim_odds(self, a: Action) -> float:
        """Chance this seat's knowledge gives that ``a`` is a true claim (0 for other actions)."""
        k = self.know
        if isinstance(a, ClaimAgent):
            odds = k.agent_odds(a.microfilm)
            nation = cards.CARDS[a.microfilm].nation
            if a.named is None or nation is None:
                return odds
            return odds if k.identities.get(a.named) == cards.agent(nation) else 0.0
        if isinstance(a, ClaimJournalist):
            nation = cards.CARDS[a.microfilm].nation
            known = nation is not None and k.identities.get(a.named) == cards.agent(nation)
            return CERTAIN if known else 0.0
        if isinstance(a, ClaimAssassin):
            return CERTAIN if k.holder(ACE) == a.named else 0.0
        if isinstance(a, ClaimInterpol):
            blood = k.held.get(a.named, set()) & BLOOD
            return CERTAIN if blood and self.suspicious(a.named) else 0.0
        if isinstance(a, ClaimManager):
            right = all(self._letter_at(lp) for lp in a.letters)
            return CERTAIN if right and {lp.letter for lp in a.letters} <= k.letters else 0.0
        return 0.0

    def _letter_at(self, lp: LetterPlace) -> bool:
        place = self.know.place(lp.letter, self.deck)
        return place is not None and place == (lp.seat if lp.seat is not None else lp.pile)


def _cheapest(me: _Situation, options: Sequence[Action]) -> Action | None:
    """The variant that spends the card this seat values least (francs, ``card=None``, last)."""

    def cost(a: Action) -> float:
        card = getattr(a, "card", None)
        return me.value(card) if card is not None else 10.0

    return min(options, key=cost, default=None)


def _one(legal: Sequence[Action], kind: type[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, kind)), None)
