"""Rooms without connections for a long time are closed: they leave memory, stay in the database,
and open again (rebuilt by replay) when somebody connects."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_testing import ServerProcess, run

from asobiba.server.client import RoomClient, create_room, room_summary

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("ASOBIBA_TEST_DATABASE")), reason="reads the SQLite file of the server"
)


@pytest.fixture
def quickly_idle_server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "idle.db", tmp_path / "server.log", environment={"ASOBIBA_IDLE_CLOSE": "1"})
    process.start()
    try:
        yield process
    finally:
        process.stop()


def stored_status(server: ServerProcess, room: str) -> str | None:
    """The room's status in the server's SQLite file as its checkpoints left it (the server holds the
    file for itself: read it without locks, ``immutable``; None if a checkpoint was caught halfway, or
    has not reached the room's row yet: a new room is in the write-ahead log, which ``immutable`` skips)."""
    try:
        with contextlib.closing(sqlite3.connect(f"{server.database.as_uri()}?immutable=1", uri=True)) as database:
            found = database.execute("SELECT status FROM rooms WHERE id = ?", (room,)).fetchone()
    except sqlite3.DatabaseError:
        return None
    return None if found is None else str(found[0])


def wait_for_status(server: ServerProcess, room: str, status: str) -> None:
    deadline = time.monotonic() + 30
    while stored_status(server, room) != status:
        assert time.monotonic() < deadline, f"the room was never stored {status}"
        time.sleep(0.1)


def test_a_room_nobody_is_connected_to_is_closed_and_reopens_on_a_connection(
    quickly_idle_server: ServerProcess,
) -> None:
    server = quickly_idle_server
    made = create_room(server.base_url, "cockroach-poker", 3, name="ann")
    seq = room_summary(server.base_url, made["room"])["seq"]
    wait_for_status(server, made["room"], "closed")

    async def come_back() -> int:
        async with RoomClient(server.base_url, made["room"], made["token"]) as client:
            return int(client.state["seq"])

    assert run(come_back()) == seq
    wait_for_status(server, made["room"], "open")
