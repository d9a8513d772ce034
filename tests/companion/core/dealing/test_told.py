"""A deal the players make with the real cards and tell on their phones (no moderator).

Microfilms digest §2 (the setup: identities, one action card each, one letter set aside
unseen) and §7.1 (an Agent's claim is judged by the letter set aside); 風聲 and 暗火线
digests §2 (three cards each; identities from the app, as at a table of readers).
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

from companion.core import oracle
from companion.core.actions import Action, Discard, TellDraw
from companion.core.dealing.told import LaidAside, Redeal, TellDealt
from companion.core.errors import RuleViolation
from companion.core.legal import Families
from companion.core.phases import Dealing, Discarding
from companion.core.taps import Place, Station
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at
from companion.core.worlds import relabel
from companion.games.microfilms import cards, letter
from companion.games.microfilms.actions import ClaimAgent, Draw, Source
from companion.games.microfilms.cards import Nation
from companion.games.microfilms.state import Choosing, Drawing
from companion.journal import Journal
from companion.observations import TagPlaced
from companion.policy import Dealer, Draws
from companion.service import TableService
from firmware_bridge.emulators.ntag import sticker_uid
from hardware.stickers import recogniser

FOUR = ["Ann", "Ben", "Cat", "Dan"]

MICROFILMS_WORDS = {
    Seat(0): ("R-CN", "A-SB1"),
    Seat(1): ("R-UK", "A-IB1"),
    Seat(2): ("R-US", "A-WR1"),
    Seat(3): ("R-JOU", "A-WR2"),
}
"""Three Agents and one Freelancer, one action card each (§2 steps 3–7)."""

MESSAGE_WORDS = {
    Seat(0): ("LOCK-R-S-1", "LOCK-R-S-1", "DISTRIBUTE-B-T-1"),
    Seat(1): ("LOCK-R-S-1", "BURN-B-D-1", "INTERCEPT-R-D-1"),
    Seat(2): ("DISTRIBUTE-K-T-1", "BURN-K-D-1", "COUNTER-B-D-1"),
    Seat(3): ("DISTRIBUTE-R-T-1", "BURN-R-D-1", "COUNTER-K-D-1"),
}
"""Three cards each; a face named by three seats is three of its copies (§2)."""

DARKFIRELINE_WORDS = {
    Seat(0): ("SINGLE-1", "SINGLE-1", "ARMOUR-1"),
    Seat(1): ("SINGLE-1", "DOUBLE-1", "SERUM-1"),
    Seat(2): ("SMOKE-1", "FIRST_AID-1", "SERUM-1"),
    Seat(3): ("GRENADE-1", "SUPERMARKET-1", "WARRANT-1"),
}
"""暗火线 §2 steps 4–5: three game cards each, the identities from the app."""


def told_table(tmp_path: Path, game: str, seed: int = 1) -> TableService:
    return TableService.start(
        Journal(tmp_path / "j.sqlite3"), game, FOUR, draws=Draws.TOLD, dealer=Dealer.TABLE,
        rng=random.Random(seed),
    )  # fmt: skip


def tell_all(service: TableService, said: dict[Seat, tuple[str, ...]]) -> None:
    for seat, word in said.items():
        service.act(seat, TellDealt(seat=seat, cards=tuple(map(CardId, word))))


def hand(service: TableService, seat: Seat) -> list[Any]:
    return sorted(service.table.state.players[seat].hand)


@pytest.mark.parametrize(
    ("game", "words"), [("themessage", MESSAGE_WORDS), ("darkfireline", DARKFIRELINE_WORDS)]
)
def test_nobody_is_dealt_until_every_seat_has_told_and_then_each_holds_its_word(
    tmp_path: Path, game: str, words: dict[Seat, tuple[str, ...]]
) -> None:
    """風聲 and 暗火线 §2: the deal the app records is the one each player says is in front of
    them."""
    service = told_table(tmp_path, game)
    assert service.telling_deal() and service.goes_on()
    first = dict(list(words.items())[:3])
    tell_all(service, first)
    assert isinstance(service.table.state.phase, Dealing)
    assert [p.seats for p in service.pending()] == [(Seat(3),)]
    tell_all(service, {Seat(3): words[Seat(3)]})
    assert not service.telling_deal()
    faces = service.spec.copies(service.table.state).face
    for seat, word in words.items():
        assert sorted(faces[CardId(c)] for c in hand(service, seat)) == sorted(word)
        assert service.private_view(seat)["identity"] is not None  # from the app


def test_a_seat_may_put_its_word_right_until_the_deal_is_whole(tmp_path: Path) -> None:
    service = told_table(tmp_path, "microfilms")
    service.act(Seat(0), TellDealt(seat=Seat(0), cards=(CardId("R-CN"), CardId("A-IB2"))))
    tell_all(service, MICROFILMS_WORDS)
    assert hand(service, Seat(0)) == ["A-SB1"]
    assert service.private_view(Seat(0))["identity"] == "R-CN"


@pytest.mark.parametrize(
    "cards",
    [
        ("R-CN",), ("R-CN", "R-UK"), ("A-SB1", "A-SB2"), ("R-CN", "A-SB1", "A-IB1"),
        ("L-CN", "A-SB1"),
    ],
)  # fmt: skip
def test_a_word_that_is_no_seat_s_part_is_refused_and_changes_nothing(
    tmp_path: Path, cards: tuple[str, ...]
) -> None:
    """One identity card and one action card each (§2 steps 5, 7)."""
    service = told_table(tmp_path, "microfilms")
    before = service.table.state
    with pytest.raises(RuleViolation) as refused:
        service.act(Seat(1), TellDealt(seat=Seat(1), cards=tuple(map(CardId, cards))))
    assert refused.value.code == "deal_word"
    assert service.table.state is before


def test_what_a_seat_sees_while_others_tell_never_depends_on_their_words(tmp_path: Path) -> None:
    """Two worlds that differ only in another seat's word give Ann the same bytes."""
    views = []
    for n, ben in enumerate([("R-UK", "A-SB1"), ("R-US", "A-IB1")]):
        service = told_table(tmp_path / str(n), "microfilms")
        service.act(Seat(1), TellDealt(seat=Seat(1), cards=tuple(map(CardId, ben))))
        service.act(Seat(0), TellDealt(seat=Seat(0), cards=(CardId("R-CN"), CardId("A-SB1"))))
        view = service.seat_view(Seat(0))
        views.append((view.private, view.public, view.telling, service.pending()))
    assert views[0] == views[1]


