"""Work counted, not timed: how long an answer takes is a channel too (a refusal that takes
longer where another seat's card lies tells where it is), and a count of the functions
called is the same in every run, where a timing is not."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def calls_in(work: Callable[[], T]) -> tuple[T, int]:
    """``work()``'s answer, and how many Python functions it called. The collector is kept
    out of the count: a collection that falls inside it runs the finalizers and weak-reference
    callbacks of whatever earlier tests in the process left behind (21 calls once, in CI).
    Nothing is collected before either: a full collection at each count tripled a test."""
    count = 0

    def tally(frame: object, event: str, arg: object) -> None:
        nonlocal count
        count += event == "call"

    was_enabled = gc.isenabled()
    gc.disable()
    sys.setprofile(tally)
    try:
        answer = work()
    finally:
        sys.setprofile(None)
        if was_enabled:
            gc.enable()
    return answer, count
