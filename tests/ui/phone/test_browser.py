"""Four phones in Debian's Chromium play a whole Microfilms game on the real server.

Each phone is its own browser context (390×844, touch, its own language from
its locale) on the URL its QR code carries. The table (standing in for the
tablet and the readers) takes the public turn actions; every answer only a
seat may give — a bribe, a blackmail, a victory claim — is tapped through
that seat's page. At every step, each page's text and every WebSocket frame
each phone received are checked for anything its seat may not see.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Locator, Page, Route, WebSocketRoute, async_playwright

from companion.core.actions import EndGame
from companion.core.narrow import objects
from companion.core.playout import choose
from companion.core.prompts import waiting_on
from companion.core.types import CardId, Seat
from companion.games import GAMES
from companion.games.darkfireline.actions import FirstAid
from companion.games.microfilms.actions import Draw, Source
from companion.games.microfilms.bot import Bot
from companion.games.themessage import cards
from companion.i18n import Voice, text
from companion.journal import Journal
from companion.policy import Dealer, Draws
from companion.service import TableService
from companion.table import Table
from tests.ui.phone.conftest import SEATS, Served
from tests.ui.phone.leaks import assert_view_private_to
from tests.ui.phone.rescue import World, first_player
from tests.ui.phone.test_windows import a_table_in_a_window
from ui.faces import face_of
from ui.phone.server import PhoneServer
from ui.tones import SHAPES, TONES

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
LOCALES = ["zh-TW", "zh-CN", "en-US", "zh-HK"]
LANGS = ["zh-Hant", "zh-Hans", "en", "zh-Hant"]
PRIVATE = {"accept_bribe", "refuse_bribe", "resist", "buy_off", "give_in"}
AXE = resources.files("axe_playwright_python") / "axe.min.js"
"""axe-core, the accessibility engine, as its Python package ships it."""


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    assert Path(CHROMIUM).exists(), "Debian's chromium is needed (apt install chromium)"
    async with async_playwright() as p:
        launched = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        await launched.close()


PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 640}
"""A small, cheap phone's screen, in CSS pixels."""


async def new_phone(
    browser: Browser, locale: str, frames: list[Any], screen: dict[str, int] = PHONE
) -> Page:
    """A phone of its own (its own storage), whose received frames land in ``frames``."""
    context = await browser.new_context(
        viewport=screen,  # type: ignore[arg-type]
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale=locale,
    )
    page = await context.new_page()
    page.on(
        "websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(json.loads(data)))
    )
    return page


async def open_phone(
    browser: Browser, served: Served, seat: int, frames: list[Any], screen: dict[str, int] = PHONE
) -> Page:
    page = await new_phone(browser, LOCALES[seat], frames, screen)
    await page.goto(served.server.url(Seat(seat)))
    await seated(page)
    return page


async def seated(page: Page) -> None:
    """Wait until the page shows its seat's game."""
    await page.locator("#summary").filter(has_text=re.compile(".+")).wait_for()


def said(lang: str, name: str, value: object, game: str = "microfilms") -> str:
    """An argument as a phone in ``lang`` says it."""
    return Voice.of(lang, GAMES[game], SEATS).render(name, value)  # type: ignore[arg-type]


async def visible_text(page: Page) -> str:
    """What the page shows of the game's state: all but the history, the menus' catalogues
    and the notes (which offer every camp of the game for every other seat alike)."""
    return await page.evaluate(
        """() => {
            const main = document.querySelector('#main').cloneNode(true);
            const skip = ['#feed-box', '#actions', '#audit-box', '#notes-box'];
            for (const id of skip) main.querySelector(id)?.remove();
            return main.innerText;
        }"""
    )


async def until_async(read: Callable[[], Awaitable[object]], wanted: object) -> None:
    """Wait until the page reads ``wanted`` (what it loads after its first view)."""

    async def wait() -> None:
        while await read() != wanted:
            await asyncio.sleep(0.05)

    await asyncio.wait_for(wait(), 30.0)


async def tap_through(page: Page, path: list[str], *, now: bool = False) -> None:
    """Choose an action on the page as a player would: each step of its menu, then confirm
    — unless the action is made at its last step (``now``: a pass)."""
    menu = page.locator("#actions")
    for label in path:
        await menu.get_by_role("button", name=label, exact=True).click()
    if not now:
        confirm = menu.locator("#confirm")
        await confirm.wait_for()
        assert await in_sight(page, confirm), "Confirm, once chosen, is on the screen"
        await confirm.click()


async def in_sight(page: Page, element: Locator) -> bool:
    """Whether ``element`` is wholly on the screen, with no scrolling (a click would scroll)."""
    box, screen = await element.bounding_box(), page.viewport_size
    assert box is not None and screen is not None
    return box["y"] >= -1 and box["y"] + box["height"] <= screen["height"] + 1  # to a pixel


async def until(
    condition: Callable[[], bool], timeout: float = 30.0, seen: list[Any] | None = None
) -> None:
    """Wait for ``condition``: a page in Chromium on a loaded CI machine may take seconds
    (10 s once ran out, with three workers and the browser on two cores). If it never
    holds, the last frames of ``seen`` (a page's) say what the page was told meanwhile."""

    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.02)

    try:
        await asyncio.wait_for(wait(), timeout)
    except TimeoutError as late:
        last = [{k: f.get(k) for k in ("type", "id", "seq", "code", "text")} for f in seen or ()]
        said = f"still not so after {timeout} s; the page's last frames: {last[-4:]}"
        raise AssertionError(said) from late


async def test_four_phones_play_a_whole_game_each_seeing_only_its_own(
    served: Served, browser: Browser, shots: Path
) -> None:
    table = served.table
    frames: list[list[Any]] = [[] for _ in range(4)]
    screens = [PHONE, SMALL, PHONE, SMALL]
    pages = [await open_phone(browser, served, s, frames[s], screens[s]) for s in range(4)]
    bots = [Bot(Seat(i), random.Random(70 + i)) for i in range(4)]  # a game of 58 actions
    table.subscribe(lambda u: [b.hear(u.public()) for b in bots])
    for seat, page in enumerate(pages):
        assert await page.locator("#name").inner_text() == SEATS[seat]
        assert await page.locator("html").get_attribute("lang") == LANGS[seat]

    tapped = reloaded = shot = 0
    while table.over() is None:
        seat = table.pending()[0].seats[0]
        action = bots[seat].choose(
            table.public_view(), table.private_view(seat), table.legal_actions(seat)
        )
        body = table.spec.codec.encode(action)
        before = table.seq
        if body["act"] in PRIVATE or body["act"].startswith("claim"):
            page = pages[seat]
            await page.locator("#yours").filter(has_text=re.compile(".+")).wait_for()
            if body["act"] in ("accept_bribe", "refuse_bribe") and not shot:
                await page.screenshot(path=shots / "phone-mid-game.png")
                shot += 1
            view = next(f for f in reversed(frames[seat]) if f.get("type") == "view")
            entry = next(a for a in view["actions"] if a["action"] == body)
            await tap_through(page, entry["path"], now=entry["now"])
            tapped += 1
        else:
            table.submit(action)
        await until(lambda before=before: table.seq > before, seen=frames[seat])
        await until(lambda: all(_last_view(f)["seq"] == table.seq for f in frames))
        for i in range(4):  # the pages show only what they were sent
            assert_view_private_to(_last_view(frames[i]), i, served.service)
        if table.seq > 20 and not reloaded:
            await reload_restores_the_view(pages[2], frames[2], table.seq)
            reloaded += 1
            for page in pages:  # reading the history, far down, when the game ends
                await page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert tapped >= 10 and reloaded == 1 and table.seq > 50

    for i, received in enumerate(frames):
        views = [f for f in received if f.get("type") == "view"]
        assert views and all(f["me"]["seat"] == i for f in views)
        identity = table.private_view(Seat(i))["identity"]
        others = [table.private_view(Seat(j))["identity"] for j in range(4) if j != i]
        assert all(f["me"]["identity"]["card"] == identity for f in views)
        assert not any(f["me"]["identity"]["card"] in others for f in views)
    await each_phone_tells_the_end(pages, frames, table, shots)
    await served.server.stop()  # the tablet closes the finished game: the end, not a lost link
    for seat, page in enumerate(pages):
        ended = text(LANGS[seat], "phone.conn.ended")
        await page.locator("#conn-text").filter(has_text=ended).wait_for()


