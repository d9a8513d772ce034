"""The fairness seal's arithmetic: what is hashed, and the shell line anyone checks it with."""

from __future__ import annotations

import subprocess

from companion.core.types import CardId, JSONObject, Seat
from companion.fairness import DIGITS, check_command, deal_of, fingerprint, sealed_text
from companion.games.microfilms import GAME
from companion.games.microfilms.actions import Deal
from companion.transcript import new_header

SALT = "0123456789abcdef0123456789abcdef"
DEAL = Deal(
    first=Seat(0),
    identities=(CardId("R-CN"), CardId("R-UK"), CardId("R-US"), CardId("R-JOU")),
    letter_out=CardId("L-US"),
    hands=(CardId("A-SB1"), CardId("A-IB1"), CardId("A-WR1"), CardId("A-IB2")),
)


def encoded(deal: Deal) -> tuple[JSONObject, ...]:
    return (GAME.codec.encode(deal),)


def in_a_shell(command: str) -> str:
    """What ``command`` prints in a POSIX shell, as a person pasting it would see it."""
    return subprocess.run(["sh", "-c", command], capture_output=True, text=True, check=True).stdout


def test_the_documented_shell_line_prints_the_seal() -> None:
    deal = encoded(DEAL)
    assert in_a_shell(check_command(SALT, deal)) == fingerprint(SALT, deal) + "\n"
    assert len(fingerprint(SALT, deal)) == DIGITS
    assert check_command(SALT, deal) == (
        f"printf '%s' '{sealed_text(SALT, deal)}' | sha256sum | cut -c1-{DIGITS}"
    )


def test_the_deal_is_hashed_with_its_keys_sorted_and_no_spaces() -> None:
    """The form ``jq -cS`` writes, whichever order the app happened to write the keys in."""
    assert sealed_text(SALT, ({"b": 1, "a": [2, "x"]},)) == f'{SALT} [{{"a":[2,"x"],"b":1}}]'


def test_another_setup_or_another_salt_gives_another_seal() -> None:
    swapped = Deal(
        first=DEAL.first,
        identities=(CardId("R-UK"), CardId("R-CN"), *DEAL.identities[2:]),
        letter_out=DEAL.letter_out,
        hands=DEAL.hands,
    )
    seal = fingerprint(SALT, encoded(DEAL))
    assert fingerprint(SALT, encoded(swapped)) != seal
    assert fingerprint(SALT[::-1], encoded(DEAL)) != seal
    assert in_a_shell(check_command(SALT, encoded(swapped))) != seal + "\n"


def test_a_quote_or_chinese_in_what_is_sealed_still_checks_in_a_shell() -> None:
    deal: tuple[JSONObject, ...] = ({"act": "deal", "name": "O'Brien 阿明"},)
    assert in_a_shell(check_command(SALT, deal)) == fingerprint(SALT, deal) + "\n"


def test_the_deal_is_the_chance_applied_while_the_game_waited_for_it() -> None:
    header = new_header("microfilms", ["Ann", "Ben", "Cat", "Dan"])
    start = header.initial_state()
    deal = GAME.codec.encode(DEAL)
    after = GAME.apply(start, DEAL).state
    first_move = GAME.codec.encode(GAME.legal_actions(after, Seat(0))[0])
    assert deal_of(GAME, start, []) is None, "not dealt yet"
    assert deal_of(GAME, start, [deal, first_move]) == (deal,)
