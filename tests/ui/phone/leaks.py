"""What a seat may not see now, as the names its phone would show."""

from __future__ import annotations

import json
from typing import Any

from companion.games import GAMES
from companion.games.microfilms import cards
from companion.games.microfilms.state import State
from companion.i18n import Voice

UNIQUE = [c.id for c in cards.ALL if c.kind is not cards.Kind.ACTION]
"""Cards whose name names exactly one card: a name in a text is that card."""


def told(state: State, seat: int) -> set[str]:
    """Every card the rules ever told ``seat`` in secret."""
    return {
        str(v)
        for e in state.history
        for s in e.secrets
        if s.seat == seat
        for value in s.args.values()
        for v in (value if isinstance(value, list) else [value])
    }


def hidden_from(state: State, seat: int) -> set[str]:
    """Unique cards whose place ``seat`` may not know now and was never told."""
    others = [p for i, p in enumerate(state.players) if i != seat]
    hidden = {*state.deck, *state.removed}
    hidden |= {c for p in others for c in p.hand}
    hidden |= {p.identity for p in others if p.identity and not p.revealed}
    return (hidden - told(state, seat)) & set(UNIQUE)


def hidden_names(state: State, seat: int, lang: str, names: list[str]) -> list[str]:
    voice = Voice.of(lang, GAMES["microfilms"], names)
    return [voice.render("card", c) for c in hidden_from(state, seat)]


def assert_view_private_to(
    frame: dict[str, Any], seat: int, state: State, names: list[str]
) -> None:
    """The parts of a view that show the game's state hold nothing hidden from ``seat``.

    The feed (public history), the action menu and the hand-check list (both
    catalogues of what could be, not of where things are) are left out.
    """
    assert frame["me"]["seat"] == seat
    assert all(a["action"]["seat"] == seat for a in frame["actions"])
    shown = json.dumps(
        {k: frame[k] for k in ("me", "table", "waiting", "yours", "offer", "over")},
        ensure_ascii=False,
    )
    for name in hidden_names(state, seat, frame["lang"], names):
        assert name not in shown, (seat, name)
