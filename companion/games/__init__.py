"""The games the table knows, by key."""

from __future__ import annotations

from typing import Any

from companion.core.game import GameSpec
from companion.games import darkfireline, microfilms, themessage

GAMES: dict[str, GameSpec[Any]] = {
    g.key: g for g in (microfilms.GAME, themessage.GAME, darkfireline.GAME)
}
