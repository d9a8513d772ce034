"""The tablet, offscreen, driven by touches: a whole game, no secret ever shown, every screen."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from kivy.core.window import Window
from kivy.metrics import dp
from kivy.uix.button import Button

from companion.core.dealing.told import TellDealt
from companion.core.types import CardId, Seat
from companion.games.microfilms.bot import Bot
from companion.i18n import text
from companion.journal import Journal
from firmware_bridge.emulators.pn532 import Pn532Emulator
from hardware.sources import Watch
from testkit.tablet import Tablet, run_tablet, texts, widgets
from tests.journals import free, full_of_games, until_full
from tests.ui.tablet.leaks import assert_nothing_hidden_on
from ui.faces.base import Alert
from ui.tablet.app import TabletApp
from ui.tablet.screens.table import TableScreen
from ui.tablet.session import Session
from ui.tablet.theme import contrast

TOUCHES = 60
"""How many moves a whole game enters by touch before its phones play the rest."""
NINE_MM = dp(57)
"""9 mm in density-independent pixels (1 dp = 1/160 inch)."""


async def start_practice_game(tablet: Tablet) -> None:
    """New game → draws by the app (no cards needed), unless the start screen kept that from
    the last game → start → the QR codes → the table."""
    lang = tablet.app.lang
    if text(lang, "tablet.draws.told") in texts():
        await tablet.press(text(lang, "tablet.draws.told"))
    await tablet.press(text(lang, "tablet.start"))
    await tablet.until(lambda: tablet.app.screens.current == "join")
    await tablet.press(text(lang, "tablet.to_table"))
    await tablet.until(lambda: tablet.app.screens.current == "table")


async def close_alerts(tablet: Tablet) -> None:
    session = tablet.app.session
    assert session is not None
    while session.alerts:
        await tablet.tap_at(8, 8)  # outside the banners: taps them away


async def enter_by_touch(tablet: Tablet, path: tuple[str, ...]) -> None:
    """The host taps 'Enter an action', each step of the path, then Confirm."""
    lang = tablet.app.lang
    session = tablet.app.session
    assert session is not None
    seat = session.acting()
    assert seat is not None
    await tablet.press(text(lang, "tablet.enter", seat=session.names[seat]))
    for step in path:
        await tablet.press(step)
    await tablet.press(text(lang, "phone.confirm"))


@pytest.mark.long(45)
@pytest.mark.parametrize("tablet", ["zh-Hant"], indirect=True)
async def test_a_whole_game_played_by_touch_from_new_game_to_game_over(tablet: Tablet) -> None:
    """Moves the tablet may take are entered by touch (the first ``TOUCHES``); a move only a
    seat's own phone may send (it names a card the table does not see) comes from that phone,
    and so does the rest of the game."""
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    table = session.service.table
    bots = [Bot(Seat(i), random.Random(40 + i)) for i in range(4)]
    table.subscribe(lambda u: [b.hear(u.public()) for b in bots])
    rng = random.Random(1)
    touched = 0
    while table.over() is None:
        await close_alerts(tablet)
        await assert_nothing_hidden_on(tablet)
        seat = session.acting()
        assert seat is not None
        legal = table.legal_actions(seat)
        wanted = bots[seat].choose(table.public_view(), table.private_view(seat), legal)
        menu = [c for c in session.choices(seat) if set(c.actions) & set(legal)]
        before = table.seq
        if not menu or touched >= TOUCHES:  # a move only its phone may send; or enough touches
            session.service.submit(wanted)
            await tablet.frames(1)  # the table shows a phone's move in its next frame
            continue
        choice = next((c for c in menu if wanted in c.actions), None) or rng.choice(menu)
        await enter_by_touch(tablet, choice.path)
        await tablet.until(lambda before=before: table.seq > before or bool(session.alerts))
        assert table.seq > before, (choice.path, [a.text for a in session.alerts])
        touched += 1
    await tablet.until(lambda: tablet.app.screens.current == "over")
    assert touched > 10
    shown = " ".join(texts())
    result = table.over()
    assert result is not None and result.winners
    assert text("zh-Hant", "tablet.timeline") in shown
    for seat in result.winners:
        assert session.names[seat] in shown


@pytest.mark.long(70)
async def test_no_secret_is_ever_on_the_tablet_in_random_games(tmp_path: Path) -> None:
    """Random games entered straight into the session (bribes too, as from phones)."""
    for game in range(3):
        async for tablet in run_tablet(
            tmp_path / f"{game}.sqlite3", ["en", "zh-Hant", "zh-Hans"][game], seed=game
        ):
            await start_practice_game(tablet)
            session = tablet.app.session
            assert session is not None
            rng = random.Random(game)
            steps = 0
            while session.service.table.over() is None and steps < 150:
                seat = session.acting()
                assert seat is not None
                session.submit(rng.choice(session.service.table.legal_actions(seat)))
                await tablet.frames(1)
                if session.service.table.over() is None:  # at the end, everything is revealed
                    await assert_nothing_hidden_on(tablet)
                if rng.random() < 0.3:
                    await close_alerts(tablet)
                steps += 1
            assert steps > 20


async def test_a_leak_on_the_tablet_is_caught_by_the_worlds_apart(
    tablet: Tablet, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above is no formality: a tablet that lists one seat's hand (sorted, so that
    only where the cards are shows) differs in a world another seat cannot tell apart."""
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    await assert_nothing_hidden_on(tablet)
    said = Session.waiting
    monkeypatch.setattr(
        Session,
        "waiting",
        lambda self: [*said(self), " ".join(sorted(self.service.table.state.players[0].hand))],
    )
    with pytest.raises(AssertionError, match="world"):  # in another seat's world, drawn soon
        for _ in range(12):
            await assert_nothing_hidden_on(tablet)


