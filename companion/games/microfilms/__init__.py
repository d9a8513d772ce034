"""微諜影 Microfilms, 3 to 6 players, per ``rules/microfilms.md`` §1–§9."""

from __future__ import annotations

from companion.core.game import GameSpec
from companion.games.microfilms.actions import CODEC
from companion.games.microfilms.legal import (
    PHONE_ONLY,
    audit_faces,
    families,
    kinds,
    legal_actions,
    table_actions,
)
from companion.games.microfilms.options import Options
from companion.games.microfilms.rules import apply, over, pending, roll
from companion.games.microfilms.setup import MAX_SEATS, MIN_SEATS, setup
from companion.games.microfilms.state import State
from companion.games.microfilms.views import private_view, public_view, revealed_view

GAME: GameSpec[State] = GameSpec(
    key="microfilms",
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
