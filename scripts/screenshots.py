"""Screenshots of the browser client for the README: each game mid-play and at the end, in English
and Japanese, the lobby, a rules page, and each game on a phone (390×844, what the screen shows)
(docs/screenshots/*.png); with ``--players``, only a player's profile and a leaderboard and a player's
"My games" (on a desktop and a phone, in both languages), over rated games stored beforehand; with
``--tutorials``, only a step of each game's first tutorial (``tutorial-<game>.<lang>.png`` and
``.phone.<lang>.png``), reached by clicking what the teacher lights as the tutorial tests do; with
``--coach``, only the coach's explained analysis of a game lost against normal bots, for each game
(``coach-<game>.<lang>.png`` and ``coach-<game>.phone.<lang>.png``: its costliest move, said in words).

Runs a real ``asobiba serve`` on a temporary database and Debian's Chromium, and plays our seat by
clicking as the browser tests do::

    python scripts/screenshots.py [--out docs/screenshots] [--players | --tutorials | --coach]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(ROOT / "tests" / "server"))

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402
from ratings_testing import store_rated_games  # noqa: E402
from server_testing import play_first_legal, run  # noqa: E402
from tutorial_play import open_tutorial, play_to_the_end, wait_for_step  # noqa: E402
from web_testing import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    WebServer,
    create_room_from_lobby,
    new_context,
    play_until_over,
    table,
)
from web_testing import web_server as start_server  # noqa: E402

from asobiba.server.client import RoomClient  # noqa: E402

#: game -> (players, bots, lobby options, clicks before the mid-play picture)
GAMES = {
    "cockroach-poker": (4, {1: "bot:normal", 2: "bot:normal", 3: "bot:normal"}, {}, 3),
    "paper-safari": (3, {1: "bot:normal", 2: "bot:normal"}, {"tokens_to_win": "1"}, 9),
    # normal bots rescue explorers, so the end picture shows a result worth reading
    "survive": (3, {1: "bot:normal", 2: "bot:normal"}, {}, 40),
}
#: The name our seat gives, per language (remembered by the lobby as a player's own would be).
OUR_NAME = {"en": "Aki", "ja": "あき"}
#: Rooms tried for a mid-play picture before giving up.
MID_TRIES = 5


#: A phone's screen in CSS pixels (an iPhone 12-15).
PHONE = (390, 844)
#: game -> clicks before its phone picture (past the setup, at a decision of ours)
PHONE_CLICKS = {"cockroach-poker": 2, "paper-safari": 4, "survive": 25}


def shoot(page: Page, path: Path, full_page: bool = True) -> None:
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=full_page)
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def open_lobby(page: Page, base_url: str, lang: str) -> None:
    """The lobby, with our name remembered as after a first visit."""
    page.goto(base_url + "/")
    page.evaluate("(name) => localStorage.setItem('asobiba.name', name)", OUR_NAME[lang])
    page.reload()
    page.wait_for_selector("#create-room")


#: The players of the profile and leaderboard pictures; their games: Cockroach Poker (playing cards) three at
#: a table in turn with a bot, a few of the original rules and of The Island for the first of them.
RATED_PLAYERS = ["Aki", "Ken", "Mio", "Sora", "Yuki", "Haru"]
RATED_TABLES = [
    ("cockroach-poker", {"rules": "trump"}, [first, (first + step) % 6, (first + 2 * step) % 6, "bot:normal"])
    for step in (1, 2)
    for first in range(6)
    for _ in range(2)
] + [
    ("cockroach-poker", {"rules": "original"}, [0, 1, "bot:hard"]),
    ("cockroach-poker", {"rules": "original"}, [2, 0, "bot:easy"]),
    ("survive", {}, [0, 3]),
]


def my_games_of_rin(browser: Browser, base_url: str) -> BrowserContext:
    """A browser where Rin is signed in, with a game of each group of "My games": a turn-based game of The
    Island against a bot, a waiting room kept for a friend by name, a finished game of Cockroach Poker."""
    context = new_context(browser, "en")
    api = context.request
    for username in ("Rin", "Ken"):  # Ken's account first, so that Rin can keep a seat for him
        api.post(base_url + "/api/account", data={"username": username, "password": "a long secret phrase"})
    api.post(base_url + "/api/session", data={"username": "Rin", "password": "a long secret phrase"})
    tables = [
        {"game": "survive", "players": 2, "seats": {"1": "bot:normal"}, "name": "Sunday island",
         "pace": "turn-based", "clock": {"per_decision_hours": 48}},
        {"game": "paper-safari", "players": 3, "seats": {"1": "user:Ken", "2": "bot:easy"}, "name": "After work"},
        {"game": "cockroach-poker", "players": 3, "seats": {"1": "bot:random", "2": "bot:random"}},
    ]  # fmt: skip
    made = [api.post(base_url + "/api/rooms", data=table).json() for table in tables]
    finished = made[-1]

    async def play_to_the_end() -> None:
        async with RoomClient(base_url, finished["room"], finished["token"]) as seat:
            await play_first_legal(seat)

    with ThreadPoolExecutor(max_workers=1) as thread:  # Playwright's event loop runs in this one
        thread.submit(run, play_to_the_end()).result()
    return context


def shoot_players(browser: Browser, out: Path) -> None:
    """A profile (``/p/Aki``) and a leaderboard, on a desktop and a phone, in English and Japanese; and a
    player's "My games" (``/me``)."""
    with tempfile.TemporaryDirectory() as directory:
        server = WebServer(Path(directory) / "asobiba.db", Path(directory) / "server.log")
        store_rated_games(server.db_url, RATED_PLAYERS, RATED_TABLES, seed=7)
        server.start()
        try:
            for lang in ("en", "ja"):
                for suffix, (width, height) in (("", (1280, 900)), (".phone", PHONE)):
                    context = new_context(browser, lang, width=width, height=height)
                    page = context.new_page()
                    page.goto(server.base_url + "/p/Aki")
                    page.wait_for_selector("[data-rating-chart]")
                    shoot(page, out / f"profile{suffix}.{lang}.png")
                    page.goto(server.base_url + "/leaderboard/cockroach-poker")
                    page.wait_for_selector("[data-leader]")
                    shoot(page, out / f"leaderboard{suffix}.{lang}.png")
                    context.close()
            signed_in = my_games_of_rin(browser, server.base_url)
            for lang in ("en", "ja"):
                for suffix, (width, height) in (("", (1280, 900)), (".phone", PHONE)):
                    page = signed_in.new_page()
                    page.set_viewport_size({"width": width, "height": height})
                    page.goto(server.base_url + "/")
                    page.evaluate("(lang) => localStorage.setItem('asobiba.lang', lang)", lang)
                    page.goto(server.base_url + "/me")
                    page.wait_for_selector("#finished .my-game")
                    shoot(page, out / f"my-games{suffix}.{lang}.png")
                    page.close()
            signed_in.close()
        finally:
            server.stop()