async def each_phone_tells_the_end(
    pages: list[Page], frames: list[list[Any]], table: Table, shots: Path
) -> None:
    """Game over on every phone: whether its player won, who was who, and the game's
    story — what each other seat alone was told, said in the history where it happened."""
    over = await pages[0].locator("#over-text").inner_text()
    assert "遊戲結束" in over
    result = table.public_view()["over"]
    assert isinstance(result, dict) and isinstance(result["winners"], list)
    green = "rgb(220, 241, 226)"  # --over-bg: for a seat that won only
    for seat, page in enumerate(pages):
        won = seat in result["winners"]
        said = "phone.you_won" if won else "phone.you_lost"
        assert await page.locator("#over-result").inner_text() == text(LANGS[seat], said)
        shade = await page.locator("#over").evaluate("e => getComputedStyle(e).backgroundColor")
        assert (shade == green) == won, (seat, shade)
        assert await page.evaluate("window.scrollY") == 0, "the end is brought into sight"
        assert await page.locator("#over-who li").count() == len(SEATS)
        assert await page.locator("#identity-hold").is_hidden()
        story = _last_view(frames[seat])["result"]["story"]
        assert story and await page.locator("#feed li.told").count() == len(story)
    await pages[0].screenshot(path=shots / "phone-over-story.png", full_page=True)


async def test_a_choice_half_made_stays_when_the_table_pauses(
    browser: Browser, tmp_path: Path
) -> None:
    """The table paused (or a lesson read) holds the open round, and every phone is sent
    its view again, of the same moment: a player's half-made choice stays where their
    finger left it. It went back to the menu's top, under the finger."""
    service, server = await a_table_in_a_window(tmp_path)
    window = service.window()
    assert window is not None
    seat, path = next(
        (s, a["path"])
        for s in window.waiting
        for a in json.loads(server.frame(s, "en"))["actions"]
        if len(a["path"]) > 1
    )
    frames: list[Any] = []
    page = await new_phone(browser, "en-US", frames, SMALL)
    await page.goto(server.url(Seat(seat)))
    await seated(page)
    menu = page.locator("#actions")
    await menu.get_by_role("button", name=path[0], exact=True).click()
    await menu.locator("#back").wait_for()
    sent = len(frames)
    service.hold_window(True)  # the tablet's Pause
    await until(lambda: any(f.get("type") == "view" for f in frames[sent:]))
    await page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")  # drawn
    assert _last_view(frames)["seq"] == service.seq
    assert await menu.locator("#back").is_visible(), "still one step in"
    assert path[0] in await menu.locator(".crumbs").inner_text()
    await server.stop()


async def reload_restores_the_view(page: Page, frames: list[Any], seq: int) -> None:
    """A reload (or a locked screen coming back) gets the whole view at once."""
    francs = await page.locator("#stat-francs .stat-value").inner_text()
    await page.reload()
    await page.locator("#summary").filter(has_text=re.compile(".+")).wait_for()
    assert _last_view(frames)["seq"] == seq
    assert await page.locator("#stat-francs .stat-value").inner_text() == francs


def _last_view(frames: list[Any]) -> dict[str, Any]:
    return next(f for f in reversed(frames) if f.get("type") == "view")


async def finger_on_identity(page: Page) -> None:
    """A finger down on the identity button, kept there until ``page.mouse.up()``."""
    box = await page.locator("#identity-hold").bounding_box()
    assert box is not None
    await page.mouse.move(box["x"] + 20, box["y"] + 20)
    await page.mouse.down()


async def test_the_identity_shows_only_while_held(served: Served, browser: Browser) -> None:
    """And until it has been seen once the button to see it stands first: a newcomer's first
    look is who they are; then it goes back below the turn for good. The first player is
    asked to choose at once, and once chose blind, the button a screen below five buttons;
    it stands first for them too, in sight on a small phone."""
    first = await open_phone(browser, served, 0, [], SMALL)
    assert served.table.pending()[0].seats == (Seat(0),), "asked to choose"
    await first.locator("#actions button.choice").first.wait_for()
    assert await above(first, "#me", "#turn"), "asked, not yet seen: first"
    hold = await first.locator("#identity-hold").bounding_box()
    assert hold is not None and hold["y"] + hold["height"] <= SMALL["height"], "in sight"
    frames: list[Any] = []
    page = await open_phone(browser, served, 1, frames)
    identity = said("zh-Hans", "card", served.table.private_view(Seat(1))["identity"])
    assert await page.locator("#identity").inner_text() == ""
    assert identity not in await page.locator("#secrets").inner_text()
    assert await above(page, "#me", "#turn"), "not yet seen: first"
    await finger_on_identity(page)
    await page.locator("#identity").filter(has_text=identity).wait_for()
    await page.mouse.up()
    await page.locator("#identity").filter(has_text=re.compile("^$")).wait_for(state="attached")
    assert await page.locator("#identity").inner_text() == ""
    await finger_on_identity(page)
    await page.locator("#identity").filter(has_text=identity).wait_for()
    await put_away(page)  # the phone locked with a finger still on it
    await page.locator("#identity").filter(has_text=re.compile("^$")).wait_for(state="attached")
    await page.mouse.up()
    play_one_move(served)
    await until(lambda: _last_view(frames)["seq"] == served.table.seq)
    assert not _last_view(frames)["actions"], "still asked nothing"
    assert await above(page, "#turn", "#me"), "seen: back in its place"
    await page.reload()
    await seated(page)
    assert await above(page, "#turn", "#me"), "seen on this phone, through a reload"


async def test_a_secret_s_hidden_words_show_only_while_its_button_is_held(
    served: Served, browser: Browser, shots: Path
) -> None:
    """The deal's secret names the seat's identity (Microfilms §2): in the secrets list its
    line keeps it back, with a button beside it that says it while a finger holds it — as
    an interrogation's card seen or a Probe's answer are — and hides it when let go."""
    frames: list[Any] = []
    page = await open_phone(browser, served, 1, frames, SMALL)
    identity = said("zh-Hans", "card", served.table.private_view(Seat(1))["identity"])
    line = page.locator("#secrets li").filter(has=page.locator("button.see"))
    await line.first.wait_for()
    assert identity not in await page.locator("#secrets").inner_text()
    button = line.first.locator("button.see")
    assert await button.inner_text() == text("zh-Hans", "phone.hold_to_see")
    await button.scroll_into_view_if_needed()
    box = await button.bounding_box()
    assert box is not None and box["height"] >= 44, "a finger's height"
    await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await page.mouse.down()
    await line.first.filter(has_text=identity).wait_for()
    await page.screenshot(path=shots / "phone-secret-held.png")
    lines, summary = await page.locator("#feed li").count(), await summary_of(page)
    play_one_move(served)  # a view comes while the finger holds on: the line stays said
    await page.locator("#summary").filter(has_not_text=summary).wait_for()  # drawn
    assert identity in await line.first.inner_text()
    await page.mouse.up()
    await until_async(lambda: page.locator("#feed li").count(), lines + 1)  # drawn on let-go
    veiled = line.first.filter(has_text=text("zh-Hans", "phone.hidden_identity"))
    await veiled.wait_for()
    assert identity not in await page.locator("#secrets").inner_text()
    await page.mouse.down()
    await line.first.filter(has_text=identity).wait_for()
    await put_away(page)  # the phone locked with a finger still on it
    await veiled.wait_for()
    await page.mouse.up()