def test_words_that_cannot_all_be_true_send_everyone_back_to_deal_again(tmp_path: Path) -> None:
    """Two seats name the one Journalist: no seat is told whose word it was; the table is
    told, alike, to deal again, and every word is dropped."""
    service = told_table(tmp_path, "microfilms")
    clash = {**MICROFILMS_WORDS, Seat(2): ("R-JOU", "A-WR1")}
    tell_all(service, clash)
    state = service.table.state
    assert isinstance(state.phase, Dealing) and service.telling_deal()
    assert state.history[-1].kind == "deal_clash" and not state.history[-1].secrets
    assert [p.seats for p in service.pending()] == [tuple(map(Seat, range(4)))]
    assert all(service.seat_view(Seat(s)).telling.told == () for s in range(4))  # type: ignore[union-attr]
    tell_all(service, MICROFILMS_WORDS)
    assert isinstance(service.table.state.phase, Choosing)


def test_a_mix_the_box_cannot_deal_is_a_clash_too(tmp_path: Path) -> None:
    """§2 step 4: three Agents always; two Freelancers at four seats cannot be."""
    service = told_table(tmp_path, "microfilms")
    tell_all(service, {**MICROFILMS_WORDS, Seat(2): ("R-ASN", "A-WR1")})
    assert service.table.state.history[-1].kind == "deal_clash"


def test_more_copies_told_than_the_box_holds_is_a_clash(tmp_path: Path) -> None:
    service = told_table(tmp_path, "themessage")
    four_locks = {**MESSAGE_WORDS, Seat(2): ("LOCK-R-S-1", "BURN-K-D-1", "COUNTER-B-D-1")}
    tell_all(service, four_locks)  # the box holds three red Locks
    assert service.table.state.history[-1].kind == "deal_clash"


