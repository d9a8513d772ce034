"""The seed's worked example (digest §0: the 6-player game that ends the seed text),
replayed move by move, with every state the narration states checked.

Seats 0–5 are the narration's A–F, in turn order (counter-clockwise, §2 step 6). The
narration names the cards played but not every card drawn or held, nor which of C–F
are SWAT and which citizens: those are filled in here. One count in the narration does
not add up: D keeps four cards after its first turn "because of the Supermarket", but
D's own plays leave three (six cards, three played), so at D's next turn there is no
serum to discard; the example's point — the limit is 3 once the Supermarket is gone
(§4.3) — is checked as a limit.
"""

from __future__ import annotations

from companion.core.actions import Discard, Pass
from companion.core.phases import Finished
from companion.core.rounds import CloseRound
from companion.core.types import CardId, Seat
from companion.games.darkfireline.actions import (
    Disarm,
    EndPlay,
    Equip,
    FirstAid,
    FlashOn,
    Grenade,
    Heal,
    Removal,
    Shoot,
    SmokeOn,
)
from companion.games.darkfireline.cards import IDENTITY, Kind, Role, card
from companion.games.darkfireline.rules import pending
from companion.games.darkfireline.state import Ending, Status
from tests.companion.games.darkfireline.table import Table

A, B, C, D, E, F = (Seat(i) for i in range(6))
SWAT, CITIZEN, TERRORIST = (IDENTITY[r] for r in (Role.SWAT, Role.CITIZEN, Role.TERRORIST))

SINGLE, DOUBLE, SERUM = Kind.SINGLE, Kind.DOUBLE, Kind.SERUM


def c(kind: Kind, n: int) -> CardId:
    return card(kind, n)


def test_the_seeds_six_player_game_from_the_first_shot_to_the_victory() -> None:
    t = Table(HANDS, roles=ROLES)
    for part in (stick_and_carrot, grenade_and_flashbangs, a_dies, b_is_saved, b_dies):
        part(t)


ROLES = (Role.TERRORIST, Role.TERRORIST, Role.CITIZEN, Role.SWAT, Role.CITIZEN, Role.SWAT)
HANDS = (
    (c(DOUBLE, 1), c(Kind.SMOKE, 1), c(SERUM, 1)),
    (c(SERUM, 2), c(SINGLE, 1), c(SINGLE, 2)),
    (c(Kind.GRENADE, 1), c(Kind.STORAGE_ROOM, 1), c(Kind.DISARM, 1)),
    (c(Kind.SUPERMARKET, 1), c(SINGLE, 3), c(Kind.FLASH, 1)),
    (c(Kind.FLASH, 2), c(SINGLE, 4), c(Kind.ARMOUR, 1)),
    (c(DOUBLE, 2), c(Kind.FIRST_AID, 1), c(SERUM, 3)),
)


def stick_and_carrot(t: Table) -> None:
    # A draws two; a double bullet on B for 2, then smoke to protect B (§5.2, §5.4).
    t.draw(c(SINGLE, 5), c(SERUM, 4))
    t.do(Shoot(seat=A, card=c(DOUBLE, 1), targets=(B,)))
    assert t.health() == [4, 2, 4, 4, 4, 4]
    t.do(SmokeOn(seat=A, card=c(Kind.SMOKE, 1), target=B), EndPlay(seat=A))
    assert t.state.smoked(B)

    # B draws two, heals 1; smoked, it may only heal (§5.4); it discards a bullet.
    t.draw(c(SINGLE, 6), c(Kind.DISARM, 2))
    t.do(Heal(seat=B, card=c(SERUM, 2)))
    assert t.health()[B] == 3
    assert t.refused(Shoot(seat=B, card=c(SINGLE, 1), targets=(A,))) == "only_serum"
    t.do(EndPlay(seat=B), Discard(seat=B, card=c(SINGLE, 1)))


def grenade_and_flashbangs(t: Table) -> None:
    # C's grenade at A hurts A, B and F, and B's smoke is gone (§5.8, §5.4); C takes the
    # Storage Room.
    t.draw(c(SINGLE, 7), c(SINGLE, 13))
    t.do(Grenade(seat=C, card=c(Kind.GRENADE, 1), target=A))
    assert t.health() == [3, 2, 4, 4, 4, 3]
    assert not t.state.smoked(B)
    t.do(Equip(seat=C, card=c(Kind.STORAGE_ROOM, 1)), EndPlay(seat=C))

    # D: the Supermarket and a card at once (§5.9); a bullet at A; a flashbang on A and B.
    t.draw(c(SERUM, 5), c(Kind.FIRST_AID, 3))
    t.do(Equip(seat=D, card=c(Kind.SUPERMARKET, 1)))
    t.draw(c(SERUM, 6))
    t.do(Shoot(seat=D, card=c(SINGLE, 3), targets=(A,)))
    assert t.health()[A] == 2
    t.do(FlashOn(seat=D, card=c(Kind.FLASH, 1), pair=(A, B)), EndPlay(seat=D))
    assert t.state.flashed(A) and t.state.flashed(B) and t.state.hand_limit(D) == 4

    # E flashbangs "B and C"; C is in the Storage Room, so B and D are (§5.12).
    t.draw(c(SINGLE, 8), c(SERUM, 7))
    t.do(FlashOn(seat=E, card=c(Kind.FLASH, 2), pair=(B, C)), EndPlay(seat=E))
    assert t.state.flashed(B) and t.state.flashed(D) and not t.state.flashed(C)
    t.do(Discard(seat=E, card=c(SINGLE, 8)))


