"""A phone (390×844, touch): no sideways page scroll, every choice on the picture at least 32×32 CSS
px at the default zoom (the island pans inside its frame), and Cockroach Poker's answer and claim
buttons on screen without scrolling when the decision is ours."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page
from web_testing import (
    AA_CONTRAST,
    MAX_CLICKS,
    TEXT_CONTRAST,
    ConsoleWatch,
    WebServer,
    click_one,
    create_room_from_lobby,
    table,
    wait_for_turn_or_end,
)

PHONE = {"width": 390, "height": 844}

#: Every visible [data-action] of the table and the choice bar smaller than 32×32 CSS px (the list of all
#: moves is a list of buttons of its own, folded away).
SMALL_TARGETS = """() => [...document.querySelectorAll('.play [data-action]:not([data-list]), .play [data-choice]')]
  .map(e => [e.dataset.action || e.dataset.choice, e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.width < 32 || r.height < 32))
  .map(([a, r]) => `${a} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def phone_page(browser: Browser, lang: str) -> Page:
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP" if lang == "ja" else "en-US"
    )
    context.add_init_script(
        f"localStorage.setItem('asobiba.lang', '{lang}'); localStorage.setItem('asobiba.speed', '0');"
    )
    context.set_default_timeout(45_000)
    return context.new_page()


def our_decision(page: Page, rng: random.Random, clicks: int) -> None:
    """Play ``clicks`` clicks, then wait until the decision is ours (or the game is over)."""
    done = 0
    while done < clicks and table(page).get("phase") != "over":
        state = table(page)
        if state.get("current") == "yes" and click_one(page, rng):
            done += 1
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    wait_for_turn_or_end(page, None)


@pytest.mark.parametrize(
    ("game", "players", "clicks"), [("cockroach-poker", 3, 0), ("paper-safari", 2, 3), ("survive", 2, 6)]
)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_phone_shows_the_table_without_sideways_scroll_and_with_touch_sized_choices(
    browser: Browser,
    shared_web_server: WebServer,
    console: ConsoleWatch,
    game: str,
    players: int,
    clicks: int,
    lang: str,
) -> None:
    page = console.watch(phone_page(browser, lang))
    create_room_from_lobby(
        page, shared_web_server.base_url, game, players, dict.fromkeys(range(1, players), "bot:random")
    )
    our_decision(page, random.Random(game), clicks)
    for _ in range(3):
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], f"{game} scrolls sideways"
        assert page.evaluate(SMALL_TARGETS) == []
        our_decision(page, random.Random(f"{game}-more"), 2)
    page.context.close()


def test_cockroach_pokers_answer_and_claim_buttons_are_on_screen_when_it_is_our_decision(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    page = console.watch(phone_page(browser, "ja"))
    create_room_from_lobby(page, shared_web_server.base_url, "cockroach-poker", 3, {1: "bot:random", 2: "bot:random"})
    rng = random.Random(5)
    seen = 0
    for _ in range(300):
        state = table(page)
        if state.get("phase") == "over" or seen >= 6:
            break
        if state.get("current") != "yes" or not page.query_selector(".play [data-action], .play [data-choice]"):
            wait_for_turn_or_end(page, state.get("seq"))
            continue
        # every button's box read at one moment (a bot's move may redraw the bar between two reads)
        boxes = page.evaluate(
            """() => { window.scrollTo(0, 0);
              return [...document.querySelectorAll('.action-bar [data-action], .action-bar [data-choice]')]
                .map(button => { const r = button.getBoundingClientRect(); return {y: r.y, height: r.height}; }); }"""
        )
        if boxes:
            for box in boxes:
                assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
            seen += 1
        click_one(page, rng)
    assert seen >= 1, "no decision with answer or claim buttons came"
    page.context.close()


def test_a_stack_of_survive_pieces_is_one_touch_target_that_opens_a_chooser_of_its_pieces(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    """A boat with explorers (or explorers sharing a space) is too small to tap piece by piece: the
    stack is one target of at least 32×32 px, its chooser lists each piece that can be picked, and a
    boat under its explorers stays pickable there."""
    page = console.watch(phone_page(browser, "en"))
    create_room_from_lobby(page, shared_web_server.base_url, "survive", 2, {1: "bot:random"})
    rng = random.Random(21)
    for _ in range(MAX_CLICKS):
        state = table(page)
        assert state.get("phase") != "over", "the game ended before a stack could be picked"
        if state.get("current") == "yes" and page.query_selector(".play [data-choice^='stack:']"):
            break
        if state.get("current") == "yes" and page.query_selector(".play [data-stack-chooser]"):
            page.click(".play [data-stack-chooser] .close")
            continue
        if state.get("current") == "yes" and click_one(page, rng):
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    assert page.evaluate(SMALL_TARGETS) == []
    stack = page.locator(".play [data-choice^='stack:']").first
    cell = (stack.get_attribute("data-choice") or "").removeprefix("stack:")
    stack.tap()
    chooser = page.locator(f".play [data-stack-chooser='{cell}']")
    chooser.wait_for()
    selector = f".play [data-stack-chooser='{cell}']"
    assert page.evaluate(TEXT_CONTRAST, [selector, "b"]) >= AA_CONTRAST, "the chooser's title cannot be read"
    buttons = chooser.locator("[data-action], [data-choice]")
    assert buttons.count() >= 1
    assert page.evaluate(SMALL_TARGETS) == []
    seq = table(page).get("seq")
    buttons.first.tap()
    page.wait_for_function(
        "(seq) => document.querySelector('#table').dataset.seq !== seq"
        " || document.querySelector('.action-bar .picked')",
        arg=seq,
    )
    page.context.close()