def test_a_killed_table_keeps_every_word_told(tmp_path: Path) -> None:
    service = told_table(tmp_path, "themessage")
    tell_all(service, dict(list(MESSAGE_WORDS.items())[:2]))
    resumed = TableService.resume(Journal(tmp_path / "j.sqlite3"), service.game_id)
    assert resumed.telling_deal() and resumed.goes_on()
    telling = resumed.seat_view(Seat(1)).telling
    assert telling is not None and len(telling.told) == 3
    assert telling.waiting == (Seat(2), Seat(3))
    tell_all(resumed, dict(list(MESSAGE_WORDS.items())[2:]))
    assert not resumed.telling_deal()


def test_the_app_deals_at_once_when_it_is_the_dealer(tmp_path: Path) -> None:
    service = TableService.start(Journal(tmp_path / "j.sqlite3"), "microfilms", FOUR,
                                 rng=random.Random(2))  # fmt: skip
    assert not service.telling_deal()
    assert not isinstance(service.table.state.phase, Dealing)
    with pytest.raises(RuleViolation):
        service.act(Seat(0), TellDealt(seat=Seat(0), cards=MICROFILMS_WORDS[Seat(0)]))


def test_redeal_only_while_waiting_for_the_deal(tmp_path: Path) -> None:
    service = told_table(tmp_path, "microfilms")
    tell_all(service, MICROFILMS_WORDS)
    with pytest.raises(RuleViolation):
        service.submit(Redeal())


# --- Microfilms: the letter set aside, which nobody may see (§2 step 6, §7.1) ---------------


def dealt_microfilms(tmp_path: Path, seed: int = 1) -> TableService:
    service = told_table(tmp_path, "microfilms", seed)
    tell_all(service, MICROFILMS_WORDS)
    return service


def draw_told(service: TableService, card: str) -> None:
    seat = service.table.state.active
    service.act(seat, Draw(seat=seat, source=Source.DECK))
    assert isinstance(service.table.state.phase, Drawing)
    service.act(seat, TellDraw(seat=seat, card=CardId(card)))
    state = service.table.state
    if isinstance(state.phase, Discarding):  # over the limit of one (§5.1): keep the letter
        other = next(c for c in state.players[seat].hand if c != card)
        service.act(seat, Discard(seat=seat, card=other))


def test_the_app_does_not_judge_by_a_letter_nobody_saw(tmp_path: Path) -> None:
    state = dealt_microfilms(tmp_path).table.state
    assert not state.letter_known
    assert letter.aside(state) in {"L-CN", "L-UK", "L-US"}
    assert "L-SU" not in state.deck  # the nation not dealt is out, with its letter


@pytest.mark.parametrize("seed", range(6))
def test_a_letter_drawn_is_in_the_deck_whatever_the_app_guessed(tmp_path: Path, seed: int) -> None:
    """Any of the three letters may be drawn: none is refused, none becomes a doubt, and
    once the two letters in play are seen the guess is the third — still a guess until the
    second night, for knowing it sooner would tell everyone the last letter was drawn."""
    service = dealt_microfilms(tmp_path, seed)
    draw_told(service, "L-CN")
    state = service.table.state
    assert not state.doubts
    assert any("L-CN" in p.hand for p in state.players)
    assert not state.letter_known and letter.aside(state) != "L-CN"
    # The next seat draws the UK letter: the US letter is the one set aside.
    draw_told(service, "L-UK")
    state = service.table.state
    assert not state.letter_known and letter.aside(state) == "L-US"
    assert state.lone is Nation.US
    assert letter.learnt(evolve(state, night=2)).letter_known


def ready_to_claim(state: Any, agent: Seat) -> Any:
    """The table with ``agent`` Clean, the UK Microfilm its hand, its turn to act — as play
    could have made it."""
    return evolve(
        state,
        players=evolve_at(state.players, agent, clean=True, hand=(CardId("M-UK"),)),
        deck=(*(c for c in state.deck if c != "M-UK"), CardId("A-SB1")),
        active=agent,
        phase=Choosing(),
    )


