"""Work counted, not timed: how long an answer takes is a channel too (a refusal that takes
longer where another seat's card lies tells where it is), and a count of the functions
called is the same in every run, where a timing is not."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def calls_in(work: Callable[[], T]) -> tuple[T, int]:
    """``work()``'s answer, and how many Python functions it called."""
    count = 0

    def tally(frame: object, event: str, arg: object) -> None:
        nonlocal count
        count += event == "call"

    sys.setprofile(tally)
    try:
        answer = work()
    finally:
        sys.setprofile(None)
    return answer, count
