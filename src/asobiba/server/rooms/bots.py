"""Bots play off the event loop: a bot waits its delay, thinks from the seat's observation only,
then puts its move in the room's queue like a person's ``act``. It is given the state it decides on
and a ``post`` callable, never the room; the room runs it among its timers
(:class:`~asobiba.server.rooms.timers.RoomTimers`), so stopping it (its person came back, the game
moved on, the room left memory) only ever stops a wait or a thought.

Where it thinks: a decision of a cheap level (:data:`INLINE_LEVELS`) whose measured cost in that
game is tiny (:class:`ThinkCosts`, under :data:`INLINE_SECONDS` on average) is made on the event
loop itself, as it costs less than the hop to a worker thread and back; any other decision (``normal``,
``hard``, or a cheap level whose game makes it slow) is made in a worker thread."""

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

#: Bot levels that may decide on the event loop: a random legal move costs tens of microseconds
#: (``easy`` is one half of the time, the game's heuristic the other half, which depends on the game).
INLINE_LEVELS = frozenset({"random", "easy"})

#: The mean decision cost (seconds) under which a level of :data:`INLINE_LEVELS` decides on the event
#: loop in a game: about the CPU cost of a round trip to a worker thread.
INLINE_SECONDS = 0.0002

#: Weight of the newest decision in a level's mean cost (one slow decision moves it past
#: :data:`INLINE_SECONDS` at once; it takes many fast ones to come back under it).
COST_WEIGHT = 0.2


class ThinkCosts:
    """The mean measured cost of decisions, per game and bot level (an exponential moving mean).
    Unknown until one decision was measured, in a worker thread."""

    def __init__(self) -> None:
        self.means: dict[tuple[str, str], float] = {}

    def inline(self, game: str, level: str) -> bool:
        """Is a decision of ``level`` in ``game`` cheap enough to make on the event loop?"""
        mean = self.means.get((game, level))
        return level in INLINE_LEVELS and mean is not None and mean < INLINE_SECONDS

    def measured(self, game: str, level: str, seconds: float) -> None:
        mean = self.means.get((game, level))
        self.means[game, level] = seconds if mean is None else mean + COST_WEIGHT * (seconds - mean)


#: This process's measured decision costs.
COSTS = ThinkCosts()


def _decide(player: Bot, state: State, seat: int) -> tuple[str, float]:
    """``player``'s move for ``seat`` in ``state`` and the seconds it took (the observation, a
    sample of what the seat may know, included)."""
    started = time.perf_counter()
    action = player.choose(state.observe(seat))
    return str(action), time.perf_counter() - started


async def play(
    post: Post,
    executor: Executor,
    player: Bot,
    state: State,
    seat: int,
    delay: float,
    wanted: Callable[[], bool],
    move: Callable[[str], Job],
    costs: ThinkCosts = COSTS,
) -> None:
    """After ``delay`` seconds, if the decision is still ``wanted``, ``player`` decides ``seat``'s
    move in ``state`` and posts ``move(notation)`` (the job checks again that it is still wanted)."""
    try:
        if delay > 0:
            await asyncio.sleep(delay)
        if not wanted():
            return
        started = time.perf_counter()
        game, level = state.game.name, player.name
        if costs.inline(game, level):
            notation, cost = _decide(player, state, seat)
        else:
            # states are never changed once swapped in, so the thread may read this one
            notation, cost = await asyncio.get_running_loop().run_in_executor(executor, _decide, player, state, seat)
        costs.measured(game, level, cost)
        metrics.BOT_THINK_SECONDS.observe(time.perf_counter() - started)
        post(move(notation))
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("the bot of seat %s failed", seat)


__all__ = ["COSTS", "INLINE_LEVELS", "INLINE_SECONDS", "ThinkCosts", "play"]