async def summary_of(page: Page) -> str:
    """The table's summary line (night, turn, deck, bank): it changes with every move."""
    return await page.locator("#summary").inner_text()


async def put_away(page: Page) -> None:
    """The page as a phone locked, or left for another app, leaves it: hidden."""
    await page.evaluate(
        "() => { const as = (name, value) => Object.defineProperty(document, name,"
        " {value, configurable: true}); as('hidden', true); as('visibilityState', 'hidden');"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )


async def test_claim_victory_stands_on_a_clean_turn_and_says_why_none_can_be_made(
    served: Served, browser: Browser, shots: Path
) -> None:
    """Microfilms §7: a Clean player's turn offers "Claim victory" whoever they are. Where
    the seat has no claim to make now (its identity's Microfilm missing, or night 1 for the
    Manager), the heading still stands, so a glance at the first buttons reads no identity;
    tapped, it says why there is nothing under it, with a way back."""
    service, rng = served.service, random.Random(2)
    for _ in range(100):
        seat = sorted(waiting_on(service.pending()))[0]
        view = service.seat_view(seat)
        if view.headings and not any(str(a["act"]).startswith("claim") for a in view.actions):
            break
        service.submit(choose(service.spec, service.table.state, seat, rng, {"claim": 0}))
    else:
        raise AssertionError("no Clean turn without a claim to make")
    page = await open_phone(browser, served, seat, [], SMALL)
    lang = {"zh-TW": "zh-Hant", "zh-HK": "zh-Hant", "zh-CN": "zh-Hans"}.get(LOCALES[seat], "en")
    menu = page.locator("#actions")
    heading = menu.get_by_role("button", name=text(lang, "act.claim"), exact=True)
    await heading.click()
    await menu.locator(".menu-note").filter(has_text=text(lang, "act.claim.none")).wait_for()
    assert await menu.locator("button.choice").count() == 0
    assert await menu.locator("#confirm").count() == 0, "nothing to confirm"
    await page.screenshot(path=shots / "phone-claim-none.png")
    await menu.locator("#back").click()
    await heading.wait_for()
    assert await menu.locator(".menu-note").count() == 0


async def test_a_figure_of_the_seat_s_own_that_moves_glows_a_moment(
    served: Served, browser: Browser
) -> None:
    """Microfilms §5: taking 1 franc moves the seat's francs; the figure that moved is
    marked on its phone (it once changed silently, as 風聲's intelligence did), and only
    that one, and not on the first view."""
    page = await open_phone(browser, served, 0, [], SMALL)
    await page.locator("#stat-francs").wait_for()
    assert await page.locator("#stats .changed").count() == 0, "nothing moved yet"
    summary = await summary_of(page)
    table = served.table
    table.submit(next(a for a in table.legal_actions(Seat(0)) if a.act == "pass"))
    await page.locator("#summary").filter(has_not_text=summary).wait_for()
    await page.locator("#stat-francs.changed").wait_for()
    assert await page.locator("#stats .changed").count() == 1, "only the francs moved"
    await page.locator('button[data-lang="en"]').click()  # every figure reads anew: none moved
    await page.locator("#summary").filter(has_text="Night").wait_for()
    summary = await summary_of(page)
    play_one_move(served)  # another seat's: nothing of this seat's moves
    await page.locator("#summary").filter(has_not_text=summary).wait_for()
    assert await page.locator("#stats .changed").count() == 0, "a new language is no move"


async def above(page: Page, upper: str, lower: str) -> bool:
    """Whether ``upper`` comes before ``lower`` down the page."""
    found: bool = await page.evaluate(
        "([a, b]) => !!(document.querySelector(a).compareDocumentPosition("
        "document.querySelector(b)) & Node.DOCUMENT_POSITION_FOLLOWING)",
        [upper, lower],
    )
    return found


def play_one_move(served: Served) -> None:
    """A move of the seat the table waits for that asks nothing of another seat."""
    table = served.table
    seat = table.pending()[0].seats[0]
    codec = table.spec.codec
    table.submit(next(a for a in table.legal_actions(seat) if "target" not in codec.encode(a)))


async def test_what_the_seat_alone_was_told_is_marked_in_the_history_where_it_happened(
    served: Served, browser: Browser, shots: Path
) -> None:
    """The whole game's history on the phone, newest first: each secret of the seat (its
    deal, the card it drew, Microfilms §4.1) is said right after the line of the event that
    told it, marked as seen by this seat alone; its identity stays behind the hold there."""
    table = served.table
    seat = table.pending()[0].seats[0]
    frames: list[Any] = []
    page = await open_phone(browser, served, seat, frames)
    lang = LANGS[seat]
    table.submit(Draw(seat=Seat(seat), source=Source.DECK))
    await until(lambda: _last_view(frames)["seq"] == table.seq)
    only_you = text(lang, "phone.only_you")
    await page.locator("#feed li.own").nth(1).wait_for()
    entries = await page.locator("#feed li").evaluate_all(
        "lis => lis.map(li => [li.classList.contains('own'), Array.from(li.childNodes)"
        ".filter(n => n.nodeName !== 'BUTTON').map(n => n.textContent).join('\\n')])"
    )  # the words, without a hold button's
    view = _last_view(frames)
    lines, secrets = view["feed"], view["secrets"]
    own = [(i, words) for i, (mine, words) in enumerate(entries) if mine]
    assert [words for _, words in own] == [f"{only_you}\n{s['text']}" for s in secrets[::-1]]
    for (i, _), secret in zip(own, secrets[::-1], strict=True):
        assert entries[i + 1] == [False, lines[secret["line"]]["text"]], "just under its event"
    identity = said(lang, "card", table.private_view(Seat(seat))["identity"])
    assert all(identity not in words for _, words in entries)
    await page.screenshot(path=shots / "phone-history-own.png", full_page=True)


async def test_a_tap_on_a_card_says_what_it_does_and_the_identity_explains_itself_when_held(
    served: Served, browser: Browser, shots: Path
) -> None:
    """A first-time player reads each card (the texts: ``companion.core.explained``): a tap
    opens its text under its name, a second closes it; what the identity means shows only
    while the button is held, as the identity does."""
    frames: list[Any] = []
    page = await open_phone(browser, served, 1, frames)  # zh-CN: 简体
    voice = Voice.of("zh-Hans", GAMES["microfilms"], SEATS)
    hand = served.table.private_view(Seat(1))["hand"]
    assert isinstance(hand, list) and hand
    card = page.locator("#hand .card").first
    assert await card.locator(".card-help").count() == 0
    await card.click()
    first = hand[0]
    assert isinstance(first, dict)
    help_text = voice.explain(str(first["card"]))
    assert help_text and await card.locator(".card-help").inner_text() == help_text
    assert await card.locator(".card-toggle").get_attribute("aria-expanded") == "true"
    await page.screenshot(path=shots / "phone-card-explained.png", full_page=True)
    await card.click()
    assert await card.locator(".card-help").count() == 0
    identity = served.table.private_view(Seat(1))["identity"]
    meaning = voice.explain(str(identity))
    assert meaning and meaning not in await page.locator("#main").inner_text()
    await finger_on_identity(page)
    await page.locator("#identity-help").filter(has_text=meaning).wait_for()
    await page.screenshot(path=shots / "phone-identity-explained.png")
    await page.mouse.up()
    await (
        page.locator("#identity-help").filter(has_text=re.compile("^$")).wait_for(state="attached")
    )


