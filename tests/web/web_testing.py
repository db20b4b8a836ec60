"""Helpers of the browser tests: a real ``asobiba serve`` (with the client's extra routes of
``asobiba.server.web`` mounted), Debian's Chromium through Playwright, and a player that clicks
``data-action`` / ``data-choice`` elements until the game ends."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Error, Page

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from server_testing import ServerProcess

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: No single wait of a browser test is longer.
WAIT_MS = 45_000
#: A game that has not ended after this many clicks is a failure.
MAX_CLICKS = 1500
#: What a player may click: the picture's and the choice bar's pickable elements (not the fallback list).
PICKABLE = ".play [data-action]:not([data-list]), .play [data-choice]"


class WebServer(ServerProcess):
    """A real ``asobiba serve`` process, which serves the browser client; ``kill()`` and ``start()``
    as in the server tests."""


@contextmanager
def web_server(directory: Path) -> Iterator[WebServer]:
    process = WebServer(directory / "asobiba.db", directory / "server.log")
    process.start()
    try:
        yield process
    finally:
        process.stop()


class ConsoleWatch:
    """Every console error and uncaught page error of the pages it watches."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Page) -> Page:
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        return page


def new_context(browser: Browser, lang: str, width: int = 1200, height: int = 900) -> BrowserContext:
    """A fresh browser profile reading ``lang``, showing others' moves at once (speed 0)."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="ja-JP" if lang == "ja" else "en-US"
    )
    context.add_init_script(
        f"if (!localStorage.getItem('asobiba.lang')) localStorage.setItem('asobiba.lang', '{lang}');"
        "localStorage.setItem('asobiba.speed', '0');"
    )
    context.set_default_timeout(WAIT_MS)
    return context


def create_room_from_lobby(
    page: Page,
    base_url: str,
    game: str,
    players: int,
    bots: dict[int, str],
    options: dict[str, str] | None = None,
    seat_zero: str = "human",
    bot_delay: str = "0",
) -> str:
    """Fill in the lobby's form and create the room; returns the room id (the page is in the room)."""
    page.goto(base_url + "/")
    page.click(f"[data-game={game}]")
    page.select_option("#players", str(players))
    page.select_option("#seat-0", seat_zero)
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", bots.get(seat, "human"))
    for name, value in (options or {}).items():
        page.fill(f"#option-{name}", value)
    page.select_option("#bot-delay", bot_delay)
    page.click("#create-room")
    page.wait_for_url("**/r/*")
    page.wait_for_selector("#table")
    return page.url.rsplit("/", 1)[1].split("#")[0]


#: The impacts an accessibility check refuses (axe-core's two worst of four).
REFUSED_IMPACTS = frozenset({"serious", "critical"})


def serious_accessibility_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each (rule,
    impact, the first few elements, the first element's failure summary)."""
    results = Axe().run(page)
    return [
        f"{violation['id']} ({violation['impact']}): {[node['target'] for node in violation['nodes'][:3]]} "
        f"{violation['nodes'][0].get('failureSummary', '')[:200]}"
        for violation in results.response["violations"]
        if violation["impact"] in REFUSED_IMPACTS
    ]


#: The contrast ratio (WCAG's, 1 to 21) of the text of ``panel``'s element ``text`` against the
#: panel's own background colour; called with [panel selector, text selector].
TEXT_CONTRAST = """([panel, text]) => {
  const box = document.querySelector(panel), words = box.querySelector(text);
  const luminance = (colour) => {
    const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map((v) => Number(v) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [luminance(getComputedStyle(words).color), luminance(getComputedStyle(box).backgroundColor)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""
#: WCAG AA's least contrast for normal text.
AA_CONTRAST = 4.5


def table(page: Page) -> dict[str, Any]:
    """The table root's data attributes (seq, phase, seat, current)."""
    found: dict[str, Any] = page.evaluate(
        "() => { const t = document.querySelector('#table'); return t ? {...t.dataset} : {}; }"
    )
    return found


def wait_for_turn_or_end(page: Page, seq: str | None) -> None:
    """Until the game is over, or the position moved on, or it is our turn at a current position."""
    page.wait_for_function(
        "(seq) => { const t = document.querySelector('#table');"
        " return t && (t.dataset.phase === 'over' || t.dataset.seq !== seq ||"
        f" (t.dataset.current === 'yes' && document.querySelector({json.dumps(PICKABLE)}) !== null)); }}",
        arg=seq,
        timeout=WAIT_MS,
    )


def click_one(page: Page, rng: random.Random) -> bool:
    """Choose one pickable element at random and activate it as a person would: a click, or for a
    board space (an SVG group under pieces) the keyboard (focus, Enter). False if none was there."""
    handles = page.query_selector_all(PICKABLE)
    if not handles:
        return False
    element = rng.choice(handles)
    try:
        if element.evaluate("e => e instanceof SVGGElement && e.classList.contains('hex')"):
            element.focus()
            page.keyboard.press("Enter")
        else:
            element.click(timeout=3000)
    except Error:  # the position moved on under the pointer: look again
        return False
    return True


def play_until_over(page: Page, rng: random.Random, stop_after: int | None = None) -> int:
    """Play our seat by clicking until the game is over (or ``stop_after`` clicks); returns the clicks."""
    clicks = 0
    for _ in range(MAX_CLICKS * 4):
        state = table(page)
        if state.get("phase") == "over":
            return clicks
        if stop_after is not None and clicks >= stop_after:
            return clicks
        if state.get("current") == "yes" and click_one(page, rng):
            clicks += 1
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    raise AssertionError(f"the game did not end after {clicks} clicks")
