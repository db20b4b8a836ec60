"""The coach in a real browser: a short game played to the end against bots, "Analyse" in the replay,
the win-probability curve (SVG) and the candidates with their chances, intervals and sample sizes; a
point of the curve jumps the replay there; in Japanese on a phone with no horizontal scroll; its place
in the queue while others' analyses go first, in English and Japanese; the hint "what the coach
would play", off by default, offered only to a player alone among bots; and, after a game lost on
purpose against normal bots, the costliest move said in words from the result screen's "What could I
have done better?" (the better move, the chances with their intervals, the game's reasons), in English
and Japanese."""

from __future__ import annotations

import http.client
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from server_testing import ServerProcess
from web_testing import (
    ConsoleWatch,
    WebServer,
    create_room_from_lobby,
    new_context,
    play_until_over,
    serious_accessibility_violations,
    table,
    wait_for_turn_or_end,
)

from asobiba.server.client import create_room, room_summary

#: Short analyses: the browser test is about the page, benchmarks/coach.py about the sizing.
QUICK_COACH = {"ASOBIBA_ANALYSIS_SAMPLES": "2", "ASOBIBA_ANALYSIS_HARD": "hard:time_limit=none,iterations=4"}


@pytest.fixture(scope="module")
def coach_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    folder = tmp_path_factory.mktemp("coach")
    process = WebServer(folder / "asobiba.db", folder / "server.log", environment=QUICK_COACH)
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="module")
def finished_game(browser: Browser, coach_server: WebServer) -> tuple[str, str]:
    """A game of Cockroach Poker played to the end in the browser by seat 0 against two bots: the room
    and seat 0's token."""
    context = new_context(browser, "en")
    page = context.new_page()
    room = create_room_from_lobby(page, coach_server.base_url, "cockroach-poker", 3, {1: "bot:random", 2: "bot:random"})
    play_until_over(page, random.Random(24))
    token = page.evaluate("(room) => localStorage.getItem(`asobiba.token.${room}`)", room)
    context.close()
    assert token
    return room, str(token)


@pytest.fixture(scope="module")
def finished(finished_game: tuple[str, str]) -> str:
    return finished_game[0]


def open_analysis(page: Page) -> None:
    page.click("#replay")
    page.wait_for_selector("#replay-view #table")
    page.click("#analyse")
    page.wait_for_selector("#coach-result")


