"""Every message a person reads exists in 繁體中文, 简体中文 and English."""

from __future__ import annotations

import ast
import dataclasses
import enum
import functools
import json
import random
import re
import string
from pathlib import Path
from typing import Any, get_args

import pytest

from companion.core import errors as core_errors
from companion.core import playout
from companion.core.errors import RuleViolation
from companion.core.outcome import Stopped
from companion.core.prompts import waiting_on
from companion.core.values import evolve, evolve_at
from companion.games import GAMES
from companion.games.darkfireline import errors as darkfire_errors
from companion.games.darkfireline.cards import IDENTITY
from companion.games.microfilms import cards
from companion.games.microfilms import errors as game_errors
from companion.games.themessage import cards as message_cards
from companion.games.themessage import errors as message_errors
from companion.games.themessage import rules as message_rules
from companion.games.themessage.cards import Function
from companion.i18n import LANGS, Voice, catalog, has, pick_lang, text
from companion.journal import Journal
from companion.journal_errors import Code
from companion.policy import Dealer
from companion.service import TableService
from ui.faces.options import counted, option_words

ROOT = Path(__file__).resolve().parents[2]


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_three_catalogs_have_the_same_keys_and_placeholders() -> None:
    english = catalog("en")
    for lang in LANGS:
        assert catalog(lang).keys() == english.keys(), lang
        for key, template in catalog(lang).items():
            assert placeholders(template) == placeholders(english[key]), (lang, key)


def test_chinese_catalogs_are_translated() -> None:
    """Every text with words in it has Chinese ones; a template of punctuation alone
    (``{label}：{value}``) has none to translate."""
    han = re.compile(r"[\u4e00-\u9fff]")
    for lang in ("zh-Hant", "zh-Hans"):
        untranslated = [
            k for k, v in catalog(lang).items()
            if re.search("[A-Za-z]", re.sub(r"\{\w+\}", "", v)) and not han.search(v)
        ]  # fmt: skip
        assert [k for k in untranslated if not k.startswith(("unit.", "word.sep"))] == []


def test_the_window_lesson_names_the_standing_answers_as_their_buttons_say_them() -> None:
    """風聲 §5.2: a round opens for every seat on every play, and a playtest tapped "pass"
    hundreds of times a game; the lesson on rounds points to the two answers that pass for
    a seat, in the very words of their buttons, in every language."""
    for lang in LANGS:
        lesson = text(lang, "teach.themessage.window")
        for standing in ("turn", "aimed"):
            assert text(lang, f"phone.stand.{standing}") in lesson, (lang, standing)


def test_simplified_chinese_writes_the_particle_zhe_as_simplified() -> None:
    """着, not the Traditional 著 ("盖着", "接着"); 著 is Simplified only in 著名, 著作."""
    found = [k for k, v in catalog("zh-Hans").items() if re.search("著(?![名作称])", v)]
    assert found == []


def test_what_a_default_stands_for_does_not_say_default_again() -> None:
    """The new-game screen says "Default: {meaning}" (``tablet.option_default``): an
    option's ``None`` text is that meaning — "Default: The default for this table: …" once
    read twice over."""
    said = {lang: text(lang, "tablet.option_default", meaning="").strip(" :：") for lang in LANGS}
    twice = [
        (lang, key) for lang in LANGS for key, words in catalog(lang).items()
        if re.fullmatch(r"option\.\w+\.\w+\.None", key) and said[lang].lower() in words.lower()
    ]  # fmt: skip
    assert twice == []


def test_an_action_is_named_as_its_own_game_calls_it() -> None:
    """Microfilms §4: the pass is "take 1 franc from the bank" — the menu says so, as the
    first-game lesson does; 風聲's pass to a window stays a pass."""
    microfilms = Voice.of("en", GAMES["microfilms"], ["Ann", "Ben", "Cat"])
    assert microfilms.action({"act": "pass", "seat": 0}) == ["Take 1 franc"]
    assert "take 1 franc" in text("en", "teach.microfilms.turn")
    message = Voice.of("zh-Hant", GAMES["themessage"], ["Ann", "Ben", "Cat"])
    assert message.action({"act": "pass", "seat": 0}) == [text("zh-Hant", "act.pass")]