def test_an_agent_who_claims_before_the_app_knows_turns_the_letter_face_up(tmp_path: Path) -> None:
    """§7.1 variant A at a table without readers: the claim names the letter set aside,
    turned face up for all; the app judges by it and knows it from then on."""
    service = dealt_microfilms(tmp_path)
    table = service.table
    agent = next(s for s, (i, _) in MICROFILMS_WORDS.items() if i == "R-CN")
    state = table.state
    # The CN Agent Clean with the UK Microfilm in hand, as play could have made them.
    ready = ready_to_claim(state, agent)
    spec = service.spec
    with pytest.raises(RuleViolation) as refused:
        spec.apply(ready, ClaimAgent(seat=agent, microfilm=CardId("M-UK")))
    assert refused.value.code == "claim_needs_letter"
    legal = spec.legal_actions(ready, agent, "claim")
    assert {a.aside for a in legal if isinstance(a, ClaimAgent)} == {
        "L-CN", "L-UK", "L-US", "L-SU"  # the claimant cannot know the Soviet Agent is out
    }  # fmt: skip
    for aside, won in (("L-UK", True), ("L-US", False)):
        claim = ClaimAgent(seat=agent, microfilm=CardId("M-UK"), aside=CardId(aside))
        out = spec.apply(ready, claim)
        kinds = [e.kind for e in out.events]
        assert kinds[0] == "letter_turned_up" and out.events[0].args["letter"] == aside
        assert ("claim_succeeded" in kinds) is won  # UK is CN's enemy only if UK stands alone
        assert out.state.letter_known


def test_an_agent_s_claim_is_offered_and_answered_alike_whichever_nation_is_out(
    tmp_path: Path,
) -> None:
    """§2 step 3: the fourth Agent leaves the game unseen with its Microfilm and letter, so
    an Agent cannot know which nation is out. In a world where another nation is the one
    out (its Agent, Microfilm and letter traded with the Soviets'), the claimant is offered
    the same claims, and each letter it may name is refused alike or turned up alike —
    naming the letter of a nation out is no free probe of which it is."""
    service = dealt_microfilms(tmp_path)
    state, spec, agent = service.table.state, service.spec, Seat(0)  # the CN Agent
    ready = ready_to_claim(state, agent)
    us_out = evolve(
        relabel(ready, {CardId(f"{k}-{a}"): CardId(f"{k}-{b}") for k in "RML"
                        for a, b in (("US", "SU"), ("SU", "US"))}),
        lone=Nation.SU if ready.lone is Nation.US else ready.lone,
    )  # fmt: skip
    assert "M-US" in us_out.removed and "R-SU" in {p.identity for p in us_out.players}
    assert spec.private_view(ready, agent) == spec.private_view(us_out, agent)
    assert spec.legal_actions(ready, agent) == spec.legal_actions(us_out, agent)
    for aside in ("L-CN", "L-UK", "L-US", "L-SU", "M-UK", "NOPE"):
        claim = ClaimAgent(seat=agent, microfilm=CardId("M-UK"), aside=CardId(aside))
        here, there = answer(spec, ready, claim), answer(spec, us_out, claim)
        if isinstance(here, RuleViolation) or isinstance(there, RuleViolation):
            assert repr(here) == repr(there), aside
            continue
        assert here.events[0] == there.events[0], aside  # the letter turned up, for all
    out = spec.apply(ready, ClaimAgent(seat=agent, microfilm=CardId("M-UK"), aside=CardId("L-SU")))
    assert [e.kind for e in out.events][-1] != "claim_succeeded"  # no Soviet Microfilm in play
    assert out.state.players[agent].eliminated and spec.over(out.state) is None