async def test_every_button_is_big_enough_to_tap_and_its_words_read_on_it(
    tablet: Tablet,
) -> None:
    """9 mm for a thumb; and its words at a contrast of at least 4.5:1 against the button
    (WCAG's AA for text), as a lit gold button's white words were not."""
    for screen in ("start", "join", "table", "pause"):
        if screen == "join":
            await start_practice_game(tablet)
            tablet.app.show("join")
            await tablet.frames(5)
        if screen == "table":
            tablet.app.show("table")
            await tablet.frames(5)
        if screen == "pause":
            await close_alerts(tablet)
            await tablet.press(text(tablet.app.lang, "tablet.pause"))
        buttons = [
            w for w in widgets() if isinstance(w, Button) and w.get_root_window() and w.opacity
        ]
        small = [(b.text, b.size) for b in buttons if b.height < NINE_MM or b.width < NINE_MM]
        assert buttons and small == [], (screen, small)
        faint = [b.text for b in buttons if contrast(b.color, b.background_color) < 4.5]
        assert faint == [], (screen, faint)


async def test_a_refused_action_shows_its_reason_and_changes_nothing(tablet: Tablet) -> None:
    """The tablet offers only what every world the table cannot tell apart allows; what it
    can still refuse is an entry the table overtook — here the seat's phone acted first."""
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    lang = tablet.app.lang
    seat = session.acting()
    assert seat is not None
    choice = session.choices(seat)[0]
    await tablet.press(text(lang, "tablet.enter", seat=session.names[seat]))
    for step in choice.path:
        await tablet.press(step)
    session.service.submit(choice.actions[0])  # from the seat's phone, meanwhile
    before = (session.service.table.state, session.service.table.seq)
    await tablet.press(text(lang, "phone.confirm"))
    assert (session.service.table.state, session.service.table.seq) == before
    assert session.alerts and session.alerts[-1].kind == "violation"
    assert session.alerts[-1].text in texts()
    await close_alerts(tablet)
    assert Window.children[0] is tablet.app.root


