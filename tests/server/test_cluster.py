"""Several server processes on one PostgreSQL database and one Redis (both real, started here):
any process serves any room; the database decides races; Redis carries only "room R is at seq N";
a killed process or a restarted Redis loses nothing acknowledged."""

from __future__ import annotations

import asyncio
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from passkeys_testing import SoftAuthenticator
from server_testing import (
    PostgreSQLCluster,
    RedisServer,
    ServerProcess,
    invited_turn_based_room,
    play_first_legal,
    race_on_one_seq,
    replayed_steps,
    run,
    start_servers,
)
from test_durability import reconnect
from test_protocol import closed_with

from asobiba.server.client import RoomClient, create_room, invite_code, join_room, room_record

GAME = "cockroach-poker"
DAY = 24 * 3600.0


@pytest.fixture(scope="module")
def redis_binary() -> str:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("Redis is not installed (redis-server): apt-get install redis-server")
    return binary


@pytest.fixture
def redis(redis_binary: str) -> Iterator[RedisServer]:
    """A Redis of this test's own (restart it)."""
    server = RedisServer(redis_binary)
    server.start()
    try:
        yield server
    finally:
        server.stop()


Servers = Callable[..., list[ServerProcess]]


@pytest.fixture
def servers(postgresql: PostgreSQLCluster, redis: RedisServer, tmp_path: Path) -> Iterator[Servers]:
    """``servers(n)``: n server processes on a fresh database of their own and this test's Redis."""
    started: list[ServerProcess] = []

    def make(count: int, bot_delay: float = 0.0, flags: tuple[str, ...] = ()) -> list[ServerProcess]:
        made = start_servers(count, tmp_path, postgresql.fresh_database(), redis.url, bot_delay, flags)
        started.extend(made)
        return made

    try:
        yield make
    finally:
        for server in started:
            server.stop()


def seated_room(processes: list[ServerProcess], players: int, **room: Any) -> tuple[str, list[tuple[int, str]]]:
    """A room made on the first process; person seats joined through process ``seat % n``.
    Returns the room and (seat, token) of each person."""
    first = processes[0]
    seats = room.pop("seats", {})
    made = create_room(first.base_url, GAME, players, seats=seats, **room)
    people = [(0, made["token"])]
    for seat in range(1, players):
        if str(seat) in seats:
            continue
        code = invite_code(made["invites"][str(seat)])
        joined = join_room(processes[seat % len(processes)].base_url, made["room"], seat=seat, invite=code)
        assert joined["seat"] == seat
        people.append((seat, joined["token"]))
    return made["room"], people


def assert_states_are_the_record(room: str, base_url: str, clients: list[RoomClient]) -> dict[str, Any]:
    """Every state any client saw is its seat's view of the final record at that seq."""
    record = room_record(base_url, room)
    by_seq = {seq: state for seq, state, _ in replayed_steps(record)}
    for client in clients:
        seat = client.state["seat"]
        for frame in client.frames:
            if frame["type"] == "state":
                assert frame["view"] == by_seq[frame["seq"]].view(seat)
    return record


@pytest.mark.parametrize("count", [2, 3])
def test_seats_split_across_processes_play_a_full_game_in_step(servers: Servers, count: int) -> None:
    processes = servers(count)
    room, people = seated_room(processes, 3)
    clients = [RoomClient(processes[seat % count].base_url, room, token) for seat, token in people]

    async def scenario() -> None:
        for client in clients:
            await client.connect()
        await asyncio.gather(*(play_first_legal(client) for client in clients))
        for client in clients:  # in step: everyone ends on the same last seq
            while not client.state["view"]["is_over"]:
                await client.next_state()
        assert len({client.seq for client in clients}) == 1
        for client in clients:
            await client.close()

    run(scenario())
    record = assert_states_are_the_record(room, processes[-1].base_url, clients)
    assert clients[0].seq == len(record["actions"])


