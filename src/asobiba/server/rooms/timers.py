"""A room's timers, owned by one object per room (as Colyseus' ``this.clock``): the turn clock's
timer, the bot thinking, each seat's absence watch. Each only waits (in server time) or thinks, then
puts a job in the room's queue through the ``post`` callable it was given — never the room itself.
The room closes its timers when it leaves memory: nothing of it keeps running."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Hashable
from typing import Any

from asobiba.server.rooms.servertime import ServerClock

Job = Callable[[], Awaitable[Any]]
#: Puts a job in the room's queue (:meth:`asobiba.server.rooms.room.Room.post`).
Post = Callable[[Job], None]


class RoomTimers:
    """Every task a room runs besides its queue's worker, by key (a new task under a key stops the old)."""

    def __init__(self, clock: ServerClock, post: Post, name: str) -> None:
        self.clock = clock
        self.post = post
        self.name = name
        self._tasks: dict[Hashable, asyncio.Task[Any]] = {}
        self.closed = False

    def now(self) -> float:
        return self.clock.now()

    def at(self, key: Hashable, when: float, job: Job) -> asyncio.Task[Any] | None:
        """At server time ``when``, put ``job`` in the room's queue (a timer under ``key``)."""

        async def wait() -> None:
            await self.clock.sleep_until(when)
            self.post(job)

        return self.start(key, wait())

    def start(self, key: Hashable, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any] | None:
        """Run ``work`` under ``key`` (a bot thinking, a seat's watch); None once closed."""
        self.cancel(key)
        if self.closed:
            work.close()
            return None
        task = asyncio.get_running_loop().create_task(work, name=f"room {self.name} {key}")
        self._tasks[key] = task
        task.add_done_callback(lambda done: self._forget(key, done))
        return task

    def _forget(self, key: Hashable, task: asyncio.Task[Any]) -> None:
        if self._tasks.get(key) is task:
            del self._tasks[key]

    def running(self, key: Hashable) -> bool:
        task = self._tasks.get(key)
        return task is not None and not task.done()

    def cancel(self, key: Hashable) -> None:
        task = self._tasks.pop(key, None)
        if task is not None:
            task.cancel()

    def cancel_all(self) -> None:
        """Stop every timer (the lease went to another process); new ones may start."""
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()

    def close(self) -> None:
        """Stop every timer and start no more: the room leaves memory."""
        self.closed = True
        self.cancel_all()

    @property
    def pending(self) -> int:
        """Timers running now."""
        return sum(1 for task in self._tasks.values() if not task.done())


__all__ = ["Job", "Post", "RoomTimers"]
