"""``/replay`` of long games against one greedy client, on a real server process: the replays it keeps
are bounded in bytes (the process does not grow with every distinct replay), and one client flooding
replays gets ``503 busy`` with ``Retry-After`` past its share while another client still gets its own."""

from __future__ import annotations

import http.client
import json
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from server_testing import ServerProcess, store_finished_games

#: Long games: Paper Safari for five to six tokens (about a thousand record entries each; a replay's
#: JSON is several MiB).
LONG_GAME = ("paper-safari", 5, {"tokens_to_win": 6})
MIB = 2**20


@pytest.fixture
def replay_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server whose rate limit lets a client ask as fast as it likes (the workers' share is what is
    tested); the finished long games are stored by each test before it starts."""
    process = ServerProcess(
        tmp_path / "asobiba.db", tmp_path / "server.log", environment={"ASOBIBA_REPLAY_RATE": "100000/second"}
    )
    try:
        yield process
    finally:
        process.stop()


def get(server: ServerProcess, path: str, source: str = "127.0.0.1") -> tuple[int, dict[str, str], bytes]:
    """GET ``path`` from the client address ``source`` (any 127.x.y.z reaches the loopback server)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120, source_address=(source, 0))
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, {name.lower(): value for name, value in response.getheaders()}, response.read()
    finally:
        connection.close()


def resident_bytes(pid: int) -> int:
    """The process's resident set (``VmRSS`` of /proc/<pid>/status)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def replay_paths(rooms: list[str], players: int) -> Iterator[str]:
    """Every distinct replay of ``rooms``: each seat's and a spectator's, in each language."""
    for room in rooms:
        for seat in [*range(players), None]:
            for lang in ("en", "ja"):
                yield f"/api/rooms/{room}/replay?lang={lang}" + ("" if seat is None else f"&seat={seat}")


def test_a_hundred_distinct_replays_of_long_games_grow_the_server_by_less_than_150_mib(
    replay_server: ServerProcess,
) -> None:
    game, players, options = LONG_GAME
    rooms = store_finished_games(replay_server.db_url, game, players, options, count=9)
    replay_server.start()
    assert replay_server.process is not None
    before = resident_bytes(replay_server.process.pid)
    paths = list(replay_paths(rooms, players))[:100]
    assert len(paths) == 100
    sizes = []
    for path in paths:
        status, _, body = get(replay_server, path)
        assert status == 200, body[:200]
        sizes.append(len(body))
    grown = resident_bytes(replay_server.process.pid) - before
    assert sum(sizes) > 300 * MIB  # far more than the cache may keep: it must have let go
    assert grown < 150 * MIB, f"the server grew by {grown / MIB:.0f} MiB over 100 replays"


def test_a_client_flooding_replays_gets_503_busy_with_retry_after_while_another_client_gets_its_replay(
    replay_server: ServerProcess,
) -> None:
    game, players, options = LONG_GAME
    flooded, other = store_finished_games(replay_server.db_url, game, players, options, count=2, seed=50)
    replay_server.start()
    paths = list(replay_paths([flooded], players))
    with ThreadPoolExecutor(len(paths)) as threads:
        answers = list(threads.map(lambda path: get(replay_server, path), paths))
        refused = [(headers, body) for status, headers, body in answers if status == 503]
        assert refused, "a client asking for 12 replays at once had none refused"
        assert any(status == 200 for status, _, _ in answers), "the flooding client had none of its share"
        for headers, body in refused:
            assert int(headers["retry-after"]) >= 1
            answer = json.loads(body)
            assert answer["code"] == "busy" and answer["retry_after"] == int(headers["retry-after"])
        # the refused ones again, and meanwhile another client (another address) asks for its replay
        again = [threads.submit(get, replay_server, path) for path in paths]
        status, _, body = get(replay_server, f"/api/rooms/{other}/replay?seat=0&lang=ja", source="127.0.0.2")
        assert status == 200, body[:200]
        frames = json.loads(body)
        assert frames[0]["seq"] == 0 and frames[-1]["view"]["is_over"]
        assert all(future.result()[0] in (200, 503) for future in again)


def test_busy_speaks_the_language_of_accept_language(replay_server: ServerProcess) -> None:
    game, players, options = LONG_GAME
    (room,) = store_finished_games(replay_server.db_url, game, players, options, count=1, seed=90)
    replay_server.start()

    def ask(path: str) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", replay_server.port, timeout=120)
        try:
            connection.request("GET", path, headers={"Accept-Language": "ja"})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    with ThreadPoolExecutor(12) as threads:
        answers = list(threads.map(ask, replay_paths([room], players)))
    messages = [json.loads(body)["message"] for status, body in answers if status == 503]
    assert messages and all("リプレイ" in message for message in messages)


def children_of(pid: int) -> set[int]:
    """The live (not zombie) processes whose parent is ``pid``."""
    found = set()
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.add(int(status.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_replay_workers_end_with_a_server_killed_by_sigkill(replay_server: ServerProcess) -> None:
    (room,) = store_finished_games(replay_server.db_url, "cockroach-poker", 3, {}, count=1)
    replay_server.start()
    assert replay_server.process is not None
    status, _, _ = get(replay_server, f"/api/rooms/{room}/replay?seat=0")
    assert status == 200
    workers = children_of(replay_server.process.pid)
    assert workers, "no worker process made the replay"
    replay_server.kill()
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers):
        assert time.monotonic() < deadline, "a worker outlived the server"
        time.sleep(0.1)


def test_a_replay_worker_that_dies_is_replaced(replay_server: ServerProcess) -> None:
    first, second = store_finished_games(replay_server.db_url, "cockroach-poker", 3, {}, count=2)
    replay_server.start()
    assert replay_server.process is not None
    assert get(replay_server, f"/api/rooms/{first}/replay?seat=0")[0] == 200
    workers = [
        pid
        for pid in children_of(replay_server.process.pid)
        if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    ]
    assert workers
    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    status, _, body = get(replay_server, f"/api/rooms/{second}/replay?seat=1")
    assert status == 200, body[:300]
    assert json.loads(body)[-1]["view"]["is_over"]
