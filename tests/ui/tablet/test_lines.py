"""Lines break where Chinese and English readers expect (避頭尾: no full stop starts a line)."""

from __future__ import annotations

from ui.tablet.lines import CLOSING, OPENING, break_lines


def width(piece: str) -> float:
    """A Chinese character twice as wide as a Latin letter, as in the table's fonts."""
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in piece)


def test_a_full_stop_never_starts_a_line() -> None:
    """The feed once showed a line holding only "。" under a sentence that filled its width."""
    said = "大偉從阿明的手牌中隨機拿走一張，面朝下。"
    for w in range(6, 44):
        lines = break_lines(said, w, width).split("\n")
        assert all(line[0] not in CLOSING for line in lines), (w, lines)
        assert "".join(lines) == said


def test_an_opening_bracket_never_ends_a_line() -> None:
    said = "你的身份要求你說「其實我是臥底」。"
    for w in range(6, 40):
        lines = break_lines(said, w, width).split("\n")
        assert all(line[-1] not in OPENING for line in lines), (w, lines)


def test_a_short_bracketed_note_is_never_split_but_a_long_one_may_be() -> None:
    """The game-over screen once read 特務（美 / 國）: a nation is read as one word."""
    said = "阿芳的身份是特務（蘇聯）。"
    for w in range(12, 30):
        lines = break_lines(said, w, width).split("\n")
        assert any("（蘇聯）" in line for line in lines), (w, lines)
        assert "".join(lines) == said and all(width(line) <= w for line in lines)
    said = "以牌回應Ann的鎖定（第 1 張牌），或不出牌。"  # spaced, and a comma after it
    for w in range(16, 40):
        lines = break_lines(said, w, width).split("\n")
        assert any("（第 1 張牌）" in line for line in lines), (w, lines)
    long = "你的手牌：（提款／抵抗／審問／勒索）"
    lines = break_lines(long, 16, width).split("\n")
    assert len(lines) > 2 and all(width(line) <= 16 for line in lines), lines


def test_english_words_stay_whole_and_lines_fit() -> None:
    said = "Dan looks at one card of Cat's, drawn at random."
    lines = break_lines(said, 20, width).split("\n")
    assert lines == ["Dan looks at one", "card of Cat's, drawn", "at random."]
    assert all(width(line) <= 20 for line in lines)


def test_a_word_longer_than_the_line_is_cut_and_its_own_breaks_are_kept() -> None:
    lines = break_lines("http://192.168.1.20:8080/join\nok", 10, width).split("\n")
    assert all(width(line) <= 10 for line in lines)
    assert "".join(lines[:-1]) == "http://192.168.1.20:8080/join" and lines[-1] == "ok"


def test_a_piece_longer_than_the_line_is_cut_after_its_slash_not_in_a_word() -> None:
    """The centre's discard pile once read "Interrogat / e/Blackma / il (blood)"."""
    lines = break_lines("Interrogate/Blackmail (blood)", 14, width).split("\n")
    assert lines == ["Interrogate/", "Blackmail", "(blood)"]


def test_a_word_longer_than_the_line_is_hyphenated_but_a_code_is_cut_as_it_is() -> None:
    """A seat's environment card at a 7-inch tablet's smallest caption read "Supermark /
    et": a word cut shows it goes on; a code to note down gains no sign that is not in it."""
    assert break_lines("Supermarket", 9, width).split("\n") == ["Supermar-", "ket"]
    assert break_lines("Restaurant", 9, width).split("\n") == ["Restaur-", "ant"]
    for w in range(2, 11):
        lines = break_lines("Restaurant", w, width).split("\n")
        assert all(width(line) <= w for line in lines), (w, lines)
        assert "".join(line.removesuffix("-") for line in lines) == "Restaurant"
        assert all(line.endswith("-") for line in lines[:-1]), (w, lines)
        assert w < 4 or len(lines[-1]) >= 3, "never one letter alone on a line"
    assert break_lines("50eaa9a2bbaec944", 8, width).split("\n") == ["50eaa9a2", "bbaec944"]