async def test_notes_stay_on_the_phone_through_a_reload_and_go_with_the_game(
    served: Served, browser: Browser, shots: Path
) -> None:
    """A player's own notes and a mark for each other seat, as on paper beside the table:
    kept on this phone through a reload, never sent, cleared once the game is over."""
    frames: list[Any] = []
    page = await open_phone(browser, served, 2, frames)  # en-US
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda data: sent.append(str(data))))
    notes = page.locator("#notes-box")
    await notes.locator("summary").click()
    await page.locator("#notes-text").fill("Ben lied about his bribe")
    ben, cat = notes.locator('.mark[data-seat="1"]'), notes.locator('.mark[data-seat="0"]')
    await ben.select_option(label="Distrusted")
    # Or one of the game's camps (Microfilms §7: the roles a player may be).
    interpol = Voice.of("en", GAMES["microfilms"], SEATS).render("card", "R-INT")
    await notes.locator(f'.mark[data-seat="0"] option:text-is("{interpol}")').wait_for(
        state="attached"
    )
    await cat.select_option(label=interpol)
    await page.reload()
    await seated(page)
    await notes.locator("summary").click()
    assert await page.locator("#notes-text").input_value() == "Ben lied about his bribe"
    assert await ben.evaluate("s => s.selectedOptions[0].text") == "Distrusted"
    await until_async(lambda: cat.evaluate("s => s.selectedOptions[0].text"), interpol)
    assert await notes.locator('.mark[data-seat="2"]').count() == 0, "no mark for oneself"
    await notes.screenshot(path=shots / "phone-notes.png")
    assert not any(
        "Ben lied" in frame or "suspected" in frame or "camp:" in frame for frame in sent
    )
    served.table.submit(EndGame())
    await notes.wait_for(state="hidden")
    kept = await page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tc.notes'))")
    assert kept == []


async def test_a_wrong_token_gets_a_clear_page_and_no_data(
    served: Served, browser: Browser
) -> None:
    context = await browser.new_context(locale="zh-TW")
    page = await context.new_page()
    frames: list[Any] = []
    page.on(
        "websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(json.loads(data)))
    )
    await page.goto(f"{served.base}/#t=not-a-real-token-at-all")
    await page.locator("#denied").wait_for()
    assert "QR" in await page.locator("#denied-text").inner_text()
    assert [f["type"] for f in frames] == ["denied"]


async def test_a_second_phone_is_told_the_seat_is_taken_until_the_tablet_gives_it_the_seat(
    served: Served, browser: Browser
) -> None:
    first_frames: list[Any] = []
    first = await open_phone(browser, served, 0, first_frames)  # a zh-TW phone
    second = await new_phone(browser, "zh-TW", [])
    await second.goto(served.server.url(Seat(0)))  # the same QR, photographed
    await second.locator("#taken").wait_for()
    label = await second.locator("#taken-label").inner_text()
    assert label and await second.locator("#taken h2").inner_text() == text(
        "zh-Hant", "phone.taken_title"
    )
    assert await second.locator("#taken-text").inner_text() == text(
        "zh-Hant", "phone.taken", name=SEATS[0], label=label
    )
    asked = text("zh-Hant", "phone.notice.asked", label=label)
    await until(lambda: any(f.get("text") == asked for f in first_frames))  # the holder is told

    await served.server.admit(Seat(0), label)  # what the tablet does, confirmed
    await seated(second)
    await first.locator("#denied").wait_for()
    replaced = text("zh-Hant", "phone.denied.replaced")
    assert await first.locator("#denied-text").inner_text() == replaced


async def test_a_reloaded_page_gets_its_seat_back_by_itself(
    served: Served, browser: Browser
) -> None:
    """The page keeps its device key: a reload, or a phone woken from its lock, is the same
    phone, and no one at the tablet is asked."""
    page = await open_phone(browser, served, 1, [])
    await page.reload()
    await seated(page)
    assert await page.locator("#taken").is_hidden()
    assert [p.holds for p in served.server.phones_of(Seat(1))] == [True]


async def test_the_page_fits_a_small_phone(served: Served, browser: Browser) -> None:
    """Nothing wider than a 360 px phone, the notes open too (English camp names once ran
    off the edge), every control a thumb can hit (44 px high), and the header says the
    phone's whole label (it once cut "This phone: LMH7" to "This ph…" in English)."""
    context = await browser.new_context(
        viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True, locale="en-US"
    )
    page = await context.new_page()
    await page.goto(served.server.url(Seat(0)))
    await page.locator("#summary").filter(has_text=re.compile(".+")).wait_for()
    await page.locator("#notes-box summary").click()
    await page.evaluate(
        """() => document.querySelectorAll('#marks select').forEach(s => {
            const longest = [...s.options].reduce((a, b) => b.text.length > a.text.length ? b : a);
            s.value = longest.value;
            s.dispatchEvent(new Event('change'));
        })"""
    )  # each other seat marked with the longest camp name
    overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    small = await page.evaluate(
        """() => [...document.querySelectorAll('#main :is(button, a, select, summary)')]
            .filter(e => e.getClientRects().length)
            .map(e => [e.id || e.className || e.tagName, e.getBoundingClientRect().height])
            .filter(([, high]) => high < 44)"""
    )
    assert small == []
    device = page.locator("#device")
    assert re.fullmatch(r"This phone: \w+", await device.inner_text())
    box = await device.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 360
    assert await device.evaluate("d => d.scrollWidth <= d.clientWidth")
    assert await device.evaluate("d => d.parentNode.scrollWidth <= d.parentNode.clientWidth")


async def test_a_blood_stain_is_drawn_and_named_without_an_emoji_font(
    served: Served, browser: Browser
) -> None:
    """§7.5's blood stain beside the card's name: a drawn drop (an emoji was an empty box on
    a phone without an emoji font), named for a screen reader."""
    page = await new_phone(browser, "en-US", [])
    await page.goto(served.server.url(Seat(1)))  # Ben holds A-IB2, blood-stained
    await seated(page)
    mark = page.locator("#hand .card .mark-blood")
    assert await mark.count() == 1
    assert await mark.inner_text() == ""
    assert await mark.get_attribute("aria-label") == text("en", "phone.blood")
    drop = await mark.evaluate(
        "m => { const s = getComputedStyle(m, '::before'); return [s.width, s.backgroundColor]; }"
    )
    assert drop == ["11px", "rgb(185, 28, 28)"]


