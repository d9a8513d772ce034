"""The tablet app: its screens (start, join, table, game over, register, season) over one
session, in the same asyncio loop as the phones.

Attributes down, messages up: the app hands each screen itself as a small interface
(:class:`~ui.tablet.screens.base.Tablet`: where to go, the language, the session);
screens render what the session says and call that interface (or the session) with what
was tapped. No widget calls the rules. Each game runs through the launcher
(:class:`~ui.live.LiveTable`), which the app opens on a new game and closes on leaving it.
"""

from __future__ import annotations

import asyncio
import gc
import random
import time
import weakref
from collections import deque
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.cache import Cache
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics import opengl as gl
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion import boxes
from companion.core import memo
from companion.core.types import Seat
from companion.i18n import text
from companion.ingest import Recognise
from companion.journal import Journal
from companion.journal_errors import JournalError
from companion.observations import Observation
from companion.policy import Dealer, Draws
from companion.sensors import Sensors
from companion.service import TableService
from companion.tagmap import TagMapError
from hardware.sources import Context, Watch, open_watched
from ui import faults
from ui.live import LiveTable
from ui.tablet import fonts, memory, theme
from ui.tablet.decks import OnTablet
from ui.tablet.screens.join import JoinScreen
from ui.tablet.screens.over import OverScreen
from ui.tablet.screens.register import RegisterScreen
from ui.tablet.screens.season import SeasonScreen
from ui.tablet.screens.start import StartScreen
from ui.tablet.screens.table import TableScreen
from ui.tablet.session import Session
from ui.tablet.speech import Crier, Speaker


