"""Breaking a text into lines the way Chinese and English readers expect.

Kivy breaks a line only at spaces, and a run with none — a Chinese sentence —
wherever it overflows: a full stop or a comma may start a line on its own, and
an opening bracket end one. Here a line never starts with closing punctuation
(。，、；：！？）」』…) nor ends with opening punctuation (（「『…) — the rule
Chinese typesetting calls 避頭尾 — a short bracketed note such as （美國） is not
split across two lines, English words stay whole, and each character
is measured once per font and size, so that breaking lines costs arithmetic, not
renders.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

CLOSING = frozenset("。，、；：！？）」』》〉】〕…—·,.;:!?)]}%’”")
"""Never at the start of a line: it belongs to what comes before it."""
OPENING = frozenset("（「『《〈【〔([{‘“")
"""Never at the end of a line: it belongs to what comes after it."""


WORDISH = frozenset("'-/_#@&+=*<>|~^$")
"""Signs that join the letters of an English word or an address."""

JOINTS = "/-"
"""Where a piece longer than a line is cut if it can be, after the sign: two card names
joined by a slash (Interrogate/Blackmail), not in the middle of one."""
TAIL = 3
"""The fewest letters of a hyphenated word carried to the next line ("Restaur- / ant", not
"Restauran- / t")."""
PAIRS = dict(zip("（「『《〈【〔([{", "）」』》〉】〕)]}", strict=True))
"""Each opening bracket and the one that closes it."""
SHORT = 8
"""The most characters, brackets and all (not spaces), of a bracketed note kept on one
line: an identity's nation （蘇聯）, a card's mark （血跡）, a play's number （第 1 張牌）;
a longer one breaks as a sentence does."""


def _units(line: str) -> Iterator[str]:
    """The pieces a line may break between: a word, a space, a Chinese character —
    with the punctuation that must not be parted from it."""
    unit, kind = "", ""
    for ch in line:
        word = ch.isascii() and (ch.isalnum() or ch in WORDISH)
        if ch in CLOSING:
            unit, kind = unit + ch, "closed"
        elif ch == " ":
            if unit:
                yield unit
            unit, kind = "", ""
            yield " "
        elif kind == "open" or (word and kind == "word"):
            unit, kind = unit + ch, "word" if word else "cjk"
        else:
            if unit:
                yield unit
            unit, kind = ch, "open" if ch in OPENING else "word" if word else "cjk"
    if unit:
        yield unit


def _notes_kept(units: Iterator[str]) -> Iterator[str]:
    """The units, a short bracketed note (:data:`SHORT`) joined into one."""
    held: list[str] = []
    for unit in units:
        if not held and unit[0] not in PAIRS:
            yield unit
            continue
        held.append(unit)
        note = "".join(held)
        close = note.find(PAIRS[note[0]], 1)
        inner = note if close < 0 else note[: close + 1]  # not the comma after it
        if len(inner.replace(" ", "")) > SHORT:  # too long to keep whole: its pieces
            yield from held
        elif close > 0:
            yield note
        else:
            continue
        held = []
    yield from held


def break_lines(text: str, width: float, measure: Callable[[str], float]) -> str:
    """``text`` with line breaks where it must wrap to fit ``width``; its own breaks kept.

    A piece wider than the whole line is cut where it overflows: after a slash if it has
    one, a word with a hyphen ("Supermar- / ket"), an address or a code as it is.
    """
    lines = []
    for paragraph in text.split("\n"):
        line, used = "", 0.0
        for piece in _notes_kept(_units(paragraph)):
            size = measure(piece)
            if line and used + size > width and piece != " ":
                lines.append(line.rstrip(" "))
                line, used = "", 0.0
            if not line and piece == " ":
                continue
            rest = piece
            while size > width and len(rest) > 1:  # longer than a line: cut it
                cut = len(rest) - 1
                while cut > 1 and measure(rest[:cut]) > width:
                    cut -= 1
                joint = max(rest.rfind(sign, 0, cut - 1) for sign in JOINTS)
                hyphen = ""
                if joint > 0:  # after a slash, not mid-word
                    cut = joint + 1
                elif rest.isascii() and rest.isalpha():  # a word, hyphenated: it goes on
                    hyphen, cut = "-", max(1, min(cut, len(rest) - TAIL))
                    while cut > 1 and measure(rest[:cut] + hyphen) > width:
                        cut -= 1
                lines.append(rest[:cut] + hyphen)
                rest = rest[cut:]
                size = measure(rest)
            line += rest
            used += size
        lines.append(line.rstrip(" "))
    return "\n".join(lines)
