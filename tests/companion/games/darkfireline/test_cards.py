"""Each card and rule of 暗火线 on its own, at four players (digest sections cited).

Seats play in turn order 0, 1, 2, 3 (counter-clockwise, §2 step 6): 0 is SWAT, 1 a
citizen, 2 and 3 terrorists (the four-player default, §2).
"""

from __future__ import annotations

import pytest

from companion.core.actions import Pass
from companion.core.domain import UnfitOptions
from companion.core.rules import over
from companion.core.types import Seat
from companion.games.darkfireline.actions import (
    Disarm,
    DrawExtra,
    EndPlay,
    Equip,
    FirstAid,
    FlashOn,
    Grenade,
    Heal,
    LeaveRestaurant,
    Removal,
    Shoot,
    SmokeOn,
    TellTaken,
    Warrant,
)
from companion.games.darkfireline.cards import IDENTITY, Kind, Role
from companion.games.darkfireline.legal import legal_actions
from companion.games.darkfireline.options import (
    Box,
    FirstAidPriority,
    GrenadeBullet,
    GrenadeDeaths,
    Mix,
    Options,
    RestaurantEquip,
    StorageGrenade,
    SupermarketDraw,
)
from companion.games.darkfireline.secrecy import hidden
from companion.games.darkfireline.state import Ending, Status
from companion.games.darkfireline.views import public_view
from tests.companion.games.darkfireline.table import Table

K = Kind
P0, P1, P2, P3 = (Seat(i) for i in range(4))
FILL = (K.SERUM, K.SERUM, K.SERUM)


def table(*first: tuple[Kind, ...], **options: object) -> Table:
    """Four players dealt ``first`` (seats 0, 1…), the rest three serums each, seat 0 to
    start; a deck with serums enough for that."""
    dealt = [*first, *[FILL] * (4 - len(first))]
    return Table(dealt, options=Options(deck_serums=20, **options))  # type: ignore[arg-type]


# --- §4: the turn ----------------------------------------------------------------------------


def test_a_turn_draws_two_and_three_with_the_supermarket_and_keeps_three_or_four() -> None:
    """§4.1, §4.3, §5.9."""
    t = table((K.SUPERMARKET, K.SINGLE, K.SINGLE))
    assert t.waits_for() == "tell_draw"
    t.draw(K.SINGLE, K.SINGLE)
    t.do(Equip(seat=P0, card=t.held(0, K.SUPERMARKET)))
    t.draw(K.SINGLE)  # §5.9: one at once
    assert len(t.state.player(P0).hand) == 5
    t.do(EndPlay(seat=P0))
    assert t.waits_for() == "discard" and t.state.hand_limit(P0) == 4
    t.discard_down(0)
    assert len(t.state.player(P0).hand) == 4
    for seat in (1, 2, 3):
        t.draw(K.SERUM, K.SERUM)
        t.do(EndPlay(seat=Seat(seat)))
        t.discard_down(seat)
        assert len(t.state.player(Seat(seat)).hand) == 3
    t.draw(K.DISARM, K.DISARM, K.DISARM)  # three with the Supermarket
    assert t.waits_for() == "play"


def test_one_equip_one_shot_one_skill_a_turn_and_serums_at_will() -> None:
    """§4.2."""
    t = table((K.SINGLE, K.SINGLE, K.SMOKE))
    t.draw(K.ARMOUR, K.ARMOUR)
    t.do(Shoot(seat=P0, card=t.held(0, K.SINGLE), targets=(P1,)))
    assert t.refused(Shoot(seat=P0, card=t.held(0, K.SINGLE), targets=(P1,))) == "already_used"
    t.do(Equip(seat=P0, card=t.held(0, K.ARMOUR)))
    assert t.refused(Equip(seat=P0, card=t.held(0, K.ARMOUR))) == "already_used"
    t.do(SmokeOn(seat=P0, card=t.held(0, K.SMOKE), target=P1), EndPlay(seat=P0))
    t.draw(K.SERUM, K.SERUM)
    t.do(Heal(seat=P1, card=t.held(1, K.SERUM)))
    assert t.health()[P1] == 4
    assert t.refused(Heal(seat=P1, card=t.held(1, K.SERUM))) == "full_health"


def test_a_grenade_never_goes_with_a_double_bullet_but_with_a_single_one() -> None:
    """§4.2: the grenade exception, as the option reads it."""
    t = table((K.GRENADE, K.DOUBLE, K.SINGLE))
    t.draw(K.SERUM, K.SERUM)
    t.do(Grenade(seat=P0, card=t.held(0, K.GRENADE), target=P2))
    assert t.refused(Shoot(seat=P0, card=t.held(0, K.DOUBLE), targets=(P2,))) == \
        "not_with_grenade"  # fmt: skip
    t.do(Shoot(seat=P0, card=t.held(0, K.SINGLE), targets=(P2,)))
    assert t.health() == [4, 3, 2, 3]

    u = table((K.DOUBLE, K.GRENADE, K.SERUM))
    u.draw(K.SERUM, K.SERUM)
    u.do(Shoot(seat=P0, card=u.held(0, K.DOUBLE), targets=(P2,)))
    assert u.refused(Grenade(seat=P0, card=u.held(0, K.GRENADE), target=P2)) == "not_with_grenade"