class TabletApp(App):
    def __init__(
        self,
        journal: Journal,
        lang: str,
        *,
        host: str | None = None,
        port: int = 0,
        rng: random.Random | None = None,
        readers: Sequence[Watch] = (),
        recognise: Recognise | None = None,
        context: Context | None = None,
        logs: Path | None = None,
        decks: OnTablet | None = None,
        speaker: Speaker | None = None,
    ) -> None:
        super().__init__()
        self.speaker = speaker
        """The table's voice, for a game that turns it on (none: the tablet cannot speak)."""
        self.journal = journal
        self.boxes = boxes.folder_beside(journal.path)
        """Where the named boxes a group saved are kept, beside the journal."""
        self.decks = decks
        """The tablet's own reader and its decks, registered on the start screen (Android)."""
        self.sensors = (
            Sensors(open_watched(readers, context), recognise)
            if readers and recognise is not None
            else None
            if decks is None
            else decks.sensors()
        )
        """The table's readers, running from the start: the start screen shows their status."""
        self.lang = lang
        self.host = host
        self.port = port
        self.rng = rng
        self.session: Session | None = None
        self.font = fonts.use_cjk()
        self._tasks: set[asyncio.Task[None]] = set()
        self._closing: asyncio.Task[None] | None = None
        """The last game left, being closed: the next one opens once it is (:meth:`_open`)."""
        self._opening = False
        """Whether a game is being opened: a second tap on Start, Resume or Play again that
        lands before the first is done (a slow tablet, an impatient player) is let be, or
        the game opened twice — two tables on one port, a second game in the journal."""
        self._redraw = Clock.create_trigger(lambda _dt: self.refresh())
        """Every change to the session in one frame, one refresh before that frame is drawn."""
        self.logs = logs or faults.log_folder()
        """Where a crash report goes (:meth:`fault`)."""
        self._unforeseen = _Unforeseen(self)
        self._paused_before = False
        """Whether the table had paused itself when the app was paused (``on_pause``)."""

    def build(self) -> ScreenManager:
        self.title = text(self.lang, "tablet.title")
        Window.clearcolor = theme.FELT
        # Each frame handed to the renderer at once: a software renderer frees the textures
        # of changed texts (widgets.Folding) only then, and would hold 350 MB more.
        Window.bind(on_flip=lambda *_: gl.glFlush())
        Window.bind(on_memorywarning=self.low_memory)
        memory.keep_large_blocks_apart()
        fonts.open_every_size()
        self.screens = ScreenManager(transition=NoTransition())
        screens = (StartScreen, JoinScreen, TableScreen, OverScreen, RegisterScreen, SeasonScreen)
        for screen in screens:
            self.screens.add_widget(screen(self))
        self._run_sensors()
        return self.screens

    def _run_sensors(self) -> None:
        if self.sensors is not None:
            self.sensors.handler = self._before_a_game
            self.spawn(self.sensors.run())

    def on_start(self) -> None:
        ExceptionManager.add_handler(self._unforeseen)
        gc.freeze()  # what start-up built lives as long as the app (see settle_memory)

    def on_stop(self) -> None:
        ExceptionManager.remove_handler(self._unforeseen)

    def on_pause(self) -> bool:
        """Android's ``onPause`` — the screen off, another app in front: what may run only
        in front stops (the tablet's own NFC), and the table holds its open round, which no
        one could answer on a sleeping tablet. Every move is in the journal already, so a
        system that kills the app now loses nothing. ``True``: pause, rather than close."""
        if self.sensors is not None:
            self.sensors.pause()
        session = self.session
        self._paused_before = session is not None and session.paused
        if session is not None and not self._paused_before:
            session.set_paused(True)
        return True

    def on_resume(self) -> None:
        """Back in front: the tablet's NFC listens again, the open round gets its whole time
        again (unless the table had paused itself), and the phones' server listens again if
        the system closed its socket or the tablet got another address meanwhile — the
        phones come back by themselves."""
        if self.sensors is not None:
            self.sensors.resume()
        session = self.session
        if session is not None:
            if not self._paused_before:
                session.set_paused(False)
            self.spawn(self._revive(session))

    async def _revive(self, session: Session) -> None:
        await session.phones.revive()
        if session.phones.moved is not None:
            self.show("join")  # the seats' codes changed: everyone scans again

    def low_memory(self, *_: Any) -> None:
        """Android warns that memory runs low (Kivy's ``on_memorywarning``): what Kivy can
        make again — its image and texture caches, and the rules' kept answers — is let go
        and the garbage collected, before Android kills apps for memory. Nothing of the
        game is: the journal has it."""
        for category in ("kv.image", "kv.texture", "kv.atlas", "kv.loader"):
            Cache.remove(category)
        memo.forget()
        gc.collect()

    def fault(self, error: BaseException) -> None:
        """An error nobody foresaw, in a frame or in the app's own work: the game is left as
        the journal has it — every move made so far — its session closed and the start
        screen offering to resume it, and the table is told so in words, with where the
        crash report is. The phones find the game again once it is resumed."""
        reported = faults.report(error, self.logs)
        self.leave_game()
        start = self.screens.get_screen("start")
        start.rebuild()  # it offers the game again
        start.fault(error, reported)

    def register_deck(self, game: str) -> None:
        """The register screen, tapping every card of ``game``'s deck on the tablet's reader."""
        screen = self.screens.get_screen("register")
        screen.walking = self.spawn(self._register(game, screen))
        self.show("register")

    async def _register(self, game: str, screen: RegisterScreen) -> None:
        """The reader is the walk's until it ends, however it ends (done, given out, the
        screen left); then the table's again, with every deck the tablet knows now."""
        assert self.decks is not None
        screen.begin(game, len(self.decks.cards(game)))
        if self.sensors is not None:
            await self.sensors.aclose()
        bound = None
        try:
            bound = await self.decks.register(game, screen.hear)
        except TagMapError as err:  # its stickers belong to another deck: nothing stored
            screen.hear(err.key, dict(err.args_))
        finally:
            self.sensors = self.decks.sensors()
            self._run_sensors()
            self.screens.get_screen("start").rebuild()  # its readers changed
            screen.finished(bound is not None)

    def _before_a_game(self, obs: Observation) -> None:
        """A source's word while no game is on: the start screen shows how each is doing."""
        self.refresh()

    async def run_all(self) -> None:
        """The app until its window closes; then the phones are told goodbye."""
        try:
            await self.async_run(async_lib="asyncio")
        finally:
            if self.session is not None:
                await self.session.stop()

    # --- where the app goes -------------------------------------------------------------

    def show(self, name: str) -> None:
        self.screens.current = name
        self.refresh()

    def refresh(self) -> None:
        """Redraw the current screen from the session; at the game's end, the end."""
        over = self.session is not None and self.session.service.over() is not None
        if over and self.screens.current == "table":
            self._ended()
            return
        current = self.screens.current_screen
        if current is not None:
            current.refresh()

    def _ended(self) -> None:
        """The table screen gives way to the game's end, which it is never shown again for:
        what it drew is collected before the story is drawn, then the end is kept out of the
        collector as the table was (:mod:`ui.tablet.memory`)."""
        for name in ("join", "table"):
            self.screens.get_screen(name).empty()
        memory.thaw()
        self.screens.current = "over"
        self.screens.current_screen.refresh()
        memory.settle()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.title = text(lang, "tablet.title")
        if self.session is not None:
            self.session.set_lang(lang)
        for screen in self.screens.screens:
            if screen.blank:
                screen.empty()  # in the new language, and still blank: not the ended game again
            else:
                screen.rebuild()
        self.refresh()

    def new_game(
        self,
        game: str,
        names: Sequence[str],
        options: object,
        *,
        draws: Draws,
        dealer: Dealer,
        window: int,
        voice: bool = False,
        teach: bool = False,
    ) -> None:
        """A new game; with ``voice``, the tablet reads its news aloud, and with ``teach``
        (a first game) explains each moment the first time it comes — both kept with the
        game, so a resumed game does too."""
        if self._opening:
            return
        dealt = self.sensors is not None and self.sensors.deal_on_readers(len(names))
        try:
            service = TableService.start(
                self.journal, game, names, options, draws=draws, readers=dealt, dealer=dealer,
                centre=self.sensors is not None and self.sensors.centre,
                rng=self.rng, by="tablet", voice=voice, teach=teach, window=window,
            )  # fmt: skip
        except JournalError as err:
            self._failed(err)
            return
        self._opens(self._open(service, "join"))

    def play_again(self) -> None:
        """The finished game's table again: its seats, names, options and way of playing,
        dealt anew; each phone keeps its seat — the finished game's codes open the new one,
        so nobody scans again — and the season counts both games."""
        session = self.session
        if session is None or self._opening:
            return
        self.session = None
        self._opens(self._again(session))

    async def _again(self, finished: Session) -> None:
        game_id, seats = finished.service.game_id, len(finished.service.names)
        await _closed(finished)  # its phones' server lets the port go for the next one
        sensors = self.sensors
        try:
            again = TableService.again(
                self.journal, game_id, rng=self.rng, by="tablet",
                readers=sensors is not None and sensors.deal_on_readers(seats),
                centre=sensors is not None and sensors.centre,
            )  # fmt: skip
        except JournalError as err:
            self.leave_game()
            self._failed(err)
            return
        await self._open(again, "table")  # the codes are the same: straight to the table

    def resume(self, game_id: int) -> None:
        if not self._opening:
            self._opens(self._resume(game_id))

    async def _resume(self, game_id: int) -> None:
        """The game replayed from the journal once the game left a moment ago (left and
        resumed at once) is closed and collected: replayed beside it, it took memory that
        the app kept all evening (:mod:`ui.tablet.memory`)."""
        await self._left()
        try:
            seats = len(self.journal.header(game_id).seats)
            dealt = self.sensors is not None and self.sensors.deal_on_readers(seats)
            service = TableService.resume(self.journal, game_id, readers=dealt)
        except JournalError as err:
            self._failed(err)
            return
        await self._open(service, "table", resumed=True)

    def _failed(self, err: JournalError) -> None:
        """The journal could not keep a new or resumed game: the start screen says why."""
        start = self.screens.get_screen("start")
        start.rebuild()  # a game may have been made, undealt
        start.warn(err)

    def leave_game(self) -> None:
        """Back to the start screen for a new game; the finished one stays in the journal."""
        # Only what still holds the game: the join and table screens were emptied at its
        # end, and built again now they would be new memory taken beside the end's garbage.
        drawn = [s for s in map(self.screens.get_screen, GAME_SCREENS) if not s.blank]
        held = [weakref.ref(root) for screen in drawn for root in screen.children]
        if self.session is not None:
            self._closing = self.spawn(_closed(self.session, held))
        if self.sensors is not None:
            self.sensors.handler = self._before_a_game
        self.session = None
        for screen in drawn:  # what they drew of the game goes with it, not at the next
            screen.empty()
        self.show("start")  # as the group left it, offering the game if it is unfinished

    def reseat(self, seat: Seat) -> None:
        if self.session is not None:
            self.spawn(self.session.reseat(seat))

    def admit(self, seat: Seat, label: str) -> None:
        """Give ``seat`` to the phone labelled ``label`` that asks for it."""
        if self.session is not None:
            self.spawn(self.session.admit(seat, label))

    async def _left(self) -> None:
        """The game left a moment ago, if one was, closed: its port surely free, its memory
        collected."""
        if self._closing is not None:
            await asyncio.wait([self._closing])
            self._closing = None

    def _opens(self, opening: Coroutine[Any, Any, None]) -> None:
        """``opening`` a game, the only one at a time (:attr:`_opening`): once it has opened
        the game, or failed to, another may be opened."""
        self._opening = True

        async def opened() -> None:
            try:
                await opening
            finally:
                self._opening = False

        self.spawn(opened())

    async def _open(self, service: TableService, screen: str, *, resumed: bool = False) -> None:
        await self._left()  # a game left a moment ago, and resumed or replaced
        try:
            live = LiveTable(service, host=self.host, port=self.port)
        except JournalError as err:  # the seats' tokens could not be kept
            self._failed(err)
            return
        await live.start(self.sensors)
        session = Session(live, self.lang, resumed=resumed)
        if session.phones.moved is not None:
            screen = "join"  # the phones' codes changed: everyone scans again
        if self.sensors is not None:
            for status in list(self.sensors.statuses.values()):
                session.hear(status)
        self.session = session
        session.subscribe(self._redraw)
        if self.speaker is not None and service.header.policy.voice:
            Crier(session, self.speaker, opening=screen == "join")
        for name in GAME_SCREENS:
            self.screens.get_screen(name).rebuild()
        self.show(screen)
        memory.settle()

    def spawn(self, work: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        error = None if task.cancelled() else task.exception()
        if error is not None:
            self.fault(error)


class _Unforeseen(ExceptionHandler):
    """Kivy's word on an error escaping a frame: the app's :meth:`TabletApp.fault` says it
    and the app goes on — unless the fault itself fails, or faults come one a frame and
    cannot be got past: then the error ends the app, for ``companion play`` to say."""

    BURST = 5

    def __init__(self, app: TabletApp) -> None:
        super().__init__()
        self.app = app
        self._recent: deque[float] = deque(maxlen=self.BURST)

    def handle_exception(self, inst: BaseException) -> int:
        if not isinstance(inst, Exception):
            return int(ExceptionManager.RAISE)  # a stop asked for, not a fault
        now = time.monotonic()
        self._recent.append(now)
        if len(self._recent) == self.BURST and now - self._recent[0] < 1.0:
            return int(ExceptionManager.RAISE)
        try:
            self.app.fault(inst)
        except Exception:
            return int(ExceptionManager.RAISE)
        return int(ExceptionManager.PASS)


GAME_SCREENS = ("join", "table", "over")
"""The screens drawn from a game's session: emptied when it ends, or each would hold the last
game's seats, pictures and story (a thousand widgets at a big table) on the start screen."""


async def _closed(session: Session, held: Sequence[weakref.ref[Any]] = ()) -> None:
    """``session``'s table closed (its phones told goodbye, its clock stopped), then let go,
    with ``held``: what the screens drew of it."""
    await session.stop()
    gone = [weakref.ref(session), *held]
    del session  # this frame's own reference, or the collection below would keep the game
    memory.release(gone)
