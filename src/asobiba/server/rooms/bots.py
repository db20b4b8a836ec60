"""Bots play off the event loop: a bot's task waits its delay, thinks in a worker thread from the
seat's observation only, then puts its move in the room's queue like a person's ``act``. Stopping the
task (its person came back, the game moved on) only ever stops a wait or a thought."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from asobiba.core.state import State
from asobiba.server import metrics
from asobiba.server.rooms.seats import Seat
from asobiba.server.rooms.services import RoomServices

log = logging.getLogger("asobiba.server")


class BotRoom(Protocol):
    """What a bot reads of its room, and where it puts its move: the room's queue."""

    @property
    def id(self) -> str: ...

    @property
    def services(self) -> RoomServices: ...

    @property
    def state(self) -> State: ...

    @property
    def seq(self) -> int: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    def post(self, job: Callable[[], Awaitable[Any]]) -> None: ...

    async def bot_moves(self, seat: int, seq: int, text: str, *, timed_out: bool) -> None: ...


def start_bot(room: BotRoom, seat: int, seq: int, delay: float, *, timed_out: bool = False) -> asyncio.Task[None]:
    """The task that plays ``seat``'s decision at ``seq``."""
    return asyncio.get_running_loop().create_task(_play(room, seat, seq, delay, timed_out))


async def _play(room: BotRoom, seat: int, seq: int, delay: float, timed_out: bool) -> None:
    try:
        if delay > 0:
            await asyncio.sleep(delay)
        state = room.state
        if room.seq != seq or state.to_move != seat or not (timed_out or room.seats[seat].played_by_bot):
            return
        player = room.seats[seat].player()
        started = time.perf_counter()
        # the observation (a sample of what the seat may know) is made in the thread too: states are
        # never changed once swapped in, so the thread may read this one
        action = await asyncio.get_running_loop().run_in_executor(
            room.services.bot_executor, lambda: player.choose(state.observe(seat))
        )
        metrics.BOT_THINK_SECONDS.observe(time.perf_counter() - started)
        room.post(lambda: room.bot_moves(seat, seq, str(action), timed_out=timed_out))
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("room %s: the bot of seat %s failed", room.id, seat)


__all__ = ["BotRoom", "start_bot"]