def test_a_grenade_allows_one_single_bullet_besides_the_turn_s_shot() -> None:
    """§4.2 (INFERRED, the default ``GrenadeBullet.EXTRA``): the shot, the grenade, and one
    single bullet more — and no more than one."""
    t = table((K.SINGLE, K.SINGLE, K.GRENADE))
    t.draw(K.SINGLE, K.SERUM)
    t.do(Shoot(seat=P0, card=t.held(0, K.SINGLE), targets=(P2,)))
    t.do(Grenade(seat=P0, card=t.held(0, K.GRENADE), target=P2))
    t.do(Shoot(seat=P0, card=t.held(0, K.SINGLE), targets=(P2,)))
    assert t.refused(Shoot(seat=P0, card=t.held(0, K.SINGLE), targets=(P2,))) == "already_used"
    assert t.health() == [4, 3, 1, 3]


def test_the_narrow_reading_makes_the_grenade_s_single_bullet_the_turn_s_shot() -> None:
    """§4.2, ``GrenadeBullet.AS_SHOT``: after a shot and a grenade, no single bullet more."""
    t = table((K.SINGLE, K.SINGLE, K.GRENADE), grenade_bullet=GrenadeBullet.AS_SHOT)
    t.draw(K.SINGLE, K.SERUM)
    t.do(Shoot(seat=P0, card=t.held(0, K.SINGLE), targets=(P2,)))
    t.do(Grenade(seat=P0, card=t.held(0, K.GRENADE), target=P2))
    assert t.refused(Shoot(seat=P0, card=t.held(0, K.SINGLE), targets=(P2,))) == "already_used"
    assert t.health() == [4, 3, 2, 3]


# --- §5: the cards -------------------------------------------------------------------------------


def test_a_double_bullet_hits_one_for_two_or_two_for_one_and_armour_takes_one_off() -> None:
    """§5.1, §5.2, §5.13: armour — a single does 0, a double 1, a split double 0."""
    t = table((K.DOUBLE, K.SERUM, K.SERUM), (K.ARMOUR, K.SINGLE, K.SERUM), (K.DOUBLE,) * 3)
    t.draw(K.SERUM, K.SERUM)
    assert t.refused(Shoot(seat=P0, card=t.held(0, K.DOUBLE), targets=(P1, P1))) == \
        "malformed_action"  # fmt: skip
    assert t.refused(Shoot(seat=P0, card=t.held(0, K.DOUBLE), targets=(P0,))) == "bad_target"
    t.do(Shoot(seat=P0, card=t.held(0, K.DOUBLE), targets=(P1, P2)), EndPlay(seat=P0))
    assert t.health() == [4, 3, 3, 4]
    t.discard_down(0)
    t.draw(K.SERUM, K.SERUM)
    t.do(Equip(seat=P1, card=t.held(1, K.ARMOUR)), EndPlay(seat=P1))
    t.discard_down(1)
    t.draw(K.SERUM, K.SERUM)
    t.do(Shoot(seat=P2, card=t.held(2, K.DOUBLE), targets=(P1,)), EndPlay(seat=P2))
    assert t.health()[P1] == 2  # 2 − 1
    t.discard_down(2)
    t.draw(K.SINGLE, K.DOUBLE)
    t.do(Shoot(seat=P3, card=t.held(3, K.DOUBLE), targets=(P1, P0)), EndPlay(seat=P3))
    assert t.health()[P1] == 2 and t.health()[P0] == 3  # a split double: 1 − 1 = 0


@pytest.mark.parametrize("allowed", [False, True])
def test_a_grenade_at_oneself_hurts_oneself_and_both_neighbours_when_the_option_says(
    allowed: bool,
) -> None:
    """§5.8: 手雷:指定一名玩家，对该玩家及其相邻两名玩家各造成一点伤害 — the seed bars only
    the smoke (不能对自己使用) and the kit (不能自用) from oneself; thrown at another player
    only (INFERRED, the default), or at one's own seat too (``grenade_at_self``)."""
    t = table((K.GRENADE, K.SERUM, K.SERUM), grenade_at_self=allowed)
    t.draw(K.SERUM, K.SERUM)
    throw = Grenade(seat=P0, card=t.held(0, K.GRENADE), target=P0)
    if not allowed:
        assert t.refused(throw) == "bad_target"
        assert throw not in legal_actions(t.state, P0)
        return
    assert throw in legal_actions(t.state, P0)
    t.do(throw)
    assert t.health() == [3, 3, 4, 3]


@pytest.mark.parametrize(("hits", "health"), [(False, 4), (True, 3)])
def test_half_a_split_double_bullet_on_armour_does_what_the_option_says(
    hits: bool, health: int
) -> None:
    """§5.13: 防弹衣……双发子弹可造成一点伤害 — half of a double bullet split between two
    players does 1 − 1 = 0 to an armoured one (INFERRED, the default), or the 1 the card
    promises every double bullet (``split_double_hits_armour``)."""
    t = table((K.ARMOUR, K.SERUM, K.SERUM), (K.DOUBLE, K.SERUM, K.SERUM),
              split_double_hits_armour=hits)  # fmt: skip
    t.draw(K.SERUM, K.SERUM)
    t.do(Equip(seat=P0, card=t.held(0, K.ARMOUR)))
    around(t, 1)
    t.do(Shoot(seat=P1, card=t.held(1, K.DOUBLE), targets=(P0, P2)))
    assert t.health()[P0] == health and t.health()[P2] == 3