@pytest.mark.parametrize(
    ("game", "changes"),
    [
        *((game, {}) for game in sorted(GAMES)),
        ("microfilms", {"agent_needs_clean": False, "agent_min_night": 2}),  # §7.1 options
    ],
)
def test_no_first_button_of_a_menu_says_the_seat_s_identity(
    game: str, changes: dict[str, object]
) -> None:
    """A glance at a phone's first buttons reads no identity (the identity itself is shown
    only while held). At each moment of random games the seat the table waits for is given
    each identity of the game in turn, with the hand it really holds (which its phone shows
    openly) and, again, with every card it might hold (as the shared tablet's menu is): its
    menu's first steps are the same, in the same order, whoever it is.

    Microfilms §7's claims, one for each identity ("Agent's claim"), once told the role of
    a Clean player on every turn; they stand under "Claim victory". That heading once stood
    only where the seat had a claim to make, which, hand in view, still told (on night 1,
    a Clean seat without a Microfilm could claim only as the Assassin): it now stands by
    public facts alone (:attr:`~companion.core.game.GameSpec.open_headings`)."""
    spec = GAMES[game]
    explained = spec.explained
    identities = sorted(c for c in explained.cards if explained.kind(c) in explained.camps)
    voice = Voice.of("en", spec, [f"P{n}" for n in range(4)])
    rng = random.Random(7)
    state = spec.setup([f"P{n}" for n in range(4)], evolve(spec.options.fitting(4), **changes))
    asked = 0
    for _ in range(150):
        if spec.over(state) is not None:
            break
        for seat in sorted(waiting_on(spec.pending(state))):
            for hand in (state, next(iter(spec.masks(state, seat)), state)):
                firsts = set()
                for identity in identities:
                    world = evolve(hand, players=evolve_at(hand.players, seat, identity=identity))
                    legal = spec.legal_actions(world, seat)
                    heads = spec.open_headings(world, seat)
                    firsts.add(tuple(dict.fromkeys([
                        *(voice.action(spec.codec.encode(action))[0] for action in legal),
                        *(voice.text(f"act.{heading}") for heading in heads),
                    ])))  # fmt: skip  # in the menu's order: a barred heading comes last
                assert len(firsts) == 1, (game, seat, firsts)
            asked += 1
        state = spec.apply(state, playout.step(spec, state, rng, {"claim": 5})).state
    assert asked


def violation_codes() -> set[str]:
    found = set()
    for module in (core_errors, game_errors, message_errors, darkfire_errors):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, RuleViolation):
                found.add(value.code)
    return found


def test_every_rule_violation_has_a_message() -> None:
    for code in violation_codes():
        assert f"violation.{code}" in catalog("en"), code


