"""The Alliance letter set aside at a deal no reader saw (digest §2 step 6, §7.1).

The letter set aside must stay unseen by everyone, and the app needs it to judge
an Agent's claim. At a table whose deal is told on the phones nobody can tell the
app which letter it is without seeing it, so the app keeps a guess
(``State.letter_known`` is ``False``) and never judges by it:

- A guess is only a name for a card nobody has seen. While it is one, a card a
  player says they drew or hold that the guess put aside is simply in the deck:
  the guess trades places with a letter the record still has in the deck, which
  nobody has seen either (:func:`follow`); the last card of the deck is told like
  any other, not taken from the record — whatever it is, or whether the table is
  asked would say whether it is a letter.
- From the second night the app knows it (:func:`learnt`): the deck has run out
  once, so every letter in play but the one set aside has been drawn — and told,
  so the guess has followed them. The moment is public: knowing it sooner, from
  the letters drawn, would tell every seat that someone drew the last of them. So
  the Intelligence Manager's claim (night 2 on) always finds it known.
- An Agent who claims before then turns the set-aside letter face up for
  everyone, and the claim names it (``ClaimAgent.aside``): the table gives up
  that a failed claim shows everyone the alliance (:func:`turned_up`).
"""

from __future__ import annotations

from companion.core.actions import Action, TellDraw
from companion.core.audit import AuditHand
from companion.core.doubts import told_holder
from companion.core.errors import MalformedAction
from companion.core.outcome import Event
from companion.core.types import CardId, Seat
from companion.core.values import evolve
from companion.core.worlds import named_cards, relabel
from companion.games.microfilms import cards
from companion.games.microfilms.cards import Kind
from companion.games.microfilms.claims import SECOND_NIGHT
from companion.games.microfilms.state import State


def aside(state: State) -> CardId | None:
    """The letter the record has set aside (known or guessed): the one of the nation whose
    Agent stands alone."""
    return None if state.lone is None else cards.letter(state.lone)


def guessed(state: State, card: CardId) -> bool:
    """Whether ``card`` is where the record has it only by the app's guess: a letter in play
    that the record still has set aside while the letter set aside is unknown.

    Once a word has taken it from there (a seat said it drew it when the deck held no other
    letter in play: the stand-in went aside instead), the letter is in a hand like any
    card, and trading it for a letter in the deck would change that hand behind its
    holder's back — by whether the deck still holds a letter, which the holder cannot see.
    """
    return not state.letter_known and _in_play_letter(state, card) and card in state.removed


def follow(state: State, action: Action) -> State:
    """The record before a player's word (a card drawn, a hand stated): a guessed letter the
    word names traded for a letter still in the deck that it does not name, as the card
    named was not the one set aside after all."""
    guess = aside(state)
    if not isinstance(action, TellDraw | AuditHand) or guess is None or not guessed(state, guess):
        return state
    named = named_cards(action)
    if guess not in named:
        return state
    spare = next((c for c in state.deck if _in_play_letter(state, c) and c not in named), None)
    return state if spare is None else _aside_is(state, guess, spare)


def learnt(state: State) -> State:
    """The record knowing its letter from the second night on (a public moment)."""
    if state.letter_known or state.night < SECOND_NIGHT:
        return state
    return evolve(state, letter_known=True)


def turned_up(state: State, seat: Seat, letter: CardId) -> tuple[State, list[Event]]:
    """``seat`` turned the letter set aside face up, and it is ``letter``: the record takes it,
    wherever it had it (a holder whose record gave them that letter is told).

    Any letter the seat does not see elsewhere is taken, even that of the nation whose Agent
    is out of the game: which nation that is, no seat may know, so refusing it would tell the
    claimant. The whole table sees the letter face up; a claim that names one the box holds
    is judged by it, and fails (no Microfilm of that nation is in play)."""
    guess, known = aside(state), cards.CARDS.get(letter)
    if state.letter_known or guess is None or known is None or known.kind is not Kind.LETTER:
        raise MalformedAction(field="aside", expected="the letter set aside, when unknown")
    if letter in (*state.discard, *state.player(seat).hand):  # where the claimant sees it
        raise MalformedAction(field="aside", expected="a letter not in sight elsewhere")
    secrets = tuple(told_holder(state, letter, guess))
    state = evolve(_aside_is(state, guess, letter), letter_known=True)
    return state, [Event("letter_turned_up", {"seat": seat, "letter": letter}, secrets=secrets)]


def candidates(state: State, seat: Seat) -> tuple[CardId | None, ...]:
    """What an Agent's claim may say the letter set aside is, as ``seat`` can know: ``None``
    where the app knows it, else every letter that ``seat`` does not see elsewhere — the
    nation out of the game's too, as the seat cannot know which that is (§2 step 3)."""
    if state.letter_known:
        return (None,)
    seen = {*state.discard, *state.player(seat).hand}
    letters = {cards.letter(n) for n in cards.Nation}
    return tuple(sorted(c for c in letters if c not in seen))


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
