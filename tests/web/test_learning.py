"""Hints while learning, in a real browser, in English and in Japanese: the lobby offers "Learning" only
for a room against bots; in a learning room each of the player's moves gets the coach's one-line verdict
beside the table, in words, players by their names (never p1), while the game goes on; and the Hint
says, under the move it suggests, why — in words too."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from web_testing import (
    ConsoleWatch,
    WebServer,
    click_one,
    new_context,
    serious_accessibility_violations,
    table,
    wait_for_turn_or_end,
)

GAME = "cockroach-poker"
#: The first words of a verdict's line (asobiba.bots.verdict), in each language.
LINES = {
    "en": ("Good move.", "Fine:", "Risky:", "Costly:", "Your only move."),
    "ja": ("良い手です。", "悪くない手です。", "危うい手：", "損な手：", "ほかに選べる手はありませんでした。"),
}
HEADINGS = {"en": "The coach on your moves", "ja": "あなたの手へのコーチのひとこと"}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
#: A seat written as the server writes it (the page must put a name there).
SEAT_NUMBER = re.compile(r"(?<![A-Za-z0-9_#])p\d\b")
#: Verdicts read before the test is done (each of a move of ours).
VERDICTS = 3
#: Where to keep screenshots of the page (``$ASOBIBA_SCREENSHOTS``; none by default).
SCREENSHOTS = Path(os.environ["ASOBIBA_SCREENSHOTS"]) if os.environ.get("ASOBIBA_SCREENSHOTS") else None


def create_learning_room(page: Page, base_url: str) -> str:
    page.goto(base_url + "/")
    page.click(f"[data-game={GAME}]")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "human")
    assert page.locator("#learning").count() == 0  # not offered with another person at the table
    for seat in (1, 2):
        page.select_option(f"#seat-{seat}", "bot:random")
    assert not page.is_checked("#learning")  # off by default
    page.check("#learning")
    page.select_option("#bot-delay", "0")
    page.click("#create-room")
    page.wait_for_url("**/r/*")
    page.wait_for_selector("#table")
    return page.url.rsplit("/", 1)[1].split("#")[0]


def verdict_count(page: Page) -> int:
    return page.locator("#verdicts li.verdict").count()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_learning_room_says_a_verdict_of_each_move_and_the_hint_says_why(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, lang: str
) -> None:
    context = new_context(browser, lang)
    page = console.watch(context.new_page())
    create_learning_room(page, shared_web_server.base_url)
    page.wait_for_selector("#verdicts")
    assert HEADINGS[lang] in page.inner_text("#verdicts")

    # the Hint: the move the coach would play, and why in words
    page.check("#coach-hints")
    for _ in range(200):
        state = table(page)
        assert state.get("phase") != "over", "the game ended before a hint was shown"
        if state.get("current") == "yes" and page.locator(".play [data-action]").count():
            page.wait_for_selector("#coach-hint[data-hint] .hint-why li")
            hint = page.inner_text("#coach-hint")
            reasons = page.eval_on_selector_all("#coach-hint .hint-why li", "es => es.map(e => e.textContent)")
            assert reasons and all(len(reason) > 10 for reason in reasons), reasons
            assert not SEAT_NUMBER.search(hint), hint
            assert bool(JAPANESE.search(" ".join(reasons))) == (lang == "ja"), reasons
            break
        wait_for_turn_or_end(page, state.get("seq"))
    else:
        raise AssertionError("no hint was shown")
    if SCREENSHOTS:
        page.screenshot(path=str(SCREENSHOTS / f"learning-hint-{lang}.png"), full_page=True)

    # the verdicts: play on without waiting for them (the game goes on meanwhile), then read them (hints
    # off: a hint asked for a position we leave at once would be answered 409, a console error)
    page.uncheck("#coach-hints")
    rng = random.Random(5)
    for _ in range(400):
        if verdict_count(page) >= VERDICTS:
            break
        state = table(page)
        if state.get("phase") == "over":
            break
        if state.get("current") == "yes" and click_one(page, rng):
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    page.wait_for_function("(n) => document.querySelectorAll('#verdicts li.verdict').length >= n", arg=2)
    lines = page.eval_on_selector_all("#verdicts li.verdict .verdict-text", "es => es.map(e => e.textContent)")
    moves = page.eval_on_selector_all("#verdicts li.verdict .verdict-move", "es => es.map(e => e.textContent)")
    seqs = page.eval_on_selector_all("#verdicts li.verdict", "es => es.map(e => Number(e.dataset.seq))")
    assert all(line.startswith(LINES[lang]) for line in lines), lines
    assert all(move.strip() for move in moves), moves
    assert seqs == sorted(seqs, reverse=True) and len(set(seqs)) == len(seqs)  # newest first, one a move
    words = page.inner_text("#verdicts")
    assert not SEAT_NUMBER.search(words), words  # players by their names
    assert bool(JAPANESE.search(words)) == (lang == "ja"), words
    assert not serious_accessibility_violations(page)
    if SCREENSHOTS:
        page.screenshot(path=str(SCREENSHOTS / f"learning-verdicts-{lang}.png"), full_page=True)
    context.close()
