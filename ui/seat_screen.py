"""A seat's view, in its phone's language: the ``view`` message of the protocol — what the
seat's phone shows, and the tablet in a seat's private turn (the presentation both share).

All words are rendered here, on the app's side, from the rules' keys and
arguments — so the page needs no copy of the rules' vocabulary — and only
from what the seat receives (:class:`~companion.service.SeatView`: its
private view, the public view, its own legal actions or the options of its
own question, what it may name in a hand audit) and the public feed.
Nothing else of the game is read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import NamedTuple

from companion.core.codec import to_json
from companion.core.copies import Alike, by_face
from companion.core.errors import RuleViolation
from companion.core.narrow import args as _args
from companion.core.narrow import obj as _obj
from companion.core.narrow import objects as _objects
from companion.core.standing import Standing
from companion.core.types import JSON, CardId, JSONObject
from companion.games import GAMES
from companion.i18n import FALLBACK, Voice, has
from companion.journal_errors import JournalError
from companion.service import RoomView, SeatView, Window
from ui.faces.base import Face, FaceUp, HandCard
from ui.tones import SHAPES, TONES

TOLD = frozenset({"tell_draw", "tell_placement"})
"""A card a player tells the table it turned up (drawn, or dealt by 真偽莫辨): picked by
kind, then face, and made at the last tap."""
HISTORY = 600
"""How many of the last public events a phone's history is made from: a whole game's, but
for the longest, whose runs of passes fold into a few lines."""
HISTORY_LINES = 200
"""How many lines of it a view carries, the newest: a frame stays small on a bad Wi-Fi."""


class Said(NamedTuple):
    """A line of the history, and where it starts: the place in the game's history of its
    first event (a seat's secret is said after the line of the event it was told with)."""

    first: int
    text: str
    cards: tuple[str, ...] = ()
    """The cards the line names: a tap on it reads what each is (:func:`glossary`)."""


def view_frame(view: SeatView, voice: Voice, face: Face, feed: Sequence[Said]) -> str:
    """The ``view`` message as the text the phones' server sends: these are the bytes a
    phone receives, and the leak oracle compares (:mod:`testkit.oracle`)."""
    return json.dumps(view_message(view, voice, face, feed), ensure_ascii=False)


def _nothing_chosen(voice: Voice, paths: list[list[str]]) -> set[tuple[str, ...]]:
    """The paths whose last step names nothing ("No card": a probe answered by words alone)
    and is the only step offered after the ones before it: not a button to tap, which reads
    like an error, but left out."""
    nothing = {voice.text(kind.none) for kind in voice.words.values() if getattr(kind, "none", "")}
    after: dict[tuple[str, ...], set[str]] = {}
    for path in paths:
        after.setdefault(tuple(path[:-1]), set()).add(path[-1])
    return {
        tuple(path) for path in paths
        if len(path) > 1 and path[-1] in nothing and after[tuple(path[:-1])] == {path[-1]}
    }  # fmt: skip


def refusal(voice: Voice, ident: int | None, err: RuleViolation | JournalError) -> JSONObject:
    """The answer to a phone's action the rules refused (or the journal could not keep):
    its code and its reason in the phone's words."""
    said: JSON = voice.say(err.key, err.details)
    return {"type": "error", "id": ident, "code": err.code, "text": said}


def view_message(
    view: SeatView, voice: Voice, face: Face, feed: Sequence[Said], *, veil: bool = True
) -> JSONObject:
    """The whole view of one seat; a question only this seat may answer comes first.
    ``feed`` is the game's :func:`history` in this voice: the same for every seat, so a
    caller that sends many views renders it once. ``veil``: the seat's own identity left
    out of its secrets, for a phone that shows it only while held (:func:`secret_words`)."""
    private, public, question = view.private, view.public, view.question
    mine = _objects(private["prompts"])
    actions: list[JSON] = []
    paths: set[tuple[str, ...]] = set()
    menu = voice.seeing(face.plays(public, voice))  # a 識破's target: the play, not its number
    in_round = view.window is not None and view.seat in view.window.waiting
    picked = _by_kind(voice, [str(b["card"]) for b in view.actions if b["act"] in TOLD])
    said = [menu.action(body) for body in view.actions]
    nothing = _nothing_chosen(voice, said)
    for body, words in zip(view.actions, said, strict=True):
        path = words
        if body["act"] in TOLD:
            path = [path[0], *picked.get(str(body["card"]), ()), *path[1:]]
        if tuple(path) in nothing:
            path = path[:-1]
        if tuple(path) not in paths:  # two copies of one card read alike: one choice
            paths.add(tuple(path))
            # A pass to a round is made at the first tap: an answer names the view it
            # answers, so a second tap (or a resend) never passes a round its player has
            # not seen. A pass that is a turn's whole action (Microfilms' franc) is confirmed,
            # a drawn card told is made at its last tap (the hand check puts a slip right).
            now = (in_round and body["act"] == "pass") or body["act"] in TOLD
            actions.append({"path": list(path), "action": body, "now": now})
    over = public["over"]
    lines = feed[-HISTORY_LINES:]
    asked = [] if question is None else [
        voice.say_to("ingest.ask.choose", {"seat": view.seat, "card": question.card})
    ]  # fmt: skip
    telling = view.telling
    dealt = [] if telling is None or view.seat not in telling.waiting else [
        voice.say("phone.deal.yours", {"size": telling.size})
    ]  # fmt: skip
    yours: list[JSON] = [
        *asked,
        *dealt,
        *(voice.say_to(f"prompt.{voice.game}.{p['kind']}", _prompt_args(p)) for p in mine),
    ]  # each its own phone's: "Accept or refuse…", not its player's name
    return {
        "type": "view",
        "seq": view.seq,
        "lang": voice.lang,
        "me": _me(voice, view, face),
        "table": _table(voice, public, view.seat, face),
        "waiting": []
        if view.telling is not None
        else _waiting(voice, _objects(public["pending"]), mine, dealing=view.dealing),
        "yours": yours,
        "offer": _offer(voice, mine),
        "actions": actions,
        "barred": _barred(voice, view.headings, {path[0] for path in paths}),
        "audit": _audit(voice, view, face),
        "deal": _deal(voice, view),
        "window": _window(voice, view.window),
        "standing": _standing(voice, view),
        "teach": _teach(voice, view, mine),
        "secrets": _secrets(voice, view, face, lines, veil=veil and over is None),
        "recall": _recall(view, face, mine),
        "feed": [{"text": line.text, "cards": list(line.cards)} for line in lines],
        "over": None if over is None else voice.say(f"event.{voice.game}.game_over", _obj(over)),
        "result": None if over is None else _result(voice, view, _obj(over), lines),
    }


def _secrets(
    voice: Voice, view: SeatView, face: Face, lines: Sequence[Said], *, veil: bool
) -> list[JSON]:
    """Every secret the seat was told, in words, each with ``line``: the line of ``lines``
    that says the event it was told with (``None`` before the first) — the phone says it
    there too, marked as seen by this seat alone. Where it goes hangs on public facts only:
    the history, and which event told the seat something."""
    private = view.private
    told: list[JSON] = []
    for secret in _objects(private["secrets"]):
        glanced, held = secret_words(voice, secret, private, face, veil=veil)
        said: JSONObject = {"text": glanced, "line": _line_of(lines, secret.get("at"))}
        if held is not None:
            said["held"] = held  # on this seat's own phone, said while a finger holds it
        told.append(said)
    return told


def _recall(view: SeatView, face: Face, mine: Sequence[JSONObject]) -> int | None:
    """The secret the seat's question rests on (:meth:`Face.recalled`); none while it is
    asked nothing, without naming its private view by face for every view of every seat."""
    return face.recalled(_obj(by_face(view.private, view.copies)), mine) if mine else None


def _barred(voice: Voice, headings: frozenset[str], offered: set[str]) -> list[JSON]:
    """Each heading that stands in the menu whoever the seat is, but has no action of the
    seat's under it now: its name, and why there is nothing under it (a glance at the
    first buttons reads the same whatever the seat holds)."""
    return [
        {"path": [label], "why": voice.text(f"act.{heading}.none")}
        for heading in sorted(headings)
        if (label := voice.text(f"act.{heading}")) not in offered
    ]


def _line_of(lines: Sequence[Said], at: JSON) -> int | None:
    """The last line that starts at or before the place ``at``: after an undo the game goes
    on from a place its undone line started at, so the later line is the one."""
    if not isinstance(at, int):
        return None
    return next((i for i in reversed(range(len(lines))) if 0 <= lines[i].first <= at), None)


def _by_kind(voice: Voice, cards: Sequence[str]) -> dict[str, tuple[str]]:
    """The step a picker of ``cards`` goes by before a card: its kind's short name, for a
    card whose kind has several faces among them ("Probe", then which of the probes) — a
    few buttons, then a few more, never a 40-button list."""
    names = {card: voice.kind_of(card) for card in cards}
    faces: dict[str, set[str]] = {}
    for card, kind in names.items():
        if kind is not None:
            faces.setdefault(kind, set()).add(voice.render("card", card))
    return {card: (kind,) for card, kind in names.items() if kind and len(faces[kind]) > 1}


def history(voice: Voice, events: Sequence[JSONObject]) -> list[Said]:
    """The game's public events in words, oldest first, each a line: a run of answers to a
    round that say nothing (passes, :attr:`~companion.core.kinds.Kind.folds`) is one line
    naming every seat of the run ("Ann, Ben and Dan pass.") — one round, one line: a seat
    that answers again starts the next. Each line with the place its first event has in
    the game's history (its ``index``; -1 if it has none)."""
    kinds = GAMES[voice.game].every_event if voice.game in GAMES else {}
    lines: list[Said] = []
    run: list[JSONObject] = []

    def close_run() -> None:
        if len(run) == 1:
            lines.append(_line(voice, run[0]))
        elif run:
            seats: JSON = [_args(e)["seat"] for e in run]
            words = voice.event(f"{run[0]['kind']}.many", {"seats": seats})
            lines.append(Said(_index(run[0]), words, cards_named(voice, run)))
        run.clear()

    for event in events:
        kind = str(event["kind"])
        folds = kind in kinds and kinds[kind].folds
        again = any(_args(e)["seat"] == _args(event).get("seat") for e in run)  # a new round
        if not folds or again or (run and run[0]["kind"] != kind):
            close_run()
        if folds:
            run.append(event)
        else:
            lines.append(_line(voice, event))
    close_run()
    return lines


def _index(event: JSONObject) -> int:
    index = event.get("index")
    return index if isinstance(index, int) else -1


def _line(voice: Voice, event: JSONObject) -> Said:
    words = voice.event(str(event["kind"]), _args(event))
    return Said(_index(event), words, cards_named(voice, [event]))


def cards_named(voice: Voice, events: Sequence[JSONObject]) -> tuple[str, ...]:
    """The cards of the game ``events`` name, each once, in the order they are named."""
    known = voice.explained.cards if voice.explained is not None else frozenset()
    named: dict[str, None] = {}
    for event in events:
        for value in _values(_args(event)):
            if isinstance(value, str) and value in known:
                named[value] = None
    return tuple(named)


def _values(value: JSON) -> list[JSON]:
    """Every value inside ``value``: its items and theirs, it alone if it has none."""
    if isinstance(value, dict):
        return [v for item in value.values() for v in _values(item)]
    if isinstance(value, list):
        return [v for item in value for v in _values(item)]
    return [value]


def explained(voice: Voice, cards: Sequence[str]) -> list[str]:
    """What ``cards`` do, a line each (:meth:`~companion.i18n.Voice.read_out`), each kind
    once: what a tap on a card named in the history shows."""
    return list(dict.fromkeys(r for c in cards if (r := voice.read_out(c)) is not None))


def glossary(voice: Voice) -> JSONObject:
    """Every card of the game in ``voice`` — its name, its kind's short name and what it
    does — and the camps a seat's notes may mark another as: a card of a history line or
    of a picker is read from this, the same for every seat, sent once."""
    told = voice.explained
    if told is None:
        return {"cards": {}, "camps": []}
    cards: JSONObject = {
        c: {"name": voice.render("card", c), "kind": voice.kind_of(c), "help": voice.explain(c)}
        for c in sorted(told.cards)
    }
    camps: list[JSON] = [{"key": k, "name": voice.text(told.named[k])} for k in told.camps]
    return {"cards": cards, "camps": camps}


def _teach(voice: Voice, view: SeatView, mine: list[JSONObject]) -> list[JSON]:
    """In a first game, what each of this seat's prompts means: the page shows each moment
    the first time it comes, and keeps which it has shown
    (:class:`~companion.core.explained.Moments`)."""
    if not view.teach:
        return []
    moments = GAMES[voice.game].explained.moments
    named = dict.fromkeys(m for p in mine if (m := moments.prompts.get(str(p["kind"]))))
    game = voice.game
    return [{"key": f"{game}.{m}", "text": voice.text(moments.key(game, m))} for m in named]


def room_message(view: RoomView, voice: Voice, face: Face, feed: Sequence[Said]) -> JSONObject:
    """The room's screen (a TV, a laptop, a player out of the game): the table as every seat
    may see it — the seats and what lies before them, whom the table waits for, the open
    round, the history — and at the end who was who and the game's story, as the tablet's
    game-over screen shows them. It has no seat: nothing in it is anyone's alone."""
    public = view.public
    over = public["over"]
    lines = feed[-HISTORY_LINES:]
    return {
        "type": "room",
        "seq": view.seq,
        "lang": voice.lang,
        "title": voice.text(f"game.{voice.game}"),
        "table": _table(voice, public, -1, face),
        "waiting": _waiting(voice, _objects(public["pending"]), dealing=view.dealing),
        "window": _window(voice, view.window),
        "feed": [{"text": line.text, "cards": list(line.cards)} for line in lines],
        "over": None if over is None else voice.say(f"event.{voice.game}.game_over", _obj(over)),
        "result": None if over is None else {
            "who": _who(voice, view.identities), "story": _story(voice, view.told, None, lines),
        },
    }  # fmt: skip


def room_frame(view: RoomView, voice: Voice, face: Face, feed: Sequence[Said]) -> str:
    """The room's message as the text its socket is sent: the bytes the oracle compares."""
    return json.dumps(room_message(view, voice, face, feed), ensure_ascii=False)


def _result(voice: Voice, view: SeatView, over: JSONObject, lines: Sequence[Said]) -> JSONObject:
    """The end for this seat: whether it won (the winners' names alone do not say it to a
    player reading their own phone), and who was who — every identity, as the tablet shows
    them once the game is over."""
    winners = over.get("winners")
    won = isinstance(winners, list) and view.seat in winners
    why = None if winners else no_winner(voice, over.get("reason"))
    return {
        "won": won,
        "said": why or voice.text("phone.you_won" if won else _not_won(voice, view)),
        "who": _who(voice, view.identities),
        "story": _story(voice, view.told, view.seat, lines),
    }


def no_winner(voice: Voice, reason: JSON) -> str | None:
    """Why nobody won, where the way the game ended does not say it alone: Microfilms' last
    player left wins only if the table chose so (§8) — "Only one player is left. Winners: no
    one." read as a mistake (``phone.no_winner.<game>.<reason>``)."""
    key = f"phone.no_winner.{voice.game}.{reason}"
    return voice.text(key) if has(FALLBACK, key) else None


def _not_won(voice: Voice, view: SeatView) -> str:
    """Why this seat did not win, where the way it left the game says more than that: a
    風聲 player who lost by not sending shares no win, though their camp wins (§8.3) —
    ``phone.you_lost.<game>.<status>``, by the seat's own public status."""
    status = _objects(view.public["seats"])[view.seat].get("status")
    key = f"phone.you_lost.{voice.game}.{status}"
    return key if has(FALLBACK, key) else "phone.you_lost"


def _who(voice: Voice, identities: Sequence[JSON] | None) -> list[JSON]:
    """Who was who, once the game is over: every identity, as the tablet shows them."""
    return [
        voice.say("demo.was", {"seat": seat, "identity": card})
        for seat, card in enumerate(identities or ())
    ]


def _story(
    voice: Voice, told: Sequence[JSONObject], me: int | None, lines: Sequence[Said]
) -> list[JSON]:
    """The game's story, once it is over: what every other seat than ``me`` alone was told,
    each where its event is said in the history (``line``) — as the tablet's game-over
    screen tells it; a seat's own secrets are there already."""
    story: list[JSON] = []
    for secret in told:
        seat = secret["seat"]
        if seat == me or not isinstance(seat, int):
            continue
        what = voice.secret(str(secret["kind"]), _args(secret))
        text = voice.text("tablet.only_saw", seat=voice.seat(seat), what=what)
        story.append({"text": text, "line": _line_of(lines, secret.get("at"))})
    return story


def _me(voice: Voice, view: SeatView, face: Face) -> JSONObject:
    private, public, copies = view.private, view.public, view.copies
    identity = private["identity"]
    hand: list[JSON] = [
        {**_card(voice, c, copies), "not_now": _not_now(voice, view, c, copies)}
        for c in face.hand(private, voice)
    ]
    stats: list[JSON] = [to_json(s) for s in face.me(private, public, voice)]
    return {
        "seat": private["seat"],
        "name": voice.seat(int(str(private["seat"]))),  # a seat left blank, in this phone's words
        "identity": {
            "card": identity,
            "name": voice.render("card", identity),
            "help": None if identity is None else voice.explain(str(identity)),
        },
        "hand": hand,
        "stats": stats,
        "limit": face.hand_limit(private),
    }


def _not_now(voice: Voice, view: SeatView, card: HandCard, copies: Alike) -> str | None:
    """Why a card of the hand cannot be played now, before the player tries: while the
    table asks the seat something and no action it is offered names the card, when a card
    of its kind may be played (or that it never is). From the seat's own offer alone."""
    if not view.actions or copies.face.get(CardId(card.card), card.card) in view.playable:
        return None
    return voice.when(card.card)


def _card(voice: Voice, card: HandCard, copies: Alike) -> JSONObject:
    """A card as a phone shows it: its face (never a copy's id, which no player can read off
    a card), name, marks and colour, and what it does (a tap on the card shows it)."""
    return {
        "card": copies.face.get(CardId(card.card), card.card),
        "name": card.name,
        "marks": [{"key": m.key, "label": m.label} for m in card.marks],
        **_colour(card.tone),
        "help": voice.explain(card.card),
    }


def _face_up(card: FaceUp) -> JSONObject:
    return {"name": card.name, **_colour(card.tone), "help": card.help}


def _colour(tone: str | None) -> JSONObject:
    """A card's colour as the page draws it: its stripe's ``tint``, and the ``shape`` that
    tells the colour without it (:data:`ui.tones.SHAPES`), if it means something."""
    return {
        "tint": None if tone is None else TONES[tone],
        "shape": None if tone is None else SHAPES.get(tone),
    }


def _table(voice: Voice, public: JSONObject, me: int, face: Face) -> JSONObject:
    seats: list[JSON] = []
    for i in range(len(voice.names)):
        seat = face.seat(public, i, voice)
        seats.append(
            {
                "name": seat.name,
                "badge": seat.highlight,
                "lines": list(seat.lines),
                "active": seat.active,
                "out": seat.out,
                "me": i == me,
                "laid": [_face_up(c) for c in seat.laid],
                "warning": seat.warning,
            }
        )
    return {"summary": " · ".join(face.centre(public, voice)), "seats": seats}


def _offer(voice: Voice, mine: list[JSONObject]) -> str | None:
    """The private detail of what this seat must answer (the card a bribe offers)."""
    for p in mine:
        key = f"offer.{voice.game}.{p['kind']}"
        if has(voice.lang, key):
            return voice.say(key, _args(p))
    return None


def _window(voice: Voice, window: Window | None) -> JSON:
    """The round open, alike for every seat: when it closes, or whom it waits for."""
    if window is None:
        return None
    holding: JSON = [int(s) for s in window.holding]
    return {
        "closes_in": window.closes_in,
        "holding": voice.say("phone.window.holding", {"holding": holding}) if holding else None,
    }


def _standing(voice: Voice, view: SeatView) -> JSON:
    """The seat's standing answer to the rounds (:mod:`companion.core.standing`): what it
    set, said, with the way back — or, while a round asks it, the answers it may leave."""
    asked = view.window is not None and view.seat in view.window.waiting
    if view.standing is None and not asked:
        return None
    offers: list[JSON] = [
        {"standing": s.value, "label": voice.text(f"phone.stand.{s.value}")}
        for s in Standing
        if s is not view.standing
    ]
    return {
        "set": None if view.standing is None else view.standing.value,
        "said": None if view.standing is None else voice.text(f"phone.standing.{view.standing}"),
        "offers": offers,
        "cancel": voice.text("phone.stand.cancel"),
    }


def _audit(voice: Voice, view: SeatView, face: Face) -> JSON:
    """The hand check: each face this seat could say it holds, as the ids of its copies
    (those in the hand first) with how many of them the record gives the hand.

    ``None`` for a game with no hand audit.
    """
    if view.audit is None:
        return None
    hand = {c.card for c in face.hand(view.private, voice)}
    faces: list[JSON] = [
        {
            "name": voice.render("card", copies[0]),
            "kind": voice.kind_of(copies[0]),  # the form goes by kind: a few groups, not 40 rows
            "cards": [view.copies.face.get(c, c) for c in copies],  # the face, once a copy
            "held": sum(c in hand for c in copies),
        }
        for copies in view.audit
    ]
    return {"faces": faces}


def _deal(voice: Voice, view: SeatView) -> JSON:
    """A deal the players made by hand, while the table waits for the words: each face this
    seat may say it was dealt, as its copies, with how many of them it told so far."""
    telling = view.telling
    if telling is None:
        return None
    told = set(telling.told)
    faces: list[JSON] = [
        {
            "name": voice.render("card", copies[0]),
            "kind": voice.kind_of(copies[0]),
            "cards": [view.copies.face.get(c, c) for c in copies],
            "held": sum(c in told for c in copies),
        }
        for copies in telling.faces
    ]
    waiting: JSON = [int(s) for s in telling.waiting]
    return {
        "size": telling.size,
        "faces": faces,
        "told": bool(telling.told),
        "explain": voice.text(f"phone.deal.explain.{voice.game}"),
        "waiting": voice.say("phone.deal.waiting", {"seats": waiting}) if waiting else None,
    }


def secret_words(
    voice: Voice, secret: JSONObject, private: JSONObject, face: Face, *, veil: bool = True
) -> tuple[str, str | None]:
    """A secret in words, as a glance reads it and as a finger holding it hears it: the
    seat's own identity, and what follows from it (:attr:`~ui.faces.base.Face.veiled`),
    stay behind the hold — the second words are ``None`` where nothing was kept back, so
    only those secrets are said twice. Unveiled where the identity is shown beside it (a
    private turn at the tablet, opened by the hold)."""
    args = _args(secret)
    kind = str(secret["kind"])
    whole = voice.secret(kind, args)
    veiled = set(face.veiled.get(kind, ())) if veil else set()
    if veil and args.get("identity") == private["identity"]:
        veiled.add("identity")
    if not veiled:
        return whole, None
    hidden = voice.text("phone.hidden_identity")
    rendered = {k: hidden if k in veiled else voice.render(k, v) for k, v in args.items()}
    key = voice.game_key("secret", kind)
    own = f"{key}.veiled"  # a sentence of its own, where a word held back would cut it
    return voice.text(own if has(FALLBACK, own) else key, **rendered), whole


def _waiting(
    voice: Voice, prompts: list[JSONObject], mine: Sequence[JSONObject] = (), *, dealing: bool
) -> list[JSON]:
    """What the table waits for — before a deal dealt by hand, for the cards to be laid —
    but for what ``mine`` asks of this phone's own player: the banner above the list says
    that already, to them ("Accept or refuse…" over "Ann: accept or refuse…")."""
    if dealing:
        return [voice.text(f"ingest.deal.intro.{voice.game}")]
    lines = [voice.say(f"prompt.{voice.game}.{p['kind']}", _prompt_args(p)) for p in prompts]
    own = {voice.say(f"prompt.{voice.game}.{p['kind']}", _prompt_args(p)) for p in mine}
    return [line for line in lines if line not in own]


def _prompt_args(prompt: JSONObject) -> JSONObject:
    seats = prompt["seats"]
    assert isinstance(seats, list)
    return {**_args(prompt), "seat": seats[0] if seats else None}