def test_a_serum_heals_one_and_not_past_full_unless_the_option_says() -> None:
    """§1.2, §5.3, ``Options.serum_caps``."""
    t = table((K.SERUM, K.SERUM, K.SERUM), serum_caps=False)
    t.draw(K.SERUM, K.SERUM)
    t.do(Heal(seat=P0, card=t.held(0, K.SERUM)))
    assert t.health()[P0] == 4  # never above the maximum; the card is used all the same


def test_smoke_protects_from_all_but_a_grenade_which_lifts_it_and_it_ends_at_the_users_turn() -> (
    None
):
    """§5.4, §5.6: not on oneself; bullets refused; a Disarm only takes the smoke; the
    smoked player only heals."""
    t = table((K.SMOKE, K.SMOKE, K.SERUM), (K.SINGLE, K.DISARM, K.GRENADE))
    t.draw(K.SERUM, K.SERUM)
    assert t.refused(SmokeOn(seat=P0, card=t.held(0, K.SMOKE), target=P0)) == "bad_target"
    t.do(SmokeOn(seat=P0, card=t.held(0, K.SMOKE), target=P2), EndPlay(seat=P0))
    t.discard_down(0)
    t.draw(K.SERUM, K.SERUM)
    assert t.refused(Shoot(seat=P1, card=t.held(1, K.SINGLE), targets=(P2,))) == "protected"
    assert t.refused(Disarm(seat=P1, card=t.held(1, K.DISARM), target=P2,
                            what=Removal.HAND)) == "protected"  # fmt: skip
    t.do(Grenade(seat=P1, card=t.held(1, K.GRENADE), target=P2))
    assert t.health() == [4, 3, 3, 3] and not t.state.smoked(P2)

    u = table((K.SMOKE, K.SERUM, K.SERUM), (K.DISARM, K.SINGLE, K.SERUM))
    u.draw(K.SERUM, K.SERUM)
    u.do(SmokeOn(seat=P0, card=u.held(0, K.SMOKE), target=P1), EndPlay(seat=P0))
    u.discard_down(0)
    u.draw(K.SERUM, K.SERUM)
    assert u.refused(Disarm(seat=P1, card=u.held(1, K.DISARM), target=P2,
                            what=Removal.HAND)) == "only_serum"  # fmt: skip
    u.do(EndPlay(seat=P1))
    u.discard_down(1)
    for seat in (2, 3):
        assert u.state.smoked(P1)
        u.draw(K.SERUM, K.SERUM)
        u.do(EndPlay(seat=Seat(seat)))
        u.discard_down(seat)
    assert u.state.active == P0 and not u.state.smoked(P1)  # P0's next turn has begun


def test_a_disarm_takes_the_smoke_and_only_the_smoke() -> None:
    """§5.6: from a smoked player a Disarm may only remove the smoke."""
    t = table((K.SMOKE, K.SERUM, K.SERUM), (K.DISARM, K.SINGLE, K.SERUM))
    t.draw(K.SERUM, K.SERUM)
    t.do(SmokeOn(seat=P0, card=t.held(0, K.SMOKE), target=P2), EndPlay(seat=P0))
    t.discard_down(0)
    t.draw(K.SERUM, K.SERUM)
    t.do(Disarm(seat=P1, card=t.held(1, K.DISARM), target=P2, what=Removal.SMOKE))
    assert not t.state.smoked(P2)
    t.do(Shoot(seat=P1, card=t.held(1, K.SINGLE), targets=(P2,)))
    assert t.health()[P2] == 3


def test_a_flashbang_needs_neighbours_skips_their_play_and_breaks_on_any_attack() -> None:
    """§5.5, §4.4: two adjacent players, not the user; both skip their play phase; a Disarm
    on either ends it for both."""
    t = table((K.FLASH, K.SERUM, K.SERUM), FILL, (K.DISARM, K.SERUM, K.SERUM))
    t.draw(K.SERUM, K.SERUM)
    assert t.refused(FlashOn(seat=P0, card=t.held(0, K.FLASH), pair=(P1, P3))) == "not_adjacent"
    assert t.refused(FlashOn(seat=P0, card=t.held(0, K.FLASH), pair=(P0, P1))) == "bad_target"
    t.do(FlashOn(seat=P0, card=t.held(0, K.FLASH), pair=(P1, P2)), EndPlay(seat=P0))
    t.discard_down(0)
    t.draw(K.SERUM, K.SERUM)
    assert t.kinds("play_skipped")[-1].args == {"seat": P1} and t.waits_for() == "discard"
    t.discard_down(1)
    t.draw(K.SERUM, K.SERUM)
    assert t.waits_for() == "discard"  # P2 skips too
    t.discard_down(2)
    t.draw(K.DISARM, K.SERUM)
    t.do(Disarm(seat=P3, card=t.held(3, K.DISARM), target=P2, what=Removal.HAND))
    assert not t.state.flashed(P1) and not t.state.flashed(P2)


