"""A game from another package (the plug-in example, ``examples/plugin_game``) is played to the end
in Chromium on the real server with the generic table: its view as panels, its actions as grouped
choices from their data. It must be installed (the README's test command installs it)."""

from __future__ import annotations

import json
import random
import re
import urllib.request

import pytest
from playwright.sync_api import Browser
from web_testing import ConsoleWatch, WebServer, create_room_from_lobby, new_context, play_until_over, table

import asobiba

GAME = "goofspiel"


@pytest.fixture(autouse=True)
def plugin_installed() -> None:
    if GAME not in asobiba.game_names():
        pytest.fail("the plug-in example is not installed: python3 -m pip install -e ./examples/plugin_game")


def test_the_game_list_names_no_renderer_for_it_and_the_three_games_their_own(shared_web_server: WebServer) -> None:
    with urllib.request.urlopen(shared_web_server.base_url + "/api/games") as response:
        games = {entry["name"]: entry for entry in json.load(response)}
    assert games[GAME]["renderer"] is None and games[GAME]["style"] is None
    assert games[GAME]["howto"]["ja"] and games[GAME]["title"]["ja"] == "グーフシュピール（封印入札）"
    for name, entry in games.items():
        if entry["renderer"] is not None:
            with urllib.request.urlopen(shared_web_server.base_url + entry["renderer"]) as module:
                assert module.headers["content-type"].startswith("text/javascript")
                assert b"export default" in module.read(), name


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_room_of_the_plugin_game_is_played_to_the_end_on_the_generic_table(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, lang: str
) -> None:
    context = new_context(browser, lang)
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, GAME, 3, {1: "bot:normal", 2: "bot:random"})
    assert table(page)["seat"] == "0"
    page.wait_for_selector(".generic-panel[data-key=prizes_left]")
    page.wait_for_selector(".generic-panel[data-key=hands]")
    clicks = play_until_over(page, random.Random(lang))
    assert clicks >= 6  # one bid a round at least (the kind of action is chosen for us: there is one)
    page.wait_for_selector("#result")
    text = page.inner_text("main")
    assert ("ゲーム終了" in text) if lang == "ja" else ("Game over" in text)
    assert ("これまでのラウンド" if lang == "ja" else "rounds") in page.inner_text(".generic-panels")
    context.close()


def test_the_plugin_games_own_japanese_shows_in_the_lobby_and_the_log(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    """Its option texts and log lines come from its own catalog (its declaration's ``locale`` part)."""
    context = new_context(browser, "ja")
    page = console.watch(context.new_page())
    page.goto(shared_web_server.base_url + "/")
    page.click(f"[data-game={GAME}]")
    help_line = page.inner_text(".new-room [data-option=cards] .doc")
    assert "各プレイヤーの手札と賞品の山の枚数（1からこの数まで）" in help_line
    create_room_from_lobby(page, shared_web_server.base_url, GAME, 2, {1: "bot:random"})
    play_until_over(page, random.Random(3))
    page.wait_for_selector("#result")
    log = page.inner_text(".log")
    # the page names the players (p1 is the bot) in the game's own Japanese log lines
    assert "ボットが伏せて入札する" in log and "がめくられる" in log, log
    assert "bids" not in log and "prize" not in log
    context.close()


def test_the_generic_table_shows_the_plugin_games_own_japanese_words(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    """Every word the generic table takes from the game (its panels' titles, the keys inside them, the
    phase) comes from the game's own catalog: no English is left on a Japanese reader's table."""
    context = new_context(browser, "ja")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, GAME, 2, {1: "bot:random"})
    play_until_over(page, random.Random(5), stop_after=2)  # two rounds played: the rounds panel has entries
    page.wait_for_selector(".generic-panel[data-key=rounds] dl")
    titles = page.eval_on_selector_all(".generic-panel h3", "hs => hs.map((h) => h.textContent.trim())")
    assert "残りの賞品" in titles and "これまでのラウンド" in titles, titles
    keys = page.eval_on_selector_all(
        ".generic-panel[data-key=rounds] dl dl dt", "dts => dts.map((dt) => dt.textContent.trim())"
    )
    assert keys, "the rounds panel names the keys of a round"
    phase = page.inner_text(".generic > p.muted")
    english = [text for text in [*titles, *keys, phase] if re.search("[A-Za-z]", text)]
    assert not english, f"English on the Japanese table: {english}"
    context.close()
