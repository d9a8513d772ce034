"""The ``companion`` command: demo, play, resume, export, replay, games, story, stats,
register, markers, calibrate, doctor.

Every message a person reads comes from the i18n catalogs; ``--lang`` picks
one, otherwise the system locale does. The journal defaults to the user's data
directory; ``--db PATH`` chooses another file.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import random
import re
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

import numpy as np
import platformdirs
from rich.console import Console
from rich.table import Table
from rich.text import Text

from companion import boxes, season
from companion.core.types import JSONObject, Seat
from companion.games import GAMES
from companion.i18n import LANGS, Voice, pick_lang, sample_names, text
from companion.journal import Journal
from companion.journal_errors import JournalError
from companion.observations import Source, describe_status
from companion.policy import Dealer, Draws
from companion.seal import opened
from companion.service import TableService
from companion.tagmap import TagMap, TagMapError
from companion.transcript import Header, TranscriptError, dumps, read, run, views
from companion.walkthrough import box_cards, deck_cards, worded
from hardware import inventory
from hardware.camera import layout, sheets
from hardware.camera.layout import LayoutError
from hardware.camera.markers import assigned
from hardware.camera.watching import watching
from hardware.nfc import nfc_version
from hardware.register import box_named, camera_learning, faces_of, learn_faces, register
from hardware.sources import BadWatch, Watch, open_source
from hardware.urls import BadSourceUrl
from ui import calibrate, cjk, demo, faults
from ui import season as season_words
from ui.live import LiveTable
from ui.phones import DEFAULT_PORT
from ui.story.scene import StillPlaying, scene
from ui.terminal import TableScreen

APP = faults.APP
LINGER_S = 120.0
"""After the demo's game, how long the server stays up for phones still looking at it."""
DEALS = ("app", "hand")
"""How a demo deals: the app deals and draws, or (``hand``) the players deal and draw the
real cards and tell their phones what they got — the bots tell theirs."""


def default_db() -> Path:
    return platformdirs.user_data_path(APP) / "journal.sqlite3"


def default_tags() -> Path:
    return platformdirs.user_data_path(APP) / "tags.sqlite3"


def default_calibration() -> Path:
    return platformdirs.user_data_path(APP) / "camera.json"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    lang = _lang(argv)
    args = _parser(lang).parse_args(argv)
    console = Console(highlight=False)
    faults.keep_logs(faults.log_folder())
    try:
        result: int = args.run(args, lang, console)
    except TranscriptError as err:
        console.print(
            text(lang, "cli.bad_transcript", line=err.line, reason=err.reason), style="red"
        )
        return 2
    except JournalError as err:
        _say_journal(console, lang, err, "red")
        if err.code == "damaged":
            hint = text(lang, "cli.damaged_hint", **err.details)
            console.print(hint, markup=False, soft_wrap=True)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: the game stops where it is, and how to go on is said
        console.print(text(lang, "cli.stopped"), markup=False, soft_wrap=True)
        resume = _resumable(args)
        if resume is not None:
            console.print(text(lang, "fault.resume", command=resume), markup=False, soft_wrap=True)
        return 130
    except Exception as error:  # an error nobody foresaw: said in words, never a traceback
        reported = faults.report(error, faults.log_folder())
        for line in faults.told(lang, error, reported, _resumable(args)):
            console.print(line, style="red", markup=False, soft_wrap=True)
        return 70
    return result


def _resumable(args: argparse.Namespace) -> str | None:
    """The line that continues the command's unfinished game, if it played one."""
    if not hasattr(args, "db"):
        return None
    path = args.db or default_db()
    try:
        game = Journal(path, write=False).latest_unfinished() if path.exists() else None
    except Exception:  # the journal itself may be what failed: offer nothing then
        return None
    return None if game is None else faults.resume_command(path, game)


def _lang(argv: list[str]) -> str:
    """The language, known before the parser is built so that its help is translated too."""
    for i, arg in enumerate(argv):
        if arg.startswith("--lang="):
            return pick_lang(arg.split("=", 1)[1])
        if arg == "--lang" and i + 1 < len(argv):
            return pick_lang(argv[i + 1])
    return pick_lang(os.environ.get("LC_ALL") or os.environ.get("LANG"))