async def test_a_player_tells_the_card_they_drew_and_checks_their_hand(
    told: Served, browser: Browser
) -> None:
    """No reader saw the draw: the drawer's phone says which card it was (§4.1)."""
    table = told.table
    seat = table.pending()[0].seats[0]
    frames: list[Any] = []
    page = await open_phone(browser, told, seat, frames)
    lang = LANGS[seat]
    await page.evaluate(
        "window.__buzz = 0; navigator.vibrate = () => { window.__buzz++; return true; }"
    )
    table.submit(Draw(seat=Seat(seat), source=Source.DECK))
    await page.locator("#yours").filter(has_text=re.compile(".+")).wait_for()
    card = table.state.deck[0]
    await until(
        lambda: any(a["action"]["act"] == "tell_draw" for a in _last_view(frames)["actions"])
    )
    told_it = next(a for a in _last_view(frames)["actions"] if a["action"].get("card") == card)
    root, *picks = told_it["path"]  # the only thing asked: the menu opens past it
    assert root == text(lang, "act.tell_draw") and picks[-1] == said(lang, "card", card)
    await tap_through(page, picks, now=True)  # by kind, then face: told at the last tap
    await until(lambda: card in table.state.players[seat].hand)
    await until(lambda: _last_view(frames)["seq"] == table.seq)
    assert await page.evaluate("window.__buzz") >= 1, "a new secret makes the phone vibrate"

    await page.locator("#audit-toggle").click()
    faces = _last_view(frames)["audit"]["faces"]
    assert await audit_choices(page) == held(faces)
    assert sum(face["held"] for face in faces) == len(table.state.players[seat].hand)
    # The phone says "not connected" and sends nothing if its socket dropped meanwhile (a
    # busy machine can miss the test server's half-second heartbeat): tap once it is back.
    await page.locator('#conn[data-state="connected"]').wait_for()
    await page.locator("#audit-send").click()
    await until(lambda: table.state.history[-1].kind == "hand_checked", timeout=30)


async def audit_choices(page: Page) -> dict[str, int]:
    """How many copies of each face the hand check says the player holds, as shown."""
    counts = {}
    for control in await page.locator("#audit [data-face]").all():
        key = await control.get_attribute("data-face")
        assert key is not None
        if await control.get_attribute("type") == "checkbox":
            counts[key] = int(await control.is_checked())
        else:
            counts[key] = int(await control.input_value())
    return counts


def held(faces: list[dict[str, Any]]) -> dict[str, int]:
    """How many copies of each face the view says the hand holds, by the form's key."""
    return {face_key(face): face["held"] for face in faces}


def face_key(face: dict[str, Any]) -> str:
    return ",".join(sorted(face["cards"]))


async def face_control(page: Page, face: dict[str, Any]) -> Locator:
    """The form's control of ``face``, its kind's line opened first if it is folded, as a
    finger would open it."""
    inner = page.locator(f'[data-face="{face_key(face)}"]')
    control = page.locator("#audit").locator(inner)
    group = page.locator("#audit details.kind-group").filter(has=inner)
    if await group.count() and await group.get_attribute("open") is None:
        await group.locator("summary").click()
    return control


async def test_the_language_switch_changes_every_word(served: Served, browser: Browser) -> None:
    frames: list[Any] = []
    page = await open_phone(browser, served, 2, frames)  # an English phone
    await page.locator('button[data-lang="zh-Hans"]').click()
    await page.locator("html[lang='zh-Hans']").wait_for()
    await until(lambda: _last_view(frames)["lang"] == "zh-Hans")
    status = served.table.private_view(Seat(2))["status"]
    shown = await page.locator("#stat-status .stat-value").inner_text()
    assert shown == said("zh-Hans", "status", status)


async def test_the_page_loads_nothing_from_outside_the_app(
    served: Served, browser: Browser
) -> None:
    context = await browser.new_context(locale="zh-TW")
    page = await context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    await page.goto(served.server.url(Seat(0)))
    await page.locator("#summary").filter(has_text=re.compile(".+")).wait_for()
    assert requested and all(url.startswith(served.base) for url in requested), requested


async def test_the_page_waits_for_the_servers_constants_if_they_are_slow_to_come(
    served: Served, browser: Browser
) -> None:
    """The languages the page may speak come from the server once (``/constants.json``):
    refused the first time (a Wi-Fi hiccup), the page asks again and seats itself, in its
    browser's language."""
    asked: list[str] = []

    async def hiccup(route: Route) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            await route.fulfill(status=503)
        else:
            await route.continue_()

    page = await new_phone(browser, LOCALES[1], [])
    await page.route(re.compile(r".*/constants\.json$"), hiccup)
    await page.goto(served.server.url(Seat(1)))
    await seated(page)
    assert len(asked) == 2
    assert await page.locator("html").get_attribute("lang") == LANGS[1]


