"""The live table: commit before telling anyone, undo what revealed nothing, resume exactly."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.actions import Pass
from companion.core.errors import NothingToUndo, NotYourTurn, RuleViolation
from companion.core.playout import step
from companion.core.types import Seat
from companion.games.microfilms.actions import Bribe, Draw, Source
from companion.journal import Journal
from companion.journal_errors import JournalError
from companion.table import Table, Update
from tests.journals import digest, free, play, until_full

SEATS = ["Ann", "Ben", "Cat", "Dan"]


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return Table.start(Journal(tmp_path / "j.sqlite3"), "microfilms", SEATS, rng=random.Random(5))


def active(table: Table) -> Seat:
    return table.pending()[0].seats[0]


def test_a_new_table_is_dealt_and_journaled(table: Table) -> None:
    entries = table.journal.entries(table.game_id)
    assert [e.action["act"] for e in entries] == ["deal"]
    assert not entries[0].undoable, "the deal told everyone their identity"
    assert table.public_view()["turn"] == 1


def test_listeners_hear_of_an_action_only_after_it_is_committed(table: Table) -> None:
    heard: list[tuple[Update, int]] = []
    table.subscribe(lambda u: heard.append((u, len(table.journal.entries(table.game_id)))))
    table.submit(Pass(seat=active(table)))
    ((update, committed),) = heard
    assert committed == update.seq == 2
    assert update.public()[0]["kind"] == "passed"


def test_a_refused_action_changes_neither_state_nor_journal(table: Table) -> None:
    before = (table.state, table.journal.entries(table.game_id))
    wrong = Seat((active(table) + 1) % 4)
    with pytest.raises(NotYourTurn):
        table.submit(Pass(seat=wrong))
    with pytest.raises(RuleViolation):
        table.submit_json({"act": "pass", "seat": "Ann"})
    assert (table.state, table.journal.entries(table.game_id)) == before


def test_updates_give_each_seat_only_its_own_secrets(table: Table) -> None:
    seat = active(table)
    update = table.submit(Draw(seat=seat, source=Source.DECK))
    at = len(table.state.history) - 1  # its place in the history: where a phone says it
    assert update.public() == [{"kind": "drew", "args": {"seat": seat}, "index": at}]
    assert [(s["kind"], s["at"]) for s in update.private(seat)] == [("drew", at)]
    assert all(update.private(Seat(s)) == [] for s in range(4) if s != seat)


def test_undo_takes_back_an_action_that_revealed_nothing(table: Table) -> None:
    before = table.state
    table.submit(Pass(seat=active(table)))
    table.undo()
    assert table.state == before
    assert [e.action["act"] for e in table.journal.entries(table.game_id)] == ["deal"]


def test_undo_stops_at_an_action_that_revealed_a_secret(table: Table) -> None:
    seat = active(table)
    table.submit(Draw(seat=seat, source=Source.DECK))  # the drawer saw the card
    with pytest.raises(NothingToUndo):
        table.undo()
    with pytest.raises(NothingToUndo):
        Table.start(table.journal, "microfilms", SEATS, rng=random.Random(1)).undo()


def test_undo_cannot_take_back_a_bribe_once_the_target_saw_the_card(table: Table) -> None:
    seat = active(table)
    card = table.private_view(seat)["hand"][0]["card"]  # type: ignore[index]
    table.submit(Bribe(seat=seat, target=Seat((seat + 1) % 4), card=card))
    with pytest.raises(NothingToUndo):
        table.undo()


def test_resume_restores_the_exact_state(table: Table) -> None:
    rng = random.Random(9)
    for _ in range(30):
        if table.over() is not None:
            break
        seat = active(table)
        table.submit(rng.choice(table.legal_actions(seat)))
    again = Table.resume(table.journal, table.game_id)
    assert again.state == table.state
    assert again.seq == table.seq


def test_an_action_the_full_disk_cannot_hold_is_refused_and_the_table_is_as_it_was(
    table: Table,
) -> None:
    """Listeners hear nothing, the state and the journal are as before, and the same
    action goes in once there is room again: nothing was lost without a word."""
    heard: list[Update] = []
    table.subscribe(heard.append)
    action = until_full(table, random.Random(3))
    before = (table.state, table.seq, table.journal.entries(table.game_id), len(heard))
    with pytest.raises(JournalError) as refused:
        table.submit(action)
    assert refused.value.key == "journal.error.full"
    assert (table.state, table.seq, table.journal.entries(table.game_id), len(heard)) == before
    free(table.journal)
    assert table.submit(action).seq > before[1]


def test_an_action_on_a_file_that_can_no_longer_be_written_changes_nothing(
    tmp_path: Path,
) -> None:
    """SQLite opens a file the system will not let it write read-only (mode=ro is that
    state): the game goes on being shown, and its next action is refused, not lost."""
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    table = Table.start(journal, "microfilms", SEATS, rng=random.Random(6))
    play(table, random.Random(6), moves=20)
    journal.close()
    before = digest(path)
    stuck = Table.resume(Journal(path, write=False), table.game_id)
    assert stuck.state == table.state
    with pytest.raises(JournalError) as refused:
        stuck.submit(step(stuck.spec, stuck.state, random.Random(7), {}))
    assert refused.value.key == "journal.error.read_only"
    assert (stuck.state, stuck.seq) == (table.state, table.seq)
    assert digest(path) == before
