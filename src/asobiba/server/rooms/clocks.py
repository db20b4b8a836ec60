"""Turn clocks: stored deadlines. A clock's timer only sleeps and then puts the timeout in the room's
queue, so stopping it (the game moved on) never cuts a stored action short."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asobiba.core.state import State
from asobiba.server.protocol import ClockInfo

if TYPE_CHECKING:
    from asobiba.server.rooms.room import Room


def clock_info(room: Room) -> ClockInfo | None:
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
    room: Room, actor: int, successor: State, by_bot: bool
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


def deadline_for(room: Room, state: State, now: float, seat_changes: Mapping[int, Mapping[str, Any]]) -> dict[str, Any]:
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


def start_timer(room: Room, seat: int, seq: int, deadline: float) -> asyncio.Task[None]:
    """Sleep until ``deadline``, then put the timeout of ``seat``'s decision at ``seq`` in the queue."""

    async def wait() -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        room.post(lambda: room.timed_out(seat, seq))

    return asyncio.get_running_loop().create_task(wait())


__all__ = ["clock_after", "clock_info", "deadline_for", "start_timer"]
