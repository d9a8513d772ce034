"""A season: what a group's finished games add up to, per player and per table.

The journal keeps every game; a group that plays every week wants to know who wins, as
what, how long a game lasts, who keeps checking whom — and whether a camp wins too often
at their table size (a fairness signal for their own box). Players are the names as the
group typed them, matched without regard to case or spacing; two spellings of one player
are made one by the group (:func:`merge`), never by a guess. A "camp" is
an identity card: in one game each identity is a camp of its own, in another a few seats
share one, and a game whose sides hold several identities counts each.

Only finished games count; each is replayed from its journal (:func:`played`), so the
figures are the rules' own, and a check is what the game declares one
(``GameSpec.checks``).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from statistics import fmean

from companion.core.actions import SeatAction
from companion.core.narrow import args, integer, objects
from companion.journal import Journal
from companion.transcript import replayed


@dataclass(frozen=True)
class Played:
    """One finished game, as a season counts it."""

    game: str
    names: tuple[str, ...]
    """The seats' names as typed (a seat left blank: ``""``, counted for no one)."""
    day: date
    moves: int
    """The players' own actions (chance — deals, shuffles, cards drawn — not counted)."""
    minutes: float | None
    """From the game's start to its end, where the journal kept the end."""
    identities: tuple[str | None, ...]
    winners: frozenset[int]
    checks: tuple[tuple[int, int], ...]
    """Each secret check, in order: (the seat that looked, the seat looked at)."""


def played(journal: Journal) -> list[Played]:
    """Every finished game of ``journal``, replayed."""
    return [_replayed(journal, info.id, info.created) for info in journal.games() if info.result]


def _replayed(journal: Journal, game_id: int, created: str) -> Played:
    header = journal.header(game_id)
    spec = header.spec
    actions = journal.actions(game_id)
    state = replayed(header, actions)
    result = spec.over(state)
    assert result is not None, "a game the journal has as finished ends when replayed"
    seen = spec.revealed_view(state)
    identities = seen["identities"]
    assert isinstance(identities, list)
    checked = [args(e) for e in objects(seen["timeline"]) if e["kind"] in spec.checks]
    start, ended = datetime.fromisoformat(created), journal.ended(game_id)
    minutes = (
        None if ended is None else (datetime.fromisoformat(ended) - start).total_seconds() / 60
    )
    return Played(
        game=header.game, names=header.seats, day=start.date(),
        moves=sum(isinstance(spec.codec.decode(a), SeatAction) for a in actions),
        minutes=minutes, identities=tuple(None if i is None else str(i) for i in identities),
        winners=frozenset(result.winners),
        checks=tuple((integer(a["seat"]), integer(a["target"])) for a in checked),
    )  # fmt: skip


def spelling(name: str) -> str:
    """A name as a season matches it: case, width and spacing aside ("ben ", "Ben", "ＢＥＮ")."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def merge(journal: Journal, name: str, others: Iterable[str]) -> None:
    """From now on every one of ``others`` is the player ``name``, on every face."""
    journal.keep_same_names(name, [s for s in map(spelling, others) if s != spelling(name)])


def part(journal: Journal, names: Iterable[str]) -> None:
    """Each of ``names`` is a player of its own again."""
    journal.drop_same_names([spelling(n) for n in names])


class Names:
    """Who each typed name is: its spelling, or the name the group said it is the same as."""

    def __init__(self, same: Mapping[str, str]) -> None:
        self._same = {spelling(k): v for k, v in same.items()}
        self._into = {spelling(v): v for v in same.values()}
        self.shown: dict[str, str] = {}
        """Each player as shown: as the group named them in a merge, else as last typed."""
        self.spellings: dict[str, set[str]] = {}
        """Each player's names as typed, every spelling."""

    def key(self, typed: str) -> str:
        """The player a typed name stands for; ``""`` for a seat left blank."""
        key, hops = spelling(typed), 0
        while key in self._same and hops < len(self._same):  # a merge into a merged name
            key, hops = spelling(self._same[key]), hops + 1
        return key

    def who(self, typed: str) -> str:
        """:meth:`key`, the name as typed kept among the player's spellings."""
        key = self.key(typed)
        if key:
            self.shown[key] = self._into.get(key, typed.strip())
            self.spellings.setdefault(key, set()).add(typed.strip())
        return key