def a_dies(t: Table) -> None:
    # F's double bullet on A for 2: A is dying. B and D are flashbanged and F is the
    # attacker, so only C and E may give first aid (§6.2); they say they have none.
    t.draw(c(SINGLE, 9), c(Kind.GRENADE, 2))
    t.do(Shoot(seat=F, card=c(DOUBLE, 2), targets=(A,)))
    assert t.rescue().dying == A and t.rescue().seats == (C, E)
    a_hand = t.state.player(A).hand
    t.do(Pass(seat=C), Pass(seat=E))

    # A dies, a terrorist for all to see; F takes A's cards and goes straight to its
    # discard phase, keeping 3 (§6.3).
    assert t.state.player(A).status is Status.DEAD and t.state.player(A).identity == TERRORIST
    assert set(a_hand) <= set(t.state.player(F).hand)
    assert pending(t.state)[0].kind == "discard"
    t.discard_down(F, keep=c(Kind.FIRST_AID, 1))
    assert len(t.state.player(F).hand) == 3

    # A's turn is skipped; B, flashbanged, only draws and discards (§4.4).
    assert t.state.active == B
    t.draw(c(SERUM, 8), c(SINGLE, 10))
    assert pending(t.state)[0].kind == "discard"
    t.discard_down(B)


def b_is_saved(t: Table) -> None:
    # C disarms D's Supermarket, and a double bullet on B for 2: B and D are free of the
    # flashbang (§5.5); B is dying, and the kit of D, B's next seat, saves it (§5.7).
    assert t.state.active == C
    t.draw(c(DOUBLE, 3), c(SINGLE, 11))
    t.do(Disarm(seat=C, card=c(Kind.DISARM, 1), target=D, what=Removal.ENVIRONMENT))
    assert t.state.player(D).environment is None and t.state.hand_limit(D) == 3
    t.do(Shoot(seat=C, card=c(DOUBLE, 3), targets=(B,)))
    assert not t.state.flashed(B) and not t.state.flashed(D)
    offered = t.rescue()
    assert offered.dying == B and offered.seats == (D, E, F)
    t.do(FirstAid(seat=F, card=c(Kind.FIRST_AID, 1)))
    assert t.rescue().dying == B  # F's kit could still be outdone: D comes first
    t.do(FirstAid(seat=D, card=c(Kind.FIRST_AID, 3)))  # settled: E need not answer
    assert t.health()[B] == 1 and t.state.player(B).status is Status.ALIVE
    assert c(Kind.FIRST_AID, 1) in t.state.player(F).hand  # the kit not used goes back

    # C's play phase ended with the attack; D's turn: a bullet at F, the Control Room.
    assert t.state.active == D
    t.draw(c(Kind.CONTROL_ROOM, 1), c(SINGLE, 12))
    t.do(Shoot(seat=D, card=c(SINGLE, 12), targets=(F,)))
    assert t.health()[F] == 2
    t.do(Equip(seat=D, card=c(Kind.CONTROL_ROOM, 1)), EndPlay(seat=D))


def b_dies(t: Table) -> None:
    # E, at full health, may disarm the Control Room (§5.11): body armour, the Disarm, and a
    # double bullet for 1 each on B and D. B is dying; F has a kit but will not use it; the
    # countdown runs out and B dies — the other terrorist. SWAT and citizens win (§8).
    assert t.state.active == E
    t.draw(c(Kind.DISARM, 3), c(DOUBLE, 4))
    t.do(
        Equip(seat=E, card=c(Kind.ARMOUR, 1)),
        Disarm(seat=E, card=c(Kind.DISARM, 3), target=D, what=Removal.ENVIRONMENT),
        Shoot(seat=E, card=c(DOUBLE, 4), targets=(B, D)),
    )
    assert t.health()[B] == 0 and t.health()[D] == 3
    last = t.rescue()
    assert last.dying == B and last.seats == (C, D, F)
    t.do(Pass(seat=C), Pass(seat=D), CloseRound(n=last.n))
    assert t.state.player(B).identity == TERRORIST and t.state.player(B).status is Status.DEAD
    end = t.state.phase
    assert isinstance(end, Finished)
    assert end.result.reason is Ending.POLICE_WIN
    assert end.result.winners == (C, D, E, F)