def test_a_storage_room_holder_is_out_of_the_ring_for_flashbangs_and_grenades() -> None:
    """§5.12, §5.8: the players either side of the holder are neighbours; the holder can be
    neither target nor victim."""
    t = table((K.FLASH, K.GRENADE, K.SERUM), (K.STORAGE_ROOM, K.SERUM, K.SERUM))
    t.draw(K.SERUM, K.SERUM)
    around(t, 1)
    t.do(Equip(seat=P1, card=t.held(1, K.STORAGE_ROOM)))
    around(t, 0)
    assert t.refused(Grenade(seat=P0, card=t.held(0, K.GRENADE), target=P1)) == "out_of_reach"
    t.do(Grenade(seat=P0, card=t.held(0, K.GRENADE), target=P2))
    assert t.health() == [3, 4, 3, 3]  # P2's neighbours past P1: P3 and P0 itself
    assert t.refused(FlashOn(seat=P0, card=t.held(0, K.FLASH), pair=(P1, P2))) == "out_of_reach"
    assert t.refused(FlashOn(seat=P0, card=t.held(0, K.FLASH), pair=(P2, Seat(9)))) == \
        "bad_target"  # fmt: skip


def test_a_grenade_can_pass_a_holders_damage_clockwise_as_an_option() -> None:
    """§5.8, ``StorageGrenade.PASS_CLOCKWISE``: the holder's point goes to the player before
    them in turn order."""
    t = table((K.SERUM,) * 3, (K.STORAGE_ROOM, K.SERUM, K.SERUM), (K.GRENADE, K.SERUM, K.SERUM),
              storage_grenade=StorageGrenade.PASS_CLOCKWISE)  # fmt: skip
    t.draw(K.SERUM, K.SERUM)
    t.do(EndPlay(seat=P0))
    t.discard_down(0)
    t.draw(K.SERUM, K.SERUM)
    t.do(Equip(seat=P1, card=t.held(1, K.STORAGE_ROOM)), EndPlay(seat=P1))
    t.discard_down(1)
    t.draw(K.SERUM, K.SERUM)
    t.do(Grenade(seat=P2, card=t.held(2, K.GRENADE), target=P0))
    assert t.health() == [2, 4, 4, 3]  # P0, P3, and P1's point passed on to P0


def test_a_disarm_takes_a_hand_card_blind_and_shows_it_unless_the_option_hides_it() -> None:
    """§5.6, §9 item 4: the card taken is chance (or its owner's word), discarded face up —
    or, with ``disarmed_card_shown`` off, face down: the pile shows a card's back there, and
    to every other seat the card is as unseen as one in the deck, until the pile is
    shuffled into a new deck; its owner alone is told it."""
    for shown in (True, False):
        t = table((K.DISARM, K.SERUM, K.SERUM), (K.SINGLE, K.SINGLE, K.SINGLE),
                  disarmed_card_shown=shown)  # fmt: skip
        t.draw(K.SERUM, K.SERUM)
        disarm, card = t.held(0, K.DISARM), t.held(1, K.SINGLE)
        t.do(Disarm(seat=P0, card=disarm, target=P1, what=Removal.HAND))
        assert t.waits_for() == "tell_taken"
        t.do(TellTaken(seat=P1, card=card))
        taken = t.kinds("taken")[-1]
        assert (taken.args["card"] is not None) is shown
        assert [s.seat for s in taken.secrets] == ([] if shown else [P1])
        assert len(t.state.player(P1).hand) == 2 and t.waits_for() == "play"
        assert public_view(t.state)["discard"] == [disarm, card if shown else None]
        for seat in (P0, P2, P3):
            assert (card in hidden(t.state, seat).cards[0]) is not shown


def test_a_disarm_removes_an_environment_or_armour_and_may_aim_at_oneself() -> None:
    """§5.6 (INFERRED: oneself, ``Options.disarm_self``), §5.10: of one's own environments
    only a Restaurant, and not on the turn it came (餐厅是唯一可以自主解除的环境牌，但不可在
    装备的同一回合内解除, seed l.159) — a Disarm at oneself is no way round that."""
    t = table((K.DISARM, K.SUPERMARKET, K.DISARM), (K.ARMOUR, K.SERUM, K.SERUM))
    t.draw(K.SERUM, K.SERUM)
    assert t.refused(Disarm(seat=P0, card=t.held(0, K.DISARM), target=P1,
                            what=Removal.ARMOUR)) == "nothing_there"  # fmt: skip
    t.do(Equip(seat=P0, card=t.held(0, K.SUPERMARKET)))
    t.draw(K.SERUM)
    assert t.refused(Disarm(seat=P0, card=t.held(0, K.DISARM), target=P0,
                            what=Removal.ENVIRONMENT)) == "own_environment"  # fmt: skip
    around(t, 1)
    t.do(Equip(seat=P1, card=t.held(1, K.ARMOUR)))
    around(t, 0)
    t.draw_idle(1)  # the Supermarket's third card
    t.do(Disarm(seat=P0, card=t.held(0, K.DISARM), target=P1, what=Removal.ARMOUR))
    assert t.state.player(P1).armour is None
    t.do(EndPlay(seat=P0))
    t.discard_down(0)

    u = table((K.RESTAURANT, K.DISARM, K.DISARM))
    u.draw(K.SERUM, K.SERUM)
    u.do(Equip(seat=P0, card=u.held(0, K.RESTAURANT)))
    own = Disarm(seat=P0, card=u.held(0, K.DISARM), target=P0, what=Removal.ENVIRONMENT)
    assert u.refused(own) == "just_equipped"
    around(u, 0)
    u.do(own)
    assert u.state.player(P0).environment is None and u.state.player(P0).most == 4

    v = table((K.DISARM, K.SERUM, K.SERUM), disarm_self=False)
    v.draw(K.SERUM, K.SERUM)
    assert v.refused(Disarm(seat=P0, card=v.held(0, K.DISARM), target=P0,
                            what=Removal.HAND)) == "bad_target"  # fmt: skip


