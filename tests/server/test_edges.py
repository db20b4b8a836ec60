"""The server's edges, attacked from outside a real process (and, for what only memory shows, the app
in-process): heavy reads, seat squatting, rematch seats, database faults, amplification and memory,
headers, the host check, CSRF, non-JSON numbers and lone surrogates, the static files."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from server_testing import ServerProcess, play_first_legal, run
from websockets.exceptions import ConnectionClosed

from asobiba.server.client import (
    RoomClient,
    ServerError,
    create_room,
    follow_invite,
    join_room,
    rematch,
    room_summary,
)

EDGE_ENVIRONMENT = {
    "ASOBIBA_SEAT_TIMEOUT": "1",
    "ASOBIBA_CONNECTIONS_PER_ADDRESS": "8",
    "ASOBIBA_REPLAY_RATE": "5/second",
}
SQLITE_ONLY = pytest.mark.skipif(bool(os.environ.get("ASOBIBA_TEST_DATABASE")), reason="deletes the SQLite file")


@pytest.fixture(scope="module")
def edge_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("edges")
    process = ServerProcess(folder / "edges.db", folder / "server.log", environment=EDGE_ENVIRONMENT)
    process.start()
    try:
        yield process
    finally:
        process.stop()


def raw(
    server: ServerProcess, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One request exactly as given: status, headers (lower-case names), body."""
    request = urllib.request.Request(server.base_url + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def finished_room(server: ServerProcess) -> dict[str, Any]:
    made = create_room(server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})

    async def finish() -> None:
        async with RoomClient(server.base_url, made["room"], made["token"]) as client:
            await play_first_legal(client)

    run(finish())
    return made


def wait_for(condition: Any, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.1)


# ---------------------------------------------------------------------------------------- heavy reads


def test_replays_and_records_are_limited_per_client_address(edge_server: ServerProcess) -> None:
    made = finished_room(edge_server)
    statuses = [raw(edge_server, "GET", f"/api/rooms/{made['room']}/replay?seat=0")[0] for _ in range(12)]
    assert 429 in statuses and statuses[0] == 200
    time.sleep(1.1)
    statuses = [raw(edge_server, "GET", f"/api/rooms/{made['room']}/record")[0] for _ in range(12)]
    assert 429 in statuses and statuses[0] == 200


def test_a_replay_is_computed_once_per_room_seat_and_language(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from asobiba.server.app import create_app
    from asobiba.server.rooms import Settings

    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'a.db'}", bot_delay=0.0, replay_rate="1000/second"))
    with TestClient(app) as client:
        made = client.post(
            "/api/rooms",
            json={
                "game": "cockroach-poker",
                "players": 3,
                "seats": {"0": "bot:random", "1": "bot:random", "2": "bot:random"},
            },
        ).json()
        wait_for(lambda: client.get(f"/api/rooms/{made['room']}").json()["status"] == "over", "the bots finished")
        first = client.get(f"/api/rooms/{made['room']}/replay?seat=1&lang=ja")
        again = client.get(f"/api/rooms/{made['room']}/replay?seat=1&lang=ja")
        assert first.status_code == again.status_code == 200 and first.content == again.content
        assert app.state.lobby.workers.computed == 1
        client.get(f"/api/rooms/{made['room']}/replay?seat=2&lang=ja")
        assert app.state.lobby.workers.computed == 2


# ---------------------------------------------------------------------------------------- seats


def test_a_seat_taken_but_never_connected_is_freed_again_before_the_first_decision(edge_server: ServerProcess) -> None:
    made = create_room(edge_server.base_url, "cockroach-poker", 3, seats={"1": "human", "2": "human"}, name="ann")
    follow_invite(made["invites"]["1"], "squatter")

    def seats() -> list[bool]:
        return [seat["occupied"] for seat in room_summary(edge_server.base_url, made["room"])["seats"]]

    assert seats() == [True, True, False]

    async def stay_connected() -> None:  # the creator is here; the squatter never comes
        async with RoomClient(edge_server.base_url, made["room"], made["token"]):
            await asyncio.to_thread(wait_for, lambda: seats() == [True, False, False], "the squatted seat is freed")

    run(stay_connected())
    assert room_summary(edge_server.base_url, made["room"])["seats"][1]["name"] is None


