"""The room's words, as a player reads them (issue 35, "The browser"): the seats go by their names in
the move and confirm buttons, the list of moves and the picked strip, never as p1; a prompt about
another player's decision does not say "your"; the lobby gives Cockroach Poker's player counts of its
default rules; an explorer is labelled by what the reader sees of it; the claim reads "It is clubs";
Paper Safari's standings count tokens; an invite page has one way to join."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, Page
from web_testing import (
    MAX_CLICKS,
    ConsoleWatch,
    WebServer,
    click_one,
    create_room_from_lobby,
    new_context,
    play_until_over,
    table,
    wait_for_turn_or_end,
)

from asobiba.server.client import create_room

#: A seat written as the notation writes it.
SEAT_WORD = re.compile(r"(?<![A-Za-z0-9_#])p\d{1,2}(?![A-Za-z0-9_])")

#: Every word of the choice bar and the list of moves (folded or not), and every label of the picture.
CHOICE_WORDS = """() => [
  ...[...document.querySelectorAll('.action-bar .picked, .action-bar button, .all-moves button')]
    .map(e => e.textContent),
  ...[...document.querySelectorAll('.play [aria-label]')].map(e => e.getAttribute('aria-label')),
]"""


def our_offer_first(page: Page, base: str) -> None:
    """A Cockroach Poker room of three where seat 0 (this page, Aki) offers first, with two bots."""
    made = create_room(
        base,
        "cockroach-poker",
        3,
        seats={"1": "bot:random", "2": "bot:random"},
        options={"first_player": 0},
        name="Aki",
        bot_delay=0,
    )
    page.goto(f"{base}/r/{made['room']}#token={made['token']}")
    page.wait_for_selector("#table")


def until(page: Page, rng: random.Random, selector: str) -> None:
    """Play at random until ``selector`` is on the table at a current position of ours."""
    for _ in range(MAX_CLICKS):
        state = table(page)
        assert state.get("phase") != "over", f"the game ended before {selector} came"
        if state.get("current") == "yes" and page.query_selector(selector):
            return
        if state.get("current") == "yes" and click_one(page, rng):
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    raise AssertionError(f"{selector} never came")


@pytest.mark.parametrize(("lang", "bot"), [("ja", "ボット1"), ("en", "Bot 1")])
def test_the_move_buttons_and_the_picked_strip_name_the_seats_as_the_log_does(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, lang: str, bot: str
) -> None:
    context = new_context(browser, lang, width=390, height=844)
    page = console.watch(context.new_page())
    our_offer_first(page, shared_web_server.base_url)
    until(page, random.Random(lang), ".play .hand [data-choice^='card=']")
    page.click(".play .hand [data-choice^='card=']")
    page.wait_for_selector(".action-bar .picked")
    page.click(".play .seat-panel[data-player='1']")
    page.wait_for_function("() => document.querySelector('.action-bar .picked').textContent.includes('→')")
    strip = page.inner_text(".action-bar .picked")
    assert strip.endswith(f"→ {bot}"), strip  # "スペード 4 → ボット1", not "→ p1"
    claims = page.locator(".action-bar button[data-action]")
    assert claims.count() >= 2
    assert bot in claims.first.inner_text()
    words = page.evaluate(CHOICE_WORDS)
    assert [text for text in words if SEAT_WORD.search(text or "")] == []
    context.close()


def test_a_prompt_about_another_players_decision_does_not_say_your(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "survive", 2, {1: "bot:random"}, bot_delay="1")
    rng = random.Random(3)
    seen = []
    for _ in range(200):
        prompt = page.inner_text("#decision")
        if "is deciding" in prompt:
            seen.append(prompt)
            if len(seen) >= 2:
                break
            page.wait_for_function("(text) => document.querySelector('#decision').innerText !== text", arg=prompt)
            continue
        state = table(page)
        if state.get("current") == "yes" and click_one(page, rng):
            page.wait_for_timeout(150)
            continue
        page.wait_for_timeout(100)
    assert seen, "the bot's decision was never shown"
    for prompt in seen:
        assert "Bot is deciding:" in prompt
        assert not re.search(r"\byour\b", prompt, re.IGNORECASE), prompt  # "place one of their explorers…"
    context.close()


@pytest.mark.parametrize(("lang", "words"), [("en", ["3–5 players", "2–6 with other rules"]), ("ja", ["3～5人"])])
def test_the_lobby_gives_the_player_counts_of_cockroach_pokers_default_rules(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, lang: str, words: list[str]
) -> None:
    context = new_context(browser, lang)
    page = console.watch(context.new_page())
    page.goto(shared_web_server.base_url + "/")
    button = page.locator("[data-game=cockroach-poker]")
    button.wait_for()
    text = button.inner_text()
    for word in words:
        assert word in text, text
    assert not text.split("\n")[1].startswith(("2–6", "2～6")), text  # the default (trump) rules take 3–5
    assert [int(value) for value in page.eval_on_selector_all("#players option", "os => os.map(o => o.value)")] == [
        3,
        4,
        5,
    ]
    context.close()


def test_an_explorer_is_labelled_by_what_its_player_sees_of_it(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "ja")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "survive", 2, {1: "bot:random"})
    until(page, random.Random(1), ".unplaced [data-choice]")
    explorer = page.locator(".unplaced [data-choice]").first
    value = explorer.locator("text").text_content() or ""
    label = explorer.get_attribute("aria-label") or ""
    explorer.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".action-bar .picked")
    strip = page.inner_text(".action-bar .picked")
    for text in (label, strip):
        assert "#" not in text and text.endswith(f"の{value}"), (text, value)  # 青の4, not 青#5
    context.close()


def test_the_claim_reads_it_is_clubs(browser: Browser, shared_web_server: WebServer, console: ConsoleWatch) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "cockroach-poker", 3, {1: "bot:random", 2: "bot:random"})
    until(page, random.Random(7), "#in-play")
    claim = page.inner_text("#in-play b")
    assert re.fullmatch(r"“It is [a-z ]+”", claim) and "It is a " not in claim, claim
    context.close()


def test_paper_safaris_standings_count_tokens(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(
        page, shared_web_server.base_url, "paper-safari", 2, {1: "bot:random"}, options={"tokens_to_win": "1"}
    )
    play_until_over(page, random.Random(2))
    page.wait_for_selector("#result")
    headings = page.eval_on_selector_all(".standings th", "ths => ths.map(th => th.textContent)")
    assert headings[-1] == "Tokens", headings
    context.close()


def test_a_plain_link_to_an_open_seat_shows_one_way_to_join(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    base = shared_web_server.base_url
    host, guest_context = new_context(browser, "en"), new_context(browser, "en")
    page = console.watch(host.new_page())
    page.goto(base + "/")
    page.click("[data-game=cockroach-poker]")
    page.fill("#your-name", "Aki")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "human")
    page.select_option("#seat-2", "human")
    page.check("#listed")
    page.select_option("#open-seats", "1")  # seat 2 open to anyone with the plain link
    page.click("#create-room")
    page.wait_for_selector("#waiting-room")
    link = page.input_value("#waiting-room [data-invite='2'] input")
    guest = console.watch(guest_context.new_page())
    guest.goto(link)
    guest.wait_for_selector("#join-seat")
    guest.wait_for_selector("#decision")
    guest.wait_for_function("() => document.querySelector('#table')")
    assert guest.locator("#join").count() == 0  # no "Take a free seat" beside the invite's own form
    assert guest.locator("#take-seat").count() == 1
    guest.fill("#join-name", "Ken")
    guest.click("#take-seat")
    guest.wait_for_selector("#table[data-seat='2']")
    host.close()
    guest_context.close()