async def test_the_message_phone_shows_its_intelligence_and_windows(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """風聲 on the same page: the seat's intelligence by colour, its hand, its window."""
    table = Table.start(Journal(tmp_path / "j.sqlite3"), "themessage", SEATS, rng=random.Random(4))
    server = PhoneServer(TableService(table), host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    seat = table.pending()[0].seats[0]
    context = await browser.new_context(viewport={"width": 390, "height": 844}, locale="zh-TW")
    page = await context.new_page()
    await page.goto(server.url(Seat(seat)))
    await page.locator("#stat-intel").wait_for()
    assert "紅 0" in await page.locator("#stat-intel").inner_text()
    hand = table.private_view(Seat(seat))["hand"]
    assert isinstance(hand, list) and await page.locator("#hand .card").count() == len(hand)
    # Each card's stripe is its intelligence colour (it once came from a hash of its id).
    stripes = await page.locator("#hand .card").evaluate_all(
        "cards => cards.map(c => getComputedStyle(c, '::before').backgroundColor)"
    )
    assert stripes == [_rgb(TONES[cards.CARDS[CardId(c)].colour.value]) for c in hand]
    # …and by its shape, for a player who cannot tell red from green (ui.tones.SHAPES).
    shapes = await page.locator("#hand .card .tone-shape").evaluate_all(
        "marks => marks.map(m => m.className.replace('tone-shape shape-', ''))"
    )
    assert shapes == [SHAPES[cards.CARDS[CardId(c)].colour.value] for c in hand]
    assert await page.locator("#actions .choice").count() > 0
    await page.screenshot(path=shots / "phone-the-message.png")
    # A card named in the history is read with a tap on its line (風聲 §6: what it does).
    voice, rng = Voice.of("zh-Hant", GAMES["themessage"], SEATS), random.Random(4)
    known = GAMES["themessage"].explained.cards
    while not any(_names_a_card(e.args, known) for e in table.state.history):
        mover = rng.choice(sorted(waiting_on(table.pending())))
        table.submit(choose(table.spec, table.state, mover, rng, {"hold": 0}))
    event = next(e for e in reversed(table.state.history) if _names_a_card(e.args, known))
    card = next(c for c in known if _names_a_card(event.args, {c}))
    line = page.locator("#feed li.explainable").filter(
        has_text=said("zh-Hant", "card", card, "themessage")
    )
    await line.first.wait_for()
    await line.first.locator(".card-toggle").click()
    help_text = voice.explain(card)
    assert help_text
    await line.first.locator(".card-help").filter(has_text=help_text).wait_for()
    await page.screenshot(path=shots / "phone-history-card.png", full_page=True)
    await server.stop()


def _names_a_card(value: object, cards: Collection[str]) -> bool:
    if isinstance(value, str):
        return value in cards
    if isinstance(value, dict):
        return any(_names_a_card(v, cards) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_names_a_card(v, cards) for v in value)
    return False


async def test_a_message_player_checks_their_hand_by_face(browser: Browser, tmp_path: Path) -> None:
    """Six black 密電 鎖定 read alike: the hand check asks how many, and the deck gives a copy."""
    table = Table.start(Journal(tmp_path / "j.sqlite3"), "themessage", SEATS, rng=random.Random(4))
    server = PhoneServer(TableService(table), host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    seat = Seat(1)
    frames: list[Any] = []
    context = await browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = await context.new_page()
    page.on("websocket", lambda ws: ws.on("framereceived", lambda d: frames.append(json.loads(d))))
    await page.goto(server.url(seat))
    await page.locator("#summary").filter(has_text=re.compile(".+")).wait_for()
    await page.locator("#audit-toggle").click()
    faces = _last_view(frames)["audit"]["faces"]
    assert await audit_choices(page) == held(faces)
    assert len({face["name"] for face in faces}) == len(faces), "one row a face"
    hand = table.state.players[seat].hand
    face = next(
        f for f in faces if len(f["cards"]) > 2 and f["held"] == 0
        and any(c in table.state.deck for c in f["cards"])
    )  # fmt: skip
    await (await face_control(page, face)).select_option("1")
    await page.locator("#audit-send").click()
    await until(lambda: table.state.history[-1].kind == "hand_checked")
    after = table.state.players[seat].hand
    assert after[: len(hand)] == hand and len(after) == len(hand) + 1
    assert said("en", "card", after[-1]) == face["name"]
    await server.stop()


async def test_a_player_tells_the_cards_they_were_dealt_on_the_page(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """No moderator (風聲 §2): the page opens on the cards to tell; the player marks the three
    in front of them — two alike copies as a count — sends, and may put it right after."""
    service = TableService.start(
        Journal(tmp_path / "j.sqlite3"), "themessage", SEATS, draws=Draws.TOLD,
        dealer=Dealer.TABLE, rng=random.Random(4),
    )  # fmt: skip
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    frames: list[Any] = []
    context = await browser.new_context(viewport={"width": 390, "height": 844}, locale="zh-TW")
    page = await context.new_page()
    page.on("websocket", lambda ws: ws.on("framereceived", lambda d: frames.append(json.loads(d))))
    await page.goto(server.url(Seat(2)))
    box = page.locator("#audit-box[open]")
    await box.wait_for()
    assert await page.locator("#audit-title").inner_text() == text("zh-Hant", "phone.deal_title")
    asked = text("zh-Hant", "phone.deal.yours", size=3)  # the one thing to do, and where
    assert await page.locator("#yours").inner_text() == asked
    assert not await page.locator("#idle").is_visible(), "not 'nothing to do'"
    place = await box.bounding_box()
    assert place is not None and place["y"] < 844 / 2, "right under the banner, in sight"
    await page.screenshot(path=shots / "phone-deal-asked.png")
    faces = _last_view(frames)["deal"]["faces"]
    locks = next(i for i, f in enumerate(faces) if f["cards"][0].startswith("LOCK-R-S"))
    single = next(i for i, f in enumerate(faces) if len(f["cards"]) == 1)
    assert await page.locator("#audit details.kind-group").count() <= 12, "by kind, not 40 rows"
    await (await face_control(page, faces[locks])).select_option("2")
    await (await face_control(page, faces[single])).check()
    assert await page.locator("#audit-count").inner_text() == "已勾選：3 / 3"
    await page.locator("#audit-send").click()
    await until(lambda: service.seat_view(Seat(2)).telling.told != ())  # type: ignore[union-attr]
    told = service.seat_view(Seat(2)).telling.told  # type: ignore[union-attr]
    face = service.spec.copies(service.table.state).face
    assert sorted(face[c] for c in told) == sorted(
        [*faces[locks]["cards"][:2], faces[single]["cards"][0]]
    )
    assert len(set(told)) == 3  # two copies of the red Lock, named by their face
    sent = text("zh-Hant", "phone.deal_told")
    await page.locator("#deal-waiting").filter(has_text=sent).wait_for()
    assert await page.locator("#audit-box[open]").count() == 1  # still open to put it right
    assert asked not in await page.locator("#yours").inner_text()
    await page.screenshot(path=shots / "phone-deal-told.png")
    await server.stop()


async def test_a_darkfireline_phone_hides_its_identity_shows_its_hand_and_offers_its_kit(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """暗火线 §1.1, §6.2 on the page: the identity behind hold-to-reveal, the hand, and the
    rescue the seat is asked for, answered with its first-aid kit by touch."""
    world = World(tmp_path, first_player(tmp_path), "FIRST_AID-1")
    server, seat, lang = await world.start(), world.asked, "zh-Hant"
    frames: list[Any] = []
    page = await new_phone(browser, "zh-TW", frames)
    await page.goto(server.url(seat))
    await seated(page)
    view = world.service.table.private_view(seat)
    identity = said(lang, "card", view["identity"], "darkfireline")
    assert identity not in await visible_text(page), "hidden until held"
    box = await page.locator("#identity-hold").bounding_box()
    assert box is not None
    await page.mouse.move(box["x"] + 20, box["y"] + 20)
    await page.mouse.down()
    await page.locator("#identity").filter(has_text=identity).wait_for()
    await page.mouse.up()
    hand = view["hand"]
    assert isinstance(hand, list) and await page.locator("#hand .card").count() == len(hand)
    dying = SEATS[world.dying]
    assert text(lang, "prompt.darkfireline.rescue", dying=dying) in await visible_text(page)
    await page.screenshot(path=shots / "phone-darkfireline-rescue.png")

    kit = next(c for c in hand if isinstance(c, str) and c.startswith("FIRST_AID"))
    offer = world.service.spec.codec.encode(FirstAid(seat=seat, card=CardId(kit)))
    await tap_through(page, Voice.of(lang, GAMES["darkfireline"], SEATS).action(offer))
    await until(lambda: world.service.table.state.players[world.dying].health == 1)
    await world.stop()


async def test_an_answer_whose_acknowledgement_is_lost_goes_again_and_is_made_once(
    served: Served, browser: Browser
) -> None:
    """A bad Wi-Fi: the tablet takes the pass, and the socket dies before its "ok" reaches
    the page. The page keeps the answer "sending" (a double tap sends nothing more), sends
    the very same answer on its next socket, is told what the first got, and the pass is
    made once."""
    table = served.table
    seat = table.pending()[0].seats[0]
    sent: list[dict[str, Any]] = []
    sockets: list[WebSocketRoute] = []
    cuts: list[asyncio.Task[None]] = []

    async def route(ws: WebSocketRoute) -> None:
        sockets.append(ws)
        first = len(sockets) == 1
        server = ws.connect_to_server()

        def outgoing(message: str | bytes) -> None:
            if json.loads(message).get("type") == "act":
                sent.append(json.loads(message))
            server.send(message)

        def incoming(message: str | bytes) -> None:
            if first and json.loads(message).get("type") == "ok":
                cuts.append(asyncio.ensure_future(ws.close()))  # lost with the socket
                return
            ws.send(message)

        ws.on_message(outgoing)
        server.on_message(incoming)

    frames: list[Any] = []
    page = await new_phone(browser, "en-US", frames)
    await page.route_web_socket(re.compile(r".*/ws$"), route)
    await page.goto(served.server.url(Seat(seat)))
    await seated(page)
    before = table.seq
    path = next(a["path"] for a in _last_view(frames)["actions"] if a["action"]["act"] == "pass")
    menu = page.locator("#actions")
    for label in path:
        await menu.get_by_role("button", name=label, exact=True).click()
    await menu.locator("#confirm").dblclick()
    await until(lambda: len(sockets) == 2 and _last_view(frames)["seq"] == before + 1)
    await until(lambda: len(sent) == 2)
    assert sent[0] == sent[1] and sent[0]["seq"] == before  # the same answer, sent again
    assert table.seq == before + 1  # made once
    await menu.locator("#confirm").wait_for(state="detached")  # the menu moved on


async def test_a_window_is_passed_with_one_tap_or_left_to_the_table_for_the_turn(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """風聲 §7, as a player meets it: the window asks them; one tap on Pass passes (no
    confirming); in the next window of the turn that asks them, one tap on "pass for me
    until this turn ends" passes there and in every later window of the turn, and the page
    says so, with the way back."""
    service, server = await a_table_in_a_window(tmp_path)
    window = service.window()
    assert window is not None
    seat = window.waiting[0]
    frames: list[Any] = []
    page = await new_phone(browser, LOCALES[seat], frames)
    await page.goto(server.url(Seat(seat)))
    await seated(page)
    lang = LANGS[seat]
    menu, standing = page.locator("#actions"), page.locator("#standing")
    before = service.seq
    (label,) = next(
        a["path"] for a in _last_view(frames)["actions"] if a["action"]["act"] == "pass"
    )
    await menu.get_by_role("button", name=label, exact=True).click()
    await until(lambda: service.seq > before)
    assert service.journal.entries(service.game_id)[-1].action == {"act": "pass", "seat": seat}
    assert await menu.locator("#confirm").count() == 0
    rng, turn = random.Random(4), service.table.state.turn
    while not (asked := service.window()) or seat not in asked.waiting:  # the next that asks it
        other = sorted(waiting_on(service.pending()) - {seat}) or [seat]
        service.submit(choose(service.spec, service.table.state, rng.choice(other), rng,
                              {"hold": 0.0}))  # fmt: skip
        if service.table.state.turn != turn or service.over() is not None:
            pytest.skip("no second window of the turn asked this seat at this seed")
    await standing.get_by_role("button", name=text(lang, "phone.stand.turn")).click()
    await standing.get_by_text(text(lang, "phone.standing.turn")).wait_for()
    await until(lambda: service.standing(Seat(seat)) is not None)
    now = service.window()
    assert now is None or seat not in now.waiting
    await page.screenshot(path=shots / "phone-standing-aside.png", full_page=True)
    await standing.get_by_role("button", name=text(lang, "phone.stand.cancel")).click()
    await until(lambda: service.standing(Seat(seat)) is None)
    await server.stop()


async def test_a_drawn_card_is_told_in_two_taps_by_kind_then_face_on_a_small_phone(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """風聲 §4 (draw two), no reader: the drawer tells each card on the page, which opens on
    the cards' kinds — no "the card I drew" step, no 40-button list — then the faces of the
    kind picked, whose tap tells it. The prompt says "card 1 of 2", and the
    first choice shows without scrolling at 360×640."""
    journal = Journal(tmp_path / "j.sqlite3")
    service = TableService.start(journal, "themessage", SEATS, draws=Draws.TOLD,
                                 dealer=Dealer.APP, rng=random.Random(6))  # fmt: skip
    while (prompt := service.pending()[0]).kind != "tell_draw":  # the turn starts: draw two
        (draw,) = service.table.legal_actions(prompt.seats[0])
        service.submit(draw)
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    seat = prompt.seats[0]
    context = await browser.new_context(viewport={"width": 360, "height": 640}, locale="en-US",
                                        is_mobile=True, has_touch=True)  # fmt: skip
    page = await context.new_page()
    await page.goto(server.url(Seat(seat)))
    await page.locator("#summary").filter(has_text=re.compile(".+")).wait_for()
    await page.locator("#yours").filter(has_text="card 1 of 2").wait_for()
    menu = page.locator("#actions")
    kinds = await menu.locator(".choice").all_inner_texts()
    assert "Probe" in kinds and len(kinds) <= 12, kinds
    assert text("en", "act.tell_draw") not in kinds
    first = await menu.locator(".choice").first.bounding_box()
    assert first is not None and first["y"] + first["height"] <= 640
    await page.screenshot(path=shots / "phone-tell-draw.png")
    told = service.seq
    await menu.get_by_role("button", name="Probe", exact=True).click()  # tap 1
    await page.screenshot(path=shots / "phone-tell-draw-probes.png")
    probes = await menu.locator(".choice").all_inner_texts()
    assert len(probes) > 1 and all(p.startswith("Probe") for p in probes), probes
    # Not sure which card it is? What a probe does is a tap away, under the picker.
    await menu.locator(".picker-help summary").click()
    probe = next(
        str(a["card"]) for a in service.seat_view(seat).actions if "PROBE" in str(a["card"])
    )
    help_text = Voice.of("en", GAMES["themessage"], SEATS).explain(probe)
    assert help_text and help_text in await menu.locator(".picker-help .card-help").inner_text()
    await page.screenshot(path=shots / "phone-tell-draw-help.png")
    await menu.locator(".choice").first.click()  # tap 2: told
    await until(lambda: service.seq > told)
    made = service.journal.entries(service.game_id)[-1].action
    assert made["act"] == "tell_draw" and made["seat"] == seat
    await page.locator("#yours").filter(has_text="card 2 of 2").wait_for()
    await server.stop()


async def test_a_card_decoded_stands_under_the_question_to_take_it_and_says_itself_held(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """風聲 §6.5, §5.2 step 3: the seat that decoded the intelligence decides whether to
    take it. What it saw stood a screen below, among the secrets; it now stands under the
    question, in sight at 360×640, kept back from a glance until held."""
    journal = Journal(tmp_path / "j.sqlite3")
    service = TableService.start(journal, "themessage", SEATS, draws=Draws.APP,
                                 rng=random.Random(3))  # fmt: skip
    rng = random.Random(3)
    while True:
        asked = {p.kind: p.seats[0] for p in service.pending()}
        seat = asked.get("decide")
        if seat is not None and service.seat_view(seat).private["transit_card"] is not None:
            view = service.seat_view(seat)
            if any(s["kind"] == "decoded" for s in objects(view.private["secrets"])):
                break
        seat = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(choose(service.spec, service.table.state, seat, rng,
                              {"hold": 0.0, "decode": 20}))  # fmt: skip
        assert service.over() is None, "a game with no decoded card decided"
    card = said("en", "card", view.private["transit_card"], "themessage")
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    page = await new_phone(browser, "en-US", [], SMALL)
    await page.goto(server.url(Seat(seat)))
    await seated(page)
    recall = page.locator("#recall")
    await recall.wait_for()
    assert card not in await recall.inner_text()
    assert "decoded" in await recall.inner_text()
    button = recall.locator("button.see")
    box = await button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= SMALL["height"], "in sight"
    await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await page.mouse.down()
    await recall.filter(has_text=card).wait_for()
    await page.screenshot(path=shots / "phone-decoded-recalled.png")
    await page.mouse.up()
    await recall.filter(has_not_text=card).wait_for()
    decided = service.seq
    await page.locator("#actions button").first.click()  # take it, or refuse it
    await page.locator("#actions #confirm").click()
    await until(lambda: service.seq > decided)
    await recall.wait_for(state="hidden")
    await server.stop()


async def accessibility_violations(page: Page) -> list[str]:
    """What axe-core finds wrong with the page as it is now, for people who use a screen
    reader, a keyboard or a large font: each rule broken, with the first places."""
    await page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[str] = await page.evaluate(
        """async () => (await axe.run()).violations.map(v =>
            `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' '))}`)"""
    )
    return found


async def test_the_page_breaks_no_accessibility_rule_in_any_state_a_player_meets(
    browser: Browser, tmp_path: Path
) -> None:
    """axe-core, 0 violations: a 風聲 phone mid-game (a window asking it, a standing answer
    offered, the table's face-up cards, the history), a card's text open, the notes open,
    a drawn card being told, the game over; and the page for a wrong code."""
    journal = Journal(tmp_path / "j.sqlite3")
    service = TableService.start(journal, "themessage", SEATS, draws=Draws.TOLD,
                                 dealer=Dealer.APP, rng=random.Random(5))  # fmt: skip
    rng = random.Random(5)
    while (prompt := service.pending()[0]).kind != "tell_draw":
        (draw,) = service.table.legal_actions(prompt.seats[0])
        service.submit(draw)
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    seen: dict[str, list[str]] = {}
    pages = []
    for seat in range(len(SEATS)):
        page = await new_phone(browser, LOCALES[seat], [])
        pages.append(page)
        await page.goto(server.url(Seat(seat)))
        await seated(page)
        if seat == prompt.seats[0]:
            seen["telling a drawn card"] = await accessibility_violations(page)
        await page.locator("#hand .card").first.click()
        await page.locator("#notes-box summary").click()
        seen[f"seat {seat}, a card and the notes open"] = await accessibility_violations(page)
    while service.window() is None:
        seat = rng.choice(sorted(waiting_on(service.pending())))
        service.submit(choose(service.spec, service.table.state, seat, rng, {"hold": 0.0}))
    asked = service.window()
    assert asked is not None
    page = pages[asked.waiting[0]]
    await page.locator("#standing button").first.wait_for()
    seen["a window asking the seat"] = await accessibility_violations(page)
    service.submit(EndGame())
    await page.locator("#over").wait_for()
    seen["the game over"] = await accessibility_violations(page)
    page = await new_phone(browser, "zh-TW", [])
    await page.goto(server.url(Seat(0)).split("#")[0] + "#t=not-a-real-token-at-all")
    await page.locator("#denied").wait_for()
    seen["a wrong code"] = await accessibility_violations(page)
    await server.stop()
    assert seen == {state: [] for state in seen}


def _rgb(hex_code: str) -> str:
    """A colour as the browser computes it."""
    r, g, b = (int(hex_code[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


async def test_after_play_again_the_page_comes_back_to_its_seat_by_itself(
    browser: Browser, tmp_path: Path
) -> None:
    """Game over, then "play again" on the tablet: the finished game's server closes, the
    next game's opens on the same address with the same codes; the page finds its way back
    by itself — no scanning — and shows the new game's hand, its notes a new page."""
    journal = Journal(tmp_path / "j.sqlite3")
    first = TableService.start(journal, "microfilms", SEATS, draws=Draws.APP, rng=random.Random(1))
    server = PhoneServer(first, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    page = await new_phone(browser, "en-US", [])
    await page.goto(server.url(Seat(2)))
    await seated(page)
    first.submit(EndGame())
    await page.locator("#over").wait_for()
    port = server.port
    await server.stop()
    again = TableService.again(journal, first.game_id, rng=random.Random(2))
    server = PhoneServer(again, host="127.0.0.1", port=port, bind="127.0.0.1")
    await server.start()
    await page.locator("#over").wait_for(state="hidden", timeout=30_000)
    hand = again.table.private_view(Seat(2))["hand"]
    assert isinstance(hand, list)
    names = [said("en", "card", c["card"] if isinstance(c, dict) else c) for c in hand]
    shown = await page.locator("#hand .card .card-name").all_inner_texts()
    assert shown == names
    await server.stop()


async def test_a_first_game_phone_explains_its_prompt_once_and_keeps_it_explained(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """Issue: a first game needs no rulebook — the phone explains its own prompt (風聲's turn
    start, themessage.md §4) the first time it comes; "Got it" puts it away, for good on
    this phone: a reload does not show it again."""
    service = TableService.start(
        Journal(tmp_path / "j.sqlite3"), "themessage", SEATS, rng=random.Random(4),
        draws=Draws.APP, teach=True,
    )  # fmt: skip
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    try:
        seat = service.table.pending()[0].seats[0]
        context = await browser.new_context(viewport={"width": 360, "height": 640}, locale="en")
        page = await context.new_page()
        await page.goto(server.url(Seat(seat)))
        lesson = page.locator("#teach-box")
        await lesson.wait_for()
        assert await page.locator("#teach-text").inner_text() == text("en", "teach.themessage.turn")
        assert await lesson.is_visible() and await page.locator("#teach-ok").is_visible()
        await page.screenshot(path=shots / "phone-teach.png")
        offered = json.loads(server.frame(Seat(seat), "en"))["actions"]
        longest = max((a for a in offered if not a["now"]), key=lambda a: len(a["path"]))
        for label in longest["path"]:  # chosen with the lesson still up, on a small phone
            await page.locator("#actions").get_by_role("button", name=label, exact=True).click()
        assert await in_sight(page, page.locator("#confirm")), "Confirm, once chosen, in sight"
        await page.locator("#teach-ok").click()
        await lesson.wait_for(state="hidden")
        await page.reload()
        await page.locator("#actions .choice").first.wait_for()
        assert not await lesson.is_visible(), "explained once on this phone"
        await context.close()
    finally:
        await server.stop()


async def test_the_room_screen_shows_the_public_table_and_a_player_out_is_offered_it(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """Issue: a screen for the room — the public table on a television or a laptop, in the
    browser's language, following every move; nothing of any seat's own on it; a player
    out of the game (風聲 §8: dead or lost) is offered it on their phone. axe-core finds no
    broken rule on it."""
    names = ("Ann", "Ben", "Cat", "Dan", "Eve")
    table = Table.start(Journal(tmp_path / "j.sqlite3"), "themessage", names, rng=random.Random(1))
    service, face = TableService(table), face_of("themessage")
    server = PhoneServer(service, host="127.0.0.1", port=0, bind="127.0.0.1")
    await server.start()
    try:
        context = await browser.new_context(viewport={"width": 1280, "height": 720}, locale="zh-TW")
        room = await context.new_page()
        await room.goto(f"http://127.0.0.1:{server.port}/room")
        await room.locator("#seats li").first.wait_for()
        assert await room.locator("html").get_attribute("lang") == "zh-Hant"
        seats = await room.locator("#seats li .seat-name").all_inner_texts()
        assert seats == list(names)
        assert await room.locator("#hand, #actions, #secrets, #me, #teach-box").count() == 0
        voice = Voice.of("zh-Hant", table.spec, names)

        def out() -> list[int]:
            return [i for i in range(len(names)) if face.seat(table.public_view(), i, voice).out]

        rng = random.Random(1)  # a game in which Dan is out after 430 moves
        while not out():
            seat = sorted(waiting_on(table.spec.pending(table.state)))[0]
            table.submit(choose(table.spec, table.state, seat, rng, {}))
        await room.locator("#seats li.out").first.wait_for()
        assert await room.locator("#seats li.out .seat-name").all_inner_texts() == [names[out()[0]]]
        assert await accessibility_violations(room) == []
        await room.screenshot(path=shots / "room-zh-Hant.png", full_page=True)
        phone = await context.new_page()
        await phone.goto(server.url(Seat(out()[0])))
        link = phone.locator("#room-link")
        await link.wait_for()
        said = await phone.locator("#idle").inner_text()
        assert said == text("zh-Hant", "phone.out_idle"), "told it is out, not to wait"
        assert await link.get_attribute("href") == "/room?lang=zh-Hant"
        place = await link.bounding_box()
        assert place is not None and place["height"] >= 44, "a thumb can hit it"
        await link.click()
        await phone.wait_for_url("**/room?lang=zh-Hant")
        await phone.locator("#seats li").first.wait_for()
        living = await context.new_page()
        await living.goto(server.url(Seat(next(i for i in range(5) if i not in out()))))
        await living.locator("#seats li").first.wait_for()
        assert not await living.locator("#room-link").is_visible(), "only for a player out"
        await context.close()
    finally:
        await server.stop()