def test_the_same_seq_through_two_processes_at_once_is_accepted_once(servers: Servers) -> None:
    first, second = servers(2)
    made = create_room(first.base_url, GAME, 3, seats={"1": "bot:random", "2": "bot:random"})
    accepted: list[tuple[int, str]] = []

    async def scenario() -> None:
        async with (
            RoomClient(first.base_url, made["room"], made["token"]) as tab1,
            RoomClient(second.base_url, made["room"], made["token"]) as tab2,
        ):
            for _round in range(6):
                won = await race_on_one_seq(tab1, tab2)
                if won is None:
                    break
                accepted.append(won)
            await play_first_legal(tab1)

    run(scenario())
    assert accepted
    record = room_record(second.base_url, made["room"])
    for seq, notation in accepted:
        assert record["actions"][seq] == notation


def test_a_process_killed_mid_game_its_clients_finish_on_another(servers: Servers) -> None:
    processes = servers(2)
    room, people = seated_room(processes, 3, seats={"2": "bot:random"})
    rng = random.Random(20261201)
    acknowledged: dict[int, str] = {}
    clients = [RoomClient(processes[seat % 2].base_url, room, token) for seat, token in people]

    async def play(client: RoomClient, until_seq: int | None) -> None:
        """Random legal moves until the room passes ``until_seq`` (every client sees it) or ends."""
        while not client.state["view"]["is_over"] and (until_seq is None or client.seq < until_seq):
            if client.state["legal"]:
                notation = rng.choice(client.state["legal"])["notation"]
                reply = await client.act(notation)
                if reply["type"] == "accepted":
                    acknowledged[reply["seq"]] = notation
            else:
                await client.next_state()

    async def scenario() -> None:
        for client in clients:
            await client.connect()
        await asyncio.gather(*(play(client, clients[0].seq + 8) for client in clients))
        processes[0].kill()  # the room's first process: it held the lease for the bot
        survivor = processes[1].base_url
        for client in clients:
            await client.close()
            client.url = client.url.replace(f":{processes[0].port}/", f":{processes[1].port}/")
            await reconnect(client)
        await asyncio.gather(*(play(client, None) for client in clients))
        assert room_record(survivor, room)

    run(scenario(), timeout=90)
    record = assert_states_are_the_record(room, processes[1].base_url, clients)
    assert acknowledged
    for seq, notation in acknowledged.items():
        assert record["actions"][seq] == notation, f"acknowledged action at {seq} lost"


def test_redis_restarted_mid_game_the_processes_recover(servers: Servers, redis: RedisServer) -> None:
    processes = servers(2)
    room, people = seated_room(processes, 3)
    clients = [RoomClient(processes[seat % 2].base_url, room, token) for seat, token in people]

    async def scenario() -> None:
        for client in clients:
            await client.connect()
        for _move in range(4):  # a few moves in step, then Redis goes away and comes back empty
            mover = next(client for client in clients if client.state["legal"])
            await mover.act(mover.state["legal"][0]["notation"])
            for client in clients:
                while client.seq < mover.seq:
                    await client.next_state()
        redis.kill()
        await asyncio.sleep(1.0)
        await asyncio.to_thread(redis.start)
        await asyncio.gather(*(play_first_legal(client) for client in clients))
        for client in clients:
            while not client.state["view"]["is_over"]:
                await client.next_state()
        assert len({client.seq for client in clients}) == 1

    run(scenario(), timeout=90)
    assert_states_are_the_record(room, processes[0].base_url, clients)


def test_behind_a_proxy_the_configured_public_origin_is_the_one_served(tmp_path: Path) -> None:
    public = "https://play.example.org"
    server = ServerProcess(tmp_path / "origin.db", tmp_path / "server.log", environment={"ASOBIBA_ORIGIN": public})
    server.start()
    try:
        made = create_room(server.base_url, GAME, 3)

        async def scenario() -> tuple[int | None, int]:
            # the request's own host is no longer enough: the proxy's public origin is what counts
            own_host = RoomClient(server.base_url, made["room"], made["token"], origin=server.base_url)
            await own_host.open()
            code = await closed_with(own_host)
            proxied = RoomClient(server.base_url, made["room"], made["token"], origin=public)
            state = await proxied.connect()
            await proxied.close()
            return code, state["seat"]

        assert run(scenario()) == (4403, 0)
    finally:
        server.stop()


