"""Whole games in a real browser against a real server: each game created from the lobby and
played to the end by clicking, in English and Japanese; the end, the rematch and the replay."""

from __future__ import annotations

import contextlib
import random
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from server_testing import store_finished_games
from web_testing import ConsoleWatch, WebServer, create_room_from_lobby, new_context, play_until_over, table

#: (game, players, bots, options typed into the lobby) — short games so the suite stays quick.
GAMES = {
    "cockroach-poker": (3, {1: "bot:random", 2: "bot:random"}, {}),
    "paper-safari": (2, {1: "bot:random"}, {"tokens_to_win": "1"}),
    "survive": (2, {1: "bot:random"}, {}),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_room_made_in_the_lobby_is_played_to_the_end_by_clicking(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, game: str, lang: str
) -> None:
    if game == "survive" and lang == "en":
        pytest.skip("survive is the long one: its game in Japanese switches to English halfway")
    players, bots, options = GAMES[game]
    context = new_context(browser, lang)
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, game, players, bots, options)
    assert table(page)["seat"] == "0"
    page.wait_for_selector("#decision")
    rng = random.Random(f"{game}-{lang}")
    clicks = play_until_over(page, rng, stop_after=20)
    if game == "survive":
        decision = page.inner_text("#decision")  # ours (あなたの番：…) or a bot's (ボットが考えています：…)
        assert "の番" in decision or "が考えています" in decision or table(page)["phase"] == "over", decision
        page.click("[data-lang=en]")
        lang = "en"
        page.wait_for_function("() => document.documentElement.lang === 'en'")
    clicks += play_until_over(page, rng)
    assert clicks > 0
    page.wait_for_selector("#result")
    text = page.inner_text("main")
    if lang == "ja":
        assert "ゲーム終了" in text and "勝者" in text
    else:
        assert "Game over" in text and "Winners" in text
    context.close()


def test_the_replay_steps_through_the_game_from_each_seat_and_as_a_spectator(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "cockroach-poker", 3, {1: "bot:random", 2: "bot:random"})
    play_until_over(page, random.Random(3))
    page.click("#replay")
    page.wait_for_selector("#replay-view #table")
    assert table(page)["seat"] == "spectator"
    first_seq = table(page)["seq"]
    page.click("[data-replay=next]")
    page.wait_for_function(f"() => Number(document.querySelector('#table')?.dataset.seq) > {first_seq}")
    page.click("[data-replay=last]")
    page.wait_for_function("() => document.querySelector('#table')?.dataset.phase === 'over'")
    for seat in ("1", "2"):
        page.select_option("#perspective", seat)
        page.wait_for_function(f"() => document.querySelector('#table')?.dataset.seat === '{seat}'")
        page.click("[data-replay=first]")
        page.click("[data-replay=next]")
        # a player's own hand is drawn in his replay, face up
        page.wait_for_selector("#replay-view .hand [data-card]")
    page.select_option("#perspective", "spectator")
    page.wait_for_function("() => document.querySelector('#table')?.dataset.seat === 'spectator'")
    assert page.locator("#replay-view .hand").count() == 0
    context.close()


def test_a_replay_refused_as_busy_is_asked_for_again_after_retry_after(browser: Browser, tmp_path: Path) -> None:
    server = WebServer(
        tmp_path / "asobiba.db", tmp_path / "server.log", environment={"ASOBIBA_REPLAY_RATE": "1000/second"}
    )
    rooms = store_finished_games(server.db_url, "paper-safari", 5, {"tokens_to_win": 6}, count=3)
    long_rooms, room = rooms[:2], rooms[2]
    server.start()
    stop = threading.Event()

    def flood(paths: list[str]) -> None:
        """Long replays one after another from this address (two of these: its whole share)."""
        for path in paths:
            if stop.is_set():
                return
            with (
                contextlib.suppress(urllib.error.HTTPError),
                urllib.request.urlopen(server.base_url + path, timeout=120) as response,
            ):
                response.read()

    paths = [
        f"/api/rooms/{long}/replay?seat={seat}&lang={lang}"
        for long in long_rooms
        for seat in range(5)
        for lang in ("en", "ja")
    ]
    flooders = [threading.Thread(target=flood, args=(paths[half::2],)) for half in (0, 1)]
    try:
        for thread in flooders:
            thread.start()
        for _ in range(3):  # the page's first request may come between two of the flood's: then again
            context = new_context(browser, "en")
            page = context.new_page()
            answers: list[int] = []
            page.on(
                "response", lambda response, seen=answers: "/replay" in response.url and seen.append(response.status)
            )
            page.goto(f"{server.base_url}/r/{room}#watch")
            page.click("#replay")
            for _ in range(600):
                if answers:
                    break
                page.wait_for_timeout(100)
            if answers and answers[0] == 503:
                break
            context.close()
        assert answers and answers[0] == 503, answers
        stop.set()
        page.wait_for_selector("#replay-view #table")
        assert table(page)["seat"] == "spectator"
        assert answers[-1] == 200, answers
        context.close()
    finally:
        stop.set()
        for thread in flooders:
            thread.join(timeout=120)
        server.stop()


def test_rematch_opens_a_new_room_with_the_same_seat(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "ja")
    page = console.watch(context.new_page())
    room = create_room_from_lobby(
        page, shared_web_server.base_url, "cockroach-poker", 3, {1: "bot:random", 2: "bot:random"}
    )
    play_until_over(page, random.Random(5))
    page.click("#rematch")
    page.wait_for_function(f"() => !location.pathname.endsWith('{room}')")
    page.wait_for_selector("#table")
    assert table(page)["seat"] != "spectator"
    assert table(page)["phase"] != "over"
    context.close()
