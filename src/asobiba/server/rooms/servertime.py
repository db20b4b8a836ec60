"""The server's time: one source every room reads (deadlines, banks, grace periods, idle rooms).

:class:`SystemClock` is the real one (``time.time``). :class:`ManualClock` moves only when told
(:meth:`ManualClock.advance`): the project's tests move days forward without sleeping, and
``asobiba serve --test-clock`` serves one (``POST /api/test/clock``). A timer waits in server time
with :meth:`ServerClock.sleep_until`, so a manual clock's timers wake when it is advanced past them."""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class ServerClock(Protocol):
    """Where the server's time comes from."""

    def now(self) -> float:
        """Seconds since the epoch, in server time."""
        ...

    async def sleep_until(self, when: float) -> None:
        """Return once server time is ``when`` or later."""
        ...


class SystemClock:
    """The real time."""

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        await asyncio.sleep(max(0.0, when - time.time()))


class ManualClock:
    """Time that stands still until :meth:`advance` moves it (it starts at the real time, or ``start``)."""

    def __init__(self, start: float | None = None) -> None:
        self._now = time.time() if start is None else start
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self._now

    async def sleep_until(self, when: float) -> None:
        if when <= self._now:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._sleepers.append((when, future))
        try:
            await future
        finally:
            self._sleepers = [(at, other) for at, other in self._sleepers if other is not future]

    def advance(self, seconds: float) -> float:
        """Move time ``seconds`` forward (never back): every sleeper it passes wakes. The new time."""
        if seconds < 0:
            raise ValueError(f"time moves forward only, not by {seconds} seconds")
        self._now += seconds
        for when, future in self._sleepers:
            if when <= self._now and not future.done():
                future.set_result(None)
        return self._now

    def catch_up(self, when: float) -> None:
        """Move to ``when`` if that is later (a test clock never goes back, across restarts either)."""
        if when > self._now:
            self.advance(when - self._now)

    @property
    def sleepers(self) -> int:
        """Timers waiting for a later time."""
        return sum(1 for _when, future in self._sleepers if not future.done())


__all__ = ["ManualClock", "ServerClock", "SystemClock"]