def _parser(lang: str) -> argparse.ArgumentParser:
    def h(key: str, **args: object) -> str:
        return text(lang, f"cli.help.{key}", **args).replace("%", "%%")

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", choices=LANGS, default=argparse.SUPPRESS, help=h("lang"))
    p = argparse.ArgumentParser(prog="companion", description=h("about"), parents=[common])
    sub = p.add_subparsers(required=True, metavar="COMMAND")

    def command(name: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=h(name), description=h(name), parents=[common])

    _demo_args(command("demo"), h)

    t = command("play")
    _db_arg(t, h)
    t.add_argument("--host", help=h("host"))
    t.add_argument("--port", type=int, default=DEFAULT_PORT, help=h("port", port=DEFAULT_PORT))
    t.add_argument(
        "--reader", action="append", default=[], metavar="PLACE=URL", help=h("reader_place")
    )
    t.add_argument("--deck", help=h("play_deck"))
    t.add_argument("--camera", metavar="URL", help=h("play_camera"))
    t.add_argument("--markerless", action="store_true", help=h("play_markerless"))
    _tags_arg(t, h)
    _calibration_arg(t, h)
    t.set_defaults(run=_tablet)

    r = command("resume")
    r.add_argument("game", nargs="?", type=int, help=h("resume_game"))
    r.add_argument("--json", action="store_true", help=h("resume_json"))
    r.add_argument("--pace", type=float, default=1.2, help=h("pace"))
    r.add_argument("--fast", action="store_true", help=h("fast"))
    _db_arg(r, h)
    _phone_args(r, h)
    r.set_defaults(run=_resume)

    e = command("export")
    e.add_argument("game", type=int, help=h("game"))
    e.add_argument("-o", "--output", type=Path, help=h("output"))
    _db_arg(e, h)
    e.set_defaults(run=_export)

    x = command("replay")
    x.add_argument("file", type=Path, help=h("file"))
    x.add_argument("--json", action="store_true", help=h("replay_json"))
    x.set_defaults(run=_replay)

    g = command("games")
    _db_arg(g, h)
    g.set_defaults(run=_games)
    _stats_command(command, h, lang)
    _story_command(command, h)
    _reader_commands(command, h)
    return p


def _story_command(
    command: Callable[[str], argparse.ArgumentParser], h: Callable[..., str]
) -> None:
    s = command("story")
    s.add_argument("game", type=int, help=h("game"))
    s.add_argument("-o", "--output", type=Path, required=True, help=h("story_output"))
    _db_arg(s, h)
    s.set_defaults(run=_story)


def _reader_commands(
    command: Callable[[str], argparse.ArgumentParser], h: Callable[..., str]
) -> None:
    t = command("register")
    t.add_argument("--game", choices=list(GAMES), default=next(iter(GAMES)), help=h("reg_game"))
    t.add_argument("--box", help=h("box"))
    t.add_argument("--reader", help=h("reader"))
    t.add_argument("--camera", metavar="URL", help=h("register_camera"))
    t.add_argument("--markerless", action="store_true", help=h("register_markerless"))
    t.add_argument("--deck", help=h("deck"))
    t.add_argument("--write", action="store_true", help=h("write"))
    t.add_argument("--export", type=Path, help=h("tags_export"))
    t.add_argument("--import", dest="import_", type=Path, help=h("tags_import"))
    _tags_arg(t, h)
    _calibration_arg(t, h)
    t.set_defaults(run=_register)

    m = command("markers")
    m.add_argument("--game", choices=list(GAMES), default=next(iter(GAMES)), help=h("reg_game"))
    m.add_argument("--box", help=h("box"))
    m.add_argument("--paper", choices=list(sheets.PAPERS), default="a4", help=h("paper"))
    m.add_argument("-o", "--output", type=Path, required=True, help=h("markers_output"))
    m.add_argument("--deck", help=h("markers_deck"))
    _tags_arg(m, h)
    m.set_defaults(run=_markers)

    k = command("calibrate")
    k.add_argument("--camera", required=True, metavar="URL", help=h("calibrate_camera"))
    k.add_argument("--players", type=int, required=True, help=h("players"))
    k.add_argument("--size", metavar="WxD", help=h("calibrate_size"))
    k.add_argument("--picture", type=Path, help=h("calibrate_picture"))
    k.add_argument("--no-edit", action="store_true", help=h("calibrate_no_edit"))
    _calibration_arg(k, h)
    k.set_defaults(run=_calibrate)

    c = command("doctor")
    c.add_argument("--reader", action="append", default=[], help=h("doctor_reader"))
    c.add_argument("--wait", type=float, default=3.0, help=h("wait"))
    _tags_arg(c, h)
    c.set_defaults(run=_doctor)