def test_a_disarm_lifts_one_smoke_of_two_the_one_that_would_last_longer() -> None:
    """§5.6: 拆除一张 — one card (seed l.127): a player under two smokes stays under one,
    the one whose user's turn comes first, as the disarmer would choose."""
    t = table((K.SMOKE, K.SERUM, K.SERUM), (K.SMOKE, K.SERUM, K.SERUM),
              (K.SERUM, K.SERUM, K.SERUM), (K.DISARM, K.SINGLE, K.SERUM))  # fmt: skip
    t.draw(K.SERUM, K.SERUM)
    t.do(SmokeOn(seat=P0, card=t.held(0, K.SMOKE), target=P2))
    around(t, 1)
    t.do(SmokeOn(seat=P1, card=t.held(1, K.SMOKE), target=P2))
    around(t, 3)
    t.do(Disarm(seat=P3, card=t.held(3, K.DISARM), target=P2, what=Removal.SMOKE))
    assert [(s.user, s.target) for s in t.state.smokes] == [(P0, P2)]
    assert t.refused(Shoot(seat=P3, card=t.held(3, K.SINGLE), targets=(P2,))) == "protected"
    around(t, 0)
    assert not t.state.smoked(P2)  # P0's smoke ended as P0's turn began


def around(t: Table, to: int, draws: tuple[Kind, ...] = ()) -> None:
    """Turns go by — each player draws two serums, plays nothing, discards them — until
    ``to``'s turn, which draws ``draws`` (else serums)."""
    t.do(EndPlay(seat=t.state.active))
    t.discard_down(t.state.active)
    while t.state.active != to:
        t.draw_idle()
        if t.waits_for() == "play":
            t.do(EndPlay(seat=t.state.active))
        t.discard_down(t.state.active)
    if draws:
        t.draw(*draws)
    else:
        t.draw_idle()


def shot_to_dying(t: Table, shooter: int, target: Seat) -> None:
    """Double bullets from ``shooter`` at ``target``, a turn each, until it is dying."""
    while True:
        t.do(Shoot(seat=Seat(shooter), card=t.held(shooter, K.DOUBLE), targets=(target,)))
        if t.state.player(target).health == 0:
            return
        around(t, shooter)


def test_first_aid_by_the_dying_players_next_seat_first_and_the_other_kits_back() -> None:
    """§5.7, §6.2: not the attacker, nor the dying player; several kits — the next seat's
    (in turn order after the dying player) takes effect."""
    t = table((K.DOUBLE, K.DOUBLE, K.SERUM), (K.FIRST_AID, K.SERUM, K.SERUM),
              (K.FIRST_AID, K.SERUM, K.SERUM), (K.FIRST_AID, K.SERUM, K.SERUM))  # fmt: skip
    t.draw(K.SERUM, K.SERUM)
    shot_to_dying(t, 0, P1)
    rescue = t.rescue()
    assert rescue.dying == P1 and rescue.seats == (P2, P3) and t.waits_for() == "rescue"
    t.do(FirstAid(seat=P3, card=t.held(3, K.FIRST_AID)),
         FirstAid(seat=P2, card=t.held(2, K.FIRST_AID)))  # fmt: skip
    assert t.kinds("rescued")[-1].args["by"] == P2 and t.health()[P1] == 1
    assert any(c.startswith("FIRST_AID") for c in t.state.player(P3).hand)
    # §6.4: the attacker goes straight to the discard phase.
    assert t.state.active == P0 and t.waits_for() == "discard"


def test_the_other_way_round_for_first_aid_as_an_option() -> None:
    """§5.7, ``FirstAidPriority.NEXT_CLOCKWISE``: the seat before the dying one first."""
    t = table((K.DOUBLE, K.DOUBLE, K.SERUM), FILL, (K.FIRST_AID, K.SERUM, K.SERUM),
              (K.FIRST_AID, K.SERUM, K.SERUM),
              first_aid_priority=FirstAidPriority.NEXT_CLOCKWISE)  # fmt: skip
    t.draw(K.SERUM, K.SERUM)
    shot_to_dying(t, 0, P1)
    t.do(FirstAid(seat=P2, card=t.held(2, K.FIRST_AID)),
         FirstAid(seat=P3, card=t.held(3, K.FIRST_AID)))  # fmt: skip
    assert t.kinds("rescued")[-1].args["by"] == P3


def test_a_smoked_player_is_not_asked_to_rescue_and_no_kit_is_looked_at() -> None:
    """§5.7, §6.2 (flashbanged players: the seed's example, ``test_example``): who is asked
    comes from public facts only — P2 holds no kit and is asked like a seat with one."""
    t = table((K.DOUBLE, K.DOUBLE, K.SMOKE))
    t.draw(K.SERUM, K.SERUM)
    t.do(Shoot(seat=P0, card=t.held(0, K.DOUBLE), targets=(P1,)))
    around(t, 0)
    t.do(SmokeOn(seat=P0, card=t.held(0, K.SMOKE), target=P3))
    shot_to_dying(t, 0, P1)
    assert t.rescue().seats == (P2,)
    t.do(Pass(seat=P2))
    assert t.state.player(P1).status is Status.DEAD


