"""Bots play off the event loop: a bot waits its delay, thinks in a worker thread from the seat's
observation only, then puts its move in the room's queue like a person's ``act``. It is given the
state it decides on and a ``post`` callable, never the room; the room runs it among its timers
(:class:`~asobiba.server.rooms.timers.RoomTimers`), so stopping it (its person came back, the game
moved on, the room left memory) only ever stops a wait or a thought."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor

from asobiba.bots.base import Bot
from asobiba.core.state import State
from asobiba.server import metrics
from asobiba.server.rooms.timers import Job, Post

log = logging.getLogger("asobiba.server")


async def play(
    post: Post,
    executor: Executor,
    player: Bot,
    state: State,
    seat: int,
    delay: float,
    wanted: Callable[[], bool],
    move: Callable[[str], Job],
) -> None:
    """After ``delay`` seconds, if the decision is still ``wanted``, ``player`` decides ``seat``'s
    move in ``state`` and posts ``move(notation)`` (the job checks again that it is still wanted)."""
    try:
        if delay > 0:
            await asyncio.sleep(delay)
        if not wanted():
            return
        started = time.perf_counter()
        # the observation (a sample of what the seat may know) is made in the thread too: states are
        # never changed once swapped in, so the thread may read this one
        action = await asyncio.get_running_loop().run_in_executor(executor, lambda: player.choose(state.observe(seat)))
        metrics.BOT_THINK_SECONDS.observe(time.perf_counter() - started)
        post(move(str(action)))
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("the bot of seat %s failed", seat)


__all__ = ["play"]
