"""A failing disk under a real ``asobiba serve`` on SQLite while a person plays: a fault is a message,
never a crash. Truncating the WAL index file (``-shm``, which SQLite maps into memory: a page-in of a
truncated mapping is SIGBUS) must not kill the server; a database made unwritable (``chattr +i``,
which stops root too) refuses acts with ``unavailable`` and play resumes by itself once it is
writable again; a fatal signal all the same leaves a clear line in the log and a non-zero exit."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from server_testing import STOP_TIMEOUT, ServerProcess, run

from asobiba.server.client import RoomClient, create_room

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("ASOBIBA_TEST_DATABASE")), reason="damages the SQLite file of the server"
)

#: The other seats of the room played.
BOTS = {"1": "bot:random", "2": "bot:random"}
#: Bounded waits (a failure, never a speed assertion).
WAIT = 30.0


@pytest.fixture
def playing_server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "play.db", tmp_path / "server.log")
    process.start()
    try:
        yield process
    finally:
        process.stop()


def health(server: ServerProcess) -> dict[str, Any]:
    try:
        with urllib.request.urlopen(f"{server.base_url}/healthz", timeout=5) as response:
            answer: dict[str, Any] = json.loads(response.read())
    except urllib.error.HTTPError as error:
        answer = json.loads(error.read())
    return answer


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"never {what}"
        time.sleep(0.1)


async def my_turn(client: RoomClient) -> None:
    """Wait until the client's seat has a decision (the bots move in between)."""
    while not client.state["legal"]:
        assert not client.state["view"]["is_over"], "the game ended before the test did"
        await client.next_state()


async def play(client: RoomClient, moves: int) -> None:
    """Make ``moves`` moves of the client's seat, each accepted."""
    for _ in range(moves):
        await my_turn(client)
        reply = await client.act(client.state["legal"][0]["notation"])
        assert reply["type"] == "accepted", reply


def test_a_truncated_wal_index_file_does_not_kill_the_server(playing_server: ServerProcess) -> None:
    server = playing_server
    made = create_room(server.base_url, "cockroach-poker", 3, seats=BOTS, name="ann")

    async def scenario() -> None:
        async with RoomClient(server.base_url, made["room"], made["token"]) as client:
            await play(client, 2)
            index = Path(f"{server.database}-shm")
            if index.exists():  # what the issue did to it: the mapped pages are gone
                os.truncate(index, 0)
            await asyncio.sleep(2.5)  # the checkpoint thread and the health probe use the database every second
            await play(client, 2)

    try:
        run(scenario())
    except Exception as error:
        code = server.process.poll() if server.process else None
        raise AssertionError(f"play stopped ({error!r}); exit code {code}:\n{server.log()}") from error
    assert server.process is not None and server.process.poll() is None, server.log()
    assert health(server) == {"status": "ok"}
    assert not Path(f"{server.database}-shm").exists(), "the WAL index lives in the server's memory, not in a file"


@pytest.mark.skipif(shutil.which("chattr") is None, reason="needs chattr (e2fsprogs)")
def test_a_database_made_unwritable_refuses_acts_unavailable_and_play_resumes_by_itself(
    playing_server: ServerProcess,
) -> None:
    server = playing_server
    made = create_room(server.base_url, "cockroach-poker", 3, seats=BOTS, name="ann")
    files = [str(path) for path in (server.database, Path(f"{server.database}-wal")) if path.exists()]

    def immutable(on: bool) -> None:
        subprocess.run(["chattr", "+i" if on else "-i", *files], check=True, capture_output=True)

    async def scenario() -> dict[str, Any]:
        async with RoomClient(server.base_url, made["room"], made["token"]) as client:
            await play(client, 2)
            await my_turn(client)
            try:
                immutable(True)
            except subprocess.CalledProcessError as error:
                pytest.skip(f"chattr +i does not work here: {error.stderr!r}")
            try:
                await asyncio.to_thread(wait_for, lambda: health(server)["status"] == "unavailable", "unavailable")
                refused: dict[str, Any] = await client.act(client.state["legal"][0]["notation"], wait_state=False)
            finally:
                immutable(False)
            await asyncio.to_thread(wait_for, lambda: health(server) == {"status": "ok"}, "writable again")
            while client.seq < refused["seq"]:
                await client.next_state()
            await play(client, 2)
            return refused

    refused = run(scenario())
    assert refused["type"] == "rejected" and refused["code"] == "unavailable", refused
    assert server.process is not None and server.process.poll() is None, server.log()
    log = server.log()
    assert "the database cannot be written" in log and "the database can be written again" in log, log


def test_a_fatal_signal_writes_a_clear_line_to_the_log_and_exits_non_zero(playing_server: ServerProcess) -> None:
    server = playing_server
    assert server.process is not None
    server.process.send_signal(signal.SIGBUS)
    code = server.process.wait(timeout=STOP_TIMEOUT)
    assert code != 0
    assert "Fatal Python error: Bus error" in server.log(), server.log()
