"""Players who come back, end to end in Chromium (issue 33's evidence): Aki (English, a desktop) makes an
account and a turn-based Survive room, a day a move; Ken (Japanese, a phone) takes his seat by its link as a
guest, makes an account in the middle of the game and keeps the seat, and asks for email on "My games". The
game goes on across a server restart and two of the server's days (``--test-clock``); Ken's time runs out
once and a bot decides for him; Ken, away, gets a "your turn" email at the test's SMTP server (aiosmtpd on
loopback) and its unsubscribe link works. The game ends: both ratings and profiles changed, and the loser
finds the replay from "My games". Once on SQLite with one process, once on PostgreSQL + Redis with two
processes (Aki on one, Ken on the other)."""

from __future__ import annotations

import contextlib
import random
import shutil
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Browser, BrowserContext, Page
from server_testing import (
    Inbox,
    PostgreSQLCluster,
    RedisServer,
    ServerProcess,
    free_port,
    postgresql_binaries,
    run,
    start_servers,
    wait_for,
)
from web_testing import ConsoleWatch, WebServer, new_context

from asobiba.server.client import RoomClient

PASSWORD = "a long secret phrase"
DAY = 24 * 3600.0


@dataclass
class Deployment:
    """Where Aki's and Ken's browsers go (one process, or one each), and how the test moves the servers."""

    aki: ServerProcess
    ken: ServerProcess

    @property
    def processes(self) -> list[ServerProcess]:
        return [self.aki] if self.aki is self.ken else [self.aki, self.ken]

    def advance(self, seconds: float) -> None:
        """The server's time moves on (each process keeps its own test clock)."""
        for process in self.processes:
            answer = httpx.post(f"{process.base_url}/api/test/clock", json={"advance": seconds}, timeout=30)
            assert answer.status_code == 200, answer.text

    def restart(self) -> None:
        """The process Aki's browser uses stops and starts again (SIGTERM, then the same port)."""
        self.aki.restart()


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, str]]:
    received = Inbox()
    port = free_port()
    controller = Controller(received, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield received, f"smtp://127.0.0.1:{port}?from=play@asobiba.test"
    finally:
        controller.stop()


SERVE = {"ASOBIBA_DEADLINE_INTERVAL": "0.2"}


@pytest.fixture
def sqlite_deployment(tmp_path: Path, inbox: tuple[Inbox, str]) -> Iterator[Deployment]:
    server = WebServer(
        tmp_path / "asobiba.db", tmp_path / "server.log", environment={**SERVE, "ASOBIBA_SMTP": inbox[1]},
        flags=("--test-clock",),
    )  # fmt: skip
    server.start()
    try:
        yield Deployment(server, server)
    finally:
        server.stop()


@pytest.fixture
def cluster_deployment(tmp_path: Path, inbox: tuple[Inbox, str]) -> Iterator[Deployment]:
    binaries, redis_binary = postgresql_binaries(), shutil.which("redis-server")
    if binaries is None or redis_binary is None:
        pytest.skip("PostgreSQL and Redis are not installed: apt-get install postgresql redis-server")
    database, redis = PostgreSQLCluster(binaries), RedisServer(redis_binary)
    servers: list[ServerProcess] = []
    try:
        database.start()
        redis.start()
        with pytest.MonkeyPatch.context() as patch:  # the servers' environment
            for name, value in {**SERVE, "ASOBIBA_SMTP": inbox[1]}.items():
                patch.setenv(name, value)
            with ThreadPoolExecutor(max_workers=1) as thread:  # (asyncio, away from Playwright's loop)
                url = thread.submit(database.fresh_database).result()
            servers = start_servers(2, tmp_path, url, redis.url, flags=("--test-clock",))
            yield Deployment(servers[0], servers[1])
    finally:
        for server in servers:
            server.stop()
        redis.stop()
        database.stop()


def in_thread(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run ``coroutine`` to its end in a thread of its own (Playwright's event loop runs in this one)."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(run, coroutine).result()


def summary(server: ServerProcess, room: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{server.base_url}/api/rooms/{room}", timeout=30).json()
    return answer


async def one_turn(server: ServerProcess, room: str, token: str, rng: random.Random) -> None:
    """The seat of ``token`` comes to the table, plays its turn (random legal moves until the decision is
    another's or the game is over), and leaves."""
    async with RoomClient(server.base_url, room, token) as seat:
        while not seat.state["legal"] and not seat.state["view"]["is_over"]:
            await seat.next_state()
        for _ in range(50):
            if not seat.state["legal"]:
                return
            reply = await seat.act(rng.choice(seat.state["legal"])["notation"])
            assert reply["type"] in ("accepted", "rejected"), reply
        raise AssertionError("a turn of more than 50 decisions")


def play(deployment: Deployment, room: str, tokens: dict[int, str], rng: random.Random, turns: int) -> None:
    """``turns`` turns of whoever is to move (or to the end), each at the table through their own process."""
    for _ in range(turns):
        found = summary(deployment.aki, room)
        if found["status"] == "over":
            return
        mover = found["to_move"]
        server = deployment.aki if mover == 0 else deployment.ken
        in_thread(one_turn(server, room, tokens[mover], rng))


def until_to_move(deployment: Deployment, room: str, seat: int, tokens: dict[int, str], rng: random.Random) -> None:
    """The other seat plays until ``seat`` is to move."""
    for _ in range(60):
        found = summary(deployment.aki, room)
        assert found["status"] != "over", "the game ended first"
        if found["to_move"] == seat:
            return
        play(deployment, room, tokens, rng, 1)
    raise AssertionError(f"seat {seat} never got the decision")


def sign_up(page: Page, username: str) -> None:
    page.click("#create-account")
    page.fill("#account-username", username)
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#account-name")


def token_of(page: Page, room: str) -> str:
    token = page.evaluate(f"() => localStorage.getItem('asobiba.token.{room}')")
    assert isinstance(token, str) and token
    return token


def come_back(browser: Browser, console: ConsoleWatch, deployment: Deployment, received: Inbox) -> None:
    rng = random.Random(33)
    aki_context: BrowserContext = new_context(browser, "en")
    aki = console.watch(aki_context.new_page())
    aki.goto(deployment.aki.base_url + "/")
    sign_up(aki, "aki")
    made = aki_context.request.post(
        f"{deployment.aki.base_url}/api/rooms",
        data={"game": "survive", "players": 2, "seats": {"1": "human"}, "name": "Island", "pace": "turn-based",
              "clock": {"per_decision_hours": 24}, "timeout": "bot"},
    )  # fmt: skip
    assert made.ok, made.text()
    room, aki_token = made.json()["room"], made.json()["token"]
    invite = made.json()["invites"]["1"].replace(deployment.aki.base_url, deployment.ken.base_url)
    aki.goto(f"{deployment.aki.base_url}/r/{room}#token={aki_token}")
    aki.wait_for_selector("#table[data-seat='0']")

    # Ken, a guest on a phone, takes his seat by its link, then makes an account mid-game and keeps it
    ken_context = new_context(browser, "ja", width=390, height=844)
    ken = console.watch(ken_context.new_page())
    ken.goto(invite)
    ken.fill("#join-name", "Ken")
    ken.click("#take-seat")
    ken.wait_for_selector("#table[data-seat='1']")
    tokens = {0: aki_token, 1: token_of(ken, room)}
    play(deployment, room, tokens, rng, 4)
    sign_up(ken, "ken")
    ken.wait_for_selector("#table[data-seat='1']")
    assert token_of(ken, room) == tokens[1]
    ken.goto(deployment.ken.base_url + "/me")
    ken.wait_for_selector(f"#my-games [data-room='{room}']")
    ken.fill("#email-address", "ken@example.org")
    ken.check("#email-notify")
    ken.click("#email-save")
    ken.locator("#email-choice [role=status]", has_text="保存しました。").wait_for()
    ken.close()  # Ken closes the page: away from the table for days
    # every process knows he left (with two, the other hears it through Redis): only then is he away
    for process in deployment.processes:
        wait_for(lambda process=process: not summary(process, room)["seats"][1]["connected"], "Ken to be away")

    # the game goes on across a restart of the server
    play(deployment, room, tokens, rng, 3)
    deployment.restart()
    aki.reload()
    aki.wait_for_selector("#table[data-seat='0']")
    until_to_move(deployment, room, 1, tokens, rng)
    wait_for(lambda: received.envelopes, "a 'your turn' email to Ken")
    first = received.messages()[0]
    assert received.envelopes[0].rcpt_tos == ["ken@example.org"] and "あなたの番です" in str(first["Subject"])

    # a day on: Ken's time runs out once, and a bot decides for him
    before = summary(deployment.aki, room)["seq"]
    deployment.advance(DAY + 60)
    wait_for(lambda: summary(deployment.aki, room)["seats"][1]["timeouts"] == 1, "Ken's time to run out")
    # the timeout is counted first; its stand-in decides a moment later
    wait_for(lambda: summary(deployment.aki, room)["seq"] > before, "the stand-in bot's decision")
    # the decision comes back to Ken, away: a day later than the first email, so a second one
    until_to_move(deployment, room, 1, tokens, rng)
    wait_for(lambda: len(received.envelopes) >= 2, "the next day's email")
    unsubscribe = str(received.messages()[-1]["List-Unsubscribe"]).strip().strip("<>")
    page = httpx.get(unsubscribe, headers={"Accept-Language": "ja"}, timeout=30)
    assert page.status_code == 200 and "メールを止めました" in page.text
    in_thread(one_turn(deployment.ken, room, tokens[1], rng))
    until_to_move(deployment, room, 0, tokens, rng)
    deployment.advance(DAY - 3600)  # the second day: Aki takes her time, within her 24 hours
    assert summary(deployment.aki, room)["seats"][0]["timeouts"] == 0

    # to the end
    for _ in range(30):
        if summary(deployment.aki, room)["status"] == "over":
            break
        play(deployment, room, tokens, rng, 20)
    over = wait_for(lambda: (found := summary(deployment.aki, room))["status"] == "over" and found, "the end")
    assert summary(deployment.aki, room)["seats"][1]["timeouts"] == 1  # once, and never again: Ken played on time

    # both ratings and profiles changed
    for username in ("aki", "ken"):
        profile = httpx.get(f"{deployment.aki.base_url}/api/players/{username}", timeout=30).json()
        assert profile["ratings"]["survive"]["games"] == 1, profile
        assert [game["room"] for game in profile["recent"]][:1] == [room]
    ken = console.watch(ken_context.new_page())  # Ken comes back
    ken.goto(f"{deployment.ken.base_url}/p/ken")
    ken.wait_for_selector("[data-rating='survive'] svg[data-rating-chart] [data-chart-point]")

    # the loser finds the replay from "My games"
    loser = 1 if over["ranking"][1] > over["ranking"][0] else 0
    page_of_loser = ken if loser == 1 else aki
    base = deployment.ken.base_url if loser == 1 else deployment.aki.base_url
    page_of_loser.goto(base + "/me")
    page_of_loser.wait_for_selector(f"#finished [data-room='{room}']")
    page_of_loser.click(f"#finished [data-replay='{room}']")
    page_of_loser.wait_for_url(f"**/r/{room}*")
    page_of_loser.wait_for_selector("#replay")
    # the restart (a request or socket refused while the server was down) and the other devices' closed
    # sockets say so in the console; nothing else may
    expected = ("WebSocket", "net::ERR_CONNECTION_REFUSED")
    console.errors[:] = [error for error in console.errors if not any(word in error for word in expected)]
    for context in (aki_context, ken_context):
        with contextlib.suppress(Exception):
            context.close()


def test_players_come_back_to_a_turn_based_game_on_sqlite(
    browser: Browser, console: ConsoleWatch, sqlite_deployment: Deployment, inbox: tuple[Inbox, str]
) -> None:
    come_back(browser, console, sqlite_deployment, inbox[0])


def test_players_come_back_to_a_turn_based_game_on_postgresql_and_redis_with_two_processes(
    browser: Browser, console: ConsoleWatch, cluster_deployment: Deployment, inbox: tuple[Inbox, str]
) -> None:
    come_back(browser, console, cluster_deployment, inbox[0])
