"""A table with no phones at all plays a whole game through the tablet's own touches.

Each seat's secret part happens in its private turn (issue: every seat can play without
its phone): the others look away, the seat's player holds to open its view, takes what
its phone would take — the cards it was dealt, its moves, the card it drew — and leaves
behind a confirmation. Back at the table, nothing of it is on screen.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.core.actions import TellDraw
from companion.core.taps import Place
from companion.core.types import CardId, Seat
from companion.i18n import text
from testkit.tablet import Tablet, run_tablet, texts, widgets
from tests.ui.tablet.leaks import assert_nothing_hidden_on
from tests.ui.tablet.test_app import close_alerts, start_practice_game
from ui.tablet.screens.private import HOLD_S, CardPicker, PrivateTurn
from ui.tablet.screens.table import TableScreen

MOST = 400
"""A bound on the moves of one game, so that a game that cannot end fails, not hangs."""


def screen() -> TableScreen:
    return next(w for w in widgets() if isinstance(w, TableScreen))


async def private_turn(tablet: Tablet, seat: Seat) -> None:
    """Private turn → the seat → everyone looks away → the seat's player holds to open."""
    session = tablet.app.session
    assert session is not None
    t = lambda key, **a: text(tablet.app.lang, key, **a)  # noqa: E731
    await close_alerts(tablet)
    await tablet.press(t("tablet.private.open"))
    name = session.names[seat]
    shown = [w.text for w in widgets() if isinstance(getattr(w, "text", None), str)]
    label = next((b for b in shown if b.split(" · ")[0] == name), None)
    assert label is not None, shown
    await tablet.press(label)
    assert t("tablet.private.look_away", seat=name) in texts()
    assert not screen().private.open_view  # type: ignore[union-attr]
    await assert_nothing_hidden_on(tablet)  # the cover shows nothing of the seat's
    await tablet.hold(t("tablet.private.hold", seat=name), HOLD_S + 0.3)
    assert screen().private.open_view  # type: ignore[union-attr]
    # Its identity is open above: its secrets say it too, not the phone's "hold to see".
    assert not [line for line in texts() if t("phone.hidden_identity") in line]


async def leave(tablet: Tablet) -> None:
    t = lambda key, **a: text(tablet.app.lang, key, **a)  # noqa: E731
    await close_alerts(tablet)  # what the move made public (a new night, a claim) is said on top
    await tablet.press(t("tablet.private.done"))
    await tablet.press(t("tablet.private.done_yes"))
    assert screen().private is None


async def tell_deal(tablet: Tablet, seat: Seat, cards: tuple[CardId, ...]) -> None:
    await private_turn(tablet, seat)
    await tablet.press(text(tablet.app.lang, "phone.deal_title"))
    picker = next(w for w in widgets() if isinstance(w, CardPicker))
    session = tablet.app.session
    assert session is not None
    face = session.service.spec.copies(session.service.table.state).face
    for i, row in enumerate(picker.faces):
        shown = row["cards"]
        assert isinstance(shown, list)
        for _ in range(sum(face.get(c, c) == shown[0] for c in cards)):  # named by face
            await tablet.tap(picker.buttons[i])
    await tablet.press(text(tablet.app.lang, "phone.confirm"))
    await leave(tablet)


async def move(tablet: Tablet, seat: Seat, path: list[str]) -> None:
    await private_turn(tablet, seat)
    await tablet.press(text(tablet.app.lang, "tablet.private.act"))
    for step in path:
        await tablet.press(step)
    await tablet.press(text(tablet.app.lang, "phone.confirm"))
    session = tablet.app.session
    if session is not None and session.service.over() is not None:
        await tablet.until(lambda: tablet.app.screens.current == "over")
        assert not any(isinstance(w, PrivateTurn) for w in widgets())  # cleared with the table
        return
    await leave(tablet)


