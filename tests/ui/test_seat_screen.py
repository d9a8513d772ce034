"""A seat's history on its phone (風聲 §7: a window asks every seat; 暗火线 §6.2: a rescue
round): the whole game, a window's passes one line, so what happened to the player — a
True or False that gave them a black card — is not drowned by "Dan passes."."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core import playout
from companion.core.narrow import args, objects
from companion.core.prompts import waiting_on
from companion.core.types import JSON, JSONObject, Seat
from companion.games import GAMES
from companion.games.themessage.cards import CARDS, Function
from companion.i18n import LANGS, Voice
from companion.journal import Journal
from companion.policy import Draws
from companion.service import TableService
from companion.transcript import read
from ui.faces import face_of
from ui.seat_screen import HISTORY_LINES, history, secret_words, view_message

NAMES = ["Ann", "Ben", "Cat", "Dan"]
NO_HOLD = {"hold": 0.0}
SCENARIOS = Path(__file__).parents[1] / "companion/games/themessage/scenarios"


def event(kind: str, **args: JSON) -> JSONObject:
    return {"kind": kind, "args": args}


def lines_of(voice: Voice, events: list[JSONObject]) -> list[str]:
    """The history's lines, as a phone shows them."""
    return [line.text for line in history(voice, events)]


def test_a_run_of_passes_is_one_line_and_nothing_else_folds() -> None:
    passes = [event("passed", seat=s) for s in (0, 1, 3)]
    held = event("held", seat=2)
    voice = Voice.of("en", GAMES["themessage"], NAMES)
    assert lines_of(voice, [*passes, held, passes[2]]) == [
        "Ann, Ben, Dan pass.", "Cat asks the table to wait.", "Dan passes.",
    ]  # fmt: skip
    assert lines_of(voice, [*passes, *passes[:2]]) == ["Ann, Ben, Dan pass.", "Ann, Ben pass."]
    zh = Voice.of("zh-Hant", GAMES["themessage"], NAMES)
    assert lines_of(zh, passes) == ["Ann、Ben、Dan不出牌。"]
    counter = next(c for c, card in CARDS.items() if card.function is Function.COUNTER)
    played = event("played_counter", seat=0, card=counter, n=3, on=2)
    cancels = event("cancelled", seat=0, n=3, on=2, target=1)
    for lang in LANGS:  # a play's number reads once: "against play #2", not "#play #2"
        for line in lines_of(voice.speaking(lang), [played, cancels]):
            assert not re.search(r"#\D", line), line
    assert lines_of(voice, [cancels]) == ["Ann's Counter (#3) cancels Ben's play #2."]
    # Microfilms' pass is a turn's whole action, with its franc: each its own line.
    francs = [event("passed", seat=s, francs=1) for s in (0, 1)]
    assert len(lines_of(Voice.of("en", GAMES["microfilms"], NAMES), francs)) == 2


