"""The tablet's memory (:mod:`ui.tablet.memory`): a closed game's heap handed back once
what it was made of is gone, and large blocks given pages of their own, so that a freed
texture's memory goes back to the system at once."""

from __future__ import annotations

import ctypes
import gc
import subprocess
import sys
import weakref
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest
from kivy.uix.widget import Widget

from ui.tablet import memory

ROOT = Path(__file__).parents[3]


def test_the_heap_is_handed_back_again_only_once_what_the_game_was_made_of_is_gone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What a closed game was built of may be held a moment longer (a seat's last glow, a
    closing pop-up): the app collects again until it is gone, and only then trims the heap
    — trimmed before, the game's memory stayed with the tablet. Kivy's clock is stood in
    for by a list of what is due, run by hand: no waiting, and no other test's collections."""
    due: list[Callable[[float], None]] = []
    monkeypatch.setattr(memory, "_letting_go", 0)  # another test's game may still be let go
    monkeypatch.setattr(memory, "Clock", SimpleNamespace(schedule_once=lambda f, _s: due.append(f)))
    part = Widget()  # a widget of the game, still held by someone
    held = weakref.ref(part)
    trimmed: list[bool] = []  # for each hand-back: was the part still there
    monkeypatch.setattr(memory, "give_back", lambda: trimmed.append(held() is not None))
    memory.release([held])
    assert trimmed == [True] and memory.letting_go()  # at once, for what is gone already
    for _ in range(3):  # collected again, and again: still held, nothing handed back
        due.pop(0)(memory.SETTLED_S)
        assert trimmed == [True] and len(due) == 1
    del part
    due.pop(0)(memory.SETTLED_S)  # collected: gone, so the heap is handed back next
    due.pop(0)(memory.FREED_S)
    assert trimmed == [True, False] and due == [] and not memory.letting_go()


def test_a_game_opened_while_the_last_is_still_let_go_is_frozen_only_once_it_is_gone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Left and resumed at once: the resumed game froze what the frames still held of the
    table just left, garbage then kept through the whole game (the evening's paused game
    kept 6 to 10 MB more). The freezing now waits for the old game's last collection."""
    due: list[Callable[[float], None]] = []
    monkeypatch.setattr(memory, "_letting_go", 0)
    monkeypatch.setattr(memory, "_settle_due", False)
    monkeypatch.setattr(memory, "Clock", SimpleNamespace(schedule_once=lambda f, _s: due.append(f)))
    monkeypatch.setattr(memory, "give_back", lambda: None)
    old = Widget()  # the table left, in cycles of its own as every widget
    held = weakref.ref(old)
    frames = [old]  # the frames after the table was left still draw it, a moment
    del old
    try:
        memory.release([held])
        memory.settle()  # the game resumed
        assert gc.get_freeze_count() == 0, "frozen with the old table still held"
        frames.clear()
        while due:
            due.pop(0)(memory.SETTLED_S)
        assert held() is None, "the old table kept"
        assert gc.get_freeze_count() > 0 and not memory.letting_go()
    finally:
        gc.unfreeze()  # this process's other tests are not a game's


def test_a_freezing_put_off_for_a_game_that_has_ended_since_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A short game resumed while the game left was still being collected put its freezing
    off (above), and ended before that collection did: the freezing then came on the start
    screen, after the game was let go — for no game, and the next game's end found the app
    frozen by the one before."""
    due: list[Callable[[float], None]] = []
    monkeypatch.setattr(memory, "_letting_go", 0)
    monkeypatch.setattr(memory, "_settle_due", False)
    monkeypatch.setattr(memory, "Clock", SimpleNamespace(schedule_once=lambda f, _s: due.append(f)))
    monkeypatch.setattr(memory, "give_back", lambda: None)
    try:
        memory.release()  # the game left
        memory.settle()  # resumed at once: put off
        memory.release()  # and over, and left, before the first was let go
        while due:
            due.pop(0)(memory.SETTLED_S)
        assert not memory.letting_go()
        assert gc.get_freeze_count() == 0, "frozen on the start screen, for no game"
    finally:
        gc.unfreeze()


MAPPED_APART = """
import ctypes, sys
from ui.tablet import memory


class MallInfo2(ctypes.Structure):  # glibc's struct mallinfo2: how the heap stands
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd",
        "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost",
    )]


if sys.argv[1] == "fixed":
    memory.keep_large_blocks_apart()
libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
libc.mallinfo2.restype = MallInfo2
libc.free(libc.malloc(1 << 20))  # a big table's texture, gone
before = libc.mallinfo2().hblks
again = libc.malloc(1 << 20)  # the next one
print(libc.mallinfo2().hblks - before)
"""


def mapped_apart(threshold: str) -> int:
    """How many more blocks stand on pages of their own once a 1 MB block was freed and
    another taken, in a fresh process (``fixed``: the app's policy set first)."""
    quiet = {"KIVY_NO_ARGS": "1", "KIVY_LOG_MODE": "PYTHON"}
    ran = subprocess.run(
        [sys.executable, "-c", MAPPED_APART, threshold],
        cwd=ROOT, env=quiet, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return int(ran.stdout.split()[-1])


@pytest.mark.skipif(
    not hasattr(ctypes.CDLL(None), "mallinfo2"), reason="glibc's own heap policy (2.33 and later)"
)
def test_a_large_block_freed_leaves_the_next_one_its_own_pages_to_give_back() -> None:
    """glibc, left alone, carves the next large block from the heap once one was freed (it
    raises its threshold), where a freed texture could no longer go back to the system;
    with the app's policy each has pages of its own."""
    assert mapped_apart("glibc") == 0
    assert mapped_apart("fixed") == 1