def test_the_waiting_room_its_start_and_the_chat_work_across_processes(servers: Servers) -> None:
    from asobiba.server.client import start_room

    first, second = servers(2)
    waiting = {"seats": {"1": "human", "2": "bot:random"}, "name": "Aki", "bot_delay": 0}
    joined_room = create_room(first.base_url, GAME, 3, **waiting)
    started_room = create_room(first.base_url, GAME, 3, **waiting)

    async def scenario() -> None:
        async with RoomClient(first.base_url, joined_room["room"], joined_room["token"]) as aki:
            assert aki.state["started"] is False
            code = invite_code(joined_room["invites"]["1"])
            ken = join_room(second.base_url, joined_room["room"], "Ken", 1, code)  # the last seat, through the other
            async with RoomClient(second.base_url, joined_room["room"], ken["token"]) as ken_client:
                while not aki.state["started"]:
                    await aki.next_state()
                await ken_client.chat("from the other process")
                chat = await aki.next_frame("chat")
                assert chat["text"] == "from the other process" and chat["name"] == "Ken"
        async with RoomClient(first.base_url, started_room["room"], started_room["token"]) as aki:
            assert aki.state["started"] is False
            start_room(second.base_url, started_room["room"], started_room["token"], bot="easy")
            while not aki.state["started"]:
                await aki.next_state()
            presence = await aki.next_frame("presence")
            while presence["seats"][1]["kind"] != "bot:easy":
                presence = await aki.next_frame("presence")
        async with RoomClient(second.base_url, joined_room["room"]) as late:  # the kept chat, on the other
            assert (await late.next_frame("chat"))["text"] == "from the other process"

    run(scenario())


def test_a_mute_on_one_process_holds_for_the_spectator_on_another(servers: Servers) -> None:
    first, second = servers(2)
    made = create_room(first.base_url, GAME, 3, seats={"1": "bot:random", "2": "bot:random"}, name="Aki", listed=True)

    async def scenario() -> tuple[str, str, dict[str, Any]]:
        async with (
            RoomClient(first.base_url, made["room"], made["token"]) as aki,
            RoomClient(second.base_url, made["room"]) as spectator,
        ):
            await spectator.chat("from the other process")
            said = await aki.next_frame("chat")
            own = await spectator.next_frame("chat")  # the same id, whichever process names it
            await aki.send({"type": "mute", "id": "m", "spectator": said["spectator"]})
            assert (await aki.next_reply("m"))["type"] == "accepted"
            while (await spectator.next_frame("presence"))["muted"] != [said["spectator"]]:
                pass
            await spectator.chat("muted?")
            return said["spectator"], own["spectator"], await spectator.next_frame("rejected")

    said, own, refused = run(scenario())
    assert said == own and refused["code"] == "muted"