def test_analyse_shows_the_curve_and_the_candidates_and_a_point_jumps_the_replay(
    browser: Browser, coach_server: WebServer, finished: str, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    page.goto(f"{coach_server.base_url}/r/{finished}")
    page.wait_for_selector("[data-result]")
    open_analysis(page)
    assert page.get_attribute("#coach-result", "data-seat") == "0"
    decisions = page.eval_on_selector_all(
        "[data-decision-seq]", "items => items.map(i => Number(i.dataset.decisionSeq))"
    )
    points = page.eval_on_selector_all("#coach-curve [data-curve-seq]", "ps => ps.map(p => Number(p.dataset.curveSeq))")
    assert decisions and points[:-1] == decisions  # a point per decision, then the end
    rows = page.eval_on_selector_all(
        ".coach-candidates tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent.trim()))"
    )
    assert rows and all(cells[1].endswith("%") and "–" in cells[2] and cells[3] == "2" for cells in rows), rows
    assert page.locator(".coach-candidates tr.chosen").count() == len(decisions)
    # the last decision often lies a step before the end, whose point then stood over it (a click took the end)
    for target in (decisions[-1], decisions[len(decisions) // 2]):
        page.click(f'#coach-curve [data-curve-seq="{target}"]')
        page.wait_for_function("(seq) => document.querySelector('#table').dataset.seq === String(seq)", arg=target)
        assert page.locator(f'[data-decision-seq="{target}"].current').count() == 1
    page.click(f'[data-jump="{decisions[0]}"]')  # the decision's heading jumps too
    page.wait_for_function("(seq) => document.querySelector('#table').dataset.seq === String(seq)", arg=decisions[0])
    assert not serious_accessibility_violations(page)
    context.close()


def test_the_result_screen_offers_the_coach_and_its_steps_are_the_replays(
    browser: Browser, coach_server: WebServer, finished_game: tuple[str, str], console: ConsoleWatch
) -> None:
    room, token = finished_game
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    page.goto(f"{coach_server.base_url}/r/{room}#token={token}")
    page.wait_for_selector("[data-result]")
    assert page.inner_text("#coach-me") == "What could I have done better?"
    page.click("#coach-me")
    page.wait_for_selector("#replay-view #coach-result")  # the replay, with the player's analysis asked at once
    assert page.get_attribute("#coach-result", "data-seat") == "0"
    decisions = page.eval_on_selector_all(
        "[data-decision-seq]", "items => items.map(i => Number(i.dataset.decisionSeq))"
    )
    assert decisions
    for target in (decisions[0], decisions[-1], decisions[len(decisions) // 2]):
        heading = page.inner_text(f'[data-jump="{target}"]')
        page.click(f'[data-jump="{target}"]')
        page.wait_for_function("(seq) => document.querySelector('#table').dataset.seq === String(seq)", arg=target)
        shown = re.fullmatch(r"step (\d+) of \d+", page.inner_text("#replay-step"))
        assert shown, page.inner_text("#replay-step")
        assert f"(step {shown.group(1)})" in heading, (heading, shown.group(0))
    context.close()
    spectator = new_context(browser, "en")  # no seat, nothing to do better: no button
    page = spectator.new_page()
    page.goto(f"{coach_server.base_url}/r/{room}#watch")
    page.wait_for_selector("[data-result]")
    assert page.locator("#coach-me").count() == 0
    spectator.close()


def test_the_coach_speaks_japanese_on_a_phone_without_horizontal_scroll(
    browser: Browser, coach_server: WebServer, finished: str, console: ConsoleWatch
) -> None:
    context = new_context(browser, "ja", width=390, height=844)
    page = console.watch(context.new_page())
    page.goto(f"{coach_server.base_url}/r/{finished}")
    page.wait_for_selector("[data-result]")
    open_analysis(page)
    assert "コーチ" in page.inner_text("#coach h3")
    page.locator(".coach-moves:not([open]) summary").first.click()  # every move weighed, unfolded
    assert "95% 区間" in page.inner_text(".coach-moves[open] .coach-candidates thead")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    box = page.locator("#coach-curve").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    context.close()


#: Analyses of a few seconds: others' wait for them long enough to be seen waiting.
SLOW_COACH = {"ASOBIBA_ANALYSIS_SAMPLES": "8", "ASOBIBA_ANALYSIS_HARD": "hard:time_limit=none,iterations=32"}
BOTS = {"0": "bot:random", "1": "bot:random", "2": "bot:random"}


def bots_game(server: ServerProcess) -> str:
    made = create_room(server.base_url, "cockroach-poker", 3, seats=BOTS)
    deadline = time.monotonic() + 60
    while room_summary(server.base_url, made["room"])["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return str(made["room"])


def test_the_coach_shows_its_place_in_the_queue_in_english_and_japanese(browser: Browser, tmp_path: Path) -> None:
    server = WebServer(tmp_path / "asobiba.db", tmp_path / "server.log", environment=SLOW_COACH)
    server.start()
    try:
        games = [bots_game(server) for _ in range(3)]
        # two other clients (addresses) ask for the seats of two games first: ours waits behind them
        for client, game in enumerate(games[:2]):
            for seat in range(3):
                connection = http.client.HTTPConnection(
                    "127.0.0.1", server.port, timeout=30, source_address=(f"127.0.0.{client + 2}", 0)
                )
                connection.request(
                    "POST",
                    f"/api/rooms/{game}/analysis?seat={seat}",
                    body=b"{}",
                    headers={"content-type": "application/json"},
                )
                assert connection.getresponse().status == 202
                connection.close()
        for lang, words in (
            ("en", r"Queued: number (\d+) in line for the coach"),
            ("ja", r"コーチの順番待ち：(\d+)番目"),
        ):
            context = new_context(browser, lang)
            page = context.new_page()
            page.goto(f"{server.base_url}/r/{games[2]}")
            page.wait_for_selector("[data-result]")
            page.click("#replay")
            page.wait_for_selector("#replay-view #table")
            page.click("#analyse")
            page.wait_for_selector("#coach-status[data-queued]:not([data-queued='0'])")
            place = int(page.get_attribute("#coach-status", "data-queued") or "0")
            found = re.search(words, page.inner_text("#coach-status"))
            assert found and 1 <= int(found.group(1)) <= 6 and place >= 1, page.inner_text("#coach-status")
            context.close()
    finally:
        server.stop()


def test_the_hint_is_off_by_default_and_offered_only_alone_among_bots(
    browser: Browser, coach_server: WebServer, console: ConsoleWatch, tmp_path: Path
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, coach_server.base_url, "cockroach-poker", 3, {1: "bot:random", 2: "bot:random"})
    assert not page.is_checked("#coach-hints")
    wait_for_turn_or_end(page, None)
    assert page.locator("#coach-hint").count() == 0  # off: no hint is asked for
    page.check("#coach-hints")
    for _ in range(200):  # until a hint is shown on our turn
        state = table(page)
        assert state.get("phase") != "over", "the game ended before a hint was shown"
        if state.get("current") == "yes" and page.locator(".play [data-action]").count():
            page.wait_for_selector("#coach-hint[data-hint]")
            hinted = page.get_attribute("#coach-hint", "data-hint")
            legal = page.eval_on_selector_all(".all-moves [data-action]", "es => es.map(e => e.dataset.action)")
            assert hinted in legal, (hinted, legal)
            assert page.inner_text("#coach-hint").startswith("The coach would play: ")
            break
        wait_for_turn_or_end(page, state.get("seq"))
    with_person = context.new_page()
    create_room_from_lobby(with_person, coach_server.base_url, "cockroach-poker", 3, {1: "human", 2: "bot:random"})
    with_person.wait_for_selector(".settings #confirm-moves")
    assert with_person.locator("#coach-hints").count() == 0
    context.close()


#: The coach as the server sizes it for a short game: enough samples for the interval rule (±10 points).
WORDS_COACH = {
    "ASOBIBA_ANALYSIS_SAMPLES": "8",
    "ASOBIBA_ANALYSIS_MAX_SAMPLES": "128",
    "ASOBIBA_ANALYSIS_HARD": "hard:time_limit=none,iterations=16",
}
SUIT_OF = {"S": "spades", "C": "clubs", "H": "hearts", "D": "diamonds"}


def losing_move(legal: list[str]) -> str:
    """A move to lose Cockroach Poker with: always believe the claim ("yes, it is"), always offer a card
    telling the truth about it, to the same player (the normal bot soon reads both)."""
    if "answer yes" in legal:
        return "answer yes"
    truthful = [
        move
        for move in legal
        if move.startswith("offer ") and SUIT_OF.get(move.rsplit("card=", 1)[1][:1]) == move.split()[2]
    ]
    return sorted(truthful)[0] if truthful else sorted(legal)[0]


def lose_a_game(page: Page, base_url: str) -> str:
    """Play Cockroach Poker against two normal bots, losing on purpose (deal again until lost): the room."""
    for _ in range(6):
        room = create_room_from_lobby(page, base_url, "cockroach-poker", 3, {1: "bot:normal", 2: "bot:normal"})
        for _ in range(400):
            state = table(page)
            if state.get("phase") == "over":
                break
            legal = page.eval_on_selector_all(".all-moves [data-action]", "es => es.map(e => e.dataset.action)")
            if state.get("current") == "yes" and legal:
                clicked = page.evaluate(  # found and clicked at once: the position may move on meanwhile
                    "(move) => { const e = [...document.querySelectorAll('.all-moves [data-action]')]"
                    ".find((e) => e.dataset.action === move); if (e) e.click(); return Boolean(e); }",
                    losing_move(legal),
                )
                if clicked:
                    continue
            wait_for_turn_or_end(page, state.get("seq"))
        page.wait_for_selector("[data-result]")
        if page.get_attribute('.standings tr[data-seat="0"]', "data-winner") == "false":
            return room
    raise AssertionError("six games against normal bots and never lost")


@pytest.fixture(scope="module")
def words_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    folder = tmp_path_factory.mktemp("coach-words")
    process = WebServer(folder / "asobiba.db", folder / "server.log", environment=WORDS_COACH)
    process.start()
    try:
        yield process
    finally:
        process.stop()


def test_after_losing_the_coach_says_in_words_why_the_costliest_move_cost(
    browser: Browser, words_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    for _ in range(4):  # the game's hook speaks when it has a reason: most lost games give it one
        room = lose_a_game(page, words_server.base_url)
        token = page.evaluate("(room) => localStorage.getItem(`asobiba.token.${room}`)", room)
        page.click("#coach-me")
        page.wait_for_selector("#replay-view #coach-result", timeout=180_000)
        if page.locator("#coach-costliest .coach-why li").count():
            break
    else:
        raise AssertionError("four games lost, and the game never said why the costliest move cost")
    for lang, better, ids in (("en", "Better: ", r"(?<![A-Za-z0-9])p\d|#\d"), ("ja", "もっと良い手：", r"p\d|#\d")):
        reader = new_context(browser, lang)
        page = console.watch(reader.new_page())
        page.goto(f"{words_server.base_url}/r/{room}#token={token}")
        page.wait_for_selector("[data-result]")
        page.click("#coach-me")  # "What could I have done better?"
        page.wait_for_selector("#replay-view #coach-result", timeout=180_000)
        marked = page.eval_on_selector_all(
            ".coach-decision.marked", "items => items.map(i => [Number(i.dataset.decisionSeq), Number(i.dataset.loss)])"
        )
        assert marked, page.inner_text("#coach-result")
        costliest = max(marked, key=lambda item: item[1])[0]
        said_first = page.locator("#coach-costliest")  # said first, above the list
        assert said_first.get_attribute("data-decision-seq") == str(costliest)
        assert said_first.locator(".coach-words").inner_text() == page.inner_text(
            f'.coach-decision[data-decision-seq="{costliest}"] .coach-words'
        )
        entry = page.locator(f'.coach-decision[data-decision-seq="{costliest}"]')
        assert entry.get_attribute("data-verdict") == "costly"
        words = entry.locator(".coach-words").inner_text()
        assert words.startswith(better) and re.search(r"\d+%", words), words  # the better move, with numbers
        assert re.search(r"\(\d+–\d+%\)|（\d+〜\d+%）", words), words  # and their intervals
        reasons = entry.locator(".coach-why li").all_inner_texts()
        assert reasons and all(len(reason) > 10 and not re.fullmatch(r"[\d%()–〜 .]+", reason) for reason in reasons)
        assert not re.search(ids, words + " ".join(reasons)), (words, reasons)
        text = page.inner_text("#coach-result")
        assert "sample" not in text and "heuristic" not in text and "標本" not in text
        reader.close()
    context.close()