def _stats_command(
    command: Callable[[str], argparse.ArgumentParser], h: Callable[..., str], lang: str
) -> None:
    s = command("stats")
    s.add_argument("--since", type=functools.partial(_day, lang), metavar="DATE", help=h("since"))
    s.add_argument("--players", default="", metavar="NAMES", help=h("stats_players"))
    s.add_argument("--same", action="append", default=[], metavar="NAME=NAME", help=h("same"))
    s.add_argument("--apart", action="append", default=[], metavar="NAME", help=h("apart"))
    _db_arg(s, h)
    s.set_defaults(run=_stats)


def _db_arg(p: argparse.ArgumentParser, h: Callable[..., str]) -> None:
    p.add_argument("--db", type=Path, default=None, help=h("db"))


def _tags_arg(p: argparse.ArgumentParser, h: Callable[..., str]) -> None:
    p.add_argument("--tags", type=Path, default=None, help=h("tags"))


def _calibration_arg(p: argparse.ArgumentParser, h: Callable[..., str]) -> None:
    p.add_argument("--calibration", type=Path, default=None, help=h("calibration"))


def _demo_args(d: argparse.ArgumentParser, h: Callable[..., str]) -> None:
    d.add_argument("--game", choices=list(GAMES), default=next(iter(GAMES)), help=h("demo_game"))
    d.add_argument("--players", type=int, default=4, help=h("players"))
    d.add_argument("--seed", type=int, default=7, help=h("seed"))
    d.add_argument("--pace", type=float, default=1.2, help=h("pace"))
    d.add_argument("--fast", action="store_true", help=h("fast"))
    d.add_argument("--deal", choices=DEALS, default=DEALS[0], help=h("deal"))
    _db_arg(d, h)
    _phone_args(d, h)
    d.set_defaults(run=_demo)


def _phone_args(p: argparse.ArgumentParser, h: Callable[..., str]) -> None:
    p.add_argument("--no-phones", action="store_true", help=h("no_phones"))
    p.add_argument("--wait-for", type=int, default=None, metavar="N", help=h("wait_for"))
    p.add_argument("--no-readers", action="store_true", help=h("no_readers"))
    p.add_argument("--input", choices=demo.INPUTS, default=demo.INPUTS[0], help=h("input"))
    p.add_argument("--host", help=h("host"))
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=h("port", port=DEFAULT_PORT))


def _journal(args: argparse.Namespace) -> Journal:
    """The journal of a command that plays: it must be one that can be written."""
    return Journal(args.db or default_db())


def _reading(args: argparse.Namespace, lang: str) -> Journal:
    """The journal of a command that only reads: never written, even when it is whole; a
    damaged one gives what it still can, and says (on standard error) what it lost."""
    journal = Journal(args.db or default_db(), write=False)
    if journal.damage is not None:
        _say_journal(Console(stderr=True, highlight=False), lang, journal.damage, "yellow")
    return journal


def _say_journal(console: Console, lang: str, err: JournalError, style: str) -> None:
    """What is wrong with the journal file, and what a damaged one lost, a line each."""
    lines = [text(lang, err.key, **err.details)]
    lines += ["  " + text(lang, lost.key, **lost.args) for lost in err.lost]
    for line in lines:
        console.print(line, style=style, markup=False, soft_wrap=True)


