"""The Island on a phone and by keyboard (issue 35, "The browser"): a board wider than the phone says
that it pans and offers the whole island; its frame is reachable by keyboard when it holds no target
(axe's scrollable-region-focusable, at the end of a game); and one decision takes a few Tabs: the
legal targets of a picture are one Tab stop, the arrow keys move between them."""

from __future__ import annotations

import contextlib
import random
import time

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_phone import PHONE, SMALL_TARGETS, phone_page
from web_testing import (
    MAX_CLICKS,
    ConsoleWatch,
    WebServer,
    click_one,
    create_room_from_lobby,
    new_context,
    serious_accessibility_violations,
    table,
    wait_for_turn_or_end,
)

from asobiba.server.client import create_room, room_summary

#: The board's column labels (c0…c11) wholly inside the frame that shows the board.
SHOWN_COLUMNS = """() => { const frame = document.querySelector('.board-wrap').getBoundingClientRect();
  return [...document.querySelectorAll('.board text.edge')].filter(t => t.textContent.startsWith('c'))
    .filter(t => { const r = t.getBoundingClientRect();
      return r.left >= frame.left - 1 && r.right <= frame.right + 1; })
    .map(t => t.textContent); }"""
#: What has the keyboard now: its target's kind and key, or the element's tag.
FOCUSED = """() => { const e = document.activeElement;
  if (!e || e === document.body) return null;
  const picked = e.matches('[role=button][tabindex]') && e.closest('.play');
  return {target: Boolean(picked), key: e.dataset.choice || e.dataset.action || e.tagName,
    board: Boolean(e.closest('.board')), unplaced: Boolean(e.closest('.unplaced'))}; }"""


