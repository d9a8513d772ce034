"""A deal the players make with the real cards and tell the app, each on their own phone.

At a table with no reader for every seat, the app cannot see the deal, and
having it deal instead means someone who does not play must lay the real cards
out to match it — seeing them all. So the players deal the real cards as the
rulebook says, nobody looking at more than their own, and each seat tells the
app what it was dealt (:class:`TellDealt`, again to put it right, as often as it
likes until every seat has told). The words go into the same record a reader deal
fills (:class:`~companion.core.taps.DealTaps`); what no player may see and no
reader read — Microfilms' letter set aside — is read off a reader at the centre
where the table has one (:class:`LaidAside`), else drawn by the app as a guess the
game marks as one. Once every seat has told, chance makes the deal from the words.

A word is judged alone, by what its speaker can see: it must be a part of the
deal that this game gives one seat. Words that cannot all be true together — two
seats naming the one copy there is, a mix of identities the box cannot make —
are never refused to a seat, for the refusal would tell it what another seat
holds. The table is told, all alike, that the words do not add up (:class:`Redeal`):
every seat's word is dropped, and the cards are gathered, shuffled and dealt
again, so that what anyone learnt of the old deal is worth nothing. The words are judged
together once only: when the last seat has told. A table that then waits for the letter
on its centre reader takes no word again, for each word told then would be judged against
the others anew, and one that made no clash would tell its seat, for free, that nobody
else holds those cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from companion.core.actions import Action, ChanceAction, SeatAction
from companion.core.copies import Alike
from companion.core.errors import BadChance, MalformedAction, RuleViolation, WrongMoment
from companion.core.outcome import Event, Outcome, Secret
from companion.core.phases import Dealing
from companion.core.taps import DealTaps, Nothing, Place, Station
from companion.core.types import CardId, Seat
from companion.core.values import evolve


class TellDealt(SeatAction, act="tell_dealt"):
    """A seat says, privately, which real cards it was dealt: its whole part of the deal."""

    cards: tuple[CardId, ...]


class LaidAside(ChanceAction, act="laid_aside"):
    """A reader read the card no player may see (Microfilms' letter set aside, laid face
    down on the centre reader): the app need not guess it."""

    card: CardId


class Redeal(ChanceAction, act="redeal"):
    """The words told cannot all be true: every word is dropped and the table deals again."""


class DealWord(RuleViolation):
    """What a seat told is not a part of this deal any seat could be dealt."""

    code = "deal_word"


def words(state: Any) -> tuple[tuple[CardId, ...], ...]:
    """Every seat's word so far, ``()`` for a seat still to tell (nothing outside a deal)."""
    phase = state.phase
    if not isinstance(phase, Dealing):
        return ()
    n = len(state.players)
    return phase.words or ((),) * n


def parts(taps: DealTaps, deal: Action) -> tuple[dict[Seat, list[CardId]], CardId | None]:
    """Each seat's part of a real ``deal`` — what each player says it was dealt — and the
    card laid aside at the centre, if any: how a table with real cards tells its deal
    (a demo's bots, a test's players)."""
    told: dict[Seat, list[CardId]] = {}
    aside = None
    for role, card in taps.laid(deal):
        if role.place is Place.SEAT and role.seat is not None:
            told.setdefault(role.seat, []).append(card)
        elif role.place is Place.CENTRE:
            aside = card
    return told, aside


def waiting(state: Any) -> tuple[Seat, ...]:
    """The seats still to tell what they were dealt, while the deal waits for words."""
    return tuple(Seat(i) for i, word in enumerate(words(state)) if not word)


def tell(taps: DealTaps | None, copies: Alike, state: Any, action: TellDealt) -> Outcome[Any]:
    """Keep ``action``'s word, in place of any the seat told before: a face named twice is
    two of its copies.

    :raises WrongMoment: the game is not waiting for its deal, or is dealt by the app, or
        every seat has told (the words were judged together: see the module).
    :raises MalformedAction: the seat is not one of the table.
    :raises DealWord: the cards are not one seat's part of this game's deal.
    """
    told = list(words(state))
    if taps is None or not taps.waits(state) or (told and all(told)):
        raise WrongMoment(act=action.act)
    seat, n = action.seat, len(state.players)
    if not 0 <= seat < n:
        raise MalformedAction(field="seat", expected="a seat of this table")
    word = _distinct([action.cards], copies)
    if word is None or _part(taps, state, seat, word[0]) is None:
        raise DealWord(count=taps.size)
    told[seat] = word[0]
    secret = Secret(seat, "deal_told", {"cards": list(word[0])})
    event = Event("deal_told", {"seat": seat}, secrets=(secret,))
    return _with(state, evolve(state.phase, words=tuple(told)), event)