def _demo(args: argparse.Namespace, lang: str, console: Console) -> int:
    spec = GAMES[args.game]
    if args.players not in spec.demo_sizes:
        sizes = ", ".join(str(n) for n in spec.demo_sizes)
        game = text(lang, f"game.{args.game}")
        console.print(text(lang, "cli.demo_players", game=game, sizes=sizes), style="red")
        return 2
    journal = _journal(args)
    names = sample_names(lang, args.players)
    by_hand = args.deal == "hand"  # the players deal and draw the real cards, and say them
    readers = not args.no_readers and not by_hand
    service = TableService.start(
        journal, args.game, names, draws=Draws.TOLD if by_hand else Draws.APP,
        dealer=Dealer.TABLE if by_hand else Dealer.APP, readers=readers,
        rng=random.Random(args.seed), by="demo",
    )  # fmt: skip
    voice = Voice.of(lang, spec, names)
    demo.intro(console, voice, service, args.seed)
    if by_hand:
        console.print(voice.text("demo.deal_hand"), style="cyan")
    asyncio.run(_play(service, console, voice, args, str(args.seed), readers=readers))
    return 0


def _readers(args: argparse.Namespace, readers: bool) -> str | None:
    """The emulated readers a demo lays its cards on (``--input``), or none."""
    return args.input if readers else None


async def _play(
    service: TableService,
    console: Console,
    voice: Voice,
    args: argparse.Namespace,
    seed: str,
    *,
    readers: bool,
) -> None:
    """The demo's game, with the phone server beside it unless told otherwise; its cards
    laid on the readers ``--input`` names, if it has readers."""
    async with LiveTable(service, phones=not args.no_phones, host=args.host,
                         port=args.port) as live:  # fmt: skip
        phones = live.phones
        if phones is not None:
            demo.show_phones(console, voice, phones)
            await demo.gathered(console, voice, phones, args.wait_for, asks=sys.stdin.isatty())
        pace = 0.0 if args.fast else args.pace
        await demo.play(service, console, voice, pace, seed, phones=phones,
                        readers=_readers(args, readers))  # fmt: skip
        if phones is not None and phones.connected():
            console.print(voice.text("demo.linger"), style="dim")
            await phones.until_alone(LINGER_S)


def _tablet(args: argparse.Namespace, lang: str, console: Console) -> int:
    """The tablet app; it offers to resume an interrupted game itself."""
    from ui.tablet import launch  # noqa: PLC0415 -- keeps Kivy out of every other command

    try:
        readers = [Watch.parse(r) for r in args.reader]
    except BadWatch as err:
        reason = text(lang, err.key, given=err.given, **err.details)
        console.print(text(lang, "cli.bad_reader", reason=reason), style="red")
        return 2
    recognise, context = None, None
    if readers or args.camera:
        tags = TagMap(args.tags or default_tags())
        named = tags.deck(args.deck) if args.deck else None
        if args.deck and named is None:
            console.print(text(lang, "register.error.no_deck", deck=args.deck), style="red")
            return 2
        decks = [named] if named is not None else tags.decks()
        if not decks:
            console.print(text(lang, "cli.no_deck"), style="red")
            return 2
        recognise = functools.partial(tags.recognise_in, decks)
        try:
            calibration = args.calibration or default_calibration()
            readers, context = watching(
                readers, args.camera, calibration, tags, decks, markerless=args.markerless
            )
        except (LayoutError, BadSourceUrl) as err:
            console.print(calibrate.said(lang, err), style="red")
            return 2
    home = platformdirs.user_data_path(APP) / "kivy"
    journal = _journal(args)
    launch.run(
        journal, lang, host=args.host, port=args.port, home=home,
        readers=readers, recognise=recognise, context=context,
    )  # fmt: skip
    return 0