def test_a_death_shows_the_identity_and_the_killer_takes_every_card() -> None:
    """§6.3: the identity to all, the hand (seen by the killer alone) and what lay in front
    to the killer's hand; the killer goes straight to the discard phase."""
    t = table((K.DOUBLE, K.DOUBLE, K.SERUM), (K.ARMOUR, K.SINGLE, K.DISARM))
    t.draw(K.SERUM, K.SERUM)
    around(t, 1)
    t.do(Equip(seat=P1, card=t.held(1, K.ARMOUR)))
    around(t, 0, (K.DOUBLE, K.DOUBLE))
    t.do(Shoot(seat=P0, card=t.held(0, K.DOUBLE), targets=(P1,)))  # armour: 1
    around(t, 0)
    t.do(Shoot(seat=P0, card=t.held(0, K.DOUBLE), targets=(P1,)))
    around(t, 0)
    t.do(Shoot(seat=P0, card=t.held(0, K.DOUBLE), targets=(P1,)))
    around(t, 0)
    spoils = {*t.state.player(P1).hand, t.state.player(P1).armour}
    t.do(Shoot(seat=P0, card=t.held(0, K.DOUBLE), targets=(P1,)))
    assert t.rescue().dying == P1
    t.do(Pass(seat=P2), Pass(seat=P3))
    died = t.kinds("died")[-1]
    assert died.args["identity"] == IDENTITY[Role.CITIZEN] and died.reveals
    assert [(s.seat, s.kind) for s in died.secrets] == [(P0, "took")]
    assert spoils <= set(t.state.player(P0).hand)
    assert t.over  # the only citizen is dead: the terrorists win (§8)
    assert t.state.phase.result.reason is Ending.TERRORISTS_WIN  # type: ignore[union-attr]
    assert t.state.phase.result.winners == (P2, P3)  # type: ignore[union-attr]


def test_the_restaurant_raises_health_to_five_and_gives_a_point_back_when_it_goes() -> None:
    """§5.10: equipped, a fifth point face up; not removed the same turn; removed at full,
    back to 4; removed below full, 1 health back."""
    t = table((K.RESTAURANT, K.SERUM, K.SERUM), (K.SINGLE, K.DOUBLE, K.SERUM))
    t.draw(K.SERUM, K.SERUM)
    t.do(Equip(seat=P0, card=t.held(0, K.RESTAURANT)))
    assert (t.state.player(P0).health, t.state.player(P0).most) == (5, 5)
    assert t.refused(LeaveRestaurant(seat=P0)) == "just_equipped"
    around(t, 1)
    t.do(Shoot(seat=P1, card=t.held(1, K.DOUBLE), targets=(P0,)))
    assert t.health()[P0] == 3
    around(t, 0)
    t.do(LeaveRestaurant(seat=P0))
    assert (t.state.player(P0).health, t.state.player(P0).most) == (4, 4)


@pytest.mark.parametrize("is_equip", [False, True])
def test_removing_ones_own_restaurant_is_the_turns_one_equip_as_the_option_says(
    is_equip: bool,
) -> None:
    """§5.10, §4.2: 餐厅是唯一可以自主解除的环境牌, and every action but serums once a turn
    (除使用血清外，其余每项行动同一回合内仅能执行一次): removing it is free (INFERRED, the
    default), or the turn's one equip (``leaving_restaurant_is_equip``) — refused after an
    equip, and no equip after it."""
    t = table((K.RESTAURANT, K.ARMOUR, K.SERUM), leaving_restaurant_is_equip=is_equip)
    t.draw(K.SERUM, K.SERUM)
    t.do(Equip(seat=P0, card=t.held(0, K.RESTAURANT)))
    around(t, 0, draws=(K.ARMOUR, K.SERUM))
    t.do(Equip(seat=P0, card=t.held(0, K.ARMOUR)))
    if is_equip:
        assert t.refused(LeaveRestaurant(seat=P0)) == "already_used"
        around(t, 0)
        t.do(LeaveRestaurant(seat=P0))
        assert t.refused(Equip(seat=P0, card=t.held(0, K.ARMOUR))) == "already_used"
    else:
        t.do(LeaveRestaurant(seat=P0))
    assert t.state.player(P0).environment is None


@pytest.mark.parametrize(
    ("equip", "health"), [(RestaurantEquip.POINT_AND_HEAL, 4), (RestaurantEquip.ONE_POINT, 3)]
)
def test_the_restaurant_equipped_when_hurt_lays_its_fifth_point_and_heals_as_the_option_says(
    equip: RestaurantEquip, health: int
) -> None:
    """§5.10: "在装备……时如在非满血状态可回复一点血量" and "装备餐厅时从场上取回一张血清，
    牌面向上放置": at 2 of 4, the fifth serum face up and a heal make 4 of 5 (INFERRED, the
    default); the narrow reading, the fifth serum alone, makes 3 of 5."""
    t = table((K.SINGLE, K.DOUBLE, K.SERUM), (K.RESTAURANT, K.SERUM, K.SERUM),
              restaurant_equip=equip)  # fmt: skip
    t.draw(K.SERUM, K.SERUM)
    t.do(Shoot(seat=P0, card=t.held(0, K.DOUBLE), targets=(P1,)))
    assert t.health()[P1] == 2
    around(t, 1)
    t.do(Equip(seat=P1, card=t.held(1, K.RESTAURANT)))
    assert (t.state.player(P1).health, t.state.player(P1).most) == (health, 5)


