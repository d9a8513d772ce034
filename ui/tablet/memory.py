"""The tablet's memory over an evening: what a game built is collected and handed back to
the system once the game is closed, so that the largest table of the night does not set
what the app holds until midnight — Android ends the app that holds most.

Two heaps grow. The C library's holds the textures of every label, the software
renderer's buffers, the fonts: large blocks are each given their own pages, which go back
to the system the moment they are freed (:func:`keep_large_blocks_apart`), and once a
game's objects are collected the heap's free pages are handed back (:func:`give_back`).
Python's own keeps what it took at the evening's busiest moment, as it returns a 1 MB
piece only once nothing in it is alive: so what a game lets go is collected before the
next screen is drawn (:func:`thaw`), not under it.
"""

from __future__ import annotations

import ctypes
import gc
import weakref
from collections.abc import Sequence
from functools import partial
from typing import Any

from kivy.clock import Clock

from companion.core import memo

LARGE_BLOCK = 128 * 1024
"""From this size up a block gets pages of its own (glibc's first threshold, kept fixed)."""

M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` parameter for that size (``malloc.h``)."""


def keep_large_blocks_apart() -> None:
    """Every block of :data:`LARGE_BLOCK` or more mapped apart, for the app's whole life.

    glibc starts so, but raises the threshold each time such a block is freed, up to
    32 MB: after the first big table's textures went, later ones were carved from the
    heap among small long-lived blocks, and the heap could not shrink past them. The
    evening's first nine-seat 暗火线 left 33 MB behind for the rest of the night; with the
    threshold fixed, 1 to 8 (docs/benchmarks.md). Where the C library is not glibc
    (Android's), nothing is done."""
    libc = ctypes.CDLL(None)
    if hasattr(libc, "gnu_get_libc_version"):
        libc.mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK)


def settle() -> None:
    """What the app has built so far kept out of Python's cycle collector from now on.

    A full collection walks every object alive — Kivy's, the fonts', the game's — and
    took a fifth of a second mid-game, a frame the table saw stall. The app's own
    objects live as long as the app, and a game's as long as the game, so after start-up
    and a game's set-up they are collected once and frozen; what a move makes and drops is
    still collected, cheaply. A game's objects are thawed when it ends
    (:func:`release`), or they would stay frozen garbage for the whole evening.

    While a game left is still being collected (a game left and resumed at once), the
    freezing waits until it is gone (:func:`_let_go`): frozen now, what the frames still
    held of the old table would be frozen with the new one, garbage kept a whole game.
    """
    global _settle_due  # noqa: PLW0603 -- one collector for the process
    if _letting_go:
        _settle_due = True
        return
    gc.collect()
    gc.freeze()


def thaw() -> None:
    """What was frozen handed back to the collector and collected at once: at the game's
    end, when the table screen has just been let go and before the story is drawn. Drawn on
    top of the table's garbage, the end took new memory from the system, and Python never
    gives a block of it back while one object in it lives: each evening's largest such
    moment set what the app held until midnight (docs/benchmarks.md)."""
    gc.unfreeze()
    gc.collect()


def release(game: Sequence[weakref.ref[Any]] = ()) -> None:
    """A game over and closed: everything frozen is handed back to the collector, which
    frees what the game was made of now that nothing holds it (one full collection, on the
    start screen, where no frame is waited for). The next game freezes again.

    Not all of it is garbage yet: for a moment the frames after the table screen was left
    still hold its widgets (a seat's last glow, a pop-up's closing), so a second collection
    follows once they are drawn — again, a few times, while any part of ``game`` (weak
    references to what it was made of) is still there — and after it the heap is handed
    back again (:func:`_collected_again`). Without it the game's thousand widgets stayed
    until some later full collection, and the heap trimmed before they went kept their
    memory: a nine-seat 暗火线 left 653 MB on the start screen instead of 338–355.

    What the rules kept of the game (answers about its states and hands,
    :func:`companion.core.memo.forget`) goes with it: kept into the next game, a few
    objects each would hold on to memory the larger game left.

    A freezing put off while an earlier game was still being collected (:func:`settle`) is
    dropped: it was for a game that is over now, and would have frozen the start screen."""
    global _released, _letting_go, _settle_due  # noqa: PLW0603 -- the heap is the process's
    _released += 1
    _letting_go += 1
    _settle_due = False  # put off for a game now over: nothing is left to freeze for it
    memo.forget()
    gc.unfreeze()
    gc.collect()
    give_back()
    Clock.schedule_once(partial(_collected_again, game, COLLECTIONS), SETTLED_S)


SETTLED_S = 2.0
"""When what the game left is collected again, on the start screen."""

COLLECTIONS = 8
"""How many times at most: a game whose parts outlive that (about 16 s) is left to the
collections of the next game's start."""

FREED_S = 0.3
"""When the heap is handed back after that collection: Kivy deletes the GL objects of the
textures it freed on the frames that follow, and the software renderer frees their memory
only then."""

_released = 0
"""How many games have been let go (:func:`release`) since the app started."""

_letting_go = 0
"""How many of them are still being collected again."""

_settle_due = False
"""Whether :func:`settle` waits for them."""


def released() -> int:
    """How many games have been let go: with :func:`letting_go`, how a benchmark knows a
    game left is settled, not a timer that could race the app's own."""
    return _released


def letting_go() -> bool:
    """Whether a game left is still being collected: a game left and resumed mid-game has
    its own collections, which may still run when the resumed game ends."""
    return _letting_go > 0


def _collected_again(game: Sequence[weakref.ref[Any]], left: int, _dt: float) -> None:
    gc.collect()
    if left > 1 and any(part() is not None for part in game):
        Clock.schedule_once(partial(_collected_again, game, left - 1), SETTLED_S)
        return
    Clock.schedule_once(_let_go, FREED_S)


def _let_go(_dt: float) -> None:
    global _letting_go, _settle_due  # noqa: PLW0603
    give_back()
    _letting_go -= 1
    if _settle_due and not _letting_go:
        _settle_due = False
        settle()


def give_back() -> None:
    """The heap the game freed handed back to the system (glibc's ``malloc_trim``), or the
    tablet would keep the biggest game's memory all evening: the largest table of the night
    sets what the app holds until it is closed, and Android ends the app that holds most.
    Where the C library has no such call (Android's), nothing is done."""
    trim = getattr(ctypes.CDLL(None), "malloc_trim", None)
    if trim is not None:
        trim(0)