def _calibrate(args: argparse.Namespace, lang: str, console: Console) -> int:
    path = args.calibration or default_calibration()

    def edit(calibration: layout.Calibration, frame: np.ndarray) -> None:
        from ui.tablet import launch  # noqa: PLC0415 -- keeps Kivy out of every other command

        launch.prepare(platformdirs.user_data_path(APP) / "kivy")
        from ui.tablet.zones import ZonesApp  # noqa: PLC0415 -- Kivy is configured now

        ZonesApp(lang, calibration, frame, path).run()

    return calibrate.calibrate(args, lang, console, path, None if args.no_edit else edit)


def _resume(args: argparse.Namespace, lang: str, console: Console) -> int:
    journal = _journal(args)
    game = args.game if args.game is not None else journal.latest_unfinished()
    if game is None:
        console.print(text(lang, "cli.no_unfinished"), style="yellow")
        return 1
    header = journal.header(game)
    readers = header.policy.readers and not args.no_readers
    service = TableService.resume(journal, game, readers=readers)
    if args.json:
        resumed = {"game": game, "seq": service.seq, "goes_on": service.goes_on(),
                   "public": service.public_view()}  # fmt: skip
        print(json.dumps(resumed, ensure_ascii=False))
        journal.close()
        return 0
    voice = Voice.of(lang, service.spec, service.names)
    console.print(voice.text("cli.resumed", game=game, seq=service.seq), style="green")
    screen = TableScreen(console, voice)
    if service.over() is not None:
        screen.table(service.public_view())
        demo.finale(console, voice, service)
        return 0
    if header.policy.by != "demo":
        screen.table(service.public_view())
        console.print(voice.text("cli.resume_table"))
        return 0
    asyncio.run(_play(service, console, voice, args, f"{game}:{service.seq}", readers=readers))
    return 0


def _game(journal: Journal, game: int, lang: str, console: Console) -> Header | None:
    """The header of ``game``, or ``None`` once the person is told the journal has no such game."""
    try:
        return journal.header(game)
    except KeyError:
        console.print(text(lang, "cli.no_game", game=game), style="red")
        return None


def _export(args: argparse.Namespace, lang: str, console: Console) -> int:
    journal = _reading(args, lang)
    header = _game(journal, args.game, lang, console)
    if header is None:
        return 1
    seal = opened(journal, args.game)  # nothing until the game is over
    ending: list[JSONObject] = [] if seal is None else [{"seal": seal.to_json()}]
    body = dumps(header, [*journal.actions(args.game), *ending])
    if args.output is None:
        sys.stdout.write(body)
    else:
        args.output.write_text(body, encoding="utf-8")
        console.print(text(lang, "cli.exported", game=args.game, path=str(args.output)))
    return 0


def _story(args: argparse.Namespace, lang: str, console: Console) -> int:
    """A finished game drawn as a picture; a game still running has no story yet — it would
    tell its secrets — and nothing is written."""
    from ui.story import picture  # noqa: PLC0415 -- keeps matplotlib out of every other command

    if args.output.suffix.lower() not in picture.SUFFIXES:
        console.print(text(lang, "cli.story_bad_file", path=str(args.output)), style="red")
        return 2
    journal = _reading(args, lang)
    header = _game(journal, args.game, lang, console)
    if header is None:
        return 1
    try:
        told = scene(header, journal.actions(args.game), lang, args.game)
    except StillPlaying as err:
        console.print(text(lang, err.key, game=args.game), style="red")
        return 1
    picture.draw(told, args.output)
    console.print(text(lang, "cli.story_written", game=args.game, path=str(args.output)))
    return 0


def _replay(args: argparse.Namespace, lang: str, console: Console) -> int:
    with args.file.open(encoding="utf-8") as f:
        header, lines = read(f)
    state = run(header, lines)
    spec = header.spec
    if args.json:
        print(json.dumps(views(spec, state, len(header.seats)), ensure_ascii=False))
        return 0
    screen = TableScreen(console, Voice.of(lang, spec, header.seats))
    screen.table(spec.public_view(state))
    for seat in range(len(header.seats)):
        private = spec.private_view(state, Seat(seat))
        secrets = private["secrets"]
        assert isinstance(secrets, list)
        screen.phone(seat, [s for s in secrets if isinstance(s, dict)])
    return 0


