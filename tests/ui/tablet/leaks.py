"""What nobody at the table may see, as the words the tablet would use."""

from __future__ import annotations

from collections import defaultdict

from companion.games.microfilms import cards
from companion.games.microfilms.state import State
from companion.i18n import render


def hidden_from_everyone(state: State) -> set[str]:
    """Cards whose place is hidden from the table: hands, unrevealed identities, deck, removed."""
    return {
        *state.deck,
        *state.removed,
        *(c for p in state.players for c in p.hand),
        *(p.identity for p in state.players if p.identity and not p.revealed),
    }


def hidden_names(state: State, lang: str, names: list[str]) -> set[str]:
    """Card names that can only mean a hidden card: every card that bears the name is hidden.

    Two copies of a card read alike; a name one face-up copy explains is no leak.
    """
    by_name: dict[str, set[str]] = defaultdict(set)
    for c in cards.ALL:
        by_name[render(lang, "card", c.id, names)].add(c.id)
    hidden = hidden_from_everyone(state)
    return {name for name, ids in by_name.items() if ids <= hidden}


def assert_nothing_hidden_in(shown: list[str], state: State, lang: str, names: list[str]) -> None:
    """No text names a card whose place the table may not know.

    Names of cards the table can see are taken out first, so that a visible
    "Steal/Blackmail (blood)" does not hide a leaked "Steal/Blackmail" or pass
    for one.
    """
    hidden = hidden_names(state, lang, names)
    visible = sorted(
        {render(lang, "card", c.id, names) for c in cards.ALL} - hidden, key=len, reverse=True
    )
    for line in shown:
        rest = line
        for name in visible:
            rest = rest.replace(name, "")
        leaked = [name for name in hidden if name in rest]
        assert not leaked, f"{leaked} shown on the tablet: {line!r}"