def words(session: Any, rng: random.Random) -> list[tuple[CardId, ...]]:
    spec = session.service.spec
    deal = spec.roll(session.service.table.state, rng)
    found: list[tuple[CardId, ...]] = [() for _ in session.names]
    for role, card in spec.sensing.deal.laid(deal):
        if role.place is Place.SEAT:
            found[role.seat] = (*found[role.seat], card)
    return found


def real_cards(state: Any) -> tuple[CardId, ...]:
    """Where the card a player is told to name really comes from: the deck, or the hand of
    the player it is taken from (暗火线 §5.6, §6: a disarm, a killer's spoils)."""
    target = getattr(state.phase, "target", None)
    return state.deck if target is None else state.players[target].hand


@pytest.mark.long(120)
@pytest.mark.parametrize("game", ["microfilms", "darkfireline"])
async def test_a_table_with_no_phones_plays_a_whole_game_on_the_tablet(
    tmp_path: Path, game: str
) -> None:
    """Microfilms, and 暗火线 with its rescues asked of each seat in turn (digest §6)."""
    async for tablet in run_tablet(tmp_path / "j.sqlite3", "en", seed=9):
        await play_without_phones(tablet, game)


async def play_without_phones(tablet: Tablet, game: str = "microfilms") -> None:
    if game != tablet.app.screens.get_screen("start").game:
        await tablet.press(text("en", f"game.{game}"))
    await tablet.press(text("en", "tablet.start"))  # the players deal; draws are told
    await tablet.until(lambda: tablet.app.screens.current == "join")
    await tablet.press(text("en", "tablet.to_table"))
    await tablet.until(lambda: tablet.app.screens.current == "table")
    session = tablet.app.session
    assert session is not None and session.service.telling_deal()
    names = text("en", "word.sep").join(session.names)
    assert text("en", "tablet.private.no_phone", seats=names) in texts()
    table = session.service.table
    bot = session.service.spec.bot
    bots = [bot(Seat(i), random.Random(70 + i)) for i in range(len(session.names))]
    table.subscribe(lambda u: [b.hear(u.public()) for b in bots])
    for seat, word in enumerate(words(session, random.Random(3))):
        await tell_deal(tablet, Seat(seat), word)
        await assert_nothing_hidden_on(tablet)
    assert not session.service.telling_deal()
    moves, rng = 0, random.Random(5)
    while table.over() is None:
        assert moves < MOST, "the game does not end"
        await close_alerts(tablet)
        await assert_nothing_hidden_on(tablet)
        seat = session.acting()
        assert seat is not None
        legal = table.legal_actions(seat)
        if isinstance(legal[0], TellDraw):  # the real card drawn, told as its player saw it
            wanted: Any = type(legal[0])(seat=seat, card=rng.choice(real_cards(table.state)))
        else:
            wanted = bots[seat].choose(table.public_view(), table.private_view(seat), legal)
        path = session.voice.action(session.service.spec.codec.encode(wanted))
        before = table.seq
        await move(tablet, seat, path)
        assert table.seq > before, path
        moves += 1
    await tablet.until(lambda: tablet.app.screens.current == "over")
    assert moves > 10


async def test_the_menu_sends_a_move_only_the_seat_may_see_to_its_private_turn(
    tablet: Tablet,
) -> None:
    """Microfilms §6: a bribe names a card of the briber's hand, so the shared table's menu
    cannot enter it. The menu says where it can be entered — the seat's phone or a private
    turn — and, for a seat with no phone, opens that private turn itself."""
    t = lambda key, **a: text(tablet.app.lang, key, **a)  # noqa: E731
    await start_practice_game(tablet)
    await close_alerts(tablet)
    session = tablet.app.session
    assert session is not None
    seat = session.acting()
    assert seat is not None
    name = session.names[seat]
    await tablet.press(t("tablet.enter", seat=name))
    only = t("word.sep").join(session.phone_only(seat))
    assert only and t("tablet.phone_only", what=only, seat=name) in texts()
    await tablet.screenshot("tablet-menu-private-turn")
    await tablet.press(t("tablet.private.for", seat=name))
    assert t("tablet.private.look_away", seat=name) in texts()
    assert screen().private is not None and screen().menu is None
