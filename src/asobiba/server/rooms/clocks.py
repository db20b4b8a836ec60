"""Turn clocks: stored deadlines. A clock's timer only sleeps and then puts the timeout in the room's
queue, so stopping it (the game moved on) never cuts a stored action short."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol

from asobiba.core.state import State
from asobiba.server.protocol import ClockInfo, ClockSpec
from asobiba.server.rooms.seats import Seat
from asobiba.server.storage import RoomRow


class ClockRoom(Protocol):
    """What a clock reads of its room."""

    @property
    def clock(self) -> ClockSpec | None: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def row(self) -> RoomRow: ...

    @property
    def state(self) -> State: ...

    @property
    def seq(self) -> int: ...

    @property
    def started(self) -> bool: ...


class TimedRoom(Protocol):
    """Where a clock's timer puts the timeout: the room's queue."""

    def post(self, job: Callable[[], Awaitable[Any]]) -> None: ...

    async def timed_out(self, seat: int, seq: int) -> None: ...


def clock_info(room: ClockRoom) -> ClockInfo | None:
    """The clock of the decision now, as frames show it."""
    if room.clock is None:
        return None
    banks = [seat.bank or 0.0 for seat in room.seats] if room.clock.bank is not None else None
    deadline = room.row.deadline if room.row.deadline_seq == room.seq else None
    return ClockInfo(
        player=room.state.to_move if deadline is not None else None,
        deadline=deadline,
        remaining=max(0.0, deadline - time.time()) if deadline is not None else None,
        per_decision=room.clock.per_decision,
        banks=banks,
    )


def clock_after(
    room: ClockRoom, actor: int, successor: State, by_bot: bool
) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """The room's new deadline (and the actor's bank) once ``actor`` has acted."""
    if room.clock is None:
        return {}, {}
    now = time.time()
    seat_changes: dict[int, dict[str, Any]] = {}
    if room.clock.bank is not None and room.row.decision_started is not None and not by_bot:
        used = now - room.row.decision_started
        over = max(0.0, used - (room.clock.per_decision or 0.0))
        bank = max(0.0, (room.seats[actor].bank or 0.0) - over)
        seat_changes[actor] = {"bank": bank}
    return deadline_for(room, successor, now, seat_changes), seat_changes


def deadline_for(
    room: ClockRoom, state: State, now: float, seat_changes: Mapping[int, Mapping[str, Any]]
) -> dict[str, Any]:
    """The room row's clock columns for the decision of ``state``."""
    if room.clock is None or state.is_over or not room.started:
        return {"deadline": None, "deadline_seq": None, "decision_started": None}
    mover = state.to_move
    assert mover is not None
    seat = room.seats[mover]
    if not seat.occupied:  # a clock never runs for a seat nobody has taken
        return {"deadline": None, "deadline_seq": None, "decision_started": None}
    if seat.played_by_bot:
        return {"deadline": None, "deadline_seq": None, "decision_started": now}
    bank = seat_changes.get(mover, {}).get("bank", seat.bank) or 0.0
    allowance = (room.clock.per_decision or 0.0) + (bank if room.clock.bank is not None else 0.0)
    return {"deadline": now + allowance, "deadline_seq": state.seq, "decision_started": now}


def start_timer(room: TimedRoom, seat: int, seq: int, deadline: float) -> asyncio.Task[None]:
    """Sleep until ``deadline``, then put the timeout of ``seat``'s decision at ``seq`` in the queue."""

    async def wait() -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        room.post(lambda: room.timed_out(seat, seq))

    return asyncio.get_running_loop().create_task(wait())


__all__ = ["ClockRoom", "TimedRoom", "clock_after", "clock_info", "deadline_for", "start_timer"]