def test_only_players_at_full_health_may_target_a_control_room_holder_but_by_grenade() -> None:
    """§5.11."""
    t = table((K.CONTROL_ROOM, K.SERUM, K.SERUM), (K.SINGLE, K.GRENADE, K.SERUM),
              (K.DOUBLE, K.SERUM, K.SERUM))  # fmt: skip
    t.draw(K.SERUM, K.SERUM)
    t.do(Equip(seat=P0, card=t.held(0, K.CONTROL_ROOM)))
    around(t, 2)
    t.do(Shoot(seat=P2, card=t.held(2, K.DOUBLE), targets=(P1,)))
    around(t, 1)  # P1 is at 2 now
    assert t.refused(Shoot(seat=P1, card=t.held(1, K.SINGLE), targets=(P0,))) == \
        "needs_full_health"  # fmt: skip
    t.do(Grenade(seat=P1, card=t.held(1, K.GRENADE), target=P0))
    assert t.health()[P0] == 3


def test_a_search_warrant_shows_one_identity_to_its_user_alone_and_leaves_the_game() -> None:
    """§5.14, §9 item 2."""
    t = table((K.WARRANT, K.SERUM, K.SERUM))
    t.draw(K.SERUM, K.SERUM)
    card = t.held(0, K.WARRANT)
    t.do(Warrant(seat=P0, card=card, target=P2))
    event = t.kinds("warrant")[-1]
    assert event.args == {"seat": P0, "target": P2}
    assert [(s.seat, s.args["identity"]) for s in event.secrets] == [(P0, IDENTITY[Role.TERRORIST])]
    assert card in t.state.removed and card not in t.state.discard


def grenade_after_doubles(t: Table, worn: tuple[Seat, Seat]) -> None:
    """P0, dealt two double bullets and a grenade, draws a third double and shoots one at
    both ``worn`` on each of three turns (one health each), then throws the grenade at
    P2: both ``worn`` are left dying at once, whatever else it hits."""
    t.draw(K.DOUBLE, K.SERUM)
    for _ in range(3):
        t.do(Shoot(seat=P0, card=t.held(0, K.DOUBLE), targets=worn))
        around(t, 0)
    assert [t.health()[s] for s in worn] == [1, 1]
    t.do(Grenade(seat=P0, card=t.held(0, K.GRENADE), target=P2))


def test_several_dying_at_once_are_seen_to_in_turn_order_from_the_attacker() -> None:
    """§6.5: a grenade leaves two players dying; each has a rescue round, the first after
    the attacker first."""
    roles = (Role.SWAT, Role.CITIZEN, Role.CITIZEN, Role.TERRORIST)
    mix = Mix(swat=1, citizen=2, terrorist=1)
    t = Table([(K.DOUBLE, K.DOUBLE, K.GRENADE), FILL, FILL, FILL], roles=roles,
              options=Options(deck_serums=20, identities=mix))  # fmt: skip
    grenade_after_doubles(t, (P1, P3))
    assert t.health()[P1] == 0 and t.health()[P3] == 0
    assert t.rescue().dying == P1 and t.rescue().after == (P3,)
    t.do(Pass(seat=P2))
    assert t.state.player(P1).status is Status.DYING and t.rescue().dying == P3
    t.do(Pass(seat=P2))
    assert [e.args["seat"] for e in t.kinds("died")] == [P1, P3]
    assert t.over  # the only terrorist is dead


@pytest.mark.parametrize("kit", [True, False])
def test_a_player_rescued_among_several_dying_may_save_one_seen_to_before_them(kit: bool) -> None:
    """§6.5, seed: 发生多人同时濒死时，如果被救回的濒死者手上正好有急救包，他可以救助其他濒死者.
    P0's grenade leaves P1 and P2 dying. P3, the only one who may answer for P1, keeps its
    kit for P2; so P1's death waits, and once P2 is rescued P1 is asked for again — of P2
    alone, kit or not (who is asked is public) — and lives if P2 has a kit to give."""
    second = (K.FIRST_AID, K.SERUM, K.SERUM) if kit else FILL
    t = Table([(K.DOUBLE, K.DOUBLE, K.GRENADE), FILL, second, (K.FIRST_AID, K.SERUM, K.SERUM)],
              options=Options(deck_serums=20))  # fmt: skip
    grenade_after_doubles(t, (P1, P2))
    assert (t.rescue().dying, t.rescue().seats) == (P1, (P3,))
    t.do(Pass(seat=P3))
    assert t.state.player(P1).status is Status.DYING and not t.kinds("died")
    assert (t.rescue().dying, t.rescue().seats) == (P2, (P3,))
    t.do(FirstAid(seat=P3, card=t.held(3, K.FIRST_AID)))
    assert (t.rescue().dying, t.rescue().seats) == (P1, (P2,))
    if kit:
        t.do(FirstAid(seat=P2, card=t.held(2, K.FIRST_AID)))
        assert t.health() == [4, 1, 1, 3] and not t.kinds("died")
    else:
        t.do(Pass(seat=P2))
        assert [e.args["seat"] for e in t.kinds("died")] == [P1]


def test_an_empty_deck_takes_every_discard_at_once() -> None:
    """§4.1, §7: here a box of fourteen single bullets, no serums in the deck."""
    only_bullets = Box(**{f: 0 for f in Box.__dataclass_fields__ if f != "single"})
    t = Table([(K.SINGLE,) * 3] * 4, options=Options(box=only_bullets, deck_serums=0))
    t.draw(K.SINGLE, K.SINGLE)
    assert not t.state.deck
    t.do(EndPlay(seat=P0))
    t.discard_down(0)  # two bullets discarded; P1's draw finds the deck empty
    assert t.kinds("reshuffled")[-1].args == {"count": 2}
    assert len(t.state.deck) == 2 and not t.state.discard