def test_every_problem_an_options_domain_finds_is_worded_in_every_language() -> None:
    """The new-game screen shows a problem of the options in the reader's words, and a
    game's setup refuses with the same key."""
    keys = set()
    for path in (ROOT / "companion" / "games").glob("*/setup.py"):
        keys |= set(re.findall(r'Problem\(\s*"([a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert len(keys) >= 7
    for lang in LANGS:
        assert sorted(keys - set(catalog(lang))) == [], lang


def test_everything_that_can_go_wrong_with_the_journal_file_has_a_message() -> None:
    """Each reason a journal cannot be opened or written, and each thing a damaged one lost."""
    source = (ROOT / "companion" / "salvage.py").read_text(encoding="utf-8")
    lost = set(re.findall(r'Lost\(\s*"([a-z_.]+)"', source))
    keys = {f"journal.error.{code}" for code in get_args(Code)} | lost
    assert len(lost) == 5 and keys - catalog("en").keys() == set()


def literal_kinds(pattern: str, game: str) -> set[str]:
    """Event, secret and prompt kinds as written in the rules' source."""
    kinds = set()
    for path in (ROOT / "companion" / "games" / game).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == pattern
            ):
                args = [a for a in node.args if isinstance(a, ast.Constant)]
                kinds |= {a.value for a in args if isinstance(a.value, str)}
    return kinds


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize(("call", "prefix"), [("Event", "event"), ("Prompt", "prompt")])
def test_every_event_and_prompt_of_the_rules_has_a_message(
    call: str, prefix: str, game: str
) -> None:
    kinds = literal_kinds(call, game)
    assert kinds
    missing = {k for k in kinds if f"{prefix}.{game}.{k}" not in catalog("en")}
    assert missing == set()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_that_tells_its_deal_is_asked_for_it_in_words(game: str, tmp_path: Path) -> None:
    """No readers: the players deal by hand and tell their phones — the table's first
    prompt, which the service makes, not the game's rules."""
    names = [f"P{i}" for i in range(GAMES[game].sizes[0])]
    service = TableService.start(Journal(tmp_path / "j.sqlite3"), game, names, dealer=Dealer.TABLE)
    kinds = {p.kind for p in service.pending()}
    assert kinds == {"tell_dealt"}
    assert [lang for lang in LANGS if not has(lang, f"prompt.{game}.tell_dealt")] == []


def test_every_computed_event_and_prompt_of_the_message_has_a_message() -> None:
    """風聲 names a play's event by its function, and a prompt by the moment of the turn."""
    kinds = {f"event.themessage.played_{f.value}" for f in Function}
    prompts = {*message_rules.ACTING_PROMPTS.values(), *message_rules.WINDOW_PROMPTS.values(),
               message_rules.INTERCEPTED_PROMPT}  # fmt: skip
    kinds |= {f"prompt.themessage.{k}" for k in prompts}
    assert {k for k in kinds if k not in catalog("en")} == set()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_secret_has_a_message(game: str) -> None:
    source = "\n".join(p.read_text() for p in (ROOT / "companion/games" / game).glob("*.py"))
    kinds = set(re.findall(r'Secret\(\s*[^,]+,\s*"([a-z_]+)"', source))
    voice = Voice.of("en", GAMES[game])  # the game's own words, or those every game shares
    assert kinds and {k for k in kinds if not has("en", voice.game_key("secret", k))} == set()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_what_every_game_says_alike_has_a_message(game: str) -> None:
    """An undo (``Table.undo``) and a hand audit (``core.audit``) read the same in every game."""
    voice = Voice.of("en", GAMES[game])
    for lang in LANGS:
        for kind in ("undone", "hand_checked"):
            assert has(lang, voice.game_key("event", kind)), (lang, kind)
        assert has(lang, voice.game_key("secret", "hand_audited")), lang


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_registered_is_named_and_its_deal_explained_in_every_language(game: str) -> None:
    """What the faces look up by the game's key: its name, and for a deal the players make by
    hand, how to lay it on the readers and how to tell it on a phone."""
    keys = [f"game.{game}", f"event.{game}.game_over"]
    if GAMES[game].sensing.deal is not None:
        keys += [f"{family}.{game}" for family in ("ingest.deal.intro", "phone.deal.explain",
                 "ingest.deal.told_on_phones", "tablet.dealer_note")]  # fmt: skip
    for lang in LANGS:
        assert [k for k in keys if not has(lang, k)] == [], lang


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_way_a_game_ends_says_why(game: str) -> None:
    """Its own endings, and the table stopping it (the core's, alike in every game)."""
    endings = [*GAMES[game].endings, *Stopped]
    for lang in LANGS:
        assert {e.value for e in endings if not has(lang, f"reason.{e.value}")} == set()


def test_every_card_and_action_has_a_name() -> None:
    message = [*message_cards.CARDS, *message_cards.IDENTITY.values()]
    for lang in LANGS:
        assert all(f"card.{c.id}" in catalog(lang) for c in cards.ALL)
        assert all(f"card.{c}" in catalog(lang) for c in message)
        for spec in GAMES.values():
            assert all(f"act.{a}" in catalog(lang) for a in spec.codec.names)


def option_keys(game: str, field: dataclasses.Field[Any]) -> set[str]:
    """The title of an option, and for each value the new-game screen may show at any table
    size — its default, every choice, a count of one and of more — what it means and its
    short name; a count edited one by one also names each of its parts."""
    base, spec = f"option.{game}.{field.name}", GAMES[game]
    domain = spec.options
    values: list[Any] = [field.default]
    for seats in spec.sizes:
        values += domain.choices(field.name, seats) or []
        own = domain.default(field.name, seats)
        values += [] if own is None else [own]
    default, chosen = field.default, domain.choices(field.name, spec.sizes[0]) is not None
    if isinstance(default, bool):
        values += [not default]
    elif isinstance(default, enum.Enum):
        values += list(type(default))
    elif isinstance(default, int) and not chosen:
        values += [default + 1, default + 2]
    elif default is None and any(isinstance(v, int) for v in values):
        values += [0, 1, 2]  # a count stepped from the table's default, down to none
    keys = {base}
    for value in values:
        key = option_words(game, field.name, value, spec.sizes[0])[0]
        keys |= {f"{base}.{key}", f"{base}.{key}.short"}
        if counted(value) and not chosen:
            keys |= {f"{base}.{f.name}" for f in dataclasses.fields(value)}
        elif default is None and isinstance(value, int) and not chosen:
            keys |= {f"{base}.count"}  # the stepper's label of a number counted by hand
    return keys


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_option_and_choice_is_explained(game: str) -> None:
    fields = dataclasses.fields(GAMES[game].options_type)
    wanted = set().union(*(option_keys(game, f) for f in fields))
    for lang in LANGS:
        assert {k for k in wanted if k not in catalog(lang)} == set(), lang


def test_a_mix_with_green_says_plainly_that_green_cannot_win() -> None:
    """Issue 6: green wins only through a character's mission, and there are no characters yet."""
    assert "cannot win" in catalog("en")["option.themessage.identities.green"]
    assert "無法獲勝" in catalog("zh-Hant")["option.themessage.identities.green"]
    assert "无法获胜" in catalog("zh-Hans")["option.themessage.identities.green"]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_darkfireline_side_is_called_on_the_options_what_its_card_says(lang: str) -> None:
    """暗火线 digest, terminology: the seed calls one side 市民 or 平民 and the other 绑匪 or
    恐怖份子; the new-game screen uses the words printed on the identity cards, or a group
    choosing how many 平民 to deal looks in vain for that card."""
    words = catalog(lang)
    for role, card in IDENTITY.items():
        named = words[f"card.{card}"]
        assert words[f"option.darkfireline.identities.{role.value}"] == named
        for key in ("None", "counts", "side_missing"):
            assert named in words[f"option.darkfireline.identities.{key}"], key


def test_arguments_are_rendered_as_their_game_declares() -> None:
    names = ["Ann", "Ben", "Cat"]
    en = Voice.of("en", GAMES["microfilms"], names)
    args = {"seat": 1, "target": 2, "cost": 2}
    said = en.say("event.microfilms.interrogated", args)
    assert said == "Ben interrogates Cat, at the cost of 2 francs."
    zh = en.speaking("zh-Hant")
    assert zh.say("event.microfilms.took_discard", {"seat": 0, "card": "ACE"}) == (
        "Ann從棄牌堆拿走黑桃Ace。"
    )
    letters = [
        {"letter": "L-CN", "seat": 2, "pile": None},
        {"letter": "L-UK", "seat": None, "pile": "deck"},
    ]
    text = en.say(
        "event.microfilms.claim_manager", {"seat": 0, "identity": "R-IM", "letters": letters}
    )
    assert "Alliance letter (China) in Cat" in text and "Alliance letter (UK) in the deck" in text


def test_an_empty_list_reads_as_what_it_lists() -> None:
    """Microfilms §8: a player out of the game with no cards left once read "their hand goes
    face up to the discard pile: no one" — an empty hand is no cards, no seats no one."""
    for lang, nothing in (("en", "no cards"), ("zh-Hans", "没有牌"), ("zh-Hant", "沒有牌")):
        voice = Voice.of(lang, GAMES["microfilms"], ["Ann", "Ben", "Cat"])
        said = voice.say("event.microfilms.eliminated", {"seat": 1, "cards": []})
        assert nothing in said and voice.text("word.none") not in said, said
        assert voice.render("winners", []) == voice.text("word.none")


def test_a_name_one_game_declares_means_nothing_special_in_another() -> None:
    """Francs are Microfilms' (§1.1): 風聲 reads the same name as a plain number, and a card
    left out of an action is paid in francs in one game and simply none in the other."""
    names = ["Ann", "Ben"]
    films, message = (Voice.of("en", GAMES[g], names) for g in ("microfilms", "themessage"))
    assert films.render("need", 2) == "2 francs" and message.render("need", 2) == "2"
    interrogate = {"act": "interrogate", "target": 1, "card": None}
    assert films.action(interrogate) == ["Interrogate", "Ben", "Pay 1 franc"]
    answer = {"act": "answer_probe", "answer": "discard", "card": None}
    assert message.action(answer)[-1] == "No card"


def test_a_cost_paid_in_francs_says_how_many_before_it_is_confirmed() -> None:
    """Microfilms §6.4: an interrogation costs its card or 1 franc; §6.5: a blackmail its
    card or 2 francs. The menu's last step once read "Pay in francs", and a player
    confirmed without knowing how many. In random games, each such action offered says, in
    every language, the number of francs the rules then take from the seat."""
    spec, rng = GAMES["microfilms"], random.Random(5)
    names = ["Ann", "Ben", "Cat", "Dan"]
    voices = [Voice.of(lang, spec, names) for lang in LANGS]
    said: set[str] = set()
    state = spec.setup(names, spec.options.fitting(4))
    for _ in range(400):
        if spec.over(state) is not None:
            state = spec.setup(names, spec.options.fitting(4))
        for seat in sorted(waiting_on(spec.pending(state))):
            for action in spec.legal_actions(state, seat):
                body = spec.codec.encode(action)
                if body["act"] not in ("interrogate", "blackmail") or body["card"] is not None:
                    continue
                paid = (
                    state.player(seat).francs - spec.apply(state, action).state.player(seat).francs
                )
                for voice in voices:
                    step = voice.action(body)[-1]
                    assert step == voice.text("word.pay_francs.fee", fee=voice.render("fee", paid))
                    said.add(f"{body['act']} {step}")
        state = spec.apply(state, playout.step(spec, state, rng, {"claim": 0})).state
    assert {"interrogate Pay 1 franc", "blackmail Pay 2 francs"} <= said, said


def test_words_of_no_game_read_only_what_every_game_shares() -> None:
    plain = Voice.of("en")
    assert plain.render("card", "ACE") == "Ace of Spades"
    assert plain.render("francs", 3) == "3"


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("zh_TW.UTF-8", "zh-Hant"), ("zh_HK", "zh-Hant"), ("zh-Hant", "zh-Hant"),
        ("zh-CN", "zh-Hans"), ("zh_SG.UTF-8", "zh-Hans"), ("zh-Hans", "zh-Hans"),
        ("en_US.UTF-8", "en"), ("C", "en"), (None, "en"),
    ],
)  # fmt: skip
def test_the_language_follows_the_locale(locale: str | None, lang: str) -> None:
    assert pick_lang(locale) == lang


