"""A database made before accounts (migration 0006) upgrades to accounts (0007 on) without losing a room:
rooms in every state — a listed waiting room with an open seat, a game running on a clock, a game that left
memory, a finished game with its chat and log, and its rematch waiting for its kept players — are all
found after the upgrade, as they were, live and rated as new rooms are by default, and the running game
plays on."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from server_testing import ServerProcess, run

from asobiba.core.registry import get_game
from asobiba.server.client import RoomClient, http, room_record, room_summary
from asobiba.server.rooms.seats import hash_token
from asobiba.server.storage import MIGRATIONS

GAME = "cockroach-poker"
SQLITE_ONLY = pytest.mark.skipif(bool(os.environ.get("ASOBIBA_TEST_DATABASE")), reason="builds an old SQLite file")

ROOM_COLUMNS = (
    "id, game, players, options, seed, name, status, bot_delay, grace, clock, deadline, deadline_seq,"
    " decision_started, rematch_of, rematch, created_at, updated_at, started, listed, creator, spectator_chat,"
    " chat_key, muted"
)


def record_of(seed: int, moves: int | None) -> dict[str, Any]:
    """A 3-player record of random legal play: ``moves`` entries after the setup, or to the end."""
    state, _events = get_game(GAME).start(3, seed=seed)
    rng = random.Random(seed)
    played = 0
    while not state.is_over and (moves is None or played < moves):
        state.apply(rng.choice(state.legal_actions()))
        played += 1
    return state.record()


def database_before_accounts(path: Path) -> dict[str, str]:
    """A SQLite database at migration 0006 with rooms in every state; their ids by state, and Aki's token."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine

    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
    engine.dispose()
    token, now = "token-of-aki-0123456789abcdef", time.time()
    clock = json.dumps({"per_decision": 600.0, "bank": None})
    rooms: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
        ("Waiting1", record_of(1, 0), {"status": "open", "started": 0, "listed": 1, "creator": hash_token(token)}),
        ("Running1", record_of(2, 4), {"status": "open", "clock": clock, "deadline": now + 600, "deadline_seq": 4}),
        ("Closed01", record_of(3, 6), {"status": "closed"}),
        ("Over0001", record_of(4, None), {"status": "over", "rematch": "Rematch1"}),
        ("Rematch1", record_of(5, 0), {"status": "open", "started": 0, "rematch_of": "Over0001"}),
    ]
    with sqlite3.connect(path) as database:
        for room, record, columns in rooms:
            row = {
                "id": room, "game": GAME, "players": 3, "options": json.dumps(record["options"]),
                "seed": record["seed"], "name": room.lower(), "status": "open", "bot_delay": 0.0, "grace": 60.0,
                "clock": None, "deadline": None, "deadline_seq": None, "decision_started": None,
                "rematch_of": None, "rematch": None, "created_at": now, "updated_at": now, "started": 1,
                "listed": 0, "creator": None, "spectator_chat": 0, "chat_key": "0" * 32, "muted": None,
                **columns,
            }  # fmt: skip
            database.execute(
                f"INSERT INTO rooms ({ROOM_COLUMNS}) VALUES ({', '.join('?' * len(row))})", tuple(row.values())
            )
            seats = [
                (0, "human", "Aki", hash_token(token) if room != "Rematch1" else None, None, int(room == "Rematch1")),
                (1, "human", None if room == "Waiting1" else "Ken", None, None, int(room == "Rematch1")),
                (2, "bot:random", None, None, None, 0),
            ]  # fmt: skip
            for seat, kind, name, token_hash, invite_hash, kept in seats:
                database.execute(
                    "INSERT INTO seats (room_id, seat, kind, name, token_hash, taken_over, invite_hash, kept)"
                    " VALUES (?, ?, ?, ?, ?, 0, ?, ?)",
                    (room, seat, kind, name, token_hash, invite_hash, kept),
                )
            for seq, text in enumerate(record["actions"]):
                database.execute(
                    "INSERT INTO actions (room_id, seq, text, created_at) VALUES (?, ?, ?, ?)", (room, seq, text, now)
                )
        database.execute(
            "INSERT INTO chat (room_id, seat, name, text, created_at) VALUES ('Over0001', 0, 'Aki', 'good game', ?)",
            (now,),
        )
        database.execute(
            "INSERT INTO notices (room_id, seq, kind, seat, created_at) VALUES ('Over0001', 1, 'started', NULL, ?)",
            (now,),
        )
    return {"token": token}


@SQLITE_ONLY
def test_a_database_made_before_accounts_keeps_every_room(tmp_path: Path) -> None:
    made = database_before_accounts(tmp_path / "before.db")
    before = sqlite3.connect(tmp_path / "before.db")
    counts_before = {
        table: before.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
        for table in ("rooms", "seats", "actions", "chat", "notices")
    }
    records_before = {
        room: [text for (text,) in before.execute("SELECT text FROM actions WHERE room_id = ? ORDER BY seq", (room,))]
        for (room,) in before.execute("SELECT id FROM rooms")
    }
    before.close()
    server = ServerProcess(tmp_path / "before.db", tmp_path / "server.log")
    server.start()
    try:
        waiting = room_summary(server.base_url, "Waiting1")
        assert waiting["started"] is False and waiting["creator"] == 0
        assert [seat["invited"] for seat in waiting["seats"]] == [False, False, False]
        assert "Waiting1" in [listed["room"] for listed in http("GET", f"{server.base_url}/api/open-rooms")]
        for room in ("Running1", "Closed01"):  # bots may have moved on since: the stored entries come first
            assert room_summary(server.base_url, room)["seq"] >= len(records_before[room]) > 0
        assert room_record(server.base_url, "Over0001")["actions"] == records_before["Over0001"]
        over = room_summary(server.base_url, "Over0001")
        assert over["status"] == "over" and over["rematch"] == "Rematch1"
        assert room_summary(server.base_url, "Rematch1")["started"] is False

        async def aki_plays_on() -> dict[str, Any]:
            async with RoomClient(server.base_url, "Running1", made["token"]) as client:
                while not client.state["legal"]:
                    await client.next_state()
                return await client.act(client.state["legal"][0]["notation"])

        assert run(aki_plays_on())["type"] == "accepted"
    finally:
        server.stop()
    after = sqlite3.connect(tmp_path / "before.db")
    try:
        assert after.execute("SELECT version_num FROM alembic_version").fetchone()[0] >= "0007"
        for table, count in counts_before.items():
            assert after.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] >= count, table
        assert set(after.execute("SELECT DISTINCT pace, rated FROM rooms").fetchall()) == {("live", 1)}
        assert after.execute("SELECT COUNT(*) FROM seats WHERE account_id IS NOT NULL OR resigned").fetchone()[0] == 0
        assert after.execute("SELECT COUNT(*) FROM accounts").fetchone()[0] == 0
    finally:
        after.close()