def test_a_seat_never_connected_after_the_first_decision_is_played_by_a_bot(edge_server: ServerProcess) -> None:
    seats = {"1": "human", "2": "bot:random"}
    made = create_room(edge_server.base_url, "cockroach-poker", 3, seats=seats, options={"first_player": 0})

    async def scenario() -> None:
        async with RoomClient(edge_server.base_url, made["room"], made["token"]) as client:
            assert client.state["started"] is False  # seat 1 is free: the room waits
            joined = follow_invite(made["invites"]["1"], "squatter")
            while not client.state["started"]:  # every seat taken: it starts
                await client.next_state()
            await client.act(client.state["legal"][0]["notation"])  # the game's first decision

            def squatted() -> dict[str, Any]:
                found: dict[str, Any] = room_summary(edge_server.base_url, made["room"])["seats"][joined["seat"]]
                return found

            await asyncio.to_thread(wait_for, lambda: squatted()["taken_over"], "a bot took the unused seat")

    run(scenario())


def test_a_rematch_seats_only_the_previous_players_the_same_seat_every_time(edge_server: ServerProcess) -> None:
    made = finished_room(edge_server)
    again = rematch(edge_server.base_url, made["room"], made["token"])
    assert rematch(edge_server.base_url, made["room"], made["token"]) == again
    for token in (None, "not-a-token"):
        with pytest.raises(ServerError) as stranger:
            rematch(edge_server.base_url, made["room"], token)
        assert stranger.value.status == 403
    with pytest.raises(ServerError) as joining:
        join_room(edge_server.base_url, again["room"], "stranger")
    assert joining.value.status == 403


# ---------------------------------------------------------------------------------------- database faults


@SQLITE_ONLY
def test_a_deleted_database_file_is_noticed_and_nothing_is_acknowledged_that_is_not_stored(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "doomed.db", tmp_path / "server.log")
    server.start()
    try:
        assert json.loads(raw(server, "GET", "/healthz")[2]) == {"status": "ok"}
        made = create_room(server.base_url, "cockroach-poker", 3, seats={"1": "human", "2": "human"})
        tokens = [made["token"], *(follow_invite(made["invites"][seat])["token"] for seat in ("1", "2"))]
        mover = room_summary(server.base_url, made["room"])["to_move"]

        async def scenario() -> dict[str, Any]:
            async with RoomClient(server.base_url, made["room"], tokens[mover]) as client:
                server.database.unlink()
                await asyncio.to_thread(wait_for, lambda: raw(server, "GET", "/healthz")[0] == 503, "noticed", 5.0)
                reply: dict[str, Any] = await client.act(client.state["legal"][0]["notation"], wait_state=False)
                return reply

        reply = run(scenario())
        assert reply["type"] == "rejected" and reply["code"] == "unavailable"
        status, _headers, body = raw(server, "GET", "/healthz")
        assert status == 503 and "deleted" in json.loads(body)["reason"]
        with pytest.raises(ServerError) as refused:
            create_room(server.base_url, "cockroach-poker", 3)
        assert refused.value.status == 503
        assert room_summary(server.base_url, made["room"])["seq"] == reply["seq"]
        assert "Traceback" not in server.log()
    finally:
        server.stop()


# ---------------------------------------------------------------------------------------- amplification


def test_connections_per_client_address_are_limited(edge_server: ServerProcess) -> None:
    made = create_room(edge_server.base_url, "cockroach-poker", 3, name="many")
    url = edge_server.base_url.replace("http", "ws") + f"/api/rooms/{made['room']}/ws"

    async def scenario() -> int | None:
        sockets = [await websockets.connect(url) for _ in range(8)]
        try:
            extra = await websockets.connect(url)
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(extra.recv(), 10)
            return extra.close_code
        finally:
            for socket in sockets:
                await socket.close()

    assert run(scenario()) == 4429


