"""A season in words: the tables ``companion stats`` prints and the tablet's season screen
shows, the same cells in the reader's language (:mod:`companion.season` counts them)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games import GAMES
from companion.i18n import Voice, text
from companion.season import Camp, Line, Record, Season


@dataclass(frozen=True)
class Sheet:
    """One table of figures: a title, its columns' headings, and its rows of cells."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


PLAYER_COLUMNS = ("player", "games", "wins", "as", "moves", "minutes", "checked")


def sheets(season: Season, lang: str) -> list[Sheet]:
    """The players' table, then one table per game: how each camp fared at each size."""
    players = Sheet(
        text(lang, "stats.players", games=season.games),
        tuple(text(lang, f"stats.col.{c}") for c in PLAYER_COLUMNS),
        tuple(player_row(line, lang) for line in season.players),
    )
    games = [g for g in GAMES if any(c.game == g for c in season.camps)]
    camps = [
        Sheet(
            text(lang, "stats.camps", game=text(lang, f"game.{game}")),
            tuple(text(lang, f"stats.col.{c}") for c in ("seats", "camp", "record")),
            tuple(_camp_row(c, lang) for c in season.camps if c.game == game),
        )
        for game in games
    ]
    return [players, *camps]


def player_row(line: Line, lang: str) -> tuple[str, ...]:
    """A player's cells: every spelling that counts as them, under the name they go by."""
    others = [s for s in line.spellings if s != line.name]
    also = text(lang, "stats.also", name=line.name, others=_join(lang, others))
    as_ = [
        text(lang, "stats.as", identity=_identity(lang, game, card), record=_record(lang, r))
        for game, card, r in line.identities
    ]
    checked = [text(lang, "stats.checked", name=n, count=c) for n, c in line.checked]
    minutes = "—" if line.minutes is None else _minutes(line.minutes)
    return (
        also if others else line.name, str(line.games),
        _record(lang, Record(line.games, line.wins)), "\n".join(as_) or "—", f"{line.moves:.0f}",
        minutes, _join(lang, checked),
    )  # fmt: skip


def _minutes(minutes: float) -> str:
    """Whole minutes, and "<1" for a game under a minute: never "0", as if it took no time."""
    return "<1" if minutes < 1 else f"{minutes:.0f}"


def _camp_row(camp: Camp, lang: str) -> tuple[str, ...]:
    identity = _identity(lang, camp.game, camp.identity)
    return str(camp.seats), identity, _record(lang, camp.record)


def _record(lang: str, record: Record) -> str:
    """Won of played, and the share: "2 of 5 (40%)"."""
    share = round(100 * record.won / record.played) if record.played else 0
    return text(lang, "stats.record", won=record.won, played=record.played, share=share)


def _identity(lang: str, game: str, card: str) -> str:
    return Voice.of(lang, GAMES[game]).render("identity", card)


def _join(lang: str, parts: list[str]) -> str:
    return text(lang, "word.sep").join(parts) if parts else "—"
