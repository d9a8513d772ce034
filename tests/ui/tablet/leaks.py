"""What nobody at the table may see, as the words the tablet would use."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from companion.games.darkfireline.state import State as DarkFireLine
from companion.games.microfilms.state import State as Microfilms
from companion.games.themessage.cards import Method
from companion.games.themessage.state import State as TheMessage
from companion.i18n import Voice, catalog


def hidden_from_everyone(state: Any) -> set[str]:
    """Cards whose place is hidden from the whole table now."""
    hands = {c for p in state.players for c in p.hand}
    unrevealed: set[str] = set()
    if isinstance(state, Microfilms):
        unrevealed = {p.identity for p in state.players if p.identity and not p.revealed}
        return {*state.deck, *state.removed, *hands, *unrevealed}
    assert isinstance(state, TheMessage | DarkFireLine)
    # Identity cards of one camp share an id: one shown (a death) explains the name.
    shown = {p.identity for p in state.players if p.identity and not p.alive}
    unrevealed = {p.identity for p in state.players if p.identity and p.alive} - shown
    if isinstance(state, DarkFireLine):  # its discards lie face up, warrants used too (§5.14)
        return {*state.deck, *hands, *unrevealed}
    transit = state.transit
    face_down = {transit.card} if transit and transit.method is not Method.TEXT else set()
    discards = set() if state.options.discard_face_up else set(state.discard)
    return {*state.deck, *state.removed, *hands, *unrevealed, *face_down, *discards}


def hidden_names(state: Any, lang: str, names: list[str]) -> set[str]:
    """Card names that can only mean a hidden card: every card that bears the name is hidden.

    Two copies of a card read alike; a name one face-up copy explains is no leak.
    """
    voice = Voice.of(lang, names=names)
    by_name: dict[str, set[str]] = defaultdict(set)
    for key in catalog(lang):
        if key.startswith("card."):
            by_name[voice.render("card", key[5:])].add(key[5:])
    hidden = hidden_from_everyone(state)
    in_play = _in_play(state)
    return {name for name, ids in by_name.items() if ids & in_play and ids & in_play <= hidden}


def _in_play(state: Any) -> set[str]:
    """Every card of this game's box (the catalogs name both games' cards)."""
    cards = {*state.deck, *state.removed, *state.discard}
    for p in state.players:
        cards |= {*p.hand, *([p.identity] if p.identity else [])}
        cards |= set(getattr(p, "intel", ()))
    transit = getattr(state, "transit", None)
    if transit is not None:
        cards.add(transit.card)
    cards |= {play.card for play in getattr(state, "stack", ())}
    return cards


def assert_nothing_hidden_in(shown: list[str], state: Any, lang: str, names: list[str]) -> None:
    """No text names a card whose place the table may not know.

    Names of cards the table can see are taken out first, so that a visible
    "Steal/Blackmail (blood)" does not hide a leaked "Steal/Blackmail" or pass
    for one.
    """
    hidden = hidden_names(state, lang, names)
    voice = Voice.of(lang, names=names)
    every = {voice.render("card", k[5:]) for k in catalog(lang) if k.startswith("card.")}
    visible = sorted(every - hidden, key=len, reverse=True)
    for line in shown:
        rest = line
        for name in visible:
            rest = rest.replace(name, "")
        leaked = [name for name in hidden if name in rest]
        assert not leaked, f"{leaked} shown on the tablet: {line!r}"