def tutorial_step(asks: list[bool]) -> int:
    """The step a tutorial's picture shows (``asks``: whether each step asks a move): the first that asks
    a move past a third of the way (the table has moved on by then), else the first that asks one."""
    moves = [index for index, asked in enumerate(asks) if asked]
    later = [index for index in moves if index >= len(asks) // 3]
    return (later or moves or [0])[0]


def shoot_tutorials(browser: Browser, base_url: str, out: Path) -> None:
    """A step of each game's first tutorial, on a desktop and a phone, in English and Japanese."""
    api = browser.new_page().request
    firsts: dict[str, str] = {}
    for entry in api.get(base_url + "/api/tutorials").json():
        if entry["game"] in GAMES:  # the games of this package (not a plug-in's)
            firsts.setdefault(entry["game"], entry["key"])
    for game, key in firsts.items():
        count = api.get(f"{base_url}/api/tutorials/{key}").json()["tutorial"]["steps"]
        steps = [api.get(f"{base_url}/api/tutorials/{key}?step={step}").json()["step"] for step in range(count)]
        asks = [bool(step["do"]) for step in steps]
        stop = tutorial_step(asks)
        for lang in ("en", "ja"):
            for suffix, (width, height) in (("", (1280, 900)), (".phone", PHONE)):
                context = new_context(browser, lang, width=width, height=height)
                page = context.new_page()
                open_tutorial(page, base_url, key)
                wait_for_step(page, 0)
                play_to_the_end(page, base_url, key, lang, stop_at=stop)
                page.wait_for_selector("[data-tut-move]")
                shoot(page, out / f"tutorial-{game}{suffix}.{lang}.png", full_page=False)
                context.close()


#: game -> (players, bots, lobby options) of the coach's pictures: our seat plays by random clicks against
#: normal bots, so that the coach has costly moves to explain.
COACH_GAMES = {
    "cockroach-poker": (3, {1: "bot:normal", 2: "bot:normal"}, {}),
    "paper-safari": (3, {1: "bot:normal", 2: "bot:normal"}, {"tokens_to_win": "1"}),
    "survive": (3, {1: "bot:normal", 2: "bot:normal"}, {}),
}
#: Games dealt again, at most, until our seat has a costly move the game explains.
COACH_TRIES = 3


def coach_room(browser: Browser, base_url: str, game: str) -> tuple[str, str]:
    """A game of ``game`` played to the end by random clicks and analysed for our seat, its costliest move
    explained by the game's reasons (else, after :data:`COACH_TRIES` games, the last with a costly move):
    the room and our token."""
    players, bots, options = COACH_GAMES[game]
    fallback: tuple[str, str] | None = None
    for attempt in range(COACH_TRIES):
        context = new_context(browser, "en", width=1280, height=900)
        page = context.new_page()
        open_lobby(page, base_url, "en")
        room = create_room_from_lobby(page, base_url, game, players, bots, options)
        play_until_over(page, random.Random(f"coach-{game}-{attempt}"))
        token = str(page.evaluate("(room) => localStorage.getItem(`asobiba.token.${room}`)", room))
        page.click("#coach-me")
        page.wait_for_selector("#replay-view #coach-result", timeout=600_000)
        explained = page.locator("#coach-costliest .coach-why li").count()  # the game's reasons, not only numbers
        marked = page.locator(".coach-decision.marked").count()
        context.close()
        if explained:
            return room, token
        if marked:
            fallback = (room, token)
    if fallback is None:
        raise SystemExit(f"{game}: no costly move in {COACH_TRIES} games")
    print(f"{game}: the costliest move unexplained by the game in {COACH_TRIES} games; showing the last")
    return fallback


def shoot_coach(browser: Browser, out: Path, games: list[str] | None = None) -> None:
    """The coach after a game of each game — the curve and the costliest move in words — on a desktop and
    a phone, in English and Japanese (the server's own sizing: the interval rule met)."""
    with tempfile.TemporaryDirectory() as directory, start_server(Path(directory)) as server:
        for game in games or list(COACH_GAMES):
            room, token = coach_room(browser, server.base_url, game)
            for lang in ("en", "ja"):
                for suffix, (width, height) in (("", (1280, 900)), (".phone", PHONE)):
                    context = new_context(browser, lang, width=width, height=height)
                    page = context.new_page()
                    page.goto(f"{server.base_url}/r/{room}#token={token}")
                    page.wait_for_selector("[data-result]")
                    page.click("#coach-me")
                    page.wait_for_selector("#replay-view #coach-result", timeout=600_000)
                    page.click("[data-jump-costliest]")  # the replay shows that position
                    page.evaluate("() => document.querySelector('#coach-result').scrollIntoView({block: 'start'})")
                    shoot(page, out / f"coach-{game}{suffix}.{lang}.png", full_page=False)
                    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--players", action="store_true", help="Only the profile and leaderboard pictures.")
    parser.add_argument("--tutorials", action="store_true", help="Only the pictures of the tutorials.")
    parser.add_argument("--coach", action="store_true", help="Only the coach's pictures (an explained analysis).")
    parser.add_argument("--game", action="append", help="With --coach: only these games' pictures.")
    arguments = parser.parse_args()
    out: Path = arguments.out
    out.mkdir(parents=True, exist_ok=True)
    if arguments.coach:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            shoot_coach(browser, out, arguments.game)
            browser.close()
        return
    if arguments.players:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            shoot_players(browser, out)
            browser.close()
        return
    with tempfile.TemporaryDirectory() as directory, start_server(Path(directory)) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if arguments.tutorials:
            shoot_tutorials(browser, server.base_url, out)
            browser.close()
            return
        for lang in ("en", "ja"):
            context = new_context(browser, lang, width=1280, height=900)
            page = context.new_page()
            open_lobby(page, server.base_url, lang)
            # what the screen shows: in a full-page picture the sticky Create bar would sit mid-form
            shoot(page, out / f"lobby.{lang}.png", full_page=False)
            for game, (players, bots, options, mid) in GAMES.items():
                rng = random.Random(f"{game}-{lang}")
                for _ in range(MID_TRIES):  # a deal may end the game before the mid-play picture: deal again
                    create_room_from_lobby(page, server.base_url, game, players, bots, options)
                    play_until_over(page, rng, stop_after=mid)
                    if table(page).get("phase") != "over":
                        shoot(page, out / f"{game}.mid.{lang}.png")
                        break
                else:
                    raise SystemExit(f"{game} ended before {mid} clicks {MID_TRIES} times: no mid-play picture")
                play_until_over(page, rng)
                shoot(page, out / f"{game}.end.{lang}.png")
            context.close()
        rules = browser.new_page(viewport={"width": 1000, "height": 900})
        rules.goto(server.base_url + "/rules/survive?lang=ja")
        shoot(rules, out / "rules.ja.png", full_page=False)
        for lang in ("en", "ja"):
            phone = new_context(browser, lang, width=PHONE[0], height=PHONE[1])
            page = phone.new_page()
            open_lobby(page, server.base_url, lang)
            shoot(page, out / f"lobby.phone.{lang}.png", full_page=False)
            for game, clicks in PHONE_CLICKS.items():
                players = GAMES[game][0] if game != "survive" else 2
                bots = dict.fromkeys(range(1, players), "bot:random")
                create_room_from_lobby(page, server.base_url, game, players, bots)
                play_until_over(page, random.Random(f"{game}-phone"), stop_after=clicks)
                page.evaluate("window.scrollTo(0, 0)")
                shoot(page, out / f"{game}.phone.{lang}.png", full_page=False)
            phone.close()
        shoot_players(browser, out)
        shoot_tutorials(browser, server.base_url, out)
        browser.close()


if __name__ == "__main__":
    main()
