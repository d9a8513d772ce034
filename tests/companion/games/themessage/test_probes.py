"""Each of the 18 probe variants against each identity (digest §1.3, §6.8).

The obligation table is checked twice: as :func:`obligation` states it, and
through the rules — a probe played at a real game state, the target's phone
offered only the owed answer, every other answer refused, the owed one accepted
with its public effect (a draw, a face-down discard, or the phrase).
"""

from __future__ import annotations

import pytest

from companion.core.actions import Pass, Pick
from companion.core.dealing.deal import Deal
from companion.core.errors import RuleViolation
from companion.core.types import CardId, Seat
from companion.core.values import evolve, evolve_at
from companion.games.themessage import GAME
from companion.games.themessage.actions import Answer, AnswerProbe, Draw, Probe
from companion.games.themessage.cards import CAMP_OF, IDENTITY, PROBES, Camp, Sign
from companion.games.themessage.options import Mix, Options
from companion.games.themessage.probes import obligation
from companion.games.themessage.state import Drawing, ProbeAnswer, State
from companion.transcript import new_header

CASES = [(p.id, camp) for p in PROBES for camp in Camp]


def expected(probe: CardId, camp: Camp, draws: int) -> tuple[Answer, int]:
    """§1.3's table: the named identity draws (+) or discards (−); anyone else says a phrase."""
    card = next(p for p in PROBES if p.id == probe)
    named = card.names is camp
    if card.sign is Sign.PLUS:
        return (Answer.DRAW, draws) if named else (Answer.SAY_UNDERCOVER, 0)
    return (Answer.DISCARD, 1) if named else (Answer.SAY_GOOD, 0)


@pytest.mark.parametrize("draws", [1, 2])
def test_the_obligation_table(draws: int) -> None:
    options = Options(probe_plus_draws=draws)
    for probe, camp in CASES:
        assert obligation(IDENTITY[camp], probe, options) == expected(probe, camp, draws)


def probed(probe: CardId, camp: Camp) -> State:
    """A three-player game (red, blue, green) where Ann's probe reaches the player of ``camp``."""
    options = Options(identities=Mix(red=1, blue=1, green=1))
    state: State = new_header("themessage", ["Ann", "Ben", "Cat"], options).initial_state()
    others = [c for c in ("LOCK-K-S-1", "LOCK-K-S-2", "LOCK-K-S-3", "LURE-K-S-1") if c != probe]
    hands = (
        (probe, "DECODE-R-S-1", "DECODE-B-S-1"),
        tuple(others[:3]),
        ("BURN-R-D-1", "BURN-B-D-1", "BURN-K-D-1"),
    )
    deal = Deal(
        first=Seat(0),
        identities=(IDENTITY[Camp.RED], IDENTITY[Camp.BLUE], IDENTITY[Camp.GREEN]),
        hands=hands,
    )
    state = GAME.apply(state, deal).state
    for action in (
        Draw(seat=Seat(0)),
        Pick(card=CardId("COUNTER-R-D-1")),
        Pick(card=CardId("COUNTER-B-D-1")),
    ):
        state = GAME.apply(state, action).state
    target = Seat(next(i for i, p in enumerate(state.players) if CAMP_OF[p.identity or ""] is camp))
    if target == 0:  # the prober's own camp: give the identity to another seat
        swap = evolve_at(state.players, 1, identity=IDENTITY[camp])
        state, target = (
            evolve(state, players=evolve_at(swap, 0, identity=IDENTITY[Camp.BLUE])),
            Seat(1),
        )
    state = GAME.apply(state, Probe(seat=Seat(0), card=probe, target=target)).state
    for seat in (s for s in (1, 2) if s in state.phase.waiting):  # type: ignore[union-attr]
        state = GAME.apply(state, Pass(seat=Seat(seat))).state
    assert isinstance(state.phase, ProbeAnswer)
    return state


@pytest.mark.parametrize(("probe", "camp"), CASES, ids=[f"{p}-vs-{c}" for p, c in CASES])
def test_each_probe_against_each_identity(probe: CardId, camp: Camp) -> None:
    state = probed(probe, camp)
    assert isinstance(state.phase, ProbeAnswer)
    target = state.phase.target
    owed, count = expected(probe, camp, 1)
    legal = GAME.legal_actions(state, target, None)
    assert {a.answer for a in legal if isinstance(a, AnswerProbe)} == {owed}
    view = GAME.private_view(state, target)
    prompt = view["prompts"][0]["args"]  # type: ignore[index]
    assert prompt == {"prober": 0, "card": probe, "answer": owed.value, "count": count}
    for answer in Answer:
        if answer is not owed:
            card = state.player(target).hand[0] if answer is Answer.DISCARD else None
            with pytest.raises(RuleViolation) as refused:
                GAME.apply(state, AnswerProbe(seat=target, answer=answer, card=card))
            assert refused.value.code == "probe_answer_wrong"
    outcome = GAME.apply(state, legal[0])
    hand = len(state.player(target).hand)
    after = outcome.state
    assert probe in after.removed
    if owed is Answer.DRAW:
        assert isinstance(after.phase, Drawing) and after.phase.left == 1
    elif owed is Answer.DISCARD:
        assert (
            len(after.player(target).hand) == hand - 1
            and len(after.discard) == len(state.discard) + 1
        )
    else:
        assert len(after.player(target).hand) == hand
    said = next(e for e in outcome.events if e.kind == "probe_answered")
    assert said.args["answer"] == owed.value and "card" not in said.args  # a face-down discard
