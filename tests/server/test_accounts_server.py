"""Accounts on a real ``asobiba serve``: a finished game in "my games" with its result and links, a
seat taken back on another device while its old connection is open, sign-in limits per username
behind a proxy, and no username or password in the server's log."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_testing import ServerProcess, play_first_legal, run
from websockets.exceptions import ConnectionClosed

from asobiba.server.accounts.seats import TAKEN_BACK
from asobiba.server.client import RoomClient

PASSWORD = "correct horse battery"


@pytest.fixture
def proxied_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server behind a proxy at 127.0.0.1 (its X-Forwarded-For names the client), 3 sign-ins a minute."""
    process = ServerProcess(
        tmp_path / "asobiba.db",
        tmp_path / "server.log",
        environment={"ASOBIBA_SIGN_IN_RATE": "3/minute", "ASOBIBA_FORWARDED_ALLOW_IPS": "127.0.0.1"},
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


def browser(server: ServerProcess, address: str | None = None) -> httpx.Client:
    headers = {"x-forwarded-for": address} if address else {}
    return httpx.Client(base_url=server.base_url, headers=headers, timeout=30)


def test_a_finished_game_is_in_my_games_with_its_rank_date_replay_and_coach(server: ServerProcess) -> None:
    with browser(server) as ken:
        assert ken.post("/api/account", json={"username": "ken", "password": PASSWORD}).status_code == 201
        made = ken.post(
            "/api/rooms",
            json={"game": "cockroach-poker", "players": 3, "seats": {"1": "bot:random", "2": "bot:random"}},
        ).json()

        async def play() -> None:
            async with RoomClient(server.base_url, made["room"], made["token"]) as seat:
                await play_first_legal(seat)

        run(play())
        games = ken.get("/api/me/games").json()
        assert games["your_turn"] == games["waiting"] == []
        [finished] = games["finished"]
        assert finished["room"] == made["room"] and finished["seat"] == 0
        assert 1 <= finished["result"]["rank"] <= 3 and isinstance(finished["result"]["winner"], bool)
        assert finished["finished_at"] > 0
        assert finished["replay"] == f"/api/rooms/{made['room']}/replay?seat=0"
        assert finished["coach"] == f"/api/rooms/{made['room']}/analysis?seat=0"
        assert ken.get(finished["replay"]).status_code == 200
        assert [player["username"] for player in finished["players"]] == ["ken", None, None]


def test_a_seat_taken_back_on_another_device_closes_the_old_tokens_connection(server: ServerProcess) -> None:
    with browser(server) as laptop, browser(server) as phone:
        laptop.post("/api/account", json={"username": "ken", "password": PASSWORD})
        made = laptop.post(
            "/api/rooms", json={"game": "cockroach-poker", "players": 3, "seats": {"1": "bot:random", "2": "human"}}
        ).json()
        phone.post("/api/session", json={"username": "ken", "password": PASSWORD})

        async def scenario() -> None:
            old = RoomClient(server.base_url, made["room"], made["token"])
            await old.connect()
            taken = phone.post(f"/api/rooms/{made['room']}/my-seat", json={}).json()
            assert taken["seat"] == 0
            with pytest.raises(ConnectionClosed):  # the old connection is closed with 4410
                for _ in range(50):
                    await old.receive(timeout=10)
            assert old.socket is not None
            assert old.socket.close_code == 4410 and old.socket.close_reason == TAKEN_BACK
            async with RoomClient(server.base_url, made["room"], taken["token"]) as new:
                assert new.state["seat"] == 0

        run(scenario())


def test_sign_in_attempts_are_limited_per_username_whatever_the_address(proxied_server: ServerProcess) -> None:
    with browser(proxied_server, "192.0.2.1") as first:
        assert first.post("/api/account", json={"username": "ken", "password": PASSWORD}).status_code == 201
    for number in range(3):  # three addresses, one try each, at ken's password
        with browser(proxied_server, f"198.51.100.{number}") as guesser:
            answer = guesser.post("/api/session", json={"username": "ken", "password": f"guess {number} guess"})
            assert answer.status_code == 401
    with browser(proxied_server, "203.0.113.9") as fourth:
        limited = fourth.post("/api/session", json={"username": "KEN", "password": PASSWORD})
        assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
        # another username from that address is still tried
        assert fourth.post("/api/session", json={"username": "amy", "password": PASSWORD}).status_code == 401
    with browser(proxied_server, "203.0.113.10") as many:
        for _ in range(3):
            many.post("/api/session", json={"username": "someone", "password": PASSWORD})
        assert many.post("/api/account", json={"username": "newcomer", "password": PASSWORD}).status_code == 429


def test_behind_an_https_proxy_the_session_cookie_is_secure(proxied_server: ServerProcess) -> None:
    """The scheme the proxy (an address of --forwarded-allow-ips) forwards makes the cookie Secure."""
    with browser(proxied_server, "192.0.2.1") as client:
        over_https = client.post(
            "/api/account", json={"username": "ken", "password": PASSWORD}, headers={"x-forwarded-proto": "https"}
        )
        assert "secure" in [part.strip().lower() for part in over_https.headers["set-cookie"].split(";")]
        over_http = client.post("/api/session", json={"username": "ken", "password": PASSWORD})
        assert "secure" not in [part.strip().lower() for part in over_http.headers["set-cookie"].split(";")]


METRICS_TOKEN = "metrics-token-of-the-test"


def test_usernames_and_passwords_never_reach_the_servers_log_nor_its_metrics(tmp_path: Path) -> None:
    username, password = "secretive_ken", "p4ssw0rd-that-must-not-leak"
    server = ServerProcess(
        tmp_path / "asobiba.db", tmp_path / "server.log", environment={"ASOBIBA_METRICS_TOKEN": METRICS_TOKEN}
    )
    server.start()
    with browser(server) as client:
        client.post("/api/account", json={"username": username, "password": password})
        client.post("/api/account", json={"username": username, "password": password})  # 409
        client.post("/api/account", json={"username": username.upper() + "x", "password": "short"})  # 400
        client.post("/api/session", json={"username": username, "password": password + "wrong"})  # 401
        client.post("/api/session", json={"username": username, "password": password})
        session = client.cookies.get("asobiba_session")
        client.get("/api/me")
        client.put("/api/me/email", json={"address": "ken.secret@example.org", "notify": True})
        client.post("/api/rooms", json={"game": "cockroach-poker", "players": 3, "seats": {"1": f"user:{username}"}})
        client.post("/api/rooms", json={"game": "cockroach-poker", "players": 3, "seats": {"1": "user:unknown_secret"}})
        client.delete("/api/sessions", headers={"content-type": "application/json"})
        metrics = client.get("/metrics", headers={"authorization": f"Bearer {METRICS_TOKEN}"})
    server.stop()
    assert metrics.status_code == 200 and "asobiba" in metrics.text
    log = server.log()
    assert "POST /api/session" in log  # the requests are logged, without what they carried
    for secret in (username, username.lower(), password, "ken.secret@example.org", "unknown_secret", session or "?"):
        assert secret not in log, secret
    for secret in (username, username.lower(), password, "ken.secret@example.org", "unknown_secret"):
        assert secret not in metrics.text, secret


def test_a_session_ends_thirty_days_on_by_the_servers_clock(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "asobiba.db", tmp_path / "server.log", flags=("--test-clock",))
    server.start()
    try:
        with browser(server) as ken:
            assert ken.post("/api/account", json={"username": "ken", "password": PASSWORD}).status_code == 201
            ken.post("/api/test/clock", json={"advance": 29 * 86400})
            assert ken.get("/api/me").json() == {"username": "ken", "guest": False}
            ken.post("/api/test/clock", json={"advance": 2 * 86400})
            assert ken.get("/api/me").json() == {"guest": True}
            assert ken.post("/api/session", json={"username": "ken", "password": PASSWORD}).status_code == 200
            assert ken.get("/api/me").json()["guest"] is False
    finally:
        server.stop()
