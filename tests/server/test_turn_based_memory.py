"""Turn-based rooms cost nothing while idle: their deadlines are rows of the database, not sleeping
tasks. A lobby over a real SQLite database holding 10,000 idle turn-based rooms keeps no room and no
task for them; a room whose deadline passes (the server's time moved by a :class:`ManualClock`) is
brought in by the lobby's one periodic look, timed out through its queue (a stand-in bot decides, the
seat's ``timeouts`` count it, the log says so) and leaves memory again once idle."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from server_testing import run
from sqlalchemy import insert, select

from asobiba.server.protocol import TurnClock
from asobiba.server.rooms import Lobby, Settings
from asobiba.server.rooms.clocks import DAY, HOUR
from asobiba.server.rooms.servertime import ManualClock
from asobiba.server.storage import ROOMS, ActionRow, SeatRow

IDLE_ROOMS = 10_000
#: A bounded wait (a failure, never a speed assertion).
WAIT = 30.0


def room_tasks() -> list[str]:
    """The tasks of rooms running now: their queues' workers and timers (named ``room …``)."""
    return [task.get_name() for task in asyncio.all_tasks() if task.get_name().startswith("room ")]


async def until(condition: Any, what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not condition():
        assert loop.time() < deadline, f"never: {what}"
        await asyncio.sleep(0.01)


def test_ten_thousand_idle_turn_based_rooms_hold_no_task_and_no_room_and_a_due_one_is_applied(tmp_path: Path) -> None:
    run(_idle_rooms(tmp_path), timeout=300)


async def _idle_rooms(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    clock = ManualClock()
    # the periodic look runs rarely here: the test calls a look itself, after moving time
    lobby = Lobby(Settings(database_url=url, bot_delay=0.0, deadline_interval=3600.0), clock=clock)
    await lobby.start()
    try:
        # one real turn-based room: a person at seat 0 (never connected), two bots; 24 hours a decision
        room, _token, _invites = await lobby.create(
            "cockroach-poker", 3, {}, {1: "bot:random", 2: "bot:random"}, "ann", None,
            TurnClock(per_decision_hours=24), None, pace="turn-based", timeout_policy="bot",
        )  # fmt: skip
        await until(lambda: room.state.to_move == 0 and not room.queue.busy, "seat 0 to decide")
        assert room.row.deadline is not None and room.row.deadline > clock.now() + 23 * HOUR
        due_seq = room.seq
        await lobby.due_deadlines()  # idle: it leaves memory, its deadline stays in the database
        assert lobby.rooms == {}
        stored = await lobby.storage.load(room.id)
        assert stored is not None
        # 9,999 copies of it, deadlines a week and more away, written straight into the database
        await _copies(lobby, stored, IDLE_ROOMS - 1, far=clock.now() + 7 * DAY)
        async with lobby.storage.sessions() as session:
            turn_based = (await session.scalars(select(ROOMS.c.id).where(ROOMS.c.pace == "turn-based"))).all()
        assert len(turn_based) == IDLE_ROOMS
        baseline = len(asyncio.all_tasks())
        assert baseline < 20, asyncio.all_tasks()  # the lobby's own few tasks, none per room
        assert await lobby.due_deadlines() == []  # none due yet
        assert lobby.rooms == {} and len(asyncio.all_tasks()) <= baseline and not room_tasks()

        clock.advance(24 * HOUR + 1)  # the real room's decision runs out
        brought = await lobby.due_deadlines()
        assert brought == [room.id]
        assert set(lobby.rooms) == {room.id}  # that one only
        again = lobby.rooms[room.id]
        await until(lambda: again.seq > due_seq, "the stand-in bot decided for seat 0")
        assert again.seats[0].timeouts == 1 and not again.seats[0].resigned
        notices = await lobby.storage.notices(room.id)
        assert [(notice.kind, notice.seat) for notice in notices][-1:] == [("ClockRanOut", 0)]
        async with lobby.storage.sessions() as session:
            seat = await session.get(SeatRow, (room.id, 0))
            assert seat is not None and seat.timeouts == 1
        # idle again (nobody connected, nothing pending): the next look unloads it
        await until(lambda: again.idle or again.state.to_move == 0, "the bots played on")
        await until(lambda: again.idle, "nothing pending in the room")
        await lobby.due_deadlines()
        assert lobby.rooms == {} and len(asyncio.all_tasks()) <= baseline and not room_tasks()
        # a room a request just asked for stays a while (its connection or job comes next)
        assert await lobby.get(room.id) is not None
        await lobby.due_deadlines()
        assert set(lobby.rooms) == {room.id}
    finally:
        await lobby.stop()


async def _copies(lobby: Lobby, stored: Any, count: int, far: float) -> None:
    """``count`` copies of the stored room (its row, seats and record), each with its own id."""
    room_columns = [column.name for column in ROOMS.columns]
    base = {name: getattr(stored.row, name) for name in room_columns}
    rooms, seats, actions = [], [], []
    for number in range(count):
        room_id = f"idle{number:06d}"
        rooms.append({**base, "id": room_id, "status": "closed", "deadline": far + number})
        for seat in stored.seats:
            values = {column.name: getattr(seat, column.name) for column in SeatRow.__table__.columns}
            seats.append({**values, "room_id": room_id})
        for seq, (text, player) in enumerate(zip(stored.actions, stored.players_of_actions, strict=True)):
            actions.append({"room_id": room_id, "seq": seq, "text": text, "player": player, "created_at": 0.0})
    async with lobby.storage.engine.begin() as connection:
        await connection.execute(insert(ROOMS), rooms)
        await connection.execute(insert(SeatRow.__table__), seats)
        await connection.execute(insert(ActionRow.__table__), actions)
