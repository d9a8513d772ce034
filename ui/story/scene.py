"""What the picture of a finished game shows, as plain values: every face draws the same scene.

The scene is made by folding the journal's actions from the header, and only for a game that
is over — when nothing at the table is secret any more; a game still running has no story
(:class:`StillPlaying`). It holds a row per seat with its identity revealed, each turn's
public moves, every look at something hidden (now shown) where it happened, and the winner and
why. Every word in it is already in the reader's language, so a drawing only places strings.
What is particular to a game — its figures (francs, health, intelligence by colour), its
identities' colours — comes from its face (:mod:`ui.faces`); which secrets were looks, from
its table of event kinds (``GameSpec.looks``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.core.narrow import integer
from companion.core.outcome import Event, Secret
from companion.core.types import JSON, JSONObject
from companion.core.words import SeatName
from companion.i18n import Voice
from companion.transcript import Header, Step, replay
from ui.faces import face_of
from ui.faces.base import Face


class StillPlaying(ValueError):
    """The game goes on: its story would tell its secrets. ``key`` says so in words."""

    key = "story.still_playing"


@dataclass(frozen=True)
class Track:
    """One figure of a seat, at the end of each turn, in its game's terms."""

    tone: str
    values: tuple[int, ...]
    most: int
    """The top of the scale it is drawn against (a health's maximum, else its highest)."""
    last: str
    """Its label and its value at the end, in words (``francs: 5``)."""


@dataclass(frozen=True)
class Row:
    """A seat: who played it, who they were all along, and how it went for them."""

    name: str
    identity: str
    tone: str
    tracks: tuple[Track, ...]
    won: bool
    out: int | None
    """The column of the turn the seat left the game (died, eliminated), if it did."""


@dataclass(frozen=True)
class Look:
    """A look at something hidden, where it happened: seat ``seat`` was told it in turn
    column ``column``, about seat ``about`` (if it was about a seat)."""

    number: int
    column: int
    seat: int
    about: int | None
    text: str


@dataclass(frozen=True)
class Scene:
    title: str
    verdict: str
    reason: str
    axis: str
    turns: tuple[int, ...]
    """The turn number of each column."""
    rows: tuple[Row, ...]
    moves: tuple[tuple[int, int, int], ...]
    """``(column, seat, count)``: how many public moves a seat made in a turn."""
    looks: tuple[Look, ...]
    legend: tuple[str, ...]
    """What the marks mean: a public move, a look, out of the game, a winner."""

    def texts(self) -> list[str]:
        """Every string the picture shows (numbers aside)."""
        rows = [t for r in self.rows for t in (r.name, r.identity, *(k.last for k in r.tracks))]
        heads = [self.title, self.verdict, self.reason, self.axis]
        return [*heads, *rows, *(look.text for look in self.looks), *self.legend]


def scene(header: Header, actions: Iterable[JSONObject], lang: str, number: int) -> Scene:
    """The story of game ``number`` (its header and journal actions), in ``lang``.

    :raises StillPlaying: the game is not over.
    """
    spec, face = header.spec, face_of(header.game)
    voice = Voice.of(lang, spec, header.seats)
    story = _Story(spec, face, voice, header.initial_state())
    for step in replay(header, actions):
        story.add(step)
    result = spec.over(story.state)
    if result is None:
        raise StillPlaying()
    winners: list[JSON] = list(result.winners)
    verdict = "tablet.winners" if winners else "demo.no_winner"
    identities = spec.revealed_view(story.state)["identities"]
    assert isinstance(identities, list)
    ends = list(story.ends.values())
    columns = {turn: c for c, turn in enumerate(story.ends)}
    rows = tuple(
        _row(face, voice, ends, i, card, won=i in result.winners)
        for i, card in enumerate(identities)
    )
    return Scene(
        title=voice.text("story.title", game=voice.text(f"game.{header.game}"), number=number),
        verdict=voice.say(verdict, {"winners": winners}),
        reason=voice.say("demo.reason", {"reason": result.reason.value}),
        axis=voice.text("story.turn"),
        turns=tuple(story.ends),
        rows=rows,
        moves=tuple((columns[t], s, n) for (t, s), n in sorted(story.moves.items())),
        looks=tuple(story.looks),
        legend=tuple(voice.text(f"story.legend.{m}") for m in ("move", "look", "out", "won")),
    )


class _Story:
    """The game replayed action by action, noting what the story shows of each turn."""

    def __init__(self, spec: Any, face: Face, voice: Voice, state: Any) -> None:
        self.spec, self.face, self.voice, self.state = spec, face, voice, state
        self.turn = integer(spec.public_view(state)["turn"])
        self.ends: dict[int, JSONObject] = {}
        """The public view at the end of each turn, by turn number, in order."""
        self.moves: Counter[tuple[int, int]] = Counter()
        self.looks: list[Look] = []

    def add(self, step: Step) -> None:
        outcome = step.outcome
        self.state = outcome.state
        seat = getattr(step.action, "seat", None)
        if isinstance(seat, int):  # a seat's move; the house's chance is nobody's
            self.moves[(self.turn, seat)] += 1
        for event in outcome.events:
            for secret in event.secrets:
                if secret.kind in self.spec.looks:
                    self._look(event, secret)
        view = self.spec.public_view(self.state)
        self.ends[self.turn] = view
        self.turn = integer(view["turn"])

    def _look(self, event: Event, secret: Secret) -> None:
        said = {**event.args, **secret.args}
        named = [v for k, v in said.items() if isinstance(self.voice.words.get(k), SeatName)]
        about = next((s for s in named if isinstance(s, int) and s != secret.seat), None)
        what = self.voice.secret(secret.kind, secret.args)
        told = self.voice.text("tablet.only_saw", seat=self.voice.seat(secret.seat), what=what)
        number = len(self.looks) + 1
        text = self.voice.text("story.look", n=number, turn=self.turn, what=told)
        column = len(self.ends) - (self.turn in self.ends)  # turns only go on: its column is
        # the last one noted, or the next one if this is the turn's first action
        self.looks.append(Look(number, column, secret.seat, about, text))


def _row(face: Face, voice: Voice, ends: list[JSONObject], seat: int, card: JSON, *,
         won: bool) -> Row:  # fmt: skip
    """A seat's row: its identity, and its figures turn by turn."""
    figures = [face.figures(view, seat, voice) for view in ends]
    tracks = []
    for i, last in enumerate(figures[-1]):
        values = tuple(integer(f[i].value) for f in figures)
        most = max(last.of or 0, *values, 1)
        said = voice.text("story.figure", label=last.label, value=last.value)
        tracks.append(Track(last.tone, values, most, said))
    out = next((c for c, view in enumerate(ends) if face.seat(view, seat, voice).out), None)
    shown = face.identity(card, voice)
    return Row(voice.seat(seat), shown.label, shown.tone, tuple(tracks), won, out)