async def test_undo_and_pause(tablet: Tablet) -> None:
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    lang = tablet.app.lang
    seat = session.acting()
    assert seat is not None
    before = session.service.table.state
    await enter_by_touch(tablet, (text(lang, "act.microfilms.pass"),))
    after = session.service.table.state
    assert after != before
    # Undo asks first, saying what it takes back and what goes back on the table.
    await tablet.press(text(lang, "tablet.undo"))
    shown = texts()
    passed = next(e for e in reversed(after.history) if e.kind == "passed")
    assert text(lang, "tablet.undo_ask") in shown
    assert "• " + session.voice.event("passed", passed.args) in shown
    assert "• " + session.voice.say("undo.microfilms.passed", passed.args) in shown
    await tablet.press(text(lang, "phone.cancel"))
    assert session.service.table.state == after
    await tablet.press(text(lang, "tablet.undo"))
    await tablet.press(text(lang, "tablet.undo_confirm"))
    assert session.service.table.state == before
    await tablet.press(text(lang, "tablet.pause"))
    assert session.paused and text(lang, "tablet.paused") in texts()
    await tablet.press(text(lang, "tablet.continue"))
    assert not session.paused


@pytest.mark.long(45)
async def test_the_message_on_the_tablet_shows_no_secret(tmp_path: Path) -> None:
    """風聲 on the same screens: intelligence by colour, the card in transit face down."""
    async for tablet in run_tablet(tmp_path / "j.sqlite3", "zh-Hant", seed=3):
        lang = tablet.app.lang
        await tablet.press(text(lang, "game.themessage"))
        await start_practice_game(tablet)
        session = tablet.app.session
        assert session is not None and session.service.table.header.game == "themessage"
        rng = random.Random(3)
        saw_transit = False
        for _ in range(250):
            if session.service.table.over() is not None:
                break
            seat = session.acting()
            assert seat is not None
            session.submit(rng.choice(session.service.table.legal_actions(seat)))
            await tablet.frames(1)
            if session.service.table.over() is None:
                await assert_nothing_hidden_on(tablet)
                saw_transit |= session.service.table.state.transit is not None
            await close_alerts(tablet)
        assert saw_transit
        shown = " ".join(texts())
        assert "紅" in shown and "黑" in shown


async def test_the_start_screen_shows_each_readers_live_status(tmp_path: Path) -> None:
    """A PN532 on a pseudo-terminal, opened by URL as a real one would be."""
    reader = Pn532Emulator(tmp_path / "tty-centre")
    reader.start()
    try:
        journal = Journal(tmp_path / "j.sqlite3")
        centre = Watch.parse(f"centre=nfc:tty:{tmp_path / 'tty-centre'}:pn532")
        app = TabletApp(journal, "en", host="127.0.0.1", port=0, readers=[centre],
                        recognise=lambda placed: None)  # fmt: skip
        task = asyncio.ensure_future(app.async_run(async_lib="asyncio"))
        tablet = Tablet(app, journal)
        await tablet.until(lambda: app.root is not None)
        await tablet.until(lambda: any("connected" in t and "centre" in t for t in texts()))
        # No seat has a reader of its own: the deal cannot be read off the readers, and the
        # table is told before it starts.
        assert text("en", "tablet.deal_not_on_readers") in texts()
        await tablet.press(text("en", "tablet.start"))
        await tablet.until(lambda: app.session is not None)
        assert app.session is not None and app.session.service.header.meta["readers"] is False
        assert app.session.service.dealing() is None
        await app.session.stop()
        app.stop()
        await task
    finally:
        reader.close()


@pytest.mark.parametrize("tablet", ["zh-Hant"], indirect=True)
async def test_an_action_a_full_disk_cannot_hold_is_shown_and_changes_nothing(
    tablet: Tablet,
) -> None:
    await start_practice_game(tablet)
    session = tablet.app.session
    assert session is not None
    table = session.service.table
    action = until_full(table, random.Random(5))
    before = (table.state, table.seq)
    assert not session.submit(action)
    assert (table.state, table.seq) == before
    said = text("zh-Hant", "journal.error.full")
    assert session.alerts[-1] == Alert("journal", said)
    await tablet.frames()
    assert said in texts()
    await close_alerts(tablet)
    free(tablet.journal)
    assert session.submit(action) and table.seq > before[1]