@dataclass(frozen=True)
class Record:
    """How often something was played and won: a player as an identity, a camp at a size."""

    played: int
    won: int


@dataclass(frozen=True)
class Line:
    """One player's season."""

    name: str
    spellings: tuple[str, ...]
    """Every name as typed that counts as this player."""
    games: int
    wins: int
    identities: tuple[tuple[str, str, Record], ...]
    """(game, identity card, how often played and won as it), most played first."""
    moves: float
    minutes: float | None
    checked: tuple[tuple[str, int], ...]
    """Whom this player checked most often, with how often (ties all named)."""


@dataclass(frozen=True)
class Camp:
    """How one camp (an identity) did in one game at one table size."""

    game: str
    seats: int
    identity: str
    record: Record


@dataclass(frozen=True)
class Season:
    games: int
    players: tuple[Line, ...]
    """Most wins first."""
    camps: tuple[Camp, ...]
    """By game, table size and identity."""


def tally(
    games: Iterable[Played],
    same: Mapping[str, str] | None = None,
    *,
    since: date | None = None,
    players: Sequence[str] = (),
) -> Season:
    """The season of ``games``: from ``since`` on, and — if ``players`` are named — only the
    games every one of them played, and only their lines."""
    names = Names(same or {})
    wanted = {names.key(p) for p in players} - {""}
    counted = []
    for g in games:
        seats = [names.who(n) for n in g.names]
        if (since is None or g.day >= since) and wanted <= set(seats):
            counted.append((g, seats))
    lines = [_line(names, key, counted) for key in sorted(names.shown)]
    lines = [ln for ln in lines if ln.games and (not wanted or spelling(ln.name) in wanted)]
    lines.sort(key=lambda ln: (-ln.wins, -ln.games, ln.name))
    return Season(len(counted), tuple(lines), _camps(g for g, _ in counted))


def _line(names: Names, key: str, games: Sequence[tuple[Played, list[str]]]) -> Line:
    mine = [(g, seats.index(key), seats) for g, seats in games if key in seats]
    played: Counter[tuple[str, str]] = Counter()
    won: Counter[tuple[str, str]] = Counter()
    checked: Counter[str] = Counter()
    for g, seat, seats in mine:
        identity = g.identities[seat]
        if identity is not None:
            played[g.game, identity] += 1
            won[g.game, identity] += seat in g.winners
        checked.update(seats[target] for by, target in g.checks if by == seat and seats[target])
    most = max(checked.values(), default=0)
    minutes = [g.minutes for g, _, _ in mine if g.minutes is not None]
    return Line(
        name=names.shown[key], spellings=tuple(sorted(names.spellings[key])), games=len(mine),
        wins=sum(seat in g.winners for g, seat, _ in mine),
        identities=tuple((game, card, Record(n, won[game, card]))
                         for (game, card), n in played.most_common()),
        moves=fmean(g.moves for g, _, _ in mine) if mine else 0.0,
        minutes=fmean(minutes) if minutes else None,
        checked=tuple((names.shown[k], n) for k, n in sorted(checked.items()) if n == most),
    )  # fmt: skip


def _camps(games: Iterable[Played]) -> tuple[Camp, ...]:
    played: Counter[tuple[str, int, str]] = Counter()
    won: Counter[tuple[str, int, str]] = Counter()
    for g in games:
        held = {i for i in g.identities if i is not None}
        winning = {g.identities[s] for s in g.winners}
        for identity in held:
            played[g.game, len(g.names), identity] += 1
            won[g.game, len(g.names), identity] += identity in winning
    return tuple(Camp(*k, Record(n, won[k])) for k, n in sorted(played.items()))