def test_a_whole_game_s_history_keeps_every_line_but_the_passes_it_folds(
    tmp_path: Path,
) -> None:
    service = TableService.start(Journal(tmp_path / "j.sqlite3"), "themessage", NAMES,
                                 draws=Draws.APP, rng=random.Random(2))  # fmt: skip
    rng = random.Random(2)
    while service.over() is None:
        seat = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(playout.choose(service.spec, service.table.state, seat, rng, {"hold": 0}))
    events = service.recent(len(service.table.state.history))
    voice = Voice.of("en", service.spec, NAMES)
    lines = lines_of(voice, events)
    passes = [e for e in events if e["kind"] == "passed"]
    others = [voice.event(str(e["kind"]), args(e)) for e in events if e["kind"] != "passed"]
    assert [line for line in lines if not line.endswith(("pass.", "passes."))] == others
    assert len(lines) - len(others) < len(passes) / 2, "most windows have several passes"
    for lang in LANGS:  # a play's number reads once: "against play #2", not "#play #2"
        for line in lines_of(voice.speaking(lang), events):
            assert not re.search(r"#\D", line), line


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_secret_is_said_in_the_history_where_the_event_that_told_it_is(
    tmp_path: Path, game: str
) -> None:
    """What the seat alone was told (a drawn card, a probe's answer, a look at a hand) is
    said in its history after the line of the event that told it — the same event as the
    secret rode on, at every step of a whole game."""
    names = [*NAMES, "Eve"]
    journal = Journal(tmp_path / f"{game}.sqlite3")
    service = TableService.start(journal, game, names, draws=Draws.APP, rng=random.Random(5))
    rng, voice, placed = random.Random(5), Voice.of("en", service.spec, names), 0
    while service.over() is None:
        seat = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(playout.choose(service.spec, service.table.state, seat, rng, NO_HOLD))
        events = service.recent(len(service.table.state.history))
        feed = history(voice, events)
        for s in map(Seat, range(len(names))):
            told = service.seat_view(s).private["secrets"]
            shown = view_message(service.seat_view(s), voice, face_of(game), feed)["secrets"]
            assert isinstance(told, list) and len(shown) == len(told)
            for secret, words in zip(told, shown, strict=True):
                assert isinstance(secret, dict) and isinstance(words, dict)
                line, at, sent = words["line"], secret["at"], feed[-HISTORY_LINES:]
                assert isinstance(at, int)
                if line is None:  # the phone is sent the newest lines only
                    assert at < sent[0].first
                    continue
                assert isinstance(line, int)
                assert sent[line].first <= at, "said after the event, never before it"
                assert line + 1 == len(sent) or sent[line + 1].first > at, "and right after it"
                placed += 1
    assert placed > 0