async def test_a_new_game_the_full_disk_cannot_hold_is_explained_on_the_start_screen(
    tablet: Tablet,
) -> None:
    full_of_games(tablet.journal)
    await tablet.press(text("en", "tablet.start"))
    said = text("en", "journal.error.full")
    await tablet.until(lambda: said in texts())
    assert tablet.app.screens.current == "start" and tablet.app.session is None
    await tablet.tap_at(8, 8)  # taps the warning away
    assert said not in texts()
    free(tablet.journal)
    await tablet.press(text("en", "tablet.start"))
    await tablet.until(lambda: tablet.app.screens.current == "join")


async def test_the_notes_under_the_table_stay_in_their_bar_and_off_the_feed(tablet: Tablet) -> None:
    """An empty line (no readers) once took Kivy's default 100 px and pushed the note of what
    only a phone may enter up over the feed."""
    await start_practice_game(tablet)
    await tablet.frames(5)
    screen = next(w for w in widgets() if isinstance(w, TableScreen))
    bar = screen.phone_note.parent
    assert screen.phone_note.text, "a Microfilms turn offers the bribe, on the phone only"
    for line in (screen.phone_note, screen.readers_line):
        assert bar.y <= line.y and line.top <= bar.top


@pytest.mark.parametrize("tablet", ["zh-Hant", "en"], indirect=True)
async def test_a_table_without_readers_is_guided_through_its_own_deal(tablet: Tablet) -> None:
    """No moderator (Microfilms §2): the start screen says what the app cannot check here;
    the table screen shows the deal step by step and who has still to tell — never what —
    and the game starts once every phone has told."""
    lang = tablet.app.lang
    assert text(lang, "tablet.dealer.table") in texts()
    assert text(lang, "tablet.dealer_note.microfilms") in texts()
    await tablet.press(text(lang, "tablet.start"))
    await tablet.until(lambda: tablet.app.screens.current == "join")
    await tablet.press(text(lang, "tablet.to_table"))
    await tablet.until(lambda: tablet.app.screens.current == "table")
    session = tablet.app.session
    assert session is not None and session.service.telling_deal()
    await tablet.frames(5)
    shown = "\n".join(texts())
    assert text(lang, "tablet.deal_guide.microfilms.unseen.6") in shown
    names = session.names
    still = text(lang, "prompt.microfilms.tell_dealt", seats="")
    assert still.rstrip("。.").strip() in shown and names[3] in shown
    screen = next(w for w in widgets() if isinstance(w, TableScreen))
    assert screen.enter.opacity == 0, "nobody acts during the deal: no blank button"
    for row in screen.guide.children:  # each step's number beside its first line, not its last
        number, said = reversed(row.children)
        assert said.height > number.height and number.top == pytest.approx(said.top, abs=1)
    await tablet.screenshot(f"tablet-deal-{lang}")
    words = [("R-CN", "A-SB1"), ("R-UK", "A-IB1"), ("R-US", "A-WR1"), ("R-JOU", "A-WR2")]
    for seat, word in enumerate(words):
        session.service.act(Seat(seat), TellDealt(seat=Seat(seat), cards=tuple(map(CardId, word))))
        await tablet.frames()
        await assert_nothing_hidden_on(tablet)
    await tablet.until(lambda: not session.service.telling_deal())
    await tablet.frames()
    assert text(lang, "tablet.deal_guide.microfilms.unseen.6") not in "\n".join(texts())
    assert screen.enter.opacity == 1 and screen.enter.text, "a seat acts: its button is there"
    await assert_nothing_hidden_on(tablet)
