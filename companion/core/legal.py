"""A game's legal moves as named families (draw, bribe, claim…), each listed lazily.

A face offers the families first and asks for the arguments next; random play
draws a family before listing it; so no caller needs every possible action at
once. A game says which families the moment has and how each lists its
actions; :class:`Families` answers the three questions a
:class:`~companion.core.game.GameSpec` asks of it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.core.actions import Action
from companion.core.types import CardId, Seat
from companion.core.worlds import named_cards

S = TypeVar("S")
Family = Callable[[S, Seat], Iterator[Action]]
"""One family: every action of its kind ``seat`` may take in the state, lazily."""
Moot = Callable[[CardId], bool]
"""Whether the caller has no use for any action naming this card. Asked as the listing
goes, just before a card's actions are built: an answer may turn from no to yes as the
caller reads on (never back), so it is not asked ahead of time."""


def _none_moot(card: CardId) -> bool:
    return False


@dataclass(frozen=True)
class Sparing(Generic[S]):
    """A family that leaves out the actions naming a card ``moot`` says no one needs,
    without building them or asking the rules of them: where a family tries each card of
    the tablet's hand (every card not face up), most of that work would be thrown away.
    Called as a plain :data:`Family`, it lists every action."""

    lists: Callable[[S, Seat, Moot], Iterator[Action]]

    def __call__(self, state: S, seat: Seat) -> Iterator[Action]:
        return self.lists(state, seat, _none_moot)


@dataclass(frozen=True)
class Families(Generic[S]):
    """``of(state, seat)``: the families of this moment for ``seat`` (none if it may not act)."""

    of: Callable[[S, Seat], Mapping[str, Family[S]]]

    def open(self, state: S, seat: Seat) -> tuple[str, ...]:
        """The families with at least one action now."""
        return tuple(n for n, make in self.of(state, seat).items() if next(make(state, seat), None))

    def kinds(self, state: S, seat: Seat) -> tuple[str, ...]:
        """Every family of the moment, open or not — none of them listed."""
        return tuple(self.of(state, seat))

    def actions(self, state: S, seat: Seat, family: str | None = None) -> list[Action]:
        """Every action ``seat`` may take now, or only those of one ``family``."""
        makers = self.of(state, seat)
        chosen = makers.values() if family is None else [makers[family]] if family in makers else []
        return [a for make in chosen for a in make(state, seat)]

    def menu(
        self,
        masks: Sequence[S],
        seat: Seat,
        withheld: Collection[str],
        unseen: Collection[CardId],
    ) -> tuple[list[Action], list[str]]:
        """What the shared tablet may enter for ``seat``, and the families it leaves to the seat's
        phone, knowing no more than the table does.

        Each mask is the state with what the table cannot see replaced by what it could be
        (every card not face up in the hand, each identity not shown), so an action open in
        every mask is one the table knows the seat may take. One open in some masks only
        (a claim only its identity may make), one that names a card the table cannot see
        (one of the ``unseen``: a card of the hand), and every action of a ``withheld``
        family are left to the phone: the rules could refuse them for what only the seat
        knows, and a refusal on the tablet would tell the whole table.

        Such an action only marks its family, so once the family is marked a
        :class:`Sparing` one skips the actions naming an unseen card.
        """
        # Each action met, with its family and in how many masks in a row, from the first,
        # it is open: an action a family lists twice in one mask is still counted once.
        counted: dict[Action, tuple[str, int]] = {}
        phone: dict[str, None] = {}

        def shows(action: Action) -> bool:
            return not named_cards(action).isdisjoint(unseen)

        def listed(name: str, make: Family[S], masked: S) -> Iterator[Action]:
            if isinstance(make, Sparing):
                return make.lists(masked, seat, lambda card: name in phone and card in unseen)
            return make(masked, seat)

        for i, masked in enumerate(masks):
            for name, make in self.of(masked, seat).items():
                for action in listed(name, make, masked):
                    if name in withheld or shows(action):
                        phone[name] = None
                        if name in withheld:
                            break
                        continue
                    known = counted.get(action)
                    if known is None:
                        counted[action] = (name, 1 if i == 0 else 0)
                    elif known[1] == i:
                        counted[action] = (known[0], i + 1)
        found = []
        for action, (name, open_in) in counted.items():
            if open_in == len(masks):
                found.append(action)
            else:
                phone[name] = None
        return found, list(phone)