def test_the_oracle_s_worlds_trade_the_nation_out_and_so_see_a_menu_that_knows_it(
    tmp_path: Path,
) -> None:
    """The rules' oracle trades the nation out of the game, whole, with one in play the seat
    has not seen (``Hidden.sets``): a claim menu that offered only the letters of nations in
    play — as it once did — is caught; the menu as it is, is not."""
    service = dealt_microfilms(tmp_path)
    agent = Seat(0)
    ready, spec = ready_to_claim(service.table.state, agent), service.spec

    class InPlayOnly(Families[Any]):
        def actions(self, state: Any, seat: Seat, family: str | None = None) -> list[Action]:
            dealt = {cards.CARDS[p.identity].nation for p in state.players if p.identity}
            return [
                a
                for a in super().actions(state, seat, family)
                if not isinstance(a, ClaimAgent)
                or a.aside is None
                or cards.CARDS[a.aside].nation in dealt
            ]

    leaky = dataclasses.replace(spec, moves=InPlayOnly(spec.moves.of))
    worlds = [random.Random(i) for i in range(40)]
    assert not any(oracle.leaks(spec, ready, [agent], rng) for rng in worlds)
    worlds = [random.Random(i) for i in range(40)]
    found = [f for rng in worlds for f in oracle.leaks(leaky, ready, [agent], rng)]
    assert any("its legal actions differ" in f for f in found)


def answer(spec: Any, state: Any, action: ClaimAgent) -> Any:
    try:
        return spec.apply(state, action)
    except RuleViolation as err:
        return err


# --- a table with some readers: the deal told on the phones, the letter on the centre reader ---


def partly_read(tmp_path: Path) -> TableService:
    """Readers at two seats and the centre (issue: not every seat has one): the players
    deal the real cards and tell their phones; the letter goes face down on the centre."""
    service = TableService.start(
        Journal(tmp_path / "j.sqlite3"), "microfilms", FOUR, draws=Draws.TOLD,
        dealer=Dealer.TABLE, centre=True, rng=random.Random(4),
    )  # fmt: skip
    places = {
        ("board", "c"): Station(Place.CENTRE),
        ("board", "0"): Station(Place.SEAT, Seat(0)),
        ("board", "1"): Station(Place.SEAT, Seat(1)),
    }
    service.use_sensors(places, recogniser(cards.CARDS))
    return service


def test_the_letter_laid_on_the_centre_reader_is_the_one_the_app_judges_by(
    tmp_path: Path,
) -> None:
    service = partly_read(tmp_path)
    laid = service.observe(TagPlaced("board", sticker_uid(CardId("L-UK")), zone="c"))
    assert laid.committed == (LaidAside(card=CardId("L-UK")),)
    assert service.table.state.history[-1].args == {}  # the card is named to nobody
    tell_all(service, MICROFILMS_WORDS)
    state = service.table.state
    assert state.letter_known and letter.aside(state) == "L-UK" and state.lone is Nation.UK


def test_with_a_centre_reader_the_deal_waits_for_the_letter_rather_than_guess(
    tmp_path: Path,
) -> None:
    service = partly_read(tmp_path)
    tell_all(service, MICROFILMS_WORDS)
    assert isinstance(service.table.state.phase, Dealing) and service.goes_on()
    assert [n.key for n in service.dealing() or ()] == ["ingest.deal.waiting_letter"]
    service.observe(TagPlaced("board", sticker_uid(CardId("L-CN")), zone="c"))
    assert service.table.state.letter_known and service.table.state.lone is Nation.CN


def test_a_seat_reader_takes_no_part_in_a_told_deal(tmp_path: Path) -> None:
    service = partly_read(tmp_path)
    before = service.table.state
    said = service.observe(TagPlaced("board", sticker_uid(CardId("R-CN")), zone="0"))
    assert not said.committed and service.table.state is before
    assert [n.key for n in said.notices] == ["ingest.deal.told_on_phones.microfilms"]
    wrong = service.observe(TagPlaced("board", sticker_uid(CardId("A-SB1")), zone="c"))
    assert not wrong.committed and [n.key for n in wrong.notices] == ["ingest.deal.centre_letter"]