async def drain(client: RoomClient) -> None:
    """Read every frame the server has sent (until it is quiet for half a second)."""
    while True:
        try:
            await client.receive(timeout=0.5)
        except TimeoutError:
            return


def test_hello_is_rate_limited_and_presence_is_sent_only_when_it_changes(edge_server: ServerProcess) -> None:
    made = create_room(edge_server.base_url, "cockroach-poker", 3, seats={"1": "human", "2": "human"}, name="ann")

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        async with (
            RoomClient(edge_server.base_url, made["room"]) as watcher,
            RoomClient(edge_server.base_url, made["room"], made["token"]) as player,
        ):
            await drain(watcher)
            seen_before = len([f for f in watcher.frames if f["type"] == "presence"])
            replies = []
            for _ in range(12):
                await player.send(json.dumps({"type": "hello", "protocol": 1, "token": made["token"]}))
            for _ in range(12):
                reply = await player.receive()
                while reply["type"] == "presence":
                    reply = await player.receive()
                replies.append(reply)
            await drain(watcher)
            presence = [f for f in watcher.frames if f["type"] == "presence"][seen_before:]
            return replies, presence

    replies, presence = run(scenario())
    assert any(reply["type"] == "rejected" and reply["code"] == "rate_limited" for reply in replies)
    assert presence == []  # the same seat saying hello again changes nobody's presence


def test_looking_up_unknown_rooms_leaves_nothing_in_memory_and_idle_rooms_are_evicted(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from asobiba.server.app import create_app
    from asobiba.server.rooms import Settings

    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'a.db'}", max_rooms_in_memory=3))
    with TestClient(app) as client:
        lobby = app.state.lobby
        for number in range(200):
            assert client.get(f"/api/rooms/nosuch{number}").status_code == 404
        assert lobby._loading == {} and lobby.rooms == {}
        made = [client.post("/api/rooms", json={"game": "cockroach-poker", "players": 3}).json() for _ in range(6)]
        wait_for(lambda: len(lobby.rooms) <= 3, "rooms beyond the bound left memory")
        assert client.get(f"/api/rooms/{made[0]['room']}").json()["room"] == made[0]["room"]  # back by replay


def test_rest_bodies_over_64_kib_are_413(edge_server: ServerProcess) -> None:
    body = json.dumps({"game": "cockroach-poker", "players": 3, "name": "x", "options": {"pad": "a" * 70_000}})
    status, _headers, _body = raw(
        edge_server, "POST", "/api/rooms", body.encode(), {"Content-Type": "application/json"}
    )
    assert status == 413


# ---------------------------------------------------------------------------------------- churn, addresses, frames


async def open_and_close(url: str, headers: dict[str, str] | None = None) -> int | None:
    """Open a room WebSocket, say hello and close: None if it was served (a ``state``), else the code
    the server closed it with."""
    async with websockets.connect(url, additional_headers=headers) as socket:
        try:
            await socket.send(json.dumps({"type": "hello", "protocol": 1}))
            while json.loads(await asyncio.wait_for(socket.recv(), 10))["type"] != "state":
                pass
        except ConnectionClosed:
            return socket.close_code
    return None


def test_new_websockets_per_client_address_are_limited_and_refused_with_4429(tmp_path: Path) -> None:
    # a minute's window: the twelve connections fall in one window however slow the machine
    environment = {"ASOBIBA_WEBSOCKET_RATE": "5/minute", "ASOBIBA_CONNECTIONS_PER_ADDRESS": "50"}
    server = ServerProcess(tmp_path / "a.db", tmp_path / "server.log", environment=environment)
    server.start()
    try:
        made = create_room(server.base_url, "cockroach-poker", 3)
        url = server.base_url.replace("http", "ws") + f"/api/rooms/{made['room']}/ws"

        async def churn() -> list[int | None]:
            return [await open_and_close(url) for _ in range(12)]

        codes = run(churn())
        assert codes[:5] == [None] * 5 and codes[5:] == [4429] * 7, codes
        assert "Traceback" not in server.log()
    finally:
        server.stop()


