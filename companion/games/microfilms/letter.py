"""The Alliance letter set aside at a deal no reader saw (digest §2 step 6, §7.1).

The letter set aside must stay unseen by everyone, and the app needs it to judge
an Agent's claim. At a table whose deal is told on the phones nobody can tell the
app which letter it is without seeing it, so the app keeps a guess
(``State.letter_known`` is ``False``) and never judges by it:

- A guess is only a name for a card nobody has seen. While it is one, a card a
  player names that the guess put aside — a letter they drew — is simply in the
  deck: the guess trades places with a letter the record still has in the deck,
  which nobody has seen either (:func:`follow`).
- Once every other letter in play has been seen out of the deck, the one left
  is the letter set aside: the app knows it (:func:`learnt`). The deck runs out
  before the second night, so the Intelligence Manager's claim always finds it
  known.
- An Agent who claims before then turns the set-aside letter face up for
  everyone, and the claim names it (``ClaimAgent.aside``): the table gives up
  that a failed claim shows everyone the alliance (:func:`turned_up`).
"""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.doubts import told_holder
from companion.core.errors import MalformedAction
from companion.core.outcome import Event
from companion.core.types import CardId, Seat
from companion.core.values import evolve
from companion.core.worlds import named_cards, relabel
from companion.games.microfilms import cards
from companion.games.microfilms.cards import Kind
from companion.games.microfilms.state import State


def aside(state: State) -> CardId | None:
    """The letter the record has set aside (known or guessed)."""
    return next((c for c in state.removed if _in_play_letter(state, c)), None)


def follow(state: State, action: Action) -> State:
    """The record before ``action``: a guessed letter that ``action`` names traded for a
    letter still in the deck, as the card named was not the one set aside after all."""
    guess = aside(state)
    if state.letter_known or guess is None or guess not in named_cards(action):
        return state
    spare = next((c for c in state.deck if _in_play_letter(state, c)), None)
    if spare is None:
        return state
    return _aside_is(state, guess, spare)


def learnt(state: State) -> State:
    """The record knowing its letter once no other letter in play is still unseen in the deck."""
    if state.letter_known or any(_in_play_letter(state, c) for c in state.deck):
        return state
    return evolve(state, letter_known=True)


def turned_up(state: State, seat: Seat, letter: CardId) -> tuple[State, list[Event]]:
    """``seat`` turned the letter set aside face up, and it is ``letter``: the record takes it,
    wherever it had it (a holder whose record gave them that letter is told)."""
    guess = aside(state)
    if state.letter_known or guess is None or not _in_play_letter(state, letter):
        raise MalformedAction(field="aside", expected="the letter set aside, when unknown")
    if letter in state.discard:
        raise MalformedAction(field="aside", expected="a letter not face up on the pile")
    secrets = tuple(told_holder(state, letter, guess))
    state = evolve(_aside_is(state, guess, letter), letter_known=True)
    return state, [Event("letter_turned_up", {"seat": seat, "letter": letter}, secrets=secrets)]


def candidates(state: State, seat: Seat) -> tuple[CardId | None, ...]:
    """What an Agent's claim may say the letter set aside is, as ``seat`` can know: ``None``
    where the app knows it, else every letter in play that ``seat`` does not see elsewhere."""
    if state.letter_known:
        return (None,)
    seen = {*state.discard, *state.player(seat).hand}
    letters = {cards.letter(n) for n in cards.Nation}
    return tuple(sorted(c for c in letters if _in_play_letter(state, c) and c not in seen))


def _aside_is(state: State, guess: CardId, letter: CardId) -> State:
    if letter == guess:
        return state
    state = relabel(state, {guess: letter, letter: guess})
    return evolve(state, lone=cards.CARDS[letter].nation)


def _in_play_letter(state: State, card: CardId) -> bool:
    known = cards.CARDS.get(card)
    if known is None or known.kind is not Kind.LETTER:
        return False
    agents = {cards.CARDS[p.identity].nation for p in state.players if p.identity is not None}
    return known.nation in agents
