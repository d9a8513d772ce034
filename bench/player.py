"""What a whole game costs one player's thumb: prints ``name: value unit`` lines.

One seat of each game is played through the real page in Debian's Chromium at 360×640, a
small phone: the seat's bot decides (``GameSpec.bot``, seeing only what the seat sees), and
this script taps the page as a person would — the steps of the action's menu, Confirm
where there is one, a pass to a window in one tap, "pass for me until this turn ends" the
first time a window asks the seat and the bot would pass, each drawn card told by kind
then face. The other seats are bots answering at the table. No reader: every draw is told.

For each game (``.<game>``):

- ``taps_per_game`` and ``pass_taps_per_game``: every tap, and the taps spent passing;
- ``taps_per_game_before`` and ``pass_taps_per_game_before``: what the same game cost the
  page before passing was one tap (every step of a menu and a Confirm; no standing answer,
  so every pass the table made for the seat was two taps too; a told card three: "The
  card I drew", the card among all the deck's faces, Confirm), counted from the same run;
- ``first_tap_hidden``: the decisions whose first tap lay below the fold of a 640 px
  screen scrolled to its top (the aim is none);

and over all games ``taps_per_told_card`` (the aim: at most 2) and
``scroll_px_per_decision``, the distance the page scrolled to reach what was tapped.

Run: ``python bench/player.py`` (figures go in docs/benchmarks.md); ``--smoke`` plays one
game of the first game registered, as CI does so that the script never rots unseen.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Locator, Page, ViewportSize, async_playwright

from companion.core.prompts import waiting_on
from companion.core.types import Seat
from companion.games import GAMES
from companion.journal import Journal
from companion.policy import Dealer, Draws
from companion.service import Change, TableService
from ui.phone.server import PhoneServer
from ui.seat_screen import TOLD

ME = Seat(0)
NAMES = ["Ann", "Ben", "Cat", "Dan"]
SCREEN: ViewportSize = {"width": 360, "height": 640}
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
WAIT_S = 30.0
"""How long the page is given to show a move: only a run that would never see it ends."""


@dataclass
class Thumb:
    """What one game cost the player's thumb."""

    taps: Counter[str] = field(default_factory=Counter)
    before: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    told: int = 0
    scrolled: float = 0.0
    hidden: int = 0


async def until(condition: Any) -> None:
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(wait(), WAIT_S)


async def tap(page: Page, button: Locator, thumb: Thumb, kind: str) -> None:
    """One tap on ``button``, counted, with whatever scrolling reaching it took."""
    before = float(await page.evaluate("window.scrollY"))
    await button.click()
    thumb.scrolled += abs(float(await page.evaluate("window.scrollY")) - before)
    thumb.taps[kind] += 1


async def decide(page: Page, service: TableService, bot: Any, view: dict[str, Any],
                 thumb: Thumb) -> None:  # fmt: skip
    """The seat's bot decides; the page is tapped as a person would, and the move made."""
    body = service.spec.codec.encode(chosen(service, ME, bot))
    entry = next(a for a in view["actions"] if a["action"] == body)
    kind = "pass" if body["act"] == "pass" else "told" if body["act"] in TOLD else "other"
    thumb.decisions += 1
    thumb.told += kind == "told"
    # Before: every step of the menu and a Confirm; a told card was "The card I drew", the
    # card among all the deck's faces, and a Confirm.
    if kind != "pass":  # passes are counted from the journal, those the table made too
        thumb.before[kind] += 3 if kind == "told" else len(entry["path"]) + 1
    await page.evaluate("window.scrollTo(0, 0)")  # the player looks from the top
    menu, standing = page.locator("#actions"), page.locator("#standing")
    offers = view.get("standing") or {}
    stand = [o for o in offers.get("offers", []) if o["standing"] == "turn"]
    if kind == "pass" and stand and not offers.get("set"):  # a person leaves the turn's windows
        button = standing.get_by_role("button", name=stand[0]["label"], exact=True)
        await count_hidden(button, thumb)
        await tap(page, button, thumb, kind)
        return
    steps = entry["path"][len(root(view["actions"])) :]
    for n, label in enumerate(steps):
        button = menu.get_by_role("button", name=label, exact=True)
        if n == 0:
            await count_hidden(button, thumb)
        await tap(page, button, thumb, kind)
    if not entry["now"]:
        await tap(page, menu.locator("#confirm"), thumb, kind)


