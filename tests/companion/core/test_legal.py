"""The shared tablet's menu (``Families.menu``): an action is entered on the tablet only if
every mask of what the table cannot see has it open; anything else is left to the phone."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from companion.core.actions import Action, Discard, Pass
from companion.core.legal import Families, Family
from companion.core.types import CardId, Seat

SEAT = Seat(0)
SHOWN, HIDDEN = CardId("SHOWN-1"), CardId("HIDDEN-1")


def table(open_in: Mapping[str, tuple[Action, ...]]) -> Families[str]:
    """Families over masks named by strings: in each mask, one family ``play`` listing what
    ``open_in`` has for that mask (twice over, where a family repeats itself)."""

    def play(mask: str, seat: Seat) -> Iterator[Action]:
        yield from open_in[mask]

    def of(mask: str, seat: Seat) -> Mapping[str, Family[str]]:
        return {"play": play}

    return Families(of)


def test_an_action_open_in_every_mask_is_entered_on_the_tablet() -> None:
    families = table({"a": (Pass(seat=SEAT),), "b": (Pass(seat=SEAT),)})
    assert families.menu(["a", "b"], SEAT, (), ()) == ([Pass(seat=SEAT)], [])


def test_an_action_listed_twice_in_one_mask_and_missing_from_another_is_left_to_the_phone() -> None:
    twice = (Pass(seat=SEAT), Pass(seat=SEAT))
    families = table({"a": twice, "b": ()})
    assert families.menu(["a", "b"], SEAT, (), ()) == ([], ["play"])
    assert table({"a": (), "b": twice}).menu(["a", "b"], SEAT, (), ()) == ([], ["play"])


def test_an_action_naming_a_card_the_table_cannot_see_is_left_to_the_phone() -> None:
    shown, hidden = Discard(seat=SEAT, card=SHOWN), Discard(seat=SEAT, card=HIDDEN)
    families = table({"a": (shown, hidden)})
    assert families.menu(["a"], SEAT, (), {HIDDEN}) == ([shown], ["play"])
    assert families.menu(["a"], SEAT, {"play"}, ()) == ([], ["play"])