def until(page: Page, rng: random.Random, selector: str) -> None:
    for _ in range(MAX_CLICKS):
        state = table(page)
        assert state.get("phase") != "over", f"the game ended before {selector} came"
        if state.get("current") == "yes" and page.query_selector(selector):
            return
        if state.get("current") == "yes" and click_one(page, rng):
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    raise AssertionError(f"{selector} never came")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_on_a_phone_the_island_says_that_it_pans_and_shows_all_of_it_on_request(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, lang: str
) -> None:
    page = console.watch(phone_page(browser, lang))
    create_room_from_lobby(page, shared_web_server.base_url, "survive", 2, {1: "bot:random"})
    until(page, random.Random(4), ".play .unplaced [data-choice]")
    page.wait_for_selector("#board-pans")
    shown = page.evaluate(SHOWN_COLUMNS)
    assert len(shown) < 12  # the island is wider than the phone, at a size a finger can tap
    assert page.locator("#board-pans").is_visible() and page.inner_text("#board-pans").strip()
    assert page.evaluate(SMALL_TARGETS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # the frame pans, not the page
    page.click("[data-board-zoom=fit]")
    page.wait_for_function(
        "() => { const f = document.querySelector('.board-wrap'); return f.scrollWidth <= f.clientWidth; }"
    )
    assert page.evaluate(SHOWN_COLUMNS) == [f"c{column}" for column in range(12)]
    page.click("[data-board-zoom=in]")
    page.wait_for_function(
        "() => { const f = document.querySelector('.board-wrap'); return f.scrollWidth > f.clientWidth; }"
    )
    page.context.close()


def test_at_the_end_the_islands_frame_is_reachable_by_keyboard(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    base = shared_web_server.base_url
    made = create_room(base, "survive", 2, seats={"0": "bot:random", "1": "bot:random"}, bot_delay=0)
    deadline = time.monotonic() + 120
    while room_summary(base, made["room"])["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    page = console.watch(phone_page(browser, "ja"))
    page.goto(f"{base}/r/{made['room']}#watch")
    page.wait_for_selector("#table[data-phase=over]")
    page.wait_for_selector("#result")
    violations = serious_accessibility_violations(page)
    assert [line for line in violations if line.startswith("scrollable-region-focusable")] == [], violations
    assert page.get_attribute(".board-wrap", "tabindex") == "0"
    page.focus(".board-wrap")
    before = page.evaluate("document.querySelector('.board-wrap').scrollLeft")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("(x) => document.querySelector('.board-wrap').scrollLeft > x", arg=before)
    page.context.close()


def tabs_to_a_target(page: Page, limit: int = 60) -> int:
    """Tabs from the page's start until a legal target of the picture has the keyboard."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    page.focus("body")
    for count in range(1, limit + 1):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused and focused["target"]:
            return count
    raise AssertionError(f"no target after {limit} Tabs")


def test_a_decision_on_the_island_takes_a_few_tabs_and_the_arrow_keys(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "survive", 2, {1: "bot:random"})
    until(page, random.Random(8), ".play .unplaced [data-choice]")
    # the explorers to place and the island are one Tab stop each: no target waits behind another's Tab
    assert page.evaluate("document.querySelectorAll('.play .unplaced [tabindex=\"0\"]').length") == 1
    tabs = tabs_to_a_target(page)
    assert page.evaluate(FOCUSED)["unplaced"]
    first = page.evaluate(FOCUSED)["key"]
    page.keyboard.press("ArrowRight")
    second = page.evaluate(FOCUSED)
    assert second["target"] and second["key"] != first  # the next explorer, by the arrow key
    page.keyboard.press("Enter")  # picked: the island's free land spaces are the targets now
    page.wait_for_selector(".action-bar .picked")
    page.wait_for_function("() => document.querySelectorAll('.play .board [tabindex=\"0\"]').length === 1")
    seq = table(page)["seq"]
    page.wait_for_function("() => document.activeElement.closest('.board')")  # the next step's target, at once
    at = page.evaluate(FOCUSED)["key"]
    for key in ("ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft"):
        page.keyboard.press(key)
        moved = page.evaluate(FOCUSED)
        assert moved["board"] and moved["target"]
    page.keyboard.press("End")
    assert (
        page.evaluate(FOCUSED)["key"] != at
        or page.evaluate("document.querySelectorAll('.board .pickable').length") == 1
    )
    page.keyboard.press("Enter")
    page.wait_for_function("(seq) => document.querySelector('#table').dataset.seq !== seq", arg=seq)
    print(f"Tabs from the page's start to the first target: {tabs}")
    assert tabs <= 8, tabs
    context.close()


def test_a_stack_opened_by_keyboard_keeps_the_keyboard_in_its_chooser(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "survive", 2, {1: "bot:random"})
    rng = random.Random(21)
    for _ in range(MAX_CLICKS):
        state = table(page)
        assert state.get("phase") != "over", "the game ended before a stack could be picked"
        if state.get("current") == "yes" and page.query_selector(".play [data-stack-chooser]"):
            page.click(".play [data-stack-chooser] .close")  # one a random click opened
            continue
        if state.get("current") == "yes" and page.query_selector(".play [data-choice^='stack:']"):
            # a new position closes the chooser: our last step may still be on its way, so open the
            # stack and look again when that position came (seq moved on) before the chooser was read
            page.focus(".play [data-choice^='stack:']")
            page.keyboard.press("Enter")
            with contextlib.suppress(PlaywrightTimeout):  # shut at once by the position that came
                page.wait_for_selector(".play [data-stack-chooser]", timeout=3000)
            page.wait_for_timeout(300)  # the board's redraw after the chooser took the keyboard
            if table(page).get("seq") == state.get("seq") and page.query_selector(".play [data-stack-chooser]"):
                break
            continue
        if state.get("current") == "yes" and click_one(page, rng):
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    assert page.evaluate("() => Boolean(document.activeElement.closest('[data-stack-chooser]'))")
    # the stack again while its chooser is open (Enter on it, as after a tap opened it): the keyboard
    # goes back into the chooser, not left on the stack under it
    page.focus(".play [data-choice^='stack:']")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert page.evaluate("() => Boolean(document.activeElement.closest('[data-stack-chooser]'))")
    context.close()