def chosen(service: TableService, seat: Seat, bot: Any) -> Any:
    """What ``seat`` does, among what its phone lists: its bot's choice — but a card drawn,
    which a person reads off the card itself, is whichever the deck gave (one the deck may
    hold, drawn by the run's own chance)."""
    seen = service.seat_view(seat)
    listed = [service.spec.codec.decode(a) for a in seen.actions]
    if listed and all(a.act in TOLD for a in listed):
        return DRAWN.choice(listed)
    return bot.choose(seen.public, seen.private, listed)


DRAWN = random.Random(0)


async def count_hidden(button: Locator, thumb: Thumb) -> None:
    box = await button.bounding_box()
    if box is None or box["y"] + box["height"] > SCREEN["height"]:
        thumb.hidden += 1


def root(actions: list[dict[str, Any]]) -> list[str]:
    """The steps every action shares with nothing to choose: the page opens past them."""
    shared: list[str] = []
    while actions and all(
        len(a["path"]) > len(shared) + 1
        and a["path"][len(shared)] == actions[0]["path"][len(shared)]
        for a in actions
    ):
        shared.append(actions[0]["path"][len(shared)])
    return shared


async def game(browser: Browser, key: str, seed: int, folder: Path) -> Thumb:
    """One game of ``key`` at four seats, seat 0 played on the page."""
    spec = GAMES[key]
    service = TableService.start(Journal(folder / f"{key}.sqlite3"), key, NAMES,
                                 spec.options.fitting(len(NAMES)), draws=Draws.TOLD,
                                 dealer=Dealer.APP, rng=random.Random(seed))  # fmt: skip
    bots = [spec.bot(Seat(i), random.Random(f"{seed}:{i}")) for i in range(len(NAMES))]

    def heard(change: Change) -> None:
        if change.update is not None:
            for bot in bots:
                bot.hear(change.update.public())

    service.subscribe(heard)
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    context = await browser.new_context(viewport=SCREEN, is_mobile=True, has_touch=True,
                                        locale="en-US")  # fmt: skip
    page = await context.new_page()
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda d: frames.append(json.loads(d))))
    await page.goto(server.url(ME))
    thumb = Thumb()
    while service.over() is None:
        waiting = sorted(waiting_on(service.pending()))
        if ME in waiting:
            seq = service.seq
            await until(lambda seq=seq: _latest(frames).get("seq") == seq)
            await decide(page, service, bots[ME], _latest(frames), thumb)
            await until(lambda seq=seq: service.seq > seq)
        else:
            seat = waiting[0]
            service.submit(service.meant(seat, chosen(service, seat, bots[seat])))
            await asyncio.sleep(0)
    # Before, the table passed for nobody: each pass it made for the seat was two taps too.
    passes = [e for e in service.journal.entries(service.game_id)
              if e.action == {"act": "pass", "seat": ME}]  # fmt: skip
    thumb.before["pass"] = 2 * len(passes)
    await context.close()
    await server.stop()
    return thumb


def _latest(frames: list[dict[str, Any]]) -> dict[str, Any]:
    return next((f for f in reversed(frames) if f.get("type") == "view"), {})


def report(thumbs: dict[str, Thumb]) -> None:
    for key, thumb in thumbs.items():
        print(f"taps_per_game.{key}: {sum(thumb.taps.values())}")
        print(f"pass_taps_per_game.{key}: {thumb.taps['pass']}")
        print(f"taps_per_game_before.{key}: {sum(thumb.before.values())}")
        print(f"pass_taps_per_game_before.{key}: {thumb.before['pass']}")
        print(f"first_tap_hidden.{key}: {thumb.hidden}")
    cards = sum(t.told for t in thumbs.values())
    if cards:
        print(f"taps_per_told_card: {sum(t.taps['told'] for t in thumbs.values()) / cards:.2f}")
    decisions = sum(t.decisions for t in thumbs.values())
    scrolled = sum(t.scrolled for t in thumbs.values())
    print(f"scroll_px_per_decision: {scrolled / max(1, decisions):.0f} px")


async def main(smoke: bool) -> None:
    games = {next(iter(GAMES)): 3} if smoke else dict.fromkeys(GAMES, 11)
    with tempfile.TemporaryDirectory() as folder:
        async with async_playwright() as pw:
            # Chromium's own socket lives in TMPDIR, whose path may not be long (a test's is).
            short = tempfile.mkdtemp(prefix="chromium-", dir="/tmp")
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS,
                                               env={**os.environ, "TMPDIR": short})  # fmt: skip
            thumbs = {key: await game(browser, key, seed, Path(folder))
                      for key, seed in games.items()}  # fmt: skip
            await browser.close()
            shutil.rmtree(short, ignore_errors=True)
    report(thumbs)


if __name__ == "__main__":
    asyncio.run(main("--smoke" in sys.argv))
