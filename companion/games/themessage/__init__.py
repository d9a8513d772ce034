"""風聲 The Message (original 千騏動漫 edition), 3 to 9 players, per ``rules/themessage.md``.

The base game without character cards: identities, the 81 function and
intelligence cards, three ways of sending, the timing windows and the stack.
"""

from __future__ import annotations

from companion.core.game import GameSpec
from companion.games.themessage.actions import CODEC
from companion.games.themessage.legal import (
    PHONE_ONLY,
    audit_faces,
    families,
    kinds,
    legal_actions,
    table_actions,
)
from companion.games.themessage.options import Options
from companion.games.themessage.rules import apply, over, pending, roll
from companion.games.themessage.setup import MAX_SEATS, MIN_SEATS, setup
from companion.games.themessage.state import State
from companion.games.themessage.views import private_view, public_view, revealed_view

GAME: GameSpec[State] = GameSpec(
    key="themessage",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    codec=CODEC,
    options_type=Options,
    setup=setup,
    apply=apply,
    roll=roll,
    pending=pending,
    families=families,
    kinds=kinds,
    legal_actions=legal_actions,
    table_actions=table_actions,
    phone_only=PHONE_ONLY,
    audit_faces=audit_faces,
    over=over,
    public_view=public_view,
    private_view=private_view,
    revealed_view=revealed_view,
)