def laid_and_warned(
    tmp_path: Path, game: str, seed: int
) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Each seat as its public view has it and as seat 0's phone shows it, after each move
    of a random game of five."""
    names = [*NAMES, "Eve"]
    journal = Journal(tmp_path / f"{game}-{seed}.sqlite3")
    service = TableService.start(journal, game, names, draws=Draws.APP, rng=random.Random(seed))
    rng, voice = random.Random(seed), Voice.of("en", service.spec, names)
    while service.over() is None:
        seat = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(playout.choose(service.spec, service.table.state, seat, rng, NO_HOLD))
        shown: dict[str, Any] = view_message(service.seat_view(Seat(0)), voice, face_of(game), [])
        public: dict[str, Any] = service.public_view()
        yield from zip(public["seats"], shown["table"]["seats"], strict=True)


@pytest.mark.parametrize("game", ["themessage", "darkfireline"])
def test_what_lies_before_each_seat_is_named_with_its_colour_and_the_second_black_warned(
    tmp_path: Path, game: str
) -> None:
    """風聲 §8.1: three black intelligence kill — every phone names each card received and
    warns of a seat at two; 暗火线 §5.13: the body armour a bullet would hit is named."""
    voice, warned, named = Voice.of("en", GAMES[game], [*NAMES, "Eve"]), 0, 0
    for seed in range(6):
        for real, shown in laid_and_warned(tmp_path, game, seed):
            if game == "themessage":
                cards = real["intel"]
                near = real["black"] == 2 and real["status"] == "alive"
            else:
                cards = [c for c in (real["environment"], real["armour"]) if c is not None]
                near = real["health"] == 1 and real["status"] == "alive"
            assert [c["name"] for c in shown["laid"]] == [voice.render("card", c) for c in cards]
            assert all(c["help"] for c in shown["laid"])
            assert (shown["warning"] is not None) == near
            warned += near
            named += len(cards)
    assert warned and named


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_card_that_cannot_be_played_now_says_so_and_when_it_can(
    tmp_path: Path, game: str
) -> None:
    """風聲 §6 (each function's timing), Microfilms §6, 暗火线 §4.2: while the table asks
    the seat something, a hand card none of its offered actions names says "not now" and
    when a card of its kind may be played; one that an action names, or any card while the
    seat is not asked, says nothing. The leak oracle compares these frames like any other."""
    names = [*NAMES, "Eve"]
    journal = Journal(tmp_path / f"{game}.sqlite3")
    service = TableService.start(journal, game, names, draws=Draws.APP, rng=random.Random(3))
    rng, voice, said = random.Random(3), Voice.of("en", service.spec, names), 0
    while service.over() is None:
        for seat in map(Seat, range(len(names))):
            view = service.seat_view(seat)
            hand = view_message(view, voice, face_of(game), [])["me"]["hand"]
            for card in hand:
                offered = card["card"] in view.playable
                if view.actions and not offered:
                    assert card["not_now"] == voice.when(card["card"]), card
                    said += 1
                else:
                    assert card["not_now"] is None, card
        seat = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(playout.choose(service.spec, service.table.state, seat, rng, NO_HOLD))
    assert said > 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_at_game_over_each_phone_tells_the_game_s_story_where_it_happened(
    tmp_path: Path, game: str
) -> None:
    """Once the game is over every secret is the table's (the tablet's game-over screen
    shows them all): each phone's history then says what every other seat alone was told,
    each after the line of its event; before the end, nothing of it. Its own secrets are
    said whole, no longer behind a hold."""
    names = [*NAMES, "Eve"]
    journal = Journal(tmp_path / f"{game}.sqlite3")
    service = TableService.start(journal, game, names, draws=Draws.APP, rng=random.Random(8))
    rng, voice = random.Random(8), Voice.of("en", service.spec, names)
    while service.over() is None:
        assert service.seat_view(Seat(0)).told == ()
        seat = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(playout.choose(service.spec, service.table.state, seat, rng, NO_HOLD))
    feed = history(voice, service.recent(len(service.table.state.history)))
    timeline = service.revealed_view()["timeline"]
    assert isinstance(timeline, list)
    others = [
        (entry["index"], secret)
        for entry in timeline
        for secret in entry["secrets"]
        if secret["seat"] != 0
    ]
    message = view_message(service.seat_view(Seat(0)), voice, face_of(game), feed)
    assert message["secrets"] and not any("held" in s for s in message["secrets"])
    story = message["result"]["story"]
    assert len(story) == len(others) > 0
    sent = feed[-HISTORY_LINES:]
    for (at, secret), told in zip(others, story, strict=True):
        assert names[secret["seat"]] in told["text"]
        if told["line"] is not None:
            assert sent[told["line"]].first <= at


@pytest.mark.parametrize("game", list(GAMES))
def test_in_a_first_game_each_phone_is_told_what_its_own_prompts_mean(
    game: str, tmp_path: Path
) -> None:
    """Issue: a first game needs no rulebook — each phone explains its own prompts the
    first time they come (the page keeps which it has shown). A table that is not a first
    game sends none; and what a seat is told is about its prompts alone."""
    spec, rng = GAMES[game], random.Random(3)
    for teach in (True, False):
        service = TableService.start(
            Journal(tmp_path / f"{teach}.sqlite3"), game, ("A", "B", "C", "D", "E"),
            rng=random.Random(1), draws=Draws.APP, teach=teach,
        )  # fmt: skip
        voice = Voice.of("en", spec, service.names)
        moments = spec.explained.moments
        taught: set[str] = set()
        for _ in range(60):
            table = service.table
            if table.over() is not None:
                break
            for seat in range(len(service.names)):
                view = view_message(service.seat_view(Seat(seat)), voice, face_of(game), [])
                own = {str(p["kind"]) for p in table.private_view(Seat(seat))["prompts"]}
                meant = {moments.prompts[k] for k in own if k in moments.prompts}
                keys = [e["key"] for e in view["teach"]]
                assert len(keys) == len(set(keys)), "each moment once"
                assert set(keys) == ({f"{game}.{m}" for m in meant} if teach else set())
                taught |= {e["text"] for e in view["teach"]}
            seat = sorted(waiting_on(table.spec.pending(table.state)))[0]
            service.submit(playout.choose(spec, table.state, seat, rng, {}))
        assert bool(taught) is teach


def test_a_probe_answered_by_words_is_not_asked_which_card(tmp_path: Path) -> None:
    """風聲 §6.8: a probed player who says 「我是一個好人」 gives up no card — the menu ends at
    the answer, and no lone "No card" button reads like an error; a "−" probe answered by
    a discard still asks which card."""
    journal = Journal(tmp_path / "j.sqlite3")
    service = TableService.start(journal, "themessage", NAMES, draws=Draws.APP,
                                 rng=random.Random(2))  # fmt: skip
    rng, voice = random.Random(2), Voice.of("en", service.spec, NAMES)
    no_card, answered = voice.text("word.no_card"), 0
    while service.over() is None and answered < 3:
        for prompt in (p for p in service.pending() if p.kind == "probe_answer"):
            (seat,) = prompt.seats
            view = view_message(service.seat_view(seat), voice, face_of("themessage"), [])
            paths = [a["path"] for a in view["actions"]]
            said = [p for p in paths if a_word_answer(p, voice)]
            assert all(len(p) == 2 and p[-1] != no_card for p in said), paths
            answered += bool(said)
        seat = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(playout.choose(service.spec, service.table.state, seat, rng, NO_HOLD))
    assert answered


def a_word_answer(path: list[str], voice: Voice) -> bool:
    words = {voice.text(f"answer.{a}").lower() for a in ("say_undercover", "say_good")}
    return len(path) > 1 and path[1].lower() in words


@pytest.mark.parametrize("lang", LANGS)
def test_a_phone_says_its_own_prompt_to_its_player_not_of_them(lang: str, tmp_path: Path) -> None:
    """A newcomer read "Ann: draw, pass, bribe…" on Ann's own phone, as if it were about
    someone else: the phone now speaks to its player; the table still names whom it waits
    for, and so does every other phone."""
    service = TableService.start(Journal(tmp_path / "j.sqlite3"), "microfilms", NAMES,
                                 draws=Draws.APP, rng=random.Random(1))  # fmt: skip
    voice = Voice.of(lang, service.spec, NAMES)
    seat = service.acting()
    assert seat is not None
    view = view_message(service.seat_view(seat), voice, face_of("microfilms"), [])
    (yours,) = view["yours"]
    table = voice.say("prompt.microfilms.turn", {"seat": seat})
    assert NAMES[seat] not in yours and NAMES[seat] in table
    assert table.lower().endswith(yours.lower()), "the same words, to the player"
    assert table not in view["waiting"], "the banner's words are not said again, of them"
    if lang == "en":
        assert yours == "Draw, take 1 franc, bribe, play an action card or claim victory."
    other = view_message(service.seat_view(Seat((seat + 1) % 4)), voice, face_of("microfilms"), [])
    assert other["yours"] == [] and any(NAMES[seat] in line for line in other["waiting"])


def test_a_player_who_lost_by_not_sending_is_told_why_their_camp_s_win_is_not_theirs(
    tmp_path: Path,
) -> None:
    """§8.3: a 風聲 player who could not send has lost, and does not win even when their
    camp does; at game over their phone says so, not only "you did not win"."""
    scenario = SCENARIOS / "a_player_with_nothing_to_send_loses_at_the_end_of_the_turn.jsonl"
    header, lines = read(scenario.read_text(encoding="utf-8").splitlines())
    journal = Journal(tmp_path / "lost.sqlite3")
    game = journal.create(header)
    journal.append(game, [(line.body, True) for line in lines if "act" in line.body])
    service = TableService.resume(journal, game, rng=random.Random(5))
    rng = random.Random(5)
    while service.over() is None:
        seat = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(playout.choose(service.spec, service.table.state, seat, rng, NO_HOLD))
    seats = service.table.state.players
    assert seats[0].status.value == "lost"
    for lang in LANGS:
        voice = Voice.of(lang, service.spec, NAMES)
        for seat, player in enumerate(seats):
            result = view_message(service.seat_view(Seat(seat)), voice, face_of("themessage"),
                                  [])["result"]  # fmt: skip
            lost = player.status.value == "lost"
            key = "phone.you_won" if result["won"] else "phone.you_lost"
            assert not (lost and result["won"]), "a player who lost never wins (§8.3)"
            assert result["said"] == voice.text("phone.you_lost.themessage.lost" if lost else key)


def test_a_window_s_prompt_on_a_phone_names_no_card_the_seat_may_not_play(
    tmp_path: Path,
) -> None:
    """風聲 §6.1-§6.5: Lock is the sender's alone, Decode and Return the holder's, and a
    playtester's phone listed them all to every seat. On a phone the window's words send
    the seat to its own choices, which list only what it may play."""
    service = TableService.start(Journal(tmp_path / "j.sqlite3"), "themessage", NAMES,
                                 draws=Draws.APP, rng=random.Random(3))  # fmt: skip
    rng, face, asked = random.Random(3), face_of("themessage"), set()
    voices = [Voice.of(lang, service.spec, NAMES) for lang in LANGS]
    while service.over() is None and len(asked) < 3:
        for prompt in (p for p in service.pending() if p.kind.startswith("window_")):
            for seat in prompt.seats:
                for voice in voices:
                    yours = " ".join(
                        view_message(service.seat_view(seat), voice, face, [])["yours"]
                    )
                    named = [f for f in Function if voice.text(f"function.{f.value}") in yours]
                    # "截獲" is also what befell the card: the sentence says so, not the card.
                    said = {Function.INTERCEPT} if prompt.kind == "window_intercepted" else set()
                    assert set(named) <= said, (voice.lang, yours)
            asked.add(prompt.kind)
        seat = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(playout.choose(service.spec, service.table.state, seat, rng, NO_HOLD))
    assert asked == {"window_transmit", "window_arrive", "window_intercepted"}, asked


def test_a_card_decoded_is_said_again_under_the_question_to_take_it(tmp_path: Path) -> None:
    """風聲 §6.5, §5.2 step 3: the seat that decoded the intelligence then decides whether
    to take it, and what it saw stood a screen below, among its secrets. The phone says it
    again under the question (``recall``), behind the same hold; a seat deciding on a card
    it did not decode has nothing recalled, nor has any seat asked anything else."""
    face, seen = face_of("themessage"), set()
    for seed in range(40):
        service = TableService.start(Journal(tmp_path / f"{seed}.sqlite3"), "themessage",
                                     NAMES, draws=Draws.APP, rng=random.Random(seed))  # fmt: skip
        rng, voice = random.Random(seed), Voice.of("en", service.spec, NAMES)
        while service.over() is None and seen != {"recalled", "not decoded"}:
            for seat in waiting_on(service.pending()):
                view = service.seat_view(seat)
                said = view_message(view, voice, face, [])
                deciding = any(p["kind"] == "decide" for p in objects(view.private["prompts"]))
                card = view.private["transit_card"]
                decoded = [args(s).get("card") for s in objects(view.private["secrets"])
                           if s["kind"] == "decoded"]  # fmt: skip
                if not (deciding and card is not None and card in decoded):
                    assert said["recall"] is None
                    seen.add("not decoded" if deciding else "asked")
                    continue
                recalled = objects(said["secrets"])[int(str(said["recall"]))]
                name = voice.render("card", card)
                assert name in str(recalled["held"]) and name not in str(recalled["text"])
                seen.add("recalled")
            seat = rng.choice(sorted(waiting_on(service.pending())))
            service.submit(playout.choose(service.spec, service.table.state, seat, rng,
                                          {**NO_HOLD, "decode": 20}))  # fmt: skip
        if seen >= {"recalled", "not decoded"}:
            break
    assert seen >= {"recalled", "not decoded", "asked"}, seen


@pytest.mark.parametrize(
    ("game", "kind", "args", "seen"),
    [
        # Microfilms §6.4: an interrogation looks at one card of the target's, hand or identity.
        ("microfilms", "interrogation", {"target": 2}, ("card", ["R-UK", "ACE", "M-US"])),
        # 暗火线 §5.14: a search warrant looks at another player's identity.
        ("darkfireline", "identity_seen", {"seat": 2}, ("identity", ["ID-SWAT", "ID-TERRORIST"])),
        # 風聲 §6.5: a decode looks at the face-down intelligence in transit.
        ("themessage", "decoded", {"sender": 2}, ("card", ["LOCK-R-S-1", "BURN-K-D-1"])),
    ],
)
def test_what_a_seat_saw_of_another_s_cards_is_said_only_while_held(
    game: str, kind: str, args: JSONObject, seen: tuple[str, list[str]]
) -> None:
    """A glance at a phone's secrets reads no card seen of another player's: the line says
    the same whichever card it was, and the words with the card come only while a finger
    holds the button beside it (once an interrogation read "Interrogating Dan, you drew
    Agent (UK)" to anyone looking, highlighted as new)."""
    spec, face = GAMES[game], face_of(game)
    name, cards = seen
    private: JSONObject = {"identity": "ID-CITIZEN", "secrets": []}
    for lang in LANGS:
        voice = Voice.of(lang, spec, ["Ann", "Ben", "Cat", "Dan"])
        glanced = set()
        for card in cards:
            secret: JSONObject = {"kind": kind, "args": {**args, name: card}}
            glance, held = secret_words(voice, secret, private, face)
            glanced.add(glance)
            assert held is not None and voice.render("card", card) in held and "Cat" in held
        assert len(glanced) == 1, glanced
        assert "Cat" in glanced.pop()


def test_claim_victory_with_no_claim_under_it_says_why_and_with_claims_offers_them(
    tmp_path: Path,
) -> None:
    """Microfilms §7: on a turn the heading stands (:func:`claims.heading`), the menu offers
    the seat's own claims under "Claim victory" or, with none to make now, the heading
    alone with why (``barred``) — never both, and never the heading when no identity could
    claim (a Suspicious seat, by default)."""
    journal = Journal(tmp_path / "microfilms.sqlite3")
    service = TableService.start(
        journal, "microfilms", NAMES, draws=Draws.APP, rng=random.Random(4)
    )
    rng, voice, face = random.Random(4), Voice.of("en", service.spec, NAMES), face_of("microfilms")
    heading, seen = voice.text("act.claim"), set()
    while service.over() is None and len(seen) < 3:
        seat = sorted(waiting_on(service.pending()))[0]
        view = service.seat_view(seat)
        said = view_message(view, voice, face, [])
        claims = [a for a in said["actions"] if a["path"][0] == heading]  # type: ignore[index]
        barred = said["barred"]
        if not view.headings:
            assert not claims and barred == [], said
            seen.add("none")
        elif claims:
            assert barred == [], barred
            seen.add("claims")
        else:
            assert barred == [{"path": [heading], "why": voice.text("act.claim.none")}]
            seen.add("barred")
        service.submit(playout.choose(service.spec, service.table.state, seat, rng, {"claim": 0}))
    assert seen == {"none", "claims", "barred"}, seen


def test_a_darkfireline_phone_warns_of_its_own_last_health() -> None:
    """暗火线 §6: at 0 health a player is dying. The phone showed "health 1/4" in the
    same green as a full track; at 1 it is now the warning's colour, as the table's
    "one damage more" warning is."""
    voice, face = Voice.of("en", GAMES["darkfireline"], NAMES), face_of("darkfireline")
    for health, tone in ((4, "good"), (2, "good"), (1, "warn"), (0, "warn")):
        public: JSONObject = {"seats": [{"health": health, "most": 4}]}
        stats = face.me({"seat": 0, "status": "alive"}, public, voice)
        assert stats[0].key == "health" and stats[0].tone == tone, (health, stats[0])


def test_a_game_left_to_one_player_says_why_no_one_won(tmp_path: Path) -> None:
    """Microfilms §8 (an option): the last player left wins only where the table chose so.
    By default no one does, and "Only one player is left. Winners: no one." read as the
    app's mistake: every phone now says it is the table's rule."""
    names = NAMES[:3]
    for seed in range(40):
        journal = Journal(tmp_path / f"{seed}.sqlite3")
        service = TableService.start(journal, "microfilms", names, draws=Draws.APP,
                                     rng=random.Random(seed))  # fmt: skip
        rng = random.Random(seed)
        while service.over() is None:
            seat = sorted(waiting_on(service.pending()))[0]
            action = playout.choose(service.spec, service.table.state, seat, rng, {"claim": 20})
            service.submit(action)
        over = service.over()
        assert over is not None
        if over.reason.value == "last_standing" and not over.winners:
            break
    else:
        raise AssertionError("no game left to one player")
    for lang in LANGS:
        voice = Voice.of(lang, service.spec, names)
        for seat in map(Seat, range(len(names))):
            result = view_message(service.seat_view(seat), voice, face_of("microfilms"), [])
            said = result["result"]["said"]  # type: ignore[index]
            assert said == voice.text("phone.no_winner.microfilms.last_standing")
