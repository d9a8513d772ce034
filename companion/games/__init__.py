"""The games the table knows, by key."""

from __future__ import annotations

from typing import Any

from companion.core.game import GameSpec
from companion.games import microfilms

GAMES: dict[str, GameSpec[Any]] = {microfilms.GAME.key: microfilms.GAME}