def test_a_turn_based_timeout_is_applied_by_exactly_one_process(servers: Servers) -> None:
    """Two processes, each with its test clock, both moved past a turn-based room's deadline at once:
    both bring the room in, one claims the timeout in the database — one count, one log line."""
    import threading
    import time

    from asobiba.server.client import http, room_summary

    first, second = servers(2, flags=("--test-clock",))
    made = create_room(
        first.base_url, GAME, 3, seats={"1": "bot:random", "2": "bot:random"}, name="ann",
        pace="turn-based", clock={"per_decision_hours": 12}, timeout="bot",
    )  # fmt: skip
    room = made["room"]
    deadline = time.monotonic() + 60
    while (summary := room_summary(first.base_url, room))["to_move"] != 0:
        assert time.monotonic() < deadline, "seat 0 never decides"
        time.sleep(0.05)
    seq = summary["seq"]
    # the second process's clock started later: both go a day on, past the 12 hours, at once
    threads = [
        threading.Thread(target=http, args=("POST", f"{server.base_url}/api/test/clock", {"advance": 86400}))
        for server in (first, second)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    while (summary := room_summary(second.base_url, room))["seq"] <= seq:
        assert time.monotonic() < deadline, "the timeout was never applied"
        time.sleep(0.05)
    time.sleep(1.0)  # a second claim, were there one, would be stored by now

    async def log_lines() -> list[str]:
        async with RoomClient(first.base_url, room, made["token"]) as client:
            return [event["event"] for event in client.state["events"] if event["event"] == "ClockRanOut"]

    assert run(log_lines()) == ["ClockRanOut"]
    assert room_summary(first.base_url, room)["seats"][0]["timeouts"] == 1


def test_a_passkey_challenge_from_one_process_is_answered_on_another_once(
    postgresql: PostgreSQLCluster, redis: RedisServer, tmp_path: Path
) -> None:
    """Behind a proxy (``ASOBIBA_ORIGIN``) two processes share the challenges through the database: a
    passkey added and used with options from one process and answers to the other; an answer sent to
    both processes signs in once."""
    public = "https://play.example.org"
    database = postgresql.fresh_database()
    processes = [
        ServerProcess(
            tmp_path / f"unused{number}.db",
            tmp_path / f"server{number}.log",
            db_url=database,
            redis_url=redis.url,
            environment={"ASOBIBA_ORIGIN": public},
        )
        for number in range(2)
    ]
    for process in processes:
        process.start()
    try:
        first, second = (httpx.Client(base_url=process.base_url, timeout=30) for process in processes)
        phone = SoftAuthenticator("play.example.org", public)
        assert (
            first.post("/api/account", json={"username": "aya", "password": "a long secret phrase"}).status_code == 201
        )
        second.cookies.update(first.cookies)
        offered = first.post("/api/me/passkeys/options", json={}).json()
        assert offered["rp"]["id"] == "play.example.org"
        assert second.post("/api/me/passkeys", json={"credential": phone.register(offered)}).status_code == 201
        for client in (first, second):
            client.cookies.clear()
        answer = phone.answer(second.post("/api/session/passkey/options", json={}).json())
        signed_in = first.post("/api/session/passkey", json={"credential": answer})
        assert signed_in.json()["username"] == "aya"
        assert second.post("/api/session/passkey", json={"credential": answer}).status_code == 401
        first.close()
        second.close()
    finally:
        for process in processes:
            process.stop()


def test_a_player_who_just_left_another_process_gets_the_your_turn_email(
    postgresql: PostgreSQLCluster, redis: RedisServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ken plays his turn through the second process and leaves; at once Aki, on the first, passes the
    decision back to him. The first process still sees Ken present on the second (presence is refreshed each
    heartbeat), yet Ken, away, gets his "your turn" email (issue 33's test once missed it: the check was
    made once, on a presence a heartbeat old)."""
    import time

    from aiosmtpd.controller import Controller
    from server_testing import Inbox, free_port, wait_for

    from asobiba.server.client import room_summary

    received, port = Inbox(), free_port()
    controller = Controller(received, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("ASOBIBA_SMTP", f"smtp://127.0.0.1:{port}?from=play@asobiba.test")
    first, second = start_servers(2, tmp_path, postgresql.fresh_database(), redis.url, flags=("--test-clock",))
    try:
        with (
            httpx.Client(base_url=first.base_url, timeout=30) as aki_browser,
            httpx.Client(base_url=second.base_url, timeout=30) as ken_browser,
        ):
            for browser, name in ((aki_browser, "aki"), (ken_browser, "ken")):
                made = browser.post("/api/account", json={"username": name, "password": "a long secret phrase"})
                assert made.status_code == 201, made.text
            assert ken_browser.put("/api/me/email", json={"address": "ken@example.org", "notify": True}).is_success
            room, aki, ken = invited_turn_based_room(aki_browser, ken_browser, "ken")

            async def one_turn(server: ServerProcess, token: str, stay: float) -> None:
                async with RoomClient(server.base_url, room, token) as seat:
                    while not seat.state["legal"]:
                        await seat.next_state()
                    await asyncio.sleep(stay)  # at the table across a heartbeat: present in Redis
                    while seat.state["legal"]:
                        assert (await seat.act(seat.state["legal"][0]["notation"]))["type"] == "accepted"

            def to_move() -> int:
                return int(room_summary(first.base_url, room)["to_move"])

            while to_move() != 1:
                run(one_turn(first, aki, 0.0))
            wait_for(lambda: len(received.envelopes) == 1, "the first email (Ken never came)")
            for process in (first, second):  # a day on: the next turn is worth an email again
                assert httpx.post(f"{process.base_url}/api/test/clock", json={"advance": DAY}).is_success
            run(one_turn(second, ken, 1.5))
            while to_move() != 1:  # at once, before the second process's next heartbeat
                run(one_turn(first, aki, 0.0))
            wait_for(lambda: len(received.envelopes) == 2, "the email to Ken, who had just left")
            time.sleep(1.0)
            assert len(received.envelopes) == 2
    finally:
        for server in (first, second):
            server.stop()
        controller.stop()
