"""The story of a finished game (``ui/story/scene.py``): a row per seat with the identity it
held, the turns, every secret look where it happened, each seat's figures in its game's
terms, the winners and why — and no story at all while a game goes on (issue 31)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.core.playout import choose
from companion.core.types import JSON
from companion.games import GAMES
from companion.i18n import Voice, text
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService
from ui.faces import face_of
from ui.story.scene import Scene, StillPlaying, scene


def story(service: TableService, lang: str = "en") -> Scene:
    """The story of ``service``'s game, from its journal, as ``companion story`` draws it."""
    actions = (e.action for e in service.journal.entries(service.game_id))
    return scene(service.header, actions, lang, service.game_id)


@dataclass(frozen=True)
class Told:
    """A finished demo, and its story as told in English."""

    service: TableService
    scene: Scene
    voice: Voice


@pytest.fixture(params=sorted(GAMES))
def finished(demos: dict[str, TableService], request: pytest.FixtureRequest) -> Told:
    service = demos[request.param]
    return Told(service, story(service), Voice.of("en", service.spec, service.names))


def test_each_seat_is_a_row_with_the_identity_it_held_and_the_winners_are_marked(
    finished: Told,
) -> None:
    service, told, voice = finished.service, finished.scene, finished.voice
    result = service.over()
    assert result is not None and result.winners
    identities = service.revealed_view()["identities"]
    assert isinstance(identities, list)
    assert [r.name for r in told.rows] == list(service.names)
    for i, (row, card) in enumerate(zip(told.rows, identities, strict=True)):  # as the over
        said = text("en", "demo.was", seat=row.name, identity=row.identity)  # screen says it
        assert said == voice.say("demo.was", {"seat": i, "identity": card})
    assert [i for i, r in enumerate(told.rows) if r.won] == list(result.winners)
    winners: list[JSON] = list(result.winners)
    assert told.verdict == voice.say("tablet.winners", {"winners": winners})
    assert told.reason == voice.say("demo.reason", {"reason": result.reason.value})


def test_every_secret_look_is_marked_in_order_with_what_it_showed(finished: Told) -> None:
    service, told, voice = finished.service, finished.scene, finished.voice
    game = service.header.game
    timeline = service.revealed_view()["timeline"]
    assert isinstance(timeline, list)
    looks = [
        s for e in timeline if isinstance(e, dict) for s in e["secrets"]
        if isinstance(s, dict) and s["kind"] in GAMES[game].looks
    ]  # fmt: skip
    assert looks, "the demo's game has a look to draw"
    assert [look.seat for look in told.looks] == [s["seat"] for s in looks]
    for look, secret in zip(told.looks, looks, strict=True):
        assert voice.secret(str(secret["kind"]), secret["args"]) in look.text
    columns = [look.column for look in told.looks]
    assert columns == sorted(columns) and columns[-1] < len(told.turns)


def test_each_seat_s_figures_end_where_the_table_ended_and_every_move_is_counted(
    finished: Told,
) -> None:
    service, told, voice = finished.service, finished.scene, finished.voice
    game = service.header.game
    public = service.public_view()
    for i, row in enumerate(told.rows):
        figures = face_of(game).figures(public, i, voice)
        assert [t.values[-1] for t in row.tracks] == [f.value for f in figures]
        assert all(len(t.values) == len(told.turns) for t in row.tracks)
    seated = [e for e in service.journal.entries(service.game_id) if "seat" in e.action]
    assert sum(n for _, _, n in told.moves) == len(
        [e for e in seated if isinstance(e.action["seat"], int)]
    )


def test_a_game_still_running_has_no_story(tmp_path: Path) -> None:
    """Its story would show every hand and identity: refused, with the words that say why."""
    game = next(iter(GAMES))
    service = TableService.start(Journal(tmp_path / "j.db"), game, ["Ann", "Ben", "Cat", "Dan"],
                                 draws=Draws.APP, rng=random.Random(3))  # fmt: skip
    rng = random.Random(3)
    for _ in range(6):
        seat = service.acting()
        assert seat is not None
        service.submit(choose(service.spec, service.table.state, seat, rng, {}))
    assert service.over() is None
    with pytest.raises(StillPlaying) as refused:
        story(service)
    assert text("zh-Hant", refused.value.key, game=1).startswith("第 1 局還在進行")