def _games(args: argparse.Namespace, lang: str, console: Console) -> int:
    games = _reading(args, lang).games()
    if not games:
        console.print(text(lang, "cli.no_games"))
    for g in games:
        status = text(lang, "cli.finished") if g.result is not None else text(lang, "cli.live")
        console.print(
            text(lang, "cli.game_row", game=g.id, kind=g.game, seats=", ".join(g.seats),
                 actions=g.actions, created=g.created, status=status)
        )  # fmt: skip
    return 0


def _day(lang: str, given: str) -> date:
    try:
        return date.fromisoformat(given)
    except ValueError:
        raise argparse.ArgumentTypeError(text(lang, "stats.bad_date", given=given)) from None


def _stats(args: argparse.Namespace, lang: str, console: Console) -> int:
    """Every finished game added up; ``--same`` and ``--apart`` first change, and keep in
    the journal, which spellings are one player — the tablet then counts them so too."""
    say = functools.partial(console.print, markup=False, soft_wrap=True)
    merges = [[n.strip() for n in given.split("=")] for given in args.same]
    for given, names in zip(args.same, merges, strict=True):
        if len(names) < 2 or not all(names):
            say(text(lang, "stats.bad_same", given=given), style="red")
            return 2
    journal = _journal(args) if merges or args.apart else _reading(args, lang)
    sep = text(lang, "word.sep")
    for name, *others in merges:
        season.merge(journal, name, others)
        say(text(lang, "stats.same_kept", name=name, others=sep.join(others)))
    if args.apart:
        season.part(journal, args.apart)
        say(text(lang, "stats.apart_kept", names=sep.join(args.apart)))
    wanted = [n for n in re.split("[,，、]", args.players) if n.strip()]
    found = season.tally(season.played(journal), journal.same_names(), since=args.since,
                         players=wanted)  # fmt: skip
    if not found.games:
        say(text(lang, "stats.none"))
        return 0
    for sheet in season_words.sheets(found, lang):
        console.print(Text(sheet.title, style="bold"))  # a title is never folded to its table
        table = Table(*sheet.columns)
        for row in sheet.rows:
            table.add_row(*(Text(cell) for cell in row))  # a name is not markup
        console.print(table)
    return 0


def _register(args: argparse.Namespace, lang: str, console: Console) -> int:
    voice = Voice.of(lang)
    tags = TagMap(args.tags or default_tags())
    name = args.deck or args.game
    deck = tags.deck(name)
    try:
        if args.import_ is not None:
            deck = tags.import_(json.loads(args.import_.read_text(encoding="utf-8")))
            console.print(text(lang, "register.imported", deck=deck.name,
                               count=len(tags.cards(deck))))  # fmt: skip
            return 0
        if args.export is not None:
            if deck is None:
                raise TagMapError("register.error.no_deck", deck=name)
            args.export.touch(mode=0o600)  # the file holds the deck's key
            args.export.write_text(json.dumps(tags.export(deck), indent=1), encoding="utf-8")
            console.print(text(lang, "register.exported", deck=name, path=str(args.export)))
            return 0
        if args.reader is None and args.camera is None:
            raise TagMapError("register.error.no_reader")
        folder = boxes.folder_beside(tags.path)
        if deck is None:
            box = box_named(args.game, args.box, folder) if args.box is not None else ""
            deck = tags.new_deck(name, args.game, box or next(iter(GAMES[args.game].sensing.boxes)))
        cards = deck_cards(deck, folder)
        if args.camera is not None and args.markerless:
            faces = faces_of(deck.game, cards)
            console.print(text(lang, "register.camera.faces", deck=name, count=len(faces)))
            photos = learn_faces(args.camera, tags, deck, faces, _sayer(voice, console))
            return 0 if photos is not None else 1
        if args.camera is not None:
            kept = layout.load(args.calibration or default_calibration())
            source: Source = camera_learning(args.camera, kept)
        else:
            source = open_source(args.reader)
    except (TagMapError, BadSourceUrl, LayoutError, OSError, ValueError) as err:
        key = getattr(err, "key", "register.error.bad_file")
        said = getattr(err, "args_", None) or getattr(err, "details", {})
        console.print(voice.say(key, said), style="red")
        return 1

    intro = "register.camera.intro" if args.camera is not None else "register.intro"
    console.print(text(lang, intro, deck=name, count=len(cards)))
    say = _sayer(voice, console)
    bound = asyncio.run(register(source, tags, deck, cards, write=args.write, say=say))
    return 0 if bound is not None else 1


