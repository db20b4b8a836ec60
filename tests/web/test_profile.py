"""A player's profile (/p/{username}) and a leaderboard (/leaderboard/{game}) in a real browser, in English and
Japanese: the rating per game with its history drawn as an SVG chart, games played and won, the bot level
the player plays like, the last finished games with links that open their replays; the leaderboard lists the
players with five rated games; on a phone nothing scrolls sideways; axe-core finds nothing serious."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser
from ratings_testing import store_rated_games
from web_testing import ConsoleWatch, WebServer, new_context, serious_accessibility_violations

#: Ann and Ben's games: six of Cockroach Poker (trump) with a bot, one of the original rules.
TABLES = [("cockroach-poker", {"rules": "trump"}, [0, 1, "bot:normal"])] * 6 + [
    ("cockroach-poker", {"rules": "original"}, [1, 0, "bot:hard"])
]


@pytest.fixture(scope="module")
def rated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    folder = tmp_path_factory.mktemp("ratings")
    process = WebServer(folder / "asobiba.db", folder / "server.log")
    store_rated_games(process.db_url, ["Ann", "Ben"], TABLES, seed=3)
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_profile_shows_the_ratings_their_chart_and_the_games(
    browser: Browser, rated_server: WebServer, console: ConsoleWatch, lang: str
) -> None:
    context = new_context(browser, lang)
    page = console.watch(context.new_page())
    page.goto(f"{rated_server.base_url}/p/ann")
    page.wait_for_selector("[data-profile=Ann]")
    assert page.locator("h1").inner_text() == "Ann"
    card = page.locator("[data-rating='cockroach-poker:trump']")
    chart = card.locator("svg[data-rating-chart]")
    assert chart.count() == 1
    assert chart.locator("[data-chart-point]").count() == 6  # a point per rated game
    assert card.locator("path.line").get_attribute("d")
    expected = {
        "en": ("6 games played", "Playing cards", "Plays at the level of"),
        "ja": ("6戦", "トランプ版", "ボット並みの腕前"),
    }
    played, rules, plays_like = expected[lang]
    card_text = card.inner_text()
    assert played in card_text and rules in card_text
    rating = int(card.locator("[data-rating-number]").inner_text())
    assert 1000 < rating < 2000
    plays = card.locator("[data-plays-like]").inner_text()
    assert plays_like in plays or ("まだ" in plays if lang == "ja" else "Below" in plays)
    assert page.locator("[data-rating='cockroach-poker:original']").count() == 1
    games = page.locator("[data-recent-game]")
    assert games.count() == len(TABLES)
    first = games.first
    assert "Ben" in first.inner_text()
    assert ("of 3" if lang == "en" else "3人中") in first.inner_text()
    # a game's link opens its replay (the finished room's page, with its Replay button)
    first.locator("[data-replay-link]").click()
    page.wait_for_url("**/r/*")
    page.wait_for_selector("#replay")
    context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_leaderboard_lists_the_players_with_five_rated_games(
    browser: Browser, rated_server: WebServer, console: ConsoleWatch, lang: str
) -> None:
    context = new_context(browser, lang)
    page = console.watch(context.new_page())
    page.goto(f"{rated_server.base_url}/leaderboard/cockroach-poker")
    page.wait_for_selector("[data-leaderboard='cockroach-poker:trump']")
    leaders = page.locator("[data-leader]")
    assert sorted(leaders.nth(i).get_attribute("data-leader") or "" for i in range(leaders.count())) == ["Ann", "Ben"]
    assert ("Leaderboard" if lang == "en" else "ランキング") in page.locator("h1").inner_text()
    # the original rules: one game each, nobody listed yet
    page.locator(".rule-sets a").nth(1).click()
    page.wait_for_selector("[data-leaderboard='cockroach-poker:original']")
    assert page.locator("[data-leader]").count() == 0
    leaders_link = page.locator(".rule-sets a").first
    leaders_link.click()
    page.wait_for_selector("[data-leaderboard='cockroach-poker:trump']")
    page.locator("[data-leader=Ben] a").click()
    page.wait_for_selector("[data-profile=Ben]")
    context.close()


def test_on_a_phone_the_profile_fits_and_is_accessible(
    browser: Browser, rated_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "ja", width=390, height=844)
    page = console.watch(context.new_page())
    for path, ready in (("/p/ann", "[data-profile=Ann]"), ("/leaderboard/cockroach-poker", "[data-leader]")):
        page.goto(rated_server.base_url + path)
        page.wait_for_selector(ready)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path
        assert serious_accessibility_violations(page) == [], path
    context.close()


def test_an_unknown_player_has_no_page(rated_server: WebServer) -> None:
    import urllib.error
    import urllib.request

    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{rated_server.base_url}/p/nobody", timeout=30)
    assert refused.value.code == 404