def test_the_draw_that_empties_the_deck_shuffles_the_pile_in_at_once() -> None:
    """Seed: 当牌库的牌摸完时，立即将所有弃牌洗混形成新的牌库 (§4.1). The table shuffles the pile
    the moment the last card is drawn; what is discarded after stays in the new pile."""
    only_bullets = Box(**{f: 0 for f in Box.__dataclass_fields__ if f != "single"}, single=16)
    t = Table([(K.SINGLE,) * 3] * 4, options=Options(box=only_bullets, deck_serums=0))
    t.draw(K.SINGLE, K.SINGLE)
    t.do(Shoot(seat=P0, card=t.held(0, K.SINGLE), targets=(P1,)))
    t.do(EndPlay(seat=P0))
    t.discard_down(0)
    assert len(t.state.deck) == 2 and len(t.state.discard) == 2  # the shot, one over the limit
    t.draw(K.SINGLE, K.SINGLE)  # P1 draws the last two
    assert t.kinds("reshuffled")[-1].args == {"count": 2}
    assert len(t.state.deck) == 2 and not t.state.discard
    t.do(Shoot(seat=P1, card=t.held(1, K.SINGLE), targets=(P2,)))
    assert len(t.state.deck) == 2 and len(t.state.discard) == 1  # the shot stays in the pile


@pytest.mark.parametrize(
    ("reading", "ending", "winners"),
    [
        (GrenadeDeaths.IN_TURN, Ending.TERRORISTS_WIN, (P3,)),
        (GrenadeDeaths.TOGETHER_NO_WINNER, Ending.BOTH_FALLEN, ()),
        (GrenadeDeaths.TOGETHER_ATTACKER_SIDE, Ending.POLICE_WIN, (P0, P1, P2)),
    ],
)
def test_a_grenade_that_kills_the_last_of_both_sides_ends_as_the_option_reads_it(
    reading: GrenadeDeaths, ending: Ending, winners: tuple[Seat, ...]
) -> None:
    """§6.5, §8 (UNKNOWN): a citizen's grenade leaves the last SWAT and the last terrorist
    dying. In turn order the SWAT, seen to first, dies first and the terrorists win;
    weighed together, both sides end at once — nobody wins, or the thrower's side does."""
    roles = (Role.CITIZEN, Role.SWAT, Role.CITIZEN, Role.TERRORIST)
    mix = Mix(swat=1, citizen=2, terrorist=1)
    t = Table([(K.DOUBLE, K.DOUBLE, K.GRENADE), FILL, FILL, FILL], roles=roles,
              options=Options(deck_serums=20, identities=mix, grenade_deaths=reading))  # fmt: skip
    grenade_after_doubles(t, (P1, P3))
    assert t.rescue().dying == P1 and t.rescue().after == (P3,)
    while not t.over:
        for seat in t.rescue().waiting:
            t.do(Pass(seat=seat))
    result = over(t.state)
    assert result is not None and (result.reason, result.winners) == (ending, winners)
    died = [e.args["seat"] for e in t.kinds("died")]
    assert died == ([P1] if reading is GrenadeDeaths.IN_TURN else [P1, P3])


def test_the_supermarket_s_card_must_be_drawn_or_may_be_let_go_as_the_option_reads_it() -> None:
    """§5.9: 可立即补摸 — by default the card is drawn as part of equipping; read as "may",
    the player draws it, or lets it go and plays on."""
    for take in (True, False):
        t = table((K.SUPERMARKET, K.SINGLE, K.SINGLE), supermarket_draw=SupermarketDraw.MAY)
        t.draw(K.SINGLE, K.SINGLE)
        t.do(Equip(seat=P0, card=t.held(0, K.SUPERMARKET)))
        assert t.waits_for() == "may_draw"
        assert set(legal_actions(t.state, P0)) == {DrawExtra(seat=P0), Pass(seat=P0)}
        assert t.refused(Shoot(seat=P0, card=t.held(0, K.SINGLE), targets=(P1,))) == (
            "wrong_moment"
        )
        if take:
            t.do(DrawExtra(seat=P0))
            t.draw(K.SINGLE)
        else:
            t.do(Pass(seat=P0))
        assert t.waits_for() == "play"
        assert len(t.state.player(P0).hand) == 4 + take
        assert t.kinds("extra_drawn" if take else "extra_declined")


def test_a_box_whose_serums_the_table_needs_more_of_cannot_be_dealt() -> None:
    """§1.2, §2: four serums in front of each player and the deck's come out of one box;
    counted (an option), a box that holds fewer is refused before the deal — uncounted, as
    before, nothing is checked."""
    needed = 4 * 4 + 20
    assert Table([FILL] * 4, options=Options(deck_serums=20, box_serums=needed)).state
    assert Table([FILL] * 4, options=Options(deck_serums=20)).state
    with pytest.raises(UnfitOptions) as refused:
        Table([FILL] * 4, options=Options(deck_serums=20, box_serums=needed - 1))
    assert refused.value.key == "option.darkfireline.box_serums.too_few"
    assert refused.value.details == {"held": needed - 1, "needed": needed, "deck": 20}