def test_x_forwarded_for_is_believed_only_from_the_proxies_named(tmp_path: Path) -> None:
    """Any process on the machine could name a new address in each request: by default the
    connecting address counts, whatever the header says."""

    def three_addresses(environment: dict[str, str]) -> list[int | None]:
        server = ServerProcess(tmp_path / "a.db", tmp_path / "server.log", environment=environment)
        server.start()
        try:
            made = create_room(server.base_url, "cockroach-poker", 3)
            url = server.base_url.replace("http", "ws") + f"/api/rooms/{made['room']}/ws"

            async def scenario() -> list[int | None]:
                opened = []
                try:
                    for number in range(1, 4):
                        headers = {"X-Forwarded-For": f"203.0.113.{number}"}
                        socket = await websockets.connect(url, additional_headers=headers)
                        opened.append(socket)
                        with contextlib.suppress(ConnectionClosed):  # (closed at once when refused)
                            await socket.send(json.dumps({"type": "hello", "protocol": 1}))
                    codes: list[int | None] = []
                    for socket in opened:
                        try:
                            while json.loads(await asyncio.wait_for(socket.recv(), 10))["type"] != "state":
                                pass
                            codes.append(None)
                        except ConnectionClosed:
                            codes.append(socket.close_code)
                    return codes
                finally:
                    for socket in opened:
                        await socket.close()

            codes: list[int | None] = run(scenario())
            return codes
        finally:
            server.stop()

    limited = {"ASOBIBA_CONNECTIONS_PER_ADDRESS": "2"}  # and the proxies by default
    assert three_addresses(limited) == [None, None, 4429]
    behind_a_proxy = {**limited, "ASOBIBA_FORWARDED_ALLOW_IPS": "127.0.0.1"}
    assert three_addresses(behind_a_proxy) == [None, None, None]


def test_a_text_frame_that_is_not_utf8_closes_1007_with_one_warning_line(edge_server: ServerProcess) -> None:
    made = create_room(edge_server.base_url, "cockroach-poker", 3)
    url = edge_server.base_url.replace("http", "ws") + f"/api/rooms/{made['room']}/ws"
    before = edge_server.log()

    async def scenario() -> int | None:
        async with websockets.connect(url) as socket:
            await socket.send(b'{"type": "hello\xff\xfe"}', text=True)
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(socket.recv(), 10)
            return socket.close_code

    assert run(scenario()) == 1007
    wait_for(lambda: "not UTF-8" in edge_server.log()[len(before) :], "the log line")
    time.sleep(0.3)  # anything else it would write
    added = edge_server.log()[len(before) :].splitlines()
    assert len([line for line in added if "not UTF-8" in line]) == 1
    assert "Traceback" not in "\n".join(added) and not any("UnicodeDecodeError" in line for line in added)
    assert next(line for line in added if "not UTF-8" in line).split()[1] == "warning"


# ---------------------------------------------------------------------------------------- headers, hosts, CSRF


def test_every_response_forbids_framing_sniffing_and_referrers(edge_server: ServerProcess) -> None:
    for path in ("/", "/api/games", "/api/rooms/nosuchroom"):
        _status, headers, _body = raw(edge_server, "GET", path)
        assert headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_api_docs_are_off_unless_asked_for_and_then_load_no_outside_script(
    edge_server: ServerProcess, tmp_path: Path
) -> None:
    assert raw(edge_server, "GET", "/api/docs")[0] == 404
    from fastapi.testclient import TestClient

    from asobiba.server.app import create_app
    from asobiba.server.rooms import Settings

    with TestClient(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'a.db'}", api_docs=True))) as client:
        page = client.get("/api/docs")
        assert page.status_code == 200 and "/api/rooms" in page.text
        assert "<script" not in page.text and "http://" not in page.text and "https://" not in page.text


