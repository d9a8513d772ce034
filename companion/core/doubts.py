"""A player's word against the record, settled without telling anyone where a card is.

Where no reader sees a draw, the drawer tells the app which card it was; where a
hand was recorded wrong, its owner states it again (a hand audit). A word is
judged only by what its speaker can see: a card that lies where they can see it
(in their own hand, face up) is refused, as they know it cannot be theirs. Any
other card is taken, in exactly the same way wherever the record has it — the
deck, another hand, the letter set aside — or a refusal would tell the speaker
where a hidden card is, and they could ask again and again until they knew.

When the record has the card somewhere the speaker cannot see, the word and the
record disagree: one of them is wrong (a card tapped wrongly, now or before; or a
lie). Nobody can be told without learning something, so nothing moves. The
record gives the speaker a card from the deck in its place (a *stand-in*) and
keeps a :class:`Doubt`; the speaker sees and plays the table as its word has it,
every other seat as the record has it — the world the speaker's word makes is,
for the speaker, one it could not tell from the record's (the leak oracle's
worlds, :mod:`companion.core.worlds`), so what it sees there tells it nothing.

A doubt ends when the card is used or seen:

- the speaker plays the card it named: its word is taken — the card comes from
  where the record has it (another player, who is told privately that their
  record now gives them the stand-in and should check their hand; the deck; or
  out of play, where the stand-in goes instead: the cards on the table decide
  what is true, and the game-over view shows what a word moved);
- a rule shows the stand-in to anyone (a card drawn from the speaker's hand by
  another, a hand shown at elimination): the same, before it is shown;
- the card the speaker named comes into its sight where the record has it (played
  face up by its holder): the record was right, and the speaker is told that the
  record gives them the stand-in.

A card told face up (a card turned up for all to see) is a fact of the table:
the record takes it at once, and the holder whose record gave them that card is
told. The game-over view shows every doubt that was left.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol, TypeVar

from companion.core.actions import Action, SeatAction, TellDraw
from companion.core.audit import AuditHand, well_formed
from companion.core.copies import Alike
from companion.core.errors import AuditConflict, MalformedAction, RuleViolation
from companion.core.memo import per_state
from companion.core.outcome import Event, Outcome, Secret
from companion.core.players import Player
from companion.core.types import JSON, CardId, Seat
from companion.core.values import Frozen, evolve
from companion.core.worlds import Hidden, named_cards, relabel


class Doubt(Frozen):
    """``seat`` said it holds ``told``; the record has that card where ``seat`` cannot see,
    and gives it ``held`` — a card from the deck — in its place."""

    seat: Seat
    told: str
    """The card the seat named: its word, which no other world changes (so typed as text,
    not as a card the leak oracle's worlds would move)."""
    held: CardId


class Doubting(Protocol):
    """A game state with a deck, players with hands, its history, and the doubts it keeps."""

    @property
    def history(self) -> tuple[Event, ...]: ...

    @property
    def deck(self) -> tuple[CardId, ...]: ...

    @property
    def players(self) -> Sequence[Player]: ...

    @property
    def doubts(self) -> tuple[Doubt, ...]: ...


S = TypeVar("S", bound=Doubting)

SETTLING = frozenset({"record_mended", "word_not_taken"})
"""The secrets a settled doubt tells. They ride on whatever event settled it, of any kind,
and leave its kind's undo as it was: an undo refused because a doubt was settled would tell
the table that someone's word or record was wrong. A seat told keeps what it learnt."""
Rules = Callable[[Any, Action], Outcome[Any]]
Pair = tuple[CardId, CardId]
"""A card a word names, and the stand-in that takes its place in the record."""
Taken = tuple[CardId, CardId, CardId | None]
"""A word taken at once: the card named, the deck's card it replaces, and — where that card
could not take the named one's place unseen (a face-down probe's) — a card that looks like
the named one, from a hand, to take it instead: the deck's card goes to that hand."""
Hiding = Callable[[Any, Seat], Hidden]


@per_state
def word_of(state: S, seat: Seat) -> S:
    """The table as ``seat``'s word has it: each card it named where the record put its
    stand-in, and the stand-in where the record has the card. What ``seat`` sees and may do
    is computed here; for a seat with no doubt it is the record itself."""
    for d in state.doubts:
        if d.seat == seat:
            state = _swapped(state, CardId(d.told), d.held)
    return state


def told(rules: Rules, hiding: Hiding, copies: Alike, state: S, action: TellDraw) -> Outcome[S]:
    """A told card: the copy the deck holds, or — where the record has every copy elsewhere —
    one the teller cannot see, taken as the deck's (a doubt, or at once if told face up)."""
    word = word_of(state, action.seat)
    if word.deck and _refused_now(rules, word, replace(action, card=word.deck[0])):
        return _in_word(rules, state, action, [], [])
    kept: list[Pair] = []
    taken: list[Taken] = []
    if _copy(action.card, word.deck, copies) is None and word.deck:
        hidden = hiding(word, action.seat)
        named = _copy(action.card, hidden.out_of_sight(), copies)
        if named is not None:  # else every copy lies where the teller can see it: refused
            stand_in, alike = _stand_in(named, _free(state, word.deck, 1), hidden.cards)
            if alike and not action.face_up and not _stands_in(state, named):
                kept.append((named, stand_in))
            else:
                taken.append((named, stand_in, _go_between(word, named, alike, hidden.cards)))
    return _tidy(hiding, _in_word(rules, state, action, kept, taken))


def audited(rules: Rules, hiding: Hiding, copies: Alike, state: S, action: AuditHand) -> Outcome[S]:
    """A hand audit, taken on the auditor's word: each card it names comes from its hand,
    else the deck, else from where the record has it (a doubt); the deck gives the
    stand-ins. The audit itself (when it may be made, how a hand is mended) is the game's."""
    seat = action.seat
    if not 0 <= seat < len(state.players):
        return rules(state, action)
    word = word_of(state, seat)
    hand, deck = word.players[seat].hand, word.deck
    if len(action.cards) > len(hand) + len(deck):
        raise MalformedAction(field="cards", expected="no more than the hand and deck hold")
    if _refused_now(rules, word, replace(action, cards=hand)):
        return _in_word(rules, state, action, [], [])
    hidden = hiding(word, seat)
    unseen = hidden.out_of_sight()
    _possible(action.cards, hand, [*hand, *deck, *unseen], copies)
    takings, spare = _matched(action.cards, hand, deck, unseen, copies)
    spare = _free(state, spare, len(takings))
    kept: list[Pair] = []
    taken: list[Taken] = []
    moved = {*takings, *spare}  # a go-between is none of these: each is traded already
    for named in takings[: len(spare)]:
        stand_in, alike = _stand_in(named, spare, hidden.cards)
        if alike and not _stands_in(state, named):
            kept.append((named, stand_in))
        else:
            via = _go_between(word, named, alike, hidden.cards, moved)
            taken.append((named, stand_in, via))
            moved |= {via} if via is not None else set()
        spare.remove(stand_in)
    return _tidy(hiding, _in_word(rules, state, action, kept, taken))


def _refused_now(rules: Rules, word: S, plain: SeatAction) -> bool:
    """Whether the rules refuse ``plain`` — the seat's word naming nothing whose place could
    make the answer longer to find (a card the deck holds, the hand as the seat holds it) —
    so that the word is refused now whatever it names: for the moment, or the seat. Asked
    first, so that such a refusal takes the same work wherever the named cards lie; found
    after the stand-ins are sought, its time would tell a seat where another's card is.

    The rules are asked afresh, past any answer kept for the state: a kept answer to
    ``plain`` would make the word that is ``plain`` itself — a told draw naming the deck's
    first card — quicker to take, and so tell the seat the deck's order."""
    asked: Rules = getattr(rules, "__wrapped__", rules)
    try:
        asked(word, plain)
    except RuleViolation:
        return True
    return False


def _possible(
    stated: Sequence[CardId], hand: Sequence[CardId], places: Sequence[CardId], copies: Alike
) -> None:
    """Refuse at once, as :func:`companion.core.audit.mend` would, a stated hand that the
    seat's own sight rules out — a card named twice, one no hand can hold, a face with no
    copy left in its hand, the deck or out of its sight — before any stand-in is sought:
    how long that search takes would tell the seat where the other cards it named lie."""
    well_formed(stated, copies)
    free = set(places)
    for card in sorted(stated, key=lambda c: c not in hand):  # as mend matches them
        copy = _copy(card, free, copies)
        if copy is None:
            raise AuditConflict(card=card)
        free.discard(copy)


def settled(rules: Rules, hiding: Hiding, state: S, action: Action) -> Outcome[S]:
    """Any other action while doubts are kept: a disputed card used or shown ends its doubt
    first, and a doubt whose card came into its speaker's sight ends after.

    A seat with a doubt acts on the table as its word has it — as its phone lists what it
    may do — and its word is taken when its action names the card it told, or shows it
    from its hand. Another's action, or chance, is the record's, and takes the speaker's
    word before it shows the stand-in as the card in the speaker's hand — unless that action
    uses the very card the word named: the record was right, and the word is not taken (a
    grenade thrown by its holder that kills the speaker, who then hands the stand-in over)."""
    seat = action.seat if isinstance(action, SeatAction) else None
    own = [d for d in state.doubts if d.seat == seat]
    if own:

        def judged(base: S, act: Action) -> Outcome[S]:
            assert isinstance(act, SeatAction)
            return _in_word(rules, base, act, [], [])

        named = named_cards(action)
        used = [d for d in own if d.told in named]
        if not used:
            seen = rules(word_of(state, own[0].seat), action).events
            used = [d for d in own if _shown(seen, d.seat, d.told)]
        if used:
            return _tidy(hiding, _settle(judged, state, action, used, shown=False))
        return _tidy(hiding, judged(state, action))
    out = rules(state, action)
    acted = named_cards(action)  # the actor's own, by the record: this action bears it out
    shown = [
        d
        for d in state.doubts
        if _shown(out.events, d.seat, d.held) and CardId(d.told) not in acted
    ]
    if shown:
        out = _settle(rules, state, action, shown, shown=True)
    return _tidy(hiding, out)


def doubts_view(state: Doubting) -> list[JSON]:
    """Every doubt left, for the view at the game's end."""
    return [{"seat": d.seat, "told": d.told, "held": d.held} for d in state.doubts]


# --- the steps ----------------------------------------------------------------------------------


def _in_word(
    rules: Rules, state: S, action: SeatAction, kept: list[Pair], taken: list[Taken]
) -> Outcome[S]:
    """``action`` applied to the table as its seat's word has it, with ``kept`` and ``taken``
    — a card the word names, and its stand-in — traded first; then the record restored but
    for ``taken`` (a card told face up, or one whose stand-in cannot look like it: taken at
    once, and its holder told), and ``kept`` kept as doubts."""
    seat = action.seat
    own = [(CardId(d.told), d.held) for d in state.doubts if d.seat == seat]
    word = word_of(state, seat)
    holders: list[Secret] = []
    for named, stand_in, via in taken:
        if via is None:
            holders += told_holder(word, named, stand_in)
            word = _swapped(word, named, stand_in)
        else:
            holders += [*told_holder(word, named, via), *told_holder(word, via, stand_in)]
            word = relabel(word, {stand_in: named, named: via, via: stand_in})
    for named, stand_in in kept:
        word = _swapped(word, named, stand_in)
    out = rules(word, action)
    back = [*own, *kept]
    record = out.state
    for named, stand_in in reversed(back):
        record = _swapped(record, named, stand_in)
    hand = record.players[seat].hand
    doubts = [Doubt(seat, named, held) for named, held in back if held in hand]
    others = tuple(d for d in record.doubts if d.seat != seat)
    return _with_secrets(Outcome(evolve(record, doubts=(*others, *doubts)), out.events), holders)


def _settle(
    rules: Rules, state: S, action: Action, ending: list[Doubt], *, shown: bool
) -> Outcome[S]:
    """``ending`` doubts settled before ``action``: each word is taken — the card comes from
    where the record has it, and its stand-in goes there; a holder is told."""
    secrets: list[Secret] = []
    state = evolve(state, doubts=tuple(d for d in state.doubts if d not in ending))
    for d in ending:
        named = CardId(d.told)
        secrets += told_holder(state, named, d.held)
        state = _swapped(state, named, d.held)
        action = relabel(action, {d.held: named}) if shown else action
    out = rules(state, action)
    return _with_secrets(out, secrets)


def _tidy(hiding: Hiding, out: Outcome[S]) -> Outcome[S]:
    """Doubts that ended with ``out``: the stand-in left its hand (nothing is left to settle),
    or the card named came into its speaker's sight where the record has it (the record
    was right: it lies face up, or was handed to them)."""
    state = out.state
    if not state.doubts:
        return out
    kept, secrets = [], []
    for d in state.doubts:
        if d.held not in state.players[d.seat].hand:
            continue
        if CardId(d.told) not in hiding(state, d.seat).out_of_sight():
            secrets.append(_dropped(d))
            continue
        kept.append(d)
    if len(kept) == len(state.doubts):
        return out
    return _with_secrets(Outcome(evolve(state, doubts=tuple(kept)), out.events), secrets)


def _matched(
    stated: Sequence[CardId],
    hand: Sequence[CardId],
    deck: Sequence[CardId],
    hidden: frozenset[CardId],
    copies: Alike,
) -> tuple[list[CardId], list[CardId]]:
    """The named cards neither the hand nor the deck holds a copy of, as the copies the record
    has where the speaker cannot see (matched as :func:`companion.core.audit.mend` matches),
    and the cards that will end in the deck — the stand-ins come from these."""
    left, pool, taken = list(hand), list(deck), list[CardId]()
    for card in sorted(stated, key=lambda c: c not in hand):
        for place in (left, pool):
            own = _copy(card, place, copies)
            if own is not None:
                place.remove(own)
                break
        else:
            named = _copy(card, hidden - set(deck) - set(taken), copies)
            if named is not None:
                taken.append(named)
    return taken, sorted([*left, *pool])


def told_holder(state: Doubting, card: CardId, stand_in: CardId) -> list[Secret]:
    """The player whose record gave them ``card`` is told it now gives them ``stand_in`` (a
    word, or a card turned face up, put the record right)."""
    for seat, player in enumerate(state.players):
        if card in player.hand:
            args: dict[str, JSON] = {"lost": card, "got": stand_in}
            return [Secret(Seat(seat), "record_mended", args)]  # one of SETTLING
    return []


def _dropped(d: Doubt) -> Secret:
    return Secret(d.seat, "word_not_taken", {"told": d.told, "held": d.held})  # SETTLING


def _with_secrets(out: Outcome[S], secrets: Iterable[Secret]) -> Outcome[S]:
    """``out`` with ``secrets`` told along with its first event — in the history too, the
    only place a seat's secrets are kept."""
    more = tuple(secrets)
    events = out.events
    if not more or not events:
        return out
    first = evolve(events[0], secrets=(*events[0].secrets, *more))
    told = (first, *events[1:])
    history: tuple[Event, ...] = out.state.history
    return Outcome(evolve(out.state, history=(*history[: -len(events)], *told)), told)


def _shown(events: Iterable[Event], seat: Seat, card: str) -> bool:
    """Whether ``events`` show ``card`` as a card in ``seat``'s hand: told to another seat (a
    card drawn from that hand), or to the table in an event of the seat's own (its hand
    shown). A card a claim or a play of another merely names is not shown."""
    return any(
        (e.args.get("seat") == seat and _mentions(e.args, card))
        or any(s.seat != seat and _mentions(s.args, card) for s in e.secrets)
        for e in events
    )


def _mentions(value: object, card: str) -> bool:
    if isinstance(value, str):
        return value == card
    if isinstance(value, Mapping):
        return any(_mentions(v, card) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_mentions(v, card) for v in value)
    return False


def _swapped(state: S, a: CardId, b: CardId) -> S:
    return relabel(state, {a: b, b: a})


def _copy(card: CardId, pool: Iterable[CardId], copies: Alike) -> CardId | None:
    """A copy of ``card``'s face that ``pool`` holds; only a card a hand can hold has one."""
    held = set(pool)
    return next((c for c in copies.get(card, ()) if c in held), None)


def _go_between(
    state: Doubting,
    named: CardId,
    alike: bool,
    groups: Sequence[frozenset[CardId]],
    moved: Collection[CardId] = (),
) -> CardId | None:
    """For a word taken at once whose stand-in does not look like the card named: a card in
    another player's hand that does (a hand shows no look), to take the named card's place,
    so no face-down card anywhere changes what it is seen to be; ``None`` if none is needed
    or none can be found. None of ``moved`` — the cards a word naming several trades
    already: a go-between taken twice would carry one named card off to where another was
    (and which card that is hangs on how the look-alike copies are numbered, which a
    hand's owner cannot see)."""
    if alike:
        return None
    mine = [g for g in groups if named in g]
    fits = frozenset.intersection(*mine) if mine else frozenset()
    held = {c for p in state.players for c in p.hand}
    busy = {CardId(d.told) for d in state.doubts} | {d.held for d in state.doubts} | set(moved)
    found = sorted(c for c in fits if c != named and c in held and c not in busy)
    return found[0] if found else None


def _stands_in(state: Doubting, card: CardId) -> bool:
    """Whether ``card`` is where the record has it only as another word's stand-in: a word
    naming it is taken at once, for a doubt kept on a doubt could never be settled."""
    return any(d.held == card for d in state.doubts)


def _free(state: Doubting, pool: Sequence[CardId], needed: int) -> list[CardId]:
    """The cards of ``pool`` no doubt names (as its word or its stand-in), and as many of
    the others as ``needed`` asks beyond them: a stand-in that another doubt names would tie
    two doubts together, and settling one would move a card the other still stands for.
    Never fewer than ``needed``: which cards another's doubt names, and whether they lie in
    the deck, is no part of what the speaker may know, so it may not turn a word away."""
    named = {CardId(d.told) for d in state.doubts} | {d.held for d in state.doubts}
    free = [c for c in pool if c not in named]
    tied = [c for c in pool if c in named]
    return free + tied[: max(0, needed - len(free))] if free else list(pool)


def _stand_in(
    card: CardId, pool: Sequence[CardId], groups: Sequence[frozenset[CardId]]
) -> tuple[CardId, bool]:
    """The card of ``pool`` to take ``card``'s place, and whether it looks like it from every
    chair that cannot see either (it is of each hidden group ``card`` is in, so that a
    face-down probe's stand-in is a probe); first in order. A word kept in doubt needs one
    that does: a stand-in that looks otherwise would show where the card named lies."""
    mine = [g for g in groups if card in g]
    alike = frozenset.intersection(*mine) if mine else frozenset()
    for fits, same in ((alike, True), (frozenset().union(*mine), False)):
        found = sorted(c for c in pool if c in fits)
        if found:
            return found[0], same
    return min(pool), False