def test_catalog_files_are_sorted_json() -> None:
    for lang in LANGS:
        path = ROOT / "companion" / "i18n" / f"{lang}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        assert list(data) == sorted(data)


def test_a_word_of_the_game_reads_as_a_button_in_a_menu() -> None:
    """§6.8's answers sit inside sentences in lower case ("answers Ben's Probe: draw"); as a
    step of the phone's menu the same word begins with a capital, as a button's label does
    (a lone "draw" read like a raw key)."""
    voice = Voice.of("en", GAMES["themessage"], ["ann", "Ben"])
    assert voice.action({"act": "answer_probe", "seat": 0, "answer": "draw"}) == [
        "Answer the probe",
        "Draw",
    ]
    said = voice.event("probe_answered", {"seat": 0, "prober": 1, "answer": "draw", "draws": 1})
    assert "Probe: draw 1 card" in said
    assert voice.action({"act": "lock", "seat": 1, "target": 0, "card": "LOCK-B-S-1"})[1] == "ann"


def test_a_phone_is_not_told_to_tell_itself() -> None:
    """The table says "Ann: tell your phone which card you drew"; Ann's own phone said
    "Tell your phone which card you drew", and 風聲's "answer Ben's Probe as your phone
    says", to a player already reading it. A prompt whose table words send its seat to
    the phone has the phone's own (``<key>.yours``), in every language."""
    english = catalog("en")
    sent = [
        key
        for key, said in english.items()
        if key.startswith("prompt.") and said.startswith("{seat}") and "phone" in said
    ]
    assert len(sent) >= 5
    for lang in LANGS:
        voice = Voice.of(lang, GAMES["microfilms"], ["Ann", "Ben"])
        for key in sent:
            assert has(lang, f"{key}.yours"), (lang, key)
        args = {"seat": 0, "prober": 1, "user": 1, "n": 1, "of": 2}
        table = voice.say("prompt.microfilms.tell_draw", args)
        phone = voice.say_to("prompt.microfilms.tell_draw", args)
        assert "Ann" in table and "Ann" not in phone
        assert phone == voice.text("prompt.microfilms.tell_draw.yours")


def test_english_words_have_no_chinese_but_the_games_own_names() -> None:
    """An English reader met 後發先至 in a first game's lesson, and 鎖定 and 截獲 among the
    options; the box's own name (風聲 The Message) is the only Chinese an English page keeps."""
    names = [text("zh-Hant", f"game.{g}").split()[0] for g in GAMES]
    names += [text("zh-Hans", f"game.{g}").split()[0] for g in GAMES]
    for key, said in catalog("en").items():
        rest = functools.reduce(lambda words, name: words.replace(name, ""), names, said)
        assert not re.search(r"[\u3000-\u9fff\uff00-\uffef]", rest), (key, said)
