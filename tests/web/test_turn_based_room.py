"""A turn-based room in Chromium against ``asobiba serve --test-clock``: the lobby's form makes it
(pace, hours per move, timeout policy), the room shows the time left in days and hours, the server's
time is moved past the deadline and the bot makes the player's move (the log says so), then the
player resigns after a confirm and a bot plays the seat on. The same form reads in Japanese."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from web_testing import ConsoleWatch, WebServer, new_context

from asobiba.server.client import http

GAME = "cockroach-poker"


@pytest.fixture
def clock_server(tmp_path: Path) -> Iterator[WebServer]:
    process = WebServer(tmp_path / "asobiba.db", tmp_path / "server.log", flags=("--test-clock",))
    process.start()
    try:
        yield process
    finally:
        process.stop()


def make_turn_based_room(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.click(f"[data-game={GAME}]")
    page.fill("#your-name", "ann")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "bot:random")
    page.select_option("#seat-2", "bot:random")
    page.select_option("#pace", "turn-based")
    page.select_option("#turn-hours", "24")
    page.select_option("#timeout-policy", "bot")
    page.select_option("#bot-delay", "0")
    page.click("#create-room")
    page.wait_for_url("**/r/*")
    page.wait_for_selector("#table")


def test_time_runs_out_in_a_turn_based_room_and_the_bot_moves_then_the_player_resigns(
    browser: Browser, clock_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    make_turn_based_room(page, clock_server.base_url)
    room = page.url.rsplit("/", 1)[1].split("#")[0]
    summary = http("GET", f"{clock_server.base_url}/api/rooms/{room}")
    assert (summary["pace"], summary["timeout"], summary["clock"]) == (
        "turn-based", "bot", {"per_decision_hours": 24.0, "bank_days": None},
    )  # fmt: skip
    # our turn: the clock beside our seat counts days and hours, not seconds
    clock = page.locator('.seats li.to-move[data-seat-info="0"] [role=timer]')
    clock.wait_for()
    assert re.fullmatch(r"(1 d 0 h|23 h 59 min) left", clock.inner_text().strip()), clock.inner_text()
    seq = int(page.locator("#table").get_attribute("data-seq") or "0")

    http("POST", f"{clock_server.base_url}/api/test/clock", {"advance": 25 * 3600})  # a day and an hour on
    page.locator(".log li", has_text="ann's time ran out: a bot decides for them").wait_for()
    page.wait_for_function(f"Number(document.querySelector('#table').dataset.seq) > {seq}")
    assert http("GET", f"{clock_server.base_url}/api/rooms/{room}")["seats"][0]["timeouts"] == 1

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.locator('[data-seat-info="0"] [data-resigned=true]').wait_for()
    # the page says so while the bots play on (with no delay they may end the game at once)
    page.wait_for_function("Boolean(document.querySelector('#resigned-note, [data-result]'))")
    assert page.locator("#resign").count() == 0
    page.locator(".log li", has_text="ann resigned: a bot plays the seat on").wait_for()
    assert http("GET", f"{clock_server.base_url}/api/rooms/{room}")["seats"][0]["resigned"]
    # bots play the game to its end: the player who resigned ranks last, alone
    page.locator("[data-result]").wait_for()
    ranks = [int(cell.inner_text()) for cell in page.locator(".standings tbody tr td:first-child").all()]
    ours = int(page.locator('.standings tr[data-seat="0"] td:first-child').inner_text())
    assert ours == max(ranks) and ranks.count(ours) == 1, ranks
    assert http("GET", f"{clock_server.base_url}/api/rooms/{room}")["ranking"][0] == 3
    context.close()


def test_the_pace_choices_read_in_japanese(browser: Browser, clock_server: WebServer, console: ConsoleWatch) -> None:
    context = new_context(browser, "ja")
    page = console.watch(context.new_page())
    page.goto(clock_server.base_url + "/")
    page.click(f"[data-game={GAME}]")
    assert page.locator("label[for=pace]").inner_text().strip() == "進め方"
    page.select_option("#pace", "turn-based")
    assert "一日一手" in page.locator("#pace").inner_text()
    assert page.locator("label[for=turn-hours]").inner_text().strip() == "一手の持ち時間"
    assert "二度目" in page.locator("#timeout-policy").inner_text()
    assert page.locator("#clock").count() == 0  # a live clock is not a turn-based room's
    context.close()