def test_the_last_card_of_the_deck_is_told_while_the_letter_is_a_guess(tmp_path: Path) -> None:
    """The record's last card may be the guess's stand-in for the letter in the real deck:
    it is told like any other draw, not taken from the record."""
    state = dealt_microfilms(tmp_path).table.state
    guess = letter.aside(state)
    last = next(c for c in state.deck if c.startswith("L-"))
    spec = dealt_microfilms(tmp_path / "b").spec
    one = evolve(state, deck=(last,), phase=Choosing())
    out = spec.apply(one, Draw(seat=one.active, source=Source.DECK))
    assert isinstance(out.state.phase, Drawing)  # asked, not taken
    told = spec.apply(out.state, TellDraw(seat=one.active, card=CardId(str(guess))))
    assert guess in told.state.players[one.active].hand and not told.state.doubts
    known = evolve(one, letter_known=True)
    assert not isinstance(spec.apply(known, Draw(seat=one.active, source=Source.DECK))
                          .state.phase, Drawing)  # fmt: skip


def test_whether_the_last_card_is_a_letter_is_not_told_by_how_it_is_drawn(
    tmp_path: Path,
) -> None:
    """§3: the deck is hidden from everyone. Two worlds alike but for the deck's last card
    (a letter, or the Ace the drawer kept instead): every other seat sees the draw alike —
    the drawer asked to tell it in both, not the Ace taken from the record in one."""
    state = dealt_microfilms(tmp_path).table.state
    drawer, last = state.active, next(c for c in state.deck if c.startswith("L-"))
    spec = dealt_microfilms(tmp_path / "b").spec
    hand = state.players[drawer].hand
    worlds = [
        evolve(state, deck=(last,), phase=Choosing(),
               players=evolve_at(state.players, drawer, hand=(*hand, CardId("ACE")))),
        evolve(state, deck=(CardId("ACE"),), phase=Choosing(),
               players=evolve_at(state.players, drawer, hand=(*hand, last))),
    ]  # fmt: skip
    after = [spec.apply(w, Draw(seat=drawer, source=Source.DECK)).state for w in worlds]
    for seat in (Seat(s) for s in range(len(state.players)) if s != drawer):
        here, there = ((spec.public_view(a), spec.pending(a), spec.private_view(a, seat))
                       for a in after)  # fmt: skip
        assert here == there, seat
    assert all(isinstance(a.phase, Drawing) for a in after)


def test_no_claim_is_judged_by_a_guess(tmp_path: Path) -> None:
    """§7.4: the Intelligence Manager's claim (night 2 on) is refused while the letter is a
    guess — it never is by then; an Agent's turned-up letter may not be one in sight."""
    service = dealt_microfilms(tmp_path)
    state, spec = service.table.state, service.spec
    manager = evolve(state, players=evolve_at(state.players, Seat(3), identity=CardId("R-IM"),
                                              clean=True), night=2, active=Seat(3),
                     phase=Choosing())  # fmt: skip
    assert not manager.letter_known  # made by hand: play would have learnt it
    legal = spec.legal_actions(manager, Seat(3), "claim")
    with pytest.raises(RuleViolation) as refused:
        spec.apply(manager, legal[0])
    assert refused.value.code == "claim_needs_letter"
    agent = evolve(state, players=evolve_at(state.players, Seat(0), clean=True,
                                            hand=(CardId("M-UK"), CardId("L-UK"))),
                   phase=Choosing(), active=Seat(0))  # fmt: skip
    mine = ClaimAgent(seat=Seat(0), microfilm=CardId("M-UK"), aside=CardId("L-UK"))
    with pytest.raises(RuleViolation):
        spec.apply(agent, mine)
    assert "L-UK" not in letter.candidates(agent, Seat(0))


def test_three_players_have_no_freelancer_to_tell(tmp_path: Path) -> None:
    """§2 step 4 (INFERRED: identity total = player count): at three seats a Freelancer is
    no seat's part — the table size is public, so the word is refused at once."""
    service = TableService.start(
        Journal(tmp_path / "j.sqlite3"), "microfilms", FOUR[:3], draws=Draws.TOLD,
        dealer=Dealer.TABLE, rng=random.Random(1),
    )  # fmt: skip
    with pytest.raises(RuleViolation) as refused:
        service.act(Seat(0), TellDealt(seat=Seat(0), cards=(CardId("R-JOU"), CardId("A-SB1"))))
    assert refused.value.code == "deal_word"


