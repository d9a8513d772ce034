"""The JSON Lines format: exports, replays and scenarios are one kind of file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.transcript import TranscriptError, dumps, lookup, new_header, read, run

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_in_the_journal_docs_replays() -> None:
    doc = (ROOT / "docs" / "journal.md").read_text(encoding="utf-8")
    example = re.search(r"### Example\n\n```\n(.*?)```", doc, re.DOTALL)
    assert example is not None
    header, lines = read(example.group(1).splitlines())
    state = run(header, lines)
    assert state.players[0].francs == 1


def test_an_export_reads_back_to_the_same_header_and_actions() -> None:
    header = new_header("microfilms", ["阿明", "Ben", "Cat"], meta={"by": "test"})
    actions = [{"act": "pass", "seat": 0}]
    again, lines = read(dumps(header, actions).splitlines())
    assert again == header and [line.body for line in lines] == actions


HEAD = '{"format": "table-companion/1", "game": '


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("", 1, "empty"),
        (HEAD + '"chess", "seats": ["a", "b", "c"]}', 1, "unknown game"),
        (HEAD + '"microfilms", "seats": ["a", "b"]}', 1, "3 to 6"),
        (HEAD + '"microfilms", "seats": ["a", "b", "c"]}\n{oops', 2, "not JSON"),
        ('{"game": "microfilms"}', 1, "header"),
    ],
)
def test_a_bad_file_names_its_line(text: str, line: int, words: str) -> None:
    with pytest.raises(TranscriptError) as err:
        read(text.splitlines())
    assert err.value.line == line and words in str(err.value)


def test_a_scenario_fails_on_a_wrong_expectation_or_an_accepted_reject() -> None:
    head = json.dumps(
        {"format": "table-companion/1", "game": "microfilms", "seats": ["a", "b", "c"]}
    )
    header, lines = read([head, '{"expect": {"public.bank": 29}}'])
    with pytest.raises(TranscriptError, match=r"public\.bank is 30"):
        run(header, lines)
    header, lines = read([head, '{"reject": {"act": "end_game"}, "code": "wrong_moment"}'])
    with pytest.raises(TranscriptError, match="accepted"):
        run(header, lines)


def test_an_expectation_may_check_what_the_last_action_told_the_table() -> None:
    head = json.dumps(
        {"format": "table-companion/1", "game": "microfilms", "seats": ["a", "b", "c"]}
    )
    deal = json.dumps(
        {"act": "deal", "first": 0, "identities": ["R-CN", "R-UK", "R-US"],
         "letter_out": "L-US", "hands": ["A-SB1", "A-IB1", "A-WR1"]}
    )  # fmt: skip
    passed = '{"act": "pass", "seat": 0}'
    header, lines = read([head, deal, passed, '{"expect": {"events.0.args.francs": 1}}'])
    run(header, lines)
    header, lines = read([head, deal, passed, '{"expect": {"events.0.kind": "drew"}}'])
    with pytest.raises(TranscriptError, match=r"events\.0\.kind is 'passed'"):
        run(header, lines)


def test_paths_reach_into_lists_from_either_end() -> None:
    views = {"public": {"discard": ["A", "B"]}}
    assert lookup(views, "public.discard.-1") == "B"
    assert lookup(views, "public.discard.len") == 2
    assert lookup(views, "public.nothing").startswith("<no")