def _sayer(voice: Voice, console: Console) -> Callable[[str, JSONObject], None]:
    """How a registration's steps are printed: each in the person's language."""
    return lambda key, said: console.print(worded(voice, key, said))


def _markers(args: argparse.Namespace, lang: str, console: Console) -> int:
    """The camera's sticker sheets for a box: its cards' markers in the order a
    registration asks for them, and the table's corners."""
    tags = TagMap(args.tags or default_tags())
    folder = boxes.folder_beside(tags.path)
    try:
        deck = tags.deck(args.deck) if args.deck is not None else None
        if deck is not None and (deck.game != args.game or args.box not in (None, deck.box)):
            raise TagMapError("markers.other_deck", deck=deck.name, game=deck.game, box=deck.box)
        given = args.box if deck is None else deck.box
        box = box_named(args.game, given, folder) if given is not None else ""
        cards = box_cards(args.game, box, folder)
        ids = assigned(cards)
    except (TagMapError, ValueError) as err:
        console.print(Voice.of(lang).say(getattr(err, "key", "markers.too_many"),
                                         getattr(err, "args_", {})), style="red")  # fmt: skip
        return 1
    voice = Voice.of(lang, GAMES[args.game])
    names = {c: voice.render("card", c) for c in cards}
    pages = sheets.write(args.output, ids, names, functools.partial(text, lang),
                         paper=args.paper, font_file=cjk.find())  # fmt: skip
    console.print(text(lang, "markers.written", path=str(args.output), count=len(ids),
                       pages=pages))  # fmt: skip
    if args.deck is not None:  # the sheet is the deck's: its stickers need no walk
        first = next(iter(GAMES[args.game].sensing.boxes))
        deck = tags.deck(args.deck) or tags.new_deck(args.deck, args.game, box or first)
        tags.store_markers(deck, ids)
        console.print(text(lang, "markers.stored", deck=deck.name, count=len(ids)))
    return 0


def _doctor(args: argparse.Namespace, lang: str, console: Console) -> int:
    say = functools.partial(console.print, markup=False, soft_wrap=True)
    version = inventory.libusb_version()
    say(text(lang, "doctor.nfcpy", version=nfc_version()))
    libusb = "doctor.libusb" if version else "doctor.no_libusb"
    say(text(lang, libusb, version=version or ""))
    found = inventory.attached()
    for a in found:
        access = "doctor.usable" if a.usable else "doctor.no_access"
        say(text(lang, f"doctor.attached.{a.kind}", path=a.path, name=a.name, url=a.url,
                 board=f"board:{a.path}", access=text(lang, access)))  # fmt: skip
    if not found:
        say(text(lang, "doctor.nothing_attached"))
    for url in args.reader:
        status = asyncio.run(inventory.probe(url, args.wait))
        say(describe_status(lang, status))
        health = (status.args or {}).get("health") if status.kind == "board" else None
        for reader, each in enumerate(health if isinstance(health, list) else []):
            words = text(lang, f"board.health.{each}")
            say(text(lang, "doctor.board.reader", reader=reader, health=words))
        if status.detail:
            say(f"  {status.detail}", style="dim")
    tags = TagMap(args.tags or default_tags())
    for deck in tags.decks():
        say(text(lang, "doctor.deck", deck=deck.name, game=deck.game,
                 count=len(tags.cards(deck))))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