def laid_aside(taps: DealTaps | None, state: Any, action: LaidAside) -> Outcome[Any]:
    """Keep the card read where no player may look; the event names no card.

    :raises WrongMoment: the game is not waiting for its deal.
    :raises BadChance: the card has no place there in this game's deal.
    """
    if taps is None or not taps.waits(state):
        raise WrongMoment(act=action.act)
    if isinstance(taps.see(state, taps.start(state), CENTRE, action.card), Nothing):
        raise BadChance(what="laid_aside", detail="no card of the deal is laid there")
    phase = evolve(state.phase, aside=action.card)
    return _with(state, phase, Event("deal_aside_read", {}))


def redeal(taps: DealTaps | None, state: Any, action: Redeal) -> Outcome[Any]:
    """Drop every word: the table gathers the cards and deals again."""
    if taps is None or not taps.waits(state):
        raise WrongMoment(act=action.act)
    return _with(state, Dealing(), Event("deal_clash", {}))  # the letter is gathered too


def from_words(
    taps: DealTaps,
    copies: Alike,
    rules: Callable[[Any, Action], Outcome[Any]],
    state: Any,
    rng: Any,
    *,
    guess: bool,
) -> Action | None:
    """The deal the words make, once every seat has told — or :class:`Redeal` when they
    cannot all be true; ``None`` while a seat is still to tell, or while a card to be read
    off the centre reader is not (where the app does not ``guess`` it)."""
    told = words(state)
    if not told or not all(told):
        return None
    cards = _distinct(told, copies)
    if cards is None:
        return Redeal()
    seen = _read_parts(taps, state, enumerate(cards))
    if seen is None:
        return Redeal()
    aside = state.phase.aside
    if aside is not None:
        seen = taps.see(state, seen, CENTRE, aside)
    elif not guess and taps.missing(seen):
        return None
    if taps.unseen is not None:
        seen = taps.unseen(state, seen, rng)
    if isinstance(seen, Nothing) or taps.missing(seen):
        return Redeal()
    deal = taps.deal(state, seen, rng)
    try:
        rules(state, deal)
    except RuleViolation:
        return Redeal()
    return deal


def still_to_read(taps: DealTaps, copies: Alike, state: Any) -> list[tuple[str, dict[str, Any]]]:
    """Once every seat has told: what a reader must still read (the letter set aside). The
    words are read together, as :func:`from_words` reads them — two seats that named one
    face hold two of its copies — so no seat is said to owe a card another told alike."""
    if waiting(state) or state.phase.aside is not None:
        return []
    cards = _distinct(words(state), copies)
    seen = None if cards is None else _read_parts(taps, state, enumerate(cards))
    return [] if seen is None else taps.missing(seen)


CENTRE = Station(Place.CENTRE)


def _part(taps: DealTaps, state: Any, seat: Seat, cards: Sequence[CardId]) -> Any:
    """The record of ``cards`` alone as ``seat``'s part of the deal, or ``None`` if they are
    not one: the wrong number, a card twice, a card this deal gives no seat, a part short."""
    if len(cards) != taps.size or len(set(cards)) != len(cards):
        return None
    seen = _read_parts(taps, state, [(seat, cards)])
    return None if seen is None or taps.owes(seen, seat) else seen


def _read_parts(taps: DealTaps, state: Any, parts: Iterable[tuple[int, Sequence[CardId]]]) -> Any:
    """The deal's record with each seat's cards taken in, as a reader would lay them; ``None``
    if a card has no place in it."""
    seen = taps.start(state)
    for seat, cards in parts:
        for card in cards:
            seen = taps.see(state, seen, Station(Place.SEAT, Seat(seat)), card)
            if isinstance(seen, Nothing):
                return None
    return seen


def _distinct(
    told: Sequence[tuple[CardId, ...]], copies: Alike
) -> tuple[tuple[CardId, ...], ...] | None:
    """The words with each card a copy of its face no other word took — a person names a
    face, not a copy — or ``None`` if more copies of a face were told than the box holds."""
    used: set[CardId] = set()
    out: list[tuple[CardId, ...]] = []
    for word in told:
        mine: list[CardId] = []
        for card in word:
            free = next((c for c in copies.get(card, (card,)) if c not in used), None)
            if free is None:
                return None
            used.add(free)
            mine.append(free)
        out.append(tuple(mine))
    return tuple(out)


def _with(state: Any, phase: Dealing, event: Event) -> Outcome[Any]:
    return Outcome(evolve(state, phase=phase, history=(*state.history, event)), (event,))
