"""The room's Rules panel in the reader's language, a multi-step choice taken back one step at a time
(the Undo button and Escape) before it is sent, and Paper Safari's round scoring holding the table."""

from __future__ import annotations

import contextlib
import random
import re

from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError
from web_testing import (
    AA_CONTRAST,
    MAX_CLICKS,
    PICKABLE,
    TEXT_CONTRAST,
    ConsoleWatch,
    WebServer,
    click_one,
    create_room_from_lobby,
    new_context,
    table,
    wait_for_turn_or_end,
)


def test_the_room_has_a_rules_panel_in_the_readers_language(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "ja")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "survive", 2, {1: "bot:random"})
    marker = "(s) => getComputedStyle(s, '::before').content"
    assert page.eval_on_selector("[data-rules-panel] summary", marker) == '"▸"', "the folded panel shows it opens"
    page.click("[data-rules-panel] summary")
    page.wait_for_selector("[data-rules-panel] .rules h1")
    assert page.eval_on_selector("[data-rules-panel] summary", marker) == '"▾"'
    assert page.get_attribute("[data-rules-panel] .rules", "lang") == "ja"
    assert "アイランド" in page.inner_text("[data-rules-panel] .rules h1")
    assert page.locator("[data-rules-panel] .rules table").count() > 0
    assert page.locator("[data-rules-panel] script").count() == 0
    context.close()


