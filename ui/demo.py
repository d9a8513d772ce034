"""``companion demo``: a seeded game played by bots, shown as the table and phones see it.

No display, and no hardware but emulated: the bots lay their cards on emulated
NFC readers — a PN532 per seat, one in the centre, one on the discard pile, read
through nfcpy, or with ``--input board`` the readers of reader boards, eight to a
board, read through our own host — so every card played goes the way a real tap goes
(``ui.hands``). The table is printed after every turn, each action as a
line of the feed (with its journal position). The phone server runs too: scan
a seat's QR code and that seat is yours to play. The game runs on the real
journal, so it can be killed and picked up again with ``companion resume``.

Everyone near the terminal reads it, so it shows a seat's secrets only where
nobody can be hurt by them: when no phone can join (``--no-phones``) every seat
is a bot, and the terminal is the bots' own view — each secret in a panel
marked as that seat's phone. Once phones may join, no seat's panel is shown, not
even a bot's: any seat may be taken by a phone at any moment (its deal would
already be on the screen), and a bot's panel can hold another seat's card (the
card an interrogation drew from its target's hand, a bribe's offered card).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
import tempfile
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from companion.core.actions import Action, TellDraw
from companion.core.dealing import told
from companion.core.game import Bot
from companion.core.types import JSON, Seat
from companion.i18n import Voice
from companion.service import Change, TableService
from hardware.emulated import EmulatedTable
from hardware.nfc import Polling
from ui.faults import resume_command
from ui.hands import Hands, emulated_hands
from ui.phone.qr import terminal_qr
from ui.phone.server import PhoneServer
from ui.seat_screen import TOLD
from ui.terminal import TableScreen


async def play(
    service: TableService,
    console: Console,
    voice: Voice,
    pace: float,
    seed: str,
    *,
    phones: PhoneServer | None = None,
    readers: str | None = None,
) -> None:
    """Play ``service``'s game to its end, printing what the table and each phone would see.

    Bots (``GameSpec.bot``) play every seat — except a seat whose phone has joined:
    that seat waits for its player, who plays from the phone. With ``readers`` (one of
    :data:`INPUTS`), the bots' cards are laid on emulated readers of that kind — a PN532
    each, or the readers of reader boards — and a card the deck turns up is laid
    by the deck itself; the table then waits to be told such cards.
    """
    screen = TableScreen(console, voice)
    shown = watched_seats(len(service.names), phones)
    console.print(voice.text("demo.phones_note" if shown else "demo.phones_hidden"),
                  style="magenta")  # fmt: skip
    async with contextlib.AsyncExitStack() as stack:
        hands = None
        if readers:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="companion-"))
            rng = random.Random(f"{seed}:deck")
            board = readers == "board"
            polling = None if pace else QUICK_HANDS
            laid = emulated_hands(service, Path(folder), rng, screen.laid, board=board,
                                  polling=polling)  # fmt: skip
            hands = await stack.enter_async_context(laid)
            count, boards = len(hands.readers.readers), len(hands.readers.sources)
            said = "demo.board" if board else "demo.readers"
            console.print(voice.text(said, count=count, boards=boards), style="cyan")
        await _bots_play(service, screen, seed, pace, shown, phones=phones, hands=hands)
    finale(console, voice, service)


QUICK_HANDS = Polling(presence=0.03)
"""A demo without pauses lifts each card as soon as it is read: its PN532s look for the
card's going every 30 ms instead of a table's 100, or most of such a demo is spent waiting
for a lifted card to be missed (the game and its taps are the same)."""

INPUTS = ("nfc", "board")
"""The emulated readers a demo can lay its cards on: a PN532 per place, or reader boards."""


def watched_seats(seats: int, phones: PhoneServer | None) -> frozenset[Seat]:
    """The seats whose secrets the terminal may show: every seat when no phone can join (all
    are bots, and the terminal is their view), none when one can (see the module's words)."""
    return frozenset(Seat(i) for i in range(seats)) if phones is None else frozenset()


async def _bots_play(
    service: TableService,
    screen: TableScreen,
    seed: str,
    pace: float,
    shown: frozenset[Seat],
    *,
    phones: PhoneServer | None,
    hands: Hands[EmulatedTable] | None,
) -> None:
    make = service.spec.bot
    bots = [make(Seat(i), random.Random(f"{seed}:{i}")) for i in range(len(service.names))]
    moved = asyncio.Event()

    def on_change(change: Change) -> None:
        update = change.update
        if update is None:
            return
        public = update.public()
        for event in public:
            args = event["args"]
            assert isinstance(args, dict)
            screen.say(str(event["kind"]), args, update.seq)
        for bot in bots:
            bot.hear(public)
        for seat in sorted(shown):
            secrets = update.private(seat)
            if secrets:
                screen.phone(seat, secrets)
        moved.set()

    service.subscribe(on_change)
    if phones is not None:

        def joined(seats: frozenset[Seat]) -> None:
            screen.joined(seats)
            moved.set()

        phones.on_connections(joined)
    await _opened(service, screen, shown, hands)
    turn = service.public_view()["turn"]
    screen.table(service.public_view())
    deck = random.Random(f"{seed}:cards")  # the real cards, at a table dealt by hand
    while service.over() is None:
        moved.clear()
        people = frozenset() if phones is None else phones.connected()
        if service.telling_deal():
            if not tell_deal(service, deck, people):
                await moved.wait()  # the players tell their phones what they were dealt
            continue
        acting = service.acting()
        assert acting is not None
        due = None if hands is None else hands.due()
        if hands is not None and due is not None:
            await hands.make(due)  # the card the deck gave, on the drawer's reader
        elif acting in people:
            await moved.wait()  # the player decides on their phone
        else:
            action = told_draw(service, deck, acting) or bot_move(service, bots[acting], acting)
            await _bot_acts(service, hands, action, pace)
        view = service.public_view()
        if view["turn"] != turn or view["over"] is not None:
            turn = view["turn"]
            screen.table(view)
            await asyncio.sleep(pace)


async def _opened(
    service: TableService,
    screen: TableScreen,
    shown: frozenset[Seat],
    hands: Hands[EmulatedTable] | None,
) -> None:
    """The game's start: its real cards dealt on the readers, or each shown seat's phone."""
    if hands is not None and hands.dealing():
        screen.console.print(screen.t(f"ingest.deal.intro.{service.header.game}"), style="cyan")
        await hands.deal()  # the bots hear their cards; each phone shows its own
    else:
        for seat in sorted(shown):
            screen.phone_state(seat, service.private_view(seat), service.public_view())


async def _bot_acts(
    service: TableService, hands: Hands[EmulatedTable] | None, action: Action, pace: float
) -> None:
    """A bot's move: sent as its phone would, or made with its cards on the readers."""
    if hands is None:
        service.submit(action)
    else:
        await hands.make(action)
    await asyncio.sleep(pace / 3)


def tell_deal(service: TableService, deck: random.Random, people: frozenset[Seat]) -> bool:
    """At a table dealt by hand (``--deal hand``), each bot still to tell says its part of a
    real deal drawn from ``deck``; a seat played from a phone tells its own. Whether any bot
    told (else the table waits for the phones)."""
    taps = service.spec.sensing.deal
    deal = service.spec.roll(service.table.state, deck)
    assert taps is not None and deal is not None
    dealt, _ = told.parts(taps, deal)
    bots = [s for s in told.waiting(service.table.state) if s not in people and s in dealt]
    for seat in bots:
        service.act(seat, told.TellDealt(seat=seat, cards=tuple(dealt[seat])))
        if not service.telling_deal():
            break
    return bool(bots)


def told_draw(service: TableService, deck: random.Random, seat: Seat) -> Action | None:
    """What a bot tells of the card the real deck gave it, where the table waits to be told
    (``--deal hand``: draws told on the phones); ``None`` where it waits for no such word."""
    if not any(p.kind in TOLD for p in service.pending() if seat in p.seats):
        return None
    state = service.table.state
    card = getattr(service.spec.roll(state, deck), "card", None)
    if card is None:
        return None
    faces = service.spec.copies(state).get(card, (card,))  # the phone names each face once
    listed = [service.spec.codec.decode(a) for a in service.seat_view(seat).actions]
    telling = [a for a in listed if isinstance(a, TellDraw)]
    return next((a for a in telling if a.card in faces), telling[0] if telling else None)


def bot_move(service: TableService, bot: Bot, seat: Seat) -> Action:
    """What ``bot`` sends from ``seat``'s phone: its choice among what the phone lists — each
    card named by its face — as the table means it (the copy the seat really holds)."""
    seen = service.seat_view(seat)
    listed = [service.spec.codec.decode(a) for a in seen.actions]
    return service.meant(seat, bot.choose(seen.public, seen.private, listed))


async def gathered(
    console: Console, voice: Voice, phones: PhoneServer, wanted: int | None, *, asks: bool
) -> None:
    """Before the first move, the players who will play from their phones are in: once
    ``wanted`` phones have joined, or Enter is pressed where the terminal ``asks`` (a person
    at a keyboard) — else at once, as a script or a test runs the demo. Without it the bots
    played a seat's first moves while its player was still scanning the code."""
    if wanted is None and not asks:
        return
    start = asyncio.Event()

    def joined(seats: frozenset[Seat]) -> None:
        if wanted is not None and len(seats) >= wanted:
            start.set()

    phones.on_connections(joined)
    joined(phones.connected())
    said = "demo.waiting_for" if wanted is not None else "demo.waiting"
    console.print(voice.text(said, count=wanted or 0), style="bold")

    def pressed() -> None:
        sys.stdin.readline()
        start.set()

    loop = asyncio.get_running_loop()
    if asks:
        loop.add_reader(sys.stdin.fileno(), pressed)
    try:
        await start.wait()
    finally:
        if asks:
            loop.remove_reader(sys.stdin.fileno())


def show_phones(console: Console, voice: Voice, phones: PhoneServer) -> None:
    """Each seat's QR code and address, to open that seat's page on a phone."""
    seats = range(len(voice.names))
    panels = [
        Panel(Text(terminal_qr(phones.url(Seat(i))), no_wrap=True), title=voice.seat(i),
              expand=False)
        for i in seats
    ]  # fmt: skip
    move = phones.move()
    if move is not None:  # a resumed game whose port was taken: every code is new
        console.print(voice.text("tablet.codes_moved", before=move[0], now=move[1]), style="yellow")
    console.print(voice.text("demo.phones_join"), style="bold")
    console.print(Columns(panels))
    for i in seats:
        console.print(f"{voice.seat(i)}: {phones.url(Seat(i))}", soft_wrap=True)
    others = [a.ip for a in phones.addresses if a.ip != phones.address]
    if others:
        console.print(voice.text("demo.other_addresses", addresses=", ".join(others)), style="dim")


def finale(console: Console, voice: Voice, service: TableService) -> None:
    """The winners, then — the game being over — who was who all along."""
    result = service.over()
    assert result is not None
    winners: list[JSON] = list(result.winners)
    lines = [
        voice.say("demo.winners" if result.winners else "demo.no_winner", {"winners": winners}),
        voice.say("demo.reason", {"reason": result.reason.value}),
        "",
    ]
    identities = service.revealed_view()["identities"]
    assert isinstance(identities, list)
    lines += [voice.say("demo.was", {"seat": i, "identity": c}) for i, c in enumerate(identities)]
    console.print(Panel("\n".join(lines), border_style="green", expand=False))


def intro(console: Console, voice: Voice, service: TableService, seed: int | str) -> None:
    game = voice.text(f"game.{service.header.game}")
    players = len(service.names)
    console.rule(voice.text("demo.title", game=game, players=players, seed=seed))
    path, game_id = service.journal.path, service.game_id
    command = resume_command(path, game_id)  # this very journal
    console.print(voice.text("demo.journal", path=str(path), game=game_id, command=command),
                  style="dim")  # fmt: skip
