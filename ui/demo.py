"""``companion demo``: a seeded game played by bots, shown as the table and phones see it.

No display, and no hardware but emulated: the bots lay their cards on emulated
NFC readers — a PN532 per seat, one in the centre, one on the discard pile, read
through nfcpy — so every card played goes the way a real tap goes
(``hardware.hands``). The table is printed after every turn, each action as a
line of the feed (with its journal position), and each secret inside a panel
marked as the phone of the seat it belongs to. The phone server runs too: scan
a seat's QR code and that seat is yours to play. The game runs on the real
journal, so it can be killed and picked up again with ``companion resume``.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from companion.core.types import Seat
from companion.games.microfilms import bot as microfilms_bot
from companion.games.themessage import bot as themessage_bot
from companion.i18n import describe, seat_name, text
from companion.table import Table, Update
from hardware.hands import Hands, emulated_hands
from ui.phone.qr import terminal_qr
from ui.phone.server import PhoneServer
from ui.terminal import TableScreen

DEMO_NAMES = {
    "en": ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"),
    "zh-Hant": ("阿明", "小美", "大偉", "阿芳", "志強", "淑芬"),
    "zh-Hans": ("阿明", "小美", "大伟", "阿芳", "志强", "淑芬"),
}


BOTS: dict[str, Callable[[Seat, random.Random], Any]] = {
    "microfilms": microfilms_bot.Bot,
    "themessage": themessage_bot.Bot,
}
"""Who plays a seat no phone has joined: a bot that sees only what that seat sees."""

PLAYERS = {"microfilms": (3, 4, 5, 6), "themessage": (4, 6)}
"""Table sizes a demo offers: every one for Microfilms; for 風聲 the first-game tables,
an even count with no green identity (digest §2)."""


def names_for(lang: str, players: int) -> list[str]:
    return list(DEMO_NAMES[lang][:players])


async def play(
    table: Table,
    console: Console,
    lang: str,
    pace: float,
    seed: str,
    *,
    phones: PhoneServer | None = None,
    readers: bool = False,
) -> None:
    """Play ``table`` to its end, printing what the table and each phone would see.

    Bots play every seat — except a seat whose phone has joined: that seat waits
    for its player, who plays from the phone. With ``readers``, the bots' cards
    are laid on emulated readers, and a card the deck turns up is laid by the deck
    itself; the table must then wait to be told such cards (``players_tell``).
    """
    screen = TableScreen(console, lang, table.header.game, table.header.seats)
    async with contextlib.AsyncExitStack() as stack:
        hands = None
        if readers:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="companion-"))
            rng = random.Random(f"{seed}:deck")
            laid = emulated_hands(table, Path(folder), rng, screen.laid)
            hands = await stack.enter_async_context(laid)
            console.print(text(lang, "demo.readers", count=len(hands.ingest.roles)), style="cyan")
        await _bots_play(table, screen, seed, pace, phones=phones, hands=hands)
    finale(console, lang, table)


async def _bots_play(
    table: Table,
    screen: TableScreen,
    seed: str,
    pace: float,
    *,
    phones: PhoneServer | None,
    hands: Hands | None,
) -> None:
    make = BOTS[table.header.game]
    bots = [make(Seat(i), random.Random(f"{seed}:{i}")) for i in range(len(table.header.seats))]
    moved = asyncio.Event()

    def on_update(update: Update) -> None:
        public = update.public()
        for event in public:
            args = event["args"]
            assert isinstance(args, dict)
            screen.say(str(event["kind"]), args, update.seq)
        for bot in bots:
            bot.hear(public)
        for i in range(len(bots)):
            secrets = update.private(Seat(i))
            if secrets:
                screen.phone(i, secrets)
        moved.set()

    table.subscribe(on_update)
    if phones is not None:
        phones.on_connections(lambda seats: (screen.joined(seats), moved.set()))
    if hands is not None and hands.dealing():
        screen.console.print(screen.t(f"ingest.deal.intro.{table.header.game}"), style="cyan")
        await hands.deal()  # the bots hear their cards; each phone shows its own
    else:
        for i in range(len(bots)):
            screen.phone_state(i, table.private_view(Seat(i)))
    turn = table.public_view()["turn"]
    screen.table(table.public_view())
    while table.over() is None:
        seat = table.pending()[0].seats[0]
        moved.clear()
        due = None if hands is None else hands.due()
        if hands is not None and due is not None:
            await hands.make(due)  # the card the deck gave, on the drawer's reader
        elif phones is not None and seat in phones.connected():
            await moved.wait()  # the player decides on their phone
        else:
            view, mine = table.public_view(), table.private_view(seat)
            action = bots[seat].choose(view, mine, table.legal_actions(seat))
            if hands is None:
                table.submit(action)
            else:
                await hands.make(action)
            await asyncio.sleep(pace / 3)
        view = table.public_view()
        if view["turn"] != turn or view["over"] is not None:
            turn = view["turn"]
            screen.table(view)
            await asyncio.sleep(pace)


def show_phones(console: Console, lang: str, phones: PhoneServer) -> None:
    """Each seat's QR code and address, to open that seat's page on a phone."""
    names = phones.table.header.seats
    panels = [
        Panel(
            Text(terminal_qr(phones.url(Seat(i))), no_wrap=True),
            title=seat_name(lang, i, names),
            expand=False,
        )
        for i in range(len(names))
    ]
    console.print(text(lang, "demo.phones_join"), style="bold")
    console.print(Columns(panels))
    for i in range(len(names)):
        console.print(f"{seat_name(lang, i, names)}: {phones.url(Seat(i))}", soft_wrap=True)
    others = [a.ip for a in phones.addresses if a.ip != phones.address]
    if others:
        console.print(text(lang, "demo.other_addresses", addresses=", ".join(others)), style="dim")


def finale(console: Console, lang: str, table: Table) -> None:
    """The winners, then — the game being over — who was who all along."""
    result = table.over()
    assert result is not None
    names = table.header.seats
    lines = [
        describe(lang, "demo.winners" if result.winners else "demo.no_winner",
                 {"winners": list(result.winners)}, names),
        describe(lang, "demo.reason", {"reason": result.reason}, names),
        "",
    ]  # fmt: skip
    identities = table.revealed_view()["identities"]
    assert isinstance(identities, list)
    lines += [
        describe(lang, "demo.was", {"seat": i, "identity": card}, names)
        for i, card in enumerate(identities)
    ]
    console.print(Panel("\n".join(lines), border_style="green", expand=False))


def intro(console: Console, lang: str, table: Table, seed: int | str, path: object) -> None:
    game = text(lang, f"game.{table.header.game}")
    console.rule(text(lang, "demo.title", game=game, players=len(table.header.seats), seed=seed))
    console.print(text(lang, "demo.journal", path=str(path), game=table.game_id), style="dim")
    console.print(text(lang, "demo.phones_note"), style="magenta")