def test_a_multi_step_choice_is_undone_step_by_step_before_it_is_sent(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    for _ in range(3):  # a deal where the bots end the game before we offer a card: deal again
        bots = {1: "bot:random", 2: "bot:random"}
        create_room_from_lobby(page, shared_web_server.base_url, "cockroach-poker", 3, bots)
        if until_we_offer(page):
            break
    else:
        raise AssertionError("three games ended before we offered a card")
    seq = page.get_attribute("#table", "data-seq")
    page.click(".hand [data-choice]")  # a card
    page.click(".opponents [data-choice]")  # a player
    assert page.inner_text(".action-bar .picked").count("→") == 1
    page.click("[data-undo]")
    assert page.inner_text(".action-bar .picked").count("→") == 0, "one step back: the card stays picked"
    page.keyboard.press("Escape")
    assert page.locator(".action-bar .picked").count() == 0, "Escape takes back the last step"
    assert page.get_attribute("#table", "data-seq") == seq, "nothing was sent"
    context.close()


def until_we_offer(page: Page) -> bool:
    """Answer what we are offered until we offer a card (True), or the game ends first (False)."""
    for _ in range(100):
        state = table(page)
        if state.get("phase") == "over":
            return False
        if state.get("current") == "yes" and page.locator(".hand [data-choice]").count():
            return True
        if state.get("current") == "yes" and page.locator(".action-bar [data-action]").count():
            page.locator(".action-bar [data-action]").first.click()
            # the answer was sent: wait for the position to move on (else the next look may see the
            # same bar and click it as it is taken away)
            page.wait_for_function(
                "(seq) => { const t = document.querySelector('#table');"
                " return t && (t.dataset.phase === 'over' || t.dataset.seq !== seq); }",
                arg=state.get("seq"),
            )
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    return False


def play_until_round_scoring(page: Page, rng: random.Random) -> None:
    """Click our moves (never Continue) until a round's scoring holds the table."""
    for _ in range(4 * MAX_CLICKS):
        if page.query_selector("[data-round-scoring]"):
            return
        state = table(page)
        assert state.get("phase") != "over", "the game ended before a round was held"
        if state.get("current") == "yes" and page.query_selector(".play [data-action]:not([data-list])"):
            click_one_action(page, rng)
            continue
        page.wait_for_function(
            "(seq) => document.querySelector('[data-round-scoring]') ||"
            " (document.querySelector('#table') && document.querySelector('#table').dataset.seq !== seq) ||"
            " document.querySelector('.play [data-action]:not([data-list])')",
            arg=state.get("seq"),
        )
    raise AssertionError("no round was scored")


def click_one_action(page: Page, rng: random.Random) -> None:
    handles = page.query_selector_all(".play [data-action]:not([data-list])")
    if handles:
        with contextlib.suppress(PlaywrightError):  # the position moved on under the pointer
            rng.choice(handles).click(timeout=3000)


def column_score(numbers: list[int]) -> int:
    """The rules' score of a grid: its six numbers, a column of two equal numbers counting 0."""
    return sum(numbers[c] + numbers[c + 3] for c in range(3) if numbers[c] != numbers[c + 3])


def check_scored_grids(page: Page) -> None:
    """Each grid of the held round: 2×3 places in order, each Ditto with a number it may take (a
    row neighbour's), the matched columns exactly those of two equal numbers, each column's count
    under it with its sign ("+3", "-1"; "pair: 0" for a match), and the score shown (the server's)
    the rules' total of the numbers shown."""
    rows = page.eval_on_selector_all(
        "[data-round-scoring] [data-round-player]",
        """rows => rows.map(r => ({score: Number(r.querySelector('[data-score]').dataset.score),
          slots: [...r.querySelectorAll('.slot')].map(s => ({position: s.dataset.position, matched: s.dataset.matched,
            value: s.querySelector('svg').getAttribute('aria-label').split(' ').pop(),
            ditto: s.querySelector('[data-ditto]') ? Number(s.querySelector('[data-ditto]').dataset.ditto) : null})),
          counts: [...r.querySelectorAll('.column-count')].map(c => c.textContent.trim())
          }))""",
    )
    assert len(rows) == 2, rows
    for row in rows:
        slots = row["slots"]
        assert [slot["position"] for slot in slots] == ["a1", "a2", "a3", "b1", "b2", "b3"], slots
        assert all((slot["value"] == "?") == (slot["ditto"] is not None) for slot in slots), "every Ditto is settled"
        numbers = [slot["ditto"] if slot["ditto"] is not None else int(slot["value"]) for slot in slots]
        for index, slot in enumerate(slots):
            assert slot["matched"] == ("true" if numbers[index % 3] == numbers[index % 3 + 3] else "false"), row
        assert row["score"] == column_score(numbers), (row["score"], numbers)
        counts = ["pair: 0" if numbers[c] == numbers[c + 3] else f"{numbers[c] + numbers[c + 3]:+d}" for c in range(3)]
        assert row["counts"] == counts, (row["counts"], numbers)


def test_a_rounds_scoring_shows_each_grid_and_holds_the_next_round_until_continue_or_ten_seconds(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(
        page, shared_web_server.base_url, "paper-safari", 2, {1: "bot:random"}, {"tokens_to_win": "3"}
    )
    rng = random.Random(21)
    play_until_round_scoring(page, rng)
    check_scored_grids(page)
    for text in ("h3", "p.muted", ".round-score"):
        assert page.evaluate(TEXT_CONTRAST, ["[data-round-scoring]", text]) >= AA_CONTRAST, f"{text} cannot be read"
    assert page.locator("#table .seat-panel").count() == 0, "the next round is held back"
    assert page.locator(".play [data-action]:not([data-list])").count() == 0
    page.click("[data-round-scoring] [data-choice=continue]")
    page.wait_for_selector("#table .seat-panel")
    assert page.locator("[data-round-scoring]").count() == 0
    play_until_round_scoring(page, rng)  # a second round (3 tokens: the game cannot be over yet)
    page.wait_for_selector("[data-round-scoring]", state="detached", timeout=15_000)  # 10 s, no click
    page.wait_for_selector("#table .seat-panel")
    context.close()


def test_a_survive_log_line_lights_its_hexes_and_speaks_japanese(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "ja")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "survive", 2, {1: "bot:random"})
    rng = random.Random(3)
    for _ in range(60):  # the setup: explorers and boats placed (each line names its space)
        if page.locator(".log li[data-places]").count() >= 6:
            break
        state = table(page)
        if state.get("current") == "yes" and page.query_selector(PICKABLE):
            click_one(page, rng)
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    lines = page.locator(".log li[data-places]")
    assert lines.count() >= 6
    for index in (0, lines.count() - 1):
        line = lines.nth(index)
        named = set((line.get_attribute("data-places") or "").split())
        assert named and all(cell in line.inner_text() for cell in named), line.inner_text()
        line.hover()
        page.wait_for_function(
            "(n) => document.querySelectorAll('.hex.lit').length === n", arg=len(named), polling=50, timeout=5000
        )
        lit = set(page.eval_on_selector_all(".hex.lit", "hexes => hexes.map(h => h.dataset.cell)"))
        assert lit == named
        page.mouse.move(0, 0)
        page.wait_for_function("() => document.querySelectorAll('.hex.lit').length === 0", polling=50, timeout=5000)
    line = lines.first
    line.focus()  # the keyboard too
    page.wait_for_function("() => document.querySelectorAll('.hex.lit').length > 0", polling=50, timeout=5000)
    log = page.inner_text(".log ol")
    # an explorer by its owner's name and colour, ours with its value, never by its id (赤#4 reads like a value)
    assert not re.search(r"#\d", log), log[:300]
    assert re.search(r"が数字\dの[赤青黄緑]の冒険者コマを", log), log[:300]  # ours
    assert re.search(r"が[赤青黄緑]の冒険者コマを", log), log[:300]  # the bot's: its value hidden
    assert "p0" not in log and "p1" not in log, log[:300]
    assert not re.search(r"[(!]|: ", log), log[:300]  # Japanese punctuation: （）！：
    context.close()
