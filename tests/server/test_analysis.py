"""The coach in the browser, server side (asobiba.server.analysis, analysis_routes): refused before
the end, 202 with progress while it waits or runs, 200 once made, kept in the database, one at a time
per room and seat with a fair queue for the rest (eleven addresses do not lock a twelfth out), computed
in worker processes (the event loop answers meanwhile) that end with the server (``kill -9`` too), from
the seat's information only; and the hint, for a player alone among bots, with the same bounds."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_testing import ServerProcess

import asobiba
from asobiba.core.record import replay_steps
from asobiba.server import analysis as analysis_module
from asobiba.server.analysis import Busy, Coach, Sizing, TooManyForClient, run_analysis
from asobiba.server.app import create_app
from asobiba.server.client import create_room, room_summary
from asobiba.server.rooms import Settings

#: A short analysis for tests: few samples, a cheap coach.
QUICK = Sizing(samples=2, max_candidates=2, hard="hard:time_limit=none,iterations=4")
BOTS = {"0": "bot:random", "1": "bot:random", "2": "bot:random"}


def wait_for(check: Callable[[], Any], what: str, timeout: float = 120.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def app_on(database: Path, workers: int = 1, max_queued: int = 32, max_per_client: int = 32) -> Any:
    app = create_app(Settings(database_url=f"sqlite:///{database}", bot_delay=0.0, replay_rate="1000/second"))
    app.state.coach = Coach(
        app.state.lobby.storage, workers=workers, max_queued=max_queued, sizing=QUICK, max_per_client=max_per_client
    )
    return app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(app_on(tmp_path / "a.db")) as found:
        yield found


def finished_room(client: TestClient, game: str = "cockroach-poker") -> str:
    made = client.post("/api/rooms", json={"game": game, "players": 3, "seats": BOTS}).json()
    wait_for(lambda: client.get(f"/api/rooms/{made['room']}").json()["status"] == "over", "the bots finished")
    return str(made["room"])


def analysed(client: TestClient, room: str, seat: int) -> dict[str, Any]:
    def done() -> dict[str, Any] | None:
        answer = client.get(f"/api/rooms/{room}/analysis?seat={seat}")
        assert answer.status_code in (200, 202), answer.text
        return answer.json() if answer.status_code == 200 else None

    found: dict[str, Any] = wait_for(done, f"the analysis of seat {seat}")
    return found


def test_an_analysis_is_refused_while_the_game_is_on_then_202_with_progress_then_200(client: TestClient) -> None:
    on = client.post("/api/rooms", json={"game": "cockroach-poker", "players": 3, "seats": {"1": "human"}}).json()
    for method in ("POST", "GET"):
        refused = client.request(method, f"/api/rooms/{on['room']}/analysis?seat=0", json={})
        assert refused.status_code == 403 and refused.json()["code"] == "not_over"
    room = finished_room(client)
    assert client.get(f"/api/rooms/{room}/analysis?seat=1").json()["code"] == "not_analysed"
    started = client.post(f"/api/rooms/{room}/analysis?seat=1", json={})
    assert started.status_code == 202 and 0.0 <= started.json()["progress"] <= 1.0
    answer = analysed(client, room, 1)
    assert answer["seat"] == 1
    record = client.get(f"/api/rooms/{room}/record").json()
    decisions = [
        state.seq for state, _, _ in replay_steps(record) if state.to_move == 1 and len(state.legal_actions()) > 1
    ]
    assert [decision["seq"] for decision in answer["decisions"]] == decisions
    for decision in answer["decisions"]:
        assert decision["chosen"] == record["actions"][decision["seq"]]
        actions = [candidate["action"] for candidate in decision["candidates"]]
        assert decision["chosen"] in actions
        for candidate in decision["candidates"]:
            assert candidate["n"] == QUICK.samples
            assert 0.0 <= candidate["low"] <= candidate["win"] <= candidate["high"] <= 1.0
            assert set(candidate["label"]) == {"en", "ja"}
    assert [point["seq"] for point in answer["curve"]][:-1] == decisions
    assert answer["curve"][-1]["seq"] == len(record["actions"]) - 1 or answer["curve"][-1]["seq"] >= decisions[-1]


def test_bad_seats_and_rooms_get_a_clear_answer(client: TestClient) -> None:
    room = finished_room(client)
    cases = {"": 400, "?seat=": 400, "?seat=x": 400, "?seat=-1": 400, "?seat=3": 404, "?seat=99999": 400}
    for query, status in cases.items():
        answer = client.post(f"/api/rooms/{room}/analysis{query}", json={})
        assert answer.status_code == status, (query, answer.text)
        assert "seat" in answer.json()["message"]
    assert client.get("/api/rooms/nope/analysis?seat=0").status_code == 404
    assert not client.app.state.coach.jobs  # nothing was started


def test_an_analysis_is_kept_in_the_database_and_served_after_a_restart(tmp_path: Path) -> None:
    with TestClient(app_on(tmp_path / "a.db")) as client:
        room = finished_room(client)
        client.post(f"/api/rooms/{room}/analysis?seat=2", json={})
        first = analysed(client, room, 2)
        again = client.post(f"/api/rooms/{room}/analysis?seat=2", json={})
        assert again.status_code == 200 and again.json() == first  # made once: no new job
    with TestClient(app_on(tmp_path / "a.db")) as client:
        answer = client.get(f"/api/rooms/{room}/analysis?seat=2")
        assert answer.status_code == 200 and answer.json() == first
        assert client.app.state.coach.pool is None  # no worker was needed


def test_one_analysis_per_room_and_seat_at_a_time_the_rest_wait_in_a_bounded_queue(tmp_path: Path) -> None:
    with TestClient(app_on(tmp_path / "a.db", workers=1, max_queued=2)) as client:
        room, other = finished_room(client), finished_room(client)
        answers = [client.post(f"/api/rooms/{room}/analysis?seat={seat}", json={}).json() for seat in (0, 1, 2)]
        assert [answer["queued"] for answer in answers] == [0, 1, 2]
        assert client.post(f"/api/rooms/{room}/analysis?seat=1", json={}).json()["queued"] == 1  # the same job
        assert len(client.app.state.coach.jobs) == 3
        busy = client.post(f"/api/rooms/{other}/analysis?seat=0", json={})
        assert busy.status_code == 503 and busy.json()["code"] == "busy"
        queued = client.get(f"/api/rooms/{room}/analysis?seat=2")
        assert queued.status_code == 202 and queued.json() == {"progress": 0.0, "queued": 2}
        for seat in (0, 1, 2):
            assert analysed(client, room, seat)["seat"] == seat


def test_one_client_may_have_only_its_share_of_analyses_waiting_or_running(tmp_path: Path) -> None:
    app = app_on(tmp_path / "a.db", workers=1, max_queued=32, max_per_client=2)
    with TestClient(app) as client:
        rooms = [finished_room(client) for _ in range(2)]
        assert client.post(f"/api/rooms/{rooms[0]}/analysis?seat=0", json={}).status_code == 202
        assert client.post(f"/api/rooms/{rooms[1]}/analysis?seat=0", json={}).status_code == 202
        refused = client.post(f"/api/rooms/{rooms[1]}/analysis?seat=1", json={}, headers={"accept-language": "en"})
        assert refused.status_code == 429
        assert refused.json() == {
            "code": "too_many_analyses",
            "message": "you have 2 analyses waiting or running already; ask for another once one is made",
        }
        japanese = client.post(f"/api/rooms/{rooms[1]}/analysis?seat=2", json={}, headers={"accept-language": "ja"})
        assert japanese.status_code == 429 and japanese.json()["message"].startswith("待機中または実行中の解析")
        assert client.post(f"/api/rooms/{rooms[0]}/analysis?seat=0", json={}).status_code == 202  # joining is free
        assert len(app.state.coach.jobs) == 2
        # another address still gets its analyses, through the same server and event loop
        other = TestClient(app, client=("192.0.2.7", 50000))
        other.portal = client.portal
        assert other.post(f"/api/rooms/{rooms[1]}/analysis?seat=1", json={}).status_code == 202
        assert len(app.state.coach.jobs) == 3
        analysed(client, rooms[0], 0)
        analysed(client, rooms[1], 0)
        assert client.post(f"/api/rooms/{rooms[1]}/analysis?seat=2", json={}).status_code in (
            200,
            202,
        )  # its turn again
        analysed(client, rooms[1], 2)


def test_the_analysis_runs_in_worker_processes_and_the_event_loop_answers_meanwhile(tmp_path: Path) -> None:
    app = app_on(tmp_path / "a.db")
    app.state.coach.sizing = Sizing(samples=12, max_candidates=4, hard="hard:time_limit=none,iterations=64")
    with TestClient(app) as client:
        room = finished_room(client)
        client.post(f"/api/rooms/{room}/analysis?seat=0", json={})
        # Progress is written by the worker into shared memory and read here: only an event loop left
        # free while the analysis runs can answer with two different values short of 1 (an analysis on
        # the loop or in a thread of this process would write none: `_progress` is set in workers
        # only); the requests and the WebSocket frame at the first of them came before the second.
        running: set[float] = set()
        frames: list[dict[str, Any]] = []
        while (answer := client.get(f"/api/rooms/{room}/analysis?seat=0")).status_code == 202:
            progress = answer.json()["progress"]
            if answer.json()["queued"] == 0 and 0.0 < progress < 1.0:
                running.add(progress)
                assert client.get("/healthz").status_code == 200
                assert client.get(f"/api/rooms/{room}").json()["status"] == "over"
                if not frames:
                    with client.websocket_connect(f"/api/rooms/{room}/ws") as socket:
                        socket.send_json({"type": "hello", "protocol": 1, "token": None, "seq": None, "lang": "en"})
                        frames.append(socket.receive_json())
            time.sleep(0.05)
        assert answer.status_code == 200 and answer.json()["seat"] == 0
        assert len(running) >= 2, f"the analysis was seen running at {sorted(running)} only"
        assert frames and frames[0]["type"] == "state" and frames[0]["view"]["is_over"]
        assert analysis_module._progress is None  # this process never ran an analysis
        workers = app.state.coach.pool._processes
        assert workers and os.getpid() not in workers


def swapped_deal(record: dict[str, Any], first: str, second: str) -> dict[str, Any]:
    deal = record["actions"][0].split(" ")
    i, j = deal.index(first), deal.index(second)
    deal[i], deal[j] = deal[j], deal[i]
    return {**record, "actions": [" ".join(deal), *record["actions"][1:]]}


def test_a_seats_analysis_is_the_same_whatever_the_others_hidden_cards_were() -> None:
    # Two games with the same moves whose deals differ by a card of p1 and a card of p2 never played:
    # everything p0 saw is the same, the true hands are not.
    state = asobiba.new_game("cockroach-poker", 3, seed=3)
    while not state.is_over:
        state.apply(asobiba.bot("normal", seed=state.seq).choose(state.observe(state.to_move)))
    record = state.record()
    kept_by_1, kept_by_2 = state.view(1)["hand"], state.view(2)["hand"]
    first = next(card for card in kept_by_1 if not card.startswith("J"))
    second = next(card for card in kept_by_2 if card[0] != first[0] and not card.startswith("J"))
    other = swapped_deal(record, first, second)
    seen, hidden = [], []
    for (a, _, _), (b, _, _) in zip(replay_steps(record), replay_steps(other), strict=True):  # one state each, moved on
        if not a.is_over:
            seen.append(a.view(0) == b.view(0))
            hidden.append(a.view(1) == b.view(1))
    assert all(seen) and not all(hidden)
    assert run_analysis(record, 0, sizing=QUICK) == run_analysis(other, 0, sizing=QUICK)


def hint(client: TestClient, room: str, seat: int, token: str | None) -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return client.get(f"/api/rooms/{room}/hint?seat={seat}", headers=headers)


def test_a_hint_is_for_the_player_to_move_alone_among_bots(client: TestClient) -> None:
    made = client.post(
        "/api/rooms", json={"game": "cockroach-poker", "players": 3, "seats": {"1": "bot:random", "2": "bot:random"}}
    ).json()
    room = client.app.state.lobby.rooms[made["room"]]
    wait_for(lambda: room.state.to_move == 0, "p0's turn")
    assert hint(client, made["room"], 0, None).status_code == 403
    assert hint(client, made["room"], 0, "not-a-token").json()["code"] == "bad_token"
    assert hint(client, made["room"], 1, made["token"]).json()["code"] == "bad_token"  # not the token's seat
    answer = hint(client, made["room"], 0, made["token"])
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["seq"] == room.state.seq and body["seat"] == 0
    assert body["action"] in {str(action) for action in room.state.legal_actions()}
    assert set(body["label"]) == {"en", "ja"}
    with_person = client.post(
        "/api/rooms", json={"game": "cockroach-poker", "players": 3, "seats": {"1": "human", "2": "bot:random"}}
    ).json()
    refused = hint(client, with_person["room"], 0, with_person["token"])
    assert refused.status_code == 403 and refused.json()["code"] == "not_alone"


def test_the_server_answers_the_same_analysis_for_two_rooms_that_agree_on_what_the_seat_saw(tmp_path: Path) -> None:
    # A room played by bots, and a twin stored beside it whose deal swaps a card p1 kept with one p2
    # kept (never played, never shown to p0): the server's analyses of p0 in the two rooms are equal.
    from asobiba.server.storage import RoomRow, SeatRow

    with TestClient(app_on(tmp_path / "a.db")) as client:
        room = finished_room(client)
        lobby = client.app.state.lobby
        final = lobby.rooms[room].state
        first = next(card for card in final.view(1)["hand"] if not card.startswith("J"))
        second = next(card for card in final.view(2)["hand"] if card[0] != first[0] and not card.startswith("J"))
        twin = swapped_deal(final.record(), first, second)

        async def store_twin() -> None:
            stored = await lobby.storage.load(room)
            columns = {column.name: getattr(stored.row, column.name) for column in RoomRow.__table__.columns}
            seats = [SeatRow(room_id="twin", seat=seat.seat, kind=seat.kind, taken_over=False) for seat in stored.seats]
            await lobby.storage.create_room(RoomRow(**{**columns, "id": "twin"}), seats, twin["actions"])

        client.portal.call(store_twin)
    with TestClient(app_on(tmp_path / "a.db")) as client:
        assert client.get("/api/rooms/twin").json()["status"] == "over"
        assert client.get("/api/rooms/twin/record").json()["actions"] == twin["actions"] != final.record()["actions"]
        answers = []
        for name in (room, "twin"):
            client.post(f"/api/rooms/{name}/analysis?seat=0", json={})
            answers.append(analysed(client, name, 0))
        assert answers[0] == answers[1]


# ---------------------------------------------------------------------- on a real server

#: Analyses of a moment on a real server (these tests look at the queue and the workers, not the sizing).
QUICK_COACH = {"ASOBIBA_ANALYSIS_SAMPLES": "2", "ASOBIBA_ANALYSIS_HARD": "hard:time_limit=none,iterations=4"}
#: Analyses of a few seconds: they wait for each other long enough to be seen waiting.
SLOW_COACH = {"ASOBIBA_ANALYSIS_SAMPLES": "8", "ASOBIBA_ANALYSIS_HARD": "hard:time_limit=none,iterations=32"}


@pytest.fixture
def coach_server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ServerProcess]:
    """``asobiba serve`` with one analysis worker and the coach's environment of the test's marker
    (``@pytest.mark.parametrize("coach_server", [SLOW_COACH], indirect=True)``)."""
    process = ServerProcess(tmp_path / "a.db", tmp_path / "server.log", environment=request.param)
    process.start()
    try:
        yield process
    finally:
        process.stop()


def ask(server: ServerProcess, method: str, path: str, address: str = "127.0.0.1") -> tuple[int, Any]:
    """One request from ``address`` (a loopback address the client's socket is bound to): status, body."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=(address, 0))
    try:
        body = b"{}" if method == "POST" else None
        connection.request(method, path, body=body, headers={"content-type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def bots_game(server: ServerProcess) -> str:
    made = create_room(server.base_url, "cockroach-poker", 3, seats=BOTS)
    wait_for(lambda: room_summary(server.base_url, made["room"])["status"] == "over", "the bots finished")
    return str(made["room"])


def is_made(server: ServerProcess, room: str, seat: int, address: str = "127.0.0.1") -> bool:
    status, body = ask(server, "GET", f"/api/rooms/{room}/analysis?seat={seat}", address)
    assert status in (200, 202), body
    return status == 200


@pytest.mark.parametrize("coach_server", [SLOW_COACH], indirect=True)
def test_eleven_addresses_asking_three_analyses_each_do_not_lock_a_twelfth_out(coach_server: ServerProcess) -> None:
    # Eleven clients, each from its own address, ask for the three seats of their own game: 33
    # analyses, more than the queue's 32. A twelfth address still gets its analysis queued with its
    # place, behind at most one analysis of each other client, and made before their third ones.
    games = [bots_game(coach_server) for _ in range(12)]
    for client in range(11):
        for seat in range(3):
            status, body = ask(
                coach_server, "POST", f"/api/rooms/{games[client]}/analysis?seat={seat}", f"127.0.0.{client + 2}"
            )
            assert status == 202, body
    status, body = ask(coach_server, "POST", f"/api/rooms/{games[11]}/analysis?seat=0", "127.0.0.2")
    assert status == 429 and body["code"] == "too_many_analyses"  # a client's share is still three
    twelfth = "127.0.0.13"
    status, body = ask(coach_server, "POST", f"/api/rooms/{games[11]}/analysis?seat=0", twelfth)
    assert status == 202, body
    assert 1 <= body["queued"] <= 11 and body["progress"] == 0.0, body
    places = [body["queued"]]
    wait_for(lambda: is_made(coach_server, games[0], 0, twelfth), "the first analysis")
    status, made = ask(coach_server, "POST", f"/api/rooms/{games[0]}/analysis?seat=0", twelfth)
    assert status == 200 and made["seat"] == 0  # one already made is served to anyone

    def twelfths_made() -> bool:
        status, body = ask(coach_server, "GET", f"/api/rooms/{games[11]}/analysis?seat=0", twelfth)
        assert status in (200, 202), body
        if status == 202:
            places.append(body["queued"])
        return status == 200

    wait_for(twelfths_made, "the twelfth's analysis", timeout=300)
    assert not any(is_made(coach_server, games[client], 2) for client in range(11)), "it waited for third ones"
    assert places == sorted(places, reverse=True) and places[-1] <= 1, places  # it moved up to the front


@pytest.mark.parametrize("coach_server", [QUICK_COACH], indirect=True)
def test_a_new_analysis_reports_its_own_progress_not_the_previous_jobs(coach_server: ServerProcess) -> None:
    game = bots_game(coach_server)
    assert ask(coach_server, "POST", f"/api/rooms/{game}/analysis?seat=0")[0] == 202
    wait_for(lambda: is_made(coach_server, game, 0), "the first analysis")  # its worker's slot ended at 1.0
    status, body = ask(coach_server, "POST", f"/api/rooms/{game}/analysis?seat=1")
    assert status == 202 and body == {"progress": 0.0, "queued": 0}, body
    wait_for(lambda: is_made(coach_server, game, 1), "the second analysis")


def descendants(pid: int) -> set[int]:
    """The processes under ``pid`` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def running(pid: int) -> bool:
    """``pid`` exists and is not a zombie (an ended process its new parent has not reaped yet)."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the processes from /proc")
@pytest.mark.parametrize("coach_server", [SLOW_COACH], indirect=True)
def test_kill_9_of_the_server_ends_its_worker_processes(coach_server: ServerProcess) -> None:
    games = [bots_game(coach_server) for _ in range(2)]
    # a hint's worker: a player alone among bots, on its turn
    alone = create_room(coach_server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})
    wait_for(lambda: room_summary(coach_server.base_url, alone["room"])["to_move"] == 0, "p0's turn")
    connection = http.client.HTTPConnection("127.0.0.1", coach_server.port, timeout=60)
    connection.request(
        "GET", f"/api/rooms/{alone['room']}/hint?seat=0", headers={"authorization": f"Bearer {alone['token']}"}
    )
    assert connection.getresponse().status == 200
    connection.close()
    # an analysis running, another waiting
    for game in games:
        assert ask(coach_server, "POST", f"/api/rooms/{game}/analysis?seat=0")[0] == 202

    def started() -> bool:
        body = ask(coach_server, "GET", f"/api/rooms/{games[0]}/analysis?seat=0")[1]
        return body.get("queued") == 0 and 0.0 < body.get("progress", 0.0) < 1.0

    wait_for(started, "the analysis running")
    assert coach_server.process is not None
    workers = descendants(coach_server.process.pid)
    assert len(workers) >= 2, workers  # the analysis's worker and the hint's (and multiprocessing's tracker)
    coach_server.kill()
    wait_for(lambda: not any(running(pid) for pid in workers), "the workers to end after kill -9", timeout=30)


def test_hints_have_the_same_bound_per_client_as_analyses(tmp_path: Path) -> None:
    # Four positions of four games, each with p0 to move: one client may have three hints waiting or
    # running at once (the fourth is refused at once); another client is served meanwhile.
    records = []
    for seed in range(5):
        state = asobiba.new_game("cockroach-poker", 3, seed=seed)
        while state.to_move != 0:
            state.apply(asobiba.bot("random", seed=state.seq).choose(state.observe(state.to_move)))
        records.append((state.seq, state.record()))
    app = app_on(tmp_path / "a.db", max_per_client=3)
    with TestClient(app) as client:
        coach: Coach = app.state.coach

        async def ask_hints() -> list[Any]:
            asked = [coach.hint(f"game{i}", seq, 0, record, "127.0.0.2") for i, (seq, record) in enumerate(records[:4])]
            asked.append(coach.hint("game4", records[4][0], 0, records[4][1], "127.0.0.3"))
            return await asyncio.gather(*asked, return_exceptions=True)

        answers = client.portal.call(ask_hints)
    assert isinstance(answers[3], TooManyForClient) and answers[3].limit == 3
    for (seq, _), answer in zip(records[:3] + records[4:], answers[:3] + answers[4:], strict=True):
        assert isinstance(answer, dict) and answer["seq"] == seq and answer["seat"] == 0, answer
    assert not isinstance(answers[3], Busy)
