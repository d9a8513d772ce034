"""A 暗火线 table for rule tests: an exact deal, every draw stated, actions one by one.

Hands and draws may be given by kind: each kind's copies are numbered in the order they
are first named (``SINGLE-1``, ``SINGLE-2``…), so a test says what a player holds without
counting copies.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.actions import Action, Discard, Pick
from companion.core.dealing.deal import Deal
from companion.core.errors import RuleViolation
from companion.core.outcome import Event
from companion.core.rules import over
from companion.core.types import CardId, Seat
from companion.games.darkfireline.cards import IDENTITY, Kind, Role, kind_of
from companion.games.darkfireline.options import Options
from companion.games.darkfireline.rules import apply, pending
from companion.games.darkfireline.setup import setup as new_table
from companion.games.darkfireline.state import Rescuing, State

Card = Kind | CardId

FOUR = (Role.SWAT, Role.CITIZEN, Role.TERRORIST, Role.TERRORIST)
"""The default mix at four (§2, INFERRED): seats 0 SWAT, 1 citizen, 2 and 3 terrorists."""


class Table:
    def __init__(
        self,
        hands: Sequence[Sequence[Card]],
        *,
        roles: Sequence[Role] = FOUR,
        first: int = 0,
        options: Options | None = None,
    ) -> None:
        self.state: State = new_table([f"P{i}" for i in range(len(hands))], options or Options())
        self.events: list[Event] = []
        self._used: set[CardId] = set()
        dealt = tuple(tuple(self._card(c) for c in hand) for hand in hands)
        self.do(Deal(first=Seat(first), identities=tuple(IDENTITY[r] for r in roles), hands=dealt))

    def _card(self, card: Card, pool: Sequence[CardId] | None = None) -> CardId:
        if not isinstance(card, Kind):
            self._used.add(card)
            return card
        for n in range(1, 100):
            chosen = CardId(f"{card.name}-{n}")
            if chosen not in self._used and (pool is None or chosen in pool):
                self._used.add(chosen)
                return chosen
        raise AssertionError(f"no {card.name} left")

    def do(self, *actions: Action) -> None:
        for action in actions:
            outcome = apply(self.state, action)
            self.state = outcome.state
            self.events.extend(outcome.events)

    def draw(self, *cards: Card) -> None:
        """The cards the draws give, each a copy still in the deck."""
        for c in cards:
            self.do(Pick(card=self._card(c, self.state.deck)))

    def draw_idle(self, count: int = 2) -> None:
        """Draws of cards that change nothing: serums while the deck has them."""
        for _ in range(count):
            deck = self.state.deck
            self.do(Pick(card=next((c for c in deck if kind_of(c) is Kind.SERUM), deck[0])))

    def refused(self, action: Action) -> str:
        """The code of the refusal; the state must be exactly what it was."""
        before = self.state
        try:
            apply(self.state, action)
        except RuleViolation as refusal:
            assert self.state is before
            return refusal.code
        raise AssertionError(f"{action} was accepted")

    def held(self, seat: int, kind: Kind) -> CardId:
        """A card of ``kind`` in the seat's hand."""
        return next(c for c in self.state.player(Seat(seat)).hand if kind_of(c) is kind)

    def health(self) -> list[int]:
        return [p.health for p in self.state.players]

    def rescue(self) -> Rescuing:
        phase = self.state.phase
        assert isinstance(phase, Rescuing), phase
        return phase

    def waits_for(self) -> str:
        return pending(self.state)[0].kind if pending(self.state) else "nothing"

    def discard_down(self, seat: int, keep: CardId | None = None) -> None:
        while self.state.active == seat and self.waits_for() == "discard":
            hand = self.state.player(Seat(seat)).hand
            self.do(Discard(seat=Seat(seat), card=next(c for c in reversed(hand) if c != keep)))

    def kinds(self, *kinds: str) -> list[Event]:
        return [e for e in self.events if e.kind in kinds]

    @property
    def over(self) -> bool:
        return over(self.state) is not None
