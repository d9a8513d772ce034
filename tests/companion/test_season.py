"""A season counts what the group's finished games hold: checked against the tables that
played them, game by game (their winners, identities, moves and secret checks)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest

from companion import season
from companion.core.actions import SeatAction
from companion.core.narrow import integer
from companion.core.playout import step
from companion.journal import Journal
from companion.table import Table

TABLES = [
    ("microfilms", ["Ann", "Ben", "Cat", "Dan"], 1),
    ("microfilms", ["ann ", "BEN", "Cat", "Eve"], 2),
    ("themessage", ["Ann", "Benjamin", "Cat", "Dan", "Eve"], 2),
    ("darkfireline", ["Ann", "Ben", "cat", "Dan", "Eve", "Fay"], 1),
    ("darkfireline", ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"], 2),
]
"""Five finished games, "Ann" typed two ways, "Ben" once as "Benjamin"."""


@dataclass(frozen=True)
class Known:
    """A game as the table that played it knows it."""

    game: str
    names: list[str]
    winners: set[int]
    identities: list[str]
    moves: int
    checks: list[tuple[int, int]]


def season_journal(path: Path) -> list[Known]:
    """A journal of the :data:`TABLES` played to their end by random legal moves, and one
    game left unfinished; what each finished table knew of its game."""
    journal = Journal(path)
    known = []
    for game, names, seed in TABLES:
        table = Table.start(journal, game, names, rng=random.Random(seed))
        rng, moves = random.Random(seed), 0
        while (over := table.over()) is None:
            action = step(table.spec, table.state, rng, {})
            moves += isinstance(action, SeatAction)
            table.submit(action)
        checks = [
            (integer(e.args["seat"]), integer(e.args["target"]))
            for e in table.state.history
            if e.kind in table.spec.checks
        ]
        identities = [str(p.identity) for p in table.state.players]
        known.append(Known(game, names, set(over.winners), identities, moves, checks))
    unfinished = Table.start(journal, "microfilms", ["Ann", "Zed", "Cat"], rng=random.Random(3))
    unfinished.submit(step(unfinished.spec, unfinished.state, random.Random(3), {}))
    journal.close()
    return known


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Known]]:
    path = tmp_path_factory.mktemp("season") / "journal.sqlite3"
    return path, season_journal(path)


def line(found: season.Season, name: str) -> season.Line:
    (only,) = [ln for ln in found.players if ln.name == name]
    return only


def test_only_finished_games_count_and_names_match_whatever_their_case_or_spacing(
    played: tuple[Path, list[Known]],
) -> None:
    path, known = played
    found = season.tally(season.played(Journal(path, write=False)))
    assert found.games == len(TABLES)
    names = {ln.name for ln in found.players}
    assert names == {"Ann", "Ben", "Benjamin", "Cat", "Dan", "Eve", "Fay"}  # as last typed
    assert line(found, "Ann").games == 5  # "ann " is Ann; the unfinished game is not counted
    assert line(found, "Ann").spellings == ("Ann", "ann")
    assert "Zed" not in {ln.name for ln in found.players}
    assert sum(ln.games for ln in found.players) == sum(len(k.names) for k in known)


def test_wins_by_identity_moves_and_checks_are_the_tables_own(
    played: tuple[Path, list[Known]],
) -> None:
    path, known = played
    found = season.tally(season.played(Journal(path, write=False)))
    for ln in found.players:
        me = season.spelling(ln.name)
        seats = [(k, [season.spelling(n) for n in k.names]) for k in known]
        mine = [(k, typed.index(me)) for k, typed in seats if me in typed]
        assert ln.wins == sum(seat in k.winners for k, seat in mine)
        as_identity = Counter((k.game, k.identities[seat]) for k, seat in mine)
        won = Counter((k.game, k.identities[seat]) for k, seat in mine if seat in k.winners)
        assert {(g, i): (r.played, r.won) for g, i, r in ln.identities} == {
            key: (n, won[key]) for key, n in as_identity.items()
        }
        assert ln.moves == pytest.approx(sum(k.moves for k, _ in mine) / len(mine))
        assert ln.minutes is not None  # the journal kept when each game ended
        checked = Counter(
            season.spelling(k.names[target]) for k, seat in mine for by, target in k.checks
            if by == seat
        )  # fmt: skip
        most = max(checked.values(), default=0)
        assert sorted((season.spelling(n), c) for n, c in ln.checked) == sorted(
            (n, c) for n, c in checked.items() if c == most
        )
    assert any(k.checks for k in known), "the games hold secret checks to count"


def test_each_camp_s_wins_at_each_table_size(played: tuple[Path, list[Known]]) -> None:
    path, known = played
    found = season.tally(season.played(Journal(path, write=False)))
    expected: Counter[tuple[str, int, str, bool]] = Counter()
    for k in known:
        for identity in set(k.identities):
            won = any(k.identities[s] == identity for s in k.winners)
            expected[k.game, len(k.names), identity, won] += 1
    for camp in found.camps:
        key = (camp.game, camp.seats, camp.identity)
        assert camp.record.won == expected[(*key, True)]
        assert camp.record.played == expected[(*key, True)] + expected[(*key, False)]
    assert {(c.game, c.seats) for c in found.camps} == {
        ("microfilms", 4), ("themessage", 5), ("darkfireline", 6),
    }  # fmt: skip


def test_two_spellings_merged_in_the_journal_are_one_player_for_every_reader(
    tmp_path: Path, played: tuple[Path, list[Known]]
) -> None:
    path, _ = played
    copy = tmp_path / "journal.sqlite3"
    copy.write_bytes(path.read_bytes())
    season.merge(Journal(copy), "Ben", ["Benjamin", "ben"])
    read = Journal(copy, write=False)
    found = season.tally(season.played(read), read.same_names())
    ben = line(found, "Ben")
    assert ben.games == 5
    assert ben.spellings == ("BEN", "Ben", "Benjamin")
    season.part(Journal(copy), ["Benjamin"])
    again = season.tally(season.played(read), Journal(copy, write=False).same_names())
    assert line(again, "Ben").games == 4 and line(again, "Benjamin").games == 1


def test_since_and_players_narrow_the_season(played: tuple[Path, list[Known]]) -> None:
    path, _ = played
    games = season.played(Journal(path, write=False))
    assert season.tally(games, since=date(2999, 1, 1)).games == 0
    assert season.tally(games, since=date(2000, 1, 1)).games == len(TABLES)
    fay = season.tally(games, players=["fay", " ANN"])
    assert fay.games == 2  # the games both played
    assert [ln.name for ln in sorted(fay.players, key=lambda ln: ln.name)] == ["Ann", "Fay"]


def test_a_journal_from_before_seasons_reads_with_no_merges_and_no_minutes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    journal = Journal(path)
    table = Table.start(journal, "microfilms", ["Ann", "Ben", "Cat"], rng=random.Random(1))
    rng = random.Random(1)
    while table.over() is None:
        table.submit(step(table.spec, table.state, rng, {}))
    journal._db.execute("DROP TABLE endings")
    journal._db.execute("DROP TABLE same_names")
    journal.close()
    old = Journal(path, write=False)
    assert old.same_names() == {}
    (ann, *_) = sorted(season.tally(season.played(old)).players, key=lambda ln: ln.name)
    assert ann.minutes is None