def test_only_allowed_hosts_are_served_over_http_and_websocket(edge_server: ServerProcess) -> None:
    assert raw(edge_server, "GET", "/api/games", headers={"Host": "rebound.example"})[0] == 400
    assert raw(edge_server, "GET", "/api/games", headers={"Host": "localhost"})[0] == 200
    made = create_room(edge_server.base_url, "cockroach-poker", 3)
    handshake = (
        f"GET /api/rooms/{made['room']}/ws HTTP/1.1\r\nHost: rebound.example\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", edge_server.port), timeout=10) as connection:
        connection.sendall(handshake.encode())
        status_line = connection.recv(200).split(b"\r\n")[0]
    assert status_line.split()[1] == b"400", status_line


def test_posts_must_be_json_and_from_an_allowed_origin(edge_server: ServerProcess) -> None:
    form = raw(
        edge_server,
        "POST",
        "/api/rooms",
        b"game=cockroach-poker&players=3",
        {"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert form[0] == 415
    body = json.dumps({"game": "cockroach-poker", "players": 3}).encode()
    foreign = raw(
        edge_server, "POST", "/api/rooms", body, {"Content-Type": "application/json", "Origin": "https://evil.example"}
    )
    assert foreign[0] == 403
    own = raw(
        edge_server, "POST", "/api/rooms", body, {"Content-Type": "application/json", "Origin": edge_server.base_url}
    )
    assert own[0] == 200


@pytest.mark.parametrize(
    "text",
    [
        '{"game": "cockroach-poker", "players": 3, "bot_delay": NaN}',
        '{"game": "cockroach-poker", "players": 3, "options": {"x": Infinity}}',
        '{"game": "cockroach-poker", "players": 3, "name": "\\ud800"}',
    ],
    ids=["NaN", "Infinity", "lone surrogate"],
)
def test_nan_infinity_and_lone_surrogates_in_a_body_are_400_and_one_log_line(
    edge_server: ServerProcess, text: str
) -> None:
    before = edge_server.log()
    status, _headers, body = raw(edge_server, "POST", "/api/rooms", text.encode(), {"Content-Type": "application/json"})
    assert status == 400 and json.loads(body)["code"] == "bad_json"
    wait_for(lambda: "refused POST /api/rooms" in edge_server.log()[len(before) :], "the log line")
    added = edge_server.log()[len(before) :]
    assert added.count("refused POST /api/rooms") == 1 and "Traceback" not in added


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "act", "seq": NaN, "action": "x"}',
        '{"type": "chat", "text": "\\udc00"}',
        '{"type": "act", "seq": Infinity, "action": "x"}',
    ],
    ids=["NaN", "lone surrogate", "Infinity"],
)
def test_nan_infinity_and_lone_surrogates_in_a_message_close_4400_with_one_log_line(
    edge_server: ServerProcess, text: str
) -> None:
    made = create_room(edge_server.base_url, "cockroach-poker", 3)
    before = edge_server.log()

    async def scenario() -> int | None:
        async with RoomClient(edge_server.base_url, made["room"], made["token"]) as client:
            await client.send(text)
            assert client.socket is not None
            with pytest.raises(ConnectionClosed):
                for _ in range(20):
                    await asyncio.wait_for(client.socket.recv(), 10)
            return client.socket.close_code

    assert run(scenario()) == 4400
    wait_for(lambda: "lone surrogate; closing" in edge_server.log()[len(before) :], "the log line")
    added = edge_server.log()[len(before) :]
    assert added.count("lone surrogate; closing") == 1 and "Traceback" not in added


def test_the_static_mount_serves_only_the_clients_files(edge_server: ServerProcess) -> None:
    assert raw(edge_server, "GET", "/app.js")[0] == 200
    for path in ("/catalog.py", "/__init__.py", "/package.json"):
        assert raw(edge_server, "GET", path)[0] == 404, path