def test_a_clash_gathers_the_letter_on_the_centre_reader_too(tmp_path: Path) -> None:
    service = partly_read(tmp_path)
    service.observe(TagPlaced("board", sticker_uid(CardId("L-UK")), zone="c"))
    tell_all(service, {**MICROFILMS_WORDS, Seat(2): ("R-JOU", "A-WR1")})
    phase = service.table.state.phase
    assert isinstance(phase, Dealing) and phase.aside is None
    tell_all(service, MICROFILMS_WORDS)
    assert isinstance(service.table.state.phase, Dealing)  # waits for the letter again


def centre_table(tmp_path: Path, name: str) -> TableService:
    """Microfilms told on the phones, the letter to be laid on a centre reader (§2 step 6)."""
    return TableService.start(
        Journal(tmp_path / f"{name}.sqlite3"), "microfilms", FOUR, draws=Draws.TOLD,
        dealer=Dealer.TABLE, centre=True, rng=random.Random(3),
    )  # fmt: skip


def test_once_every_seat_has_told_no_word_is_taken_again_to_be_judged_anew(
    tmp_path: Path,
) -> None:
    """The words are judged together once, when the last seat tells. Waiting for the letter,
    a word told again was judged against the others anew: one that clashed dealt again, one
    that did not went on — telling Dan, for free and as often as he liked, whether another
    seat had named those cards. Now it is refused alike, whatever the others told."""
    answers = []
    for name, ann in (("ann-cn", "R-CN"), ("ann-us", "R-US")):
        service = centre_table(tmp_path, name)
        tell_all(service, {**MICROFILMS_WORDS, Seat(0): (ann, "A-SB1"), Seat(2): ("R-UK", "A-WR1"),
                           Seat(1): ("R-INT", "A-IB1")})  # fmt: skip
        assert [n.key for n in service.dealing() or ()] == ["ingest.deal.waiting_letter"]
        before = service.table.state
        probe = TellDealt(seat=Seat(3), cards=(CardId("R-CN"), CardId("A-IB1")))
        with pytest.raises(RuleViolation) as refused:
            service.act(Seat(3), probe)
        assert service.table.state is before
        answers.append((refused.value.code, refused.value.details))
    assert answers[0] == answers[1] and answers[0][0] == "wrong_moment"


def test_two_seats_that_told_one_face_are_not_said_to_owe_a_card_while_the_letter_waits(
    tmp_path: Path,
) -> None:
    """Two blood Interrogate/Blackmail cards are in the box (§1): Ann and Dan may each say
    they hold one. The tablet waited for "Ann's two cards" as well as the letter — telling
    the table that two seats named one face."""
    for name, ann in (("twins", "A-IB1"), ("apart", "A-SB2")):
        service = centre_table(tmp_path, name)
        tell_all(service, {Seat(0): ("R-CN", ann), Seat(1): ("R-UK", "A-SB1"),
                           Seat(2): ("R-US", "A-WR1"), Seat(3): ("R-JOU", "A-IB1")})  # fmt: skip
        assert [n.key for n in service.dealing() or ()] == ["ingest.deal.waiting_letter"], name


def test_the_oracle_s_worlds_trade_what_two_other_seats_told_of_their_deal(
    tmp_path: Path,
) -> None:
    """A seat hears nobody's word but its own: the rules' oracle makes worlds in which two
    other seats told each other's part — in which the wait for the letter, above, named
    another seat, and a word told again clashed or not."""
    service = centre_table(tmp_path, "oracle")
    tell_all(service, MICROFILMS_WORDS)
    state, rng, moved = service.table.state, random.Random(1), set()
    for _ in range(20):
        apart = oracle.world_apart(service.spec, state, Seat(3), rng)
        assert apart is not None
        words = apart.world.phase.words
        assert words[3] == state.phase.words[3], "its own word stays"
        assert sorted(words) == sorted(state.phase.words)
        moved |= {s for s in range(3) if words[s] != state.phase.words[s]}
    assert moved == {0, 1, 2}
