"""A game's fairness seal at the table: its fingerprint public from the deal on, its salt
told only once the game is over (the arithmetic is :mod:`companion.fairness`).

The salt is drawn from the operating system the first time the table service
meets a game, and kept with the game in the journal, so an app killed and
started again shows the same seal. It is not rules state: the core never sees
it, and no view carries it. It comes out only through :func:`opened`, which
gives nothing while the game goes on — not to the tablet, not to a phone, not
to an export.
"""

from __future__ import annotations

import secrets

from companion.core.phases import Dealing
from companion.fairness import Opened, deal_of, fingerprint
from companion.journal import Journal
from companion.table import Table
from companion.transcript import replayed

SALT_BYTES = 16
"""128 bits: no one tries every salt to read the setup out of the fingerprint."""


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


class TableSeal:
    """The seal of the game ``table`` plays; its salt is drawn now unless the game has one."""

    def __init__(self, table: Table) -> None:
        self._table = table
        self._salt = table.journal.keep_salt(table.game_id, new_salt())
        self._fingerprint: str | None = None
        """Kept once found: the deal reveals secrets, so no undo takes it back."""

    def fingerprint(self) -> str | None:
        """The fingerprint of the deal, once the deal is whole; public."""
        table = self._table
        if self._fingerprint is None and not isinstance(table.state.phase, Dealing):
            actions = table.journal.actions(table.game_id)
            deal = deal_of(table.spec, table.header.initial_state(), actions)
            self._fingerprint = None if deal is None else fingerprint(self._salt, deal)
        return self._fingerprint

    def opened(self) -> Opened | None:
        """The salt and the setup behind the seal, once the game is over; before, nothing."""
        table = self._table
        return None if table.over() is None else opened(table.journal, table.game_id)


def opened(journal: Journal, game_id: int) -> Opened | None:
    """Game ``game_id``'s seal opened: only if the game is over, and was sealed and dealt."""
    salt = journal.salt(game_id)
    if salt is None:
        return None
    header = journal.header(game_id)
    actions = journal.actions(game_id)
    if header.spec.over(replayed(header, actions)) is None:
        return None
    deal = deal_of(header.spec, header.initial_state(), actions)
    return None if deal is None else Opened(salt, deal)
