"""Worker processes for CPU work the server's own process must not do, and a fair, bounded queue in
front of them.

A replay of a long game takes the interpreter for up to a second; in a thread of the server it would
still hold the GIL the event loop needs (every other room's acts waited behind it). So such work runs in
a pool of worker processes, started the way the coach's are (:mod:`asobiba.server.analysis`:
``spawn``, a fresh interpreter that inherits nothing from the server's threads): :func:`worker_pool`.
Its workers end with the server's process however it ends (killed with ``kill -9`` too:
:func:`~asobiba.server.parent_watch.die_with_parent`, as the coach's do) and run in a session of their
own at a lower priority than the server (:data:`WORKER_NICENESS`, their scheduling group's too: the
event loop's process gets the CPU first on a busy machine).

:class:`Workers` hands the pool its jobs, one a worker at a time:

- **requests** (:meth:`Workers.request`: replays) wait in a :class:`~asobiba.server.fair_queue.FairQueue`
  (the coach's): a client (its address) holds at most ``per_client`` of them waiting or running
  (:class:`~asobiba.server.fair_queue.TooManyForClient`) and the queue is bounded
  (:class:`~asobiba.server.fair_queue.Busy`) — the route answers both with ``503 busy`` and
  ``Retry-After`` — and they are served in fair rounds between clients and rooms, so one client's many
  never keep another's waiting behind them all. Asking for one that waits or runs already is the same
  job, never refused.
- **urgent jobs** (:meth:`Workers.urgent`: a room rebuilt from its record when it comes back into
  memory) go before every request and are never refused: a player's own room does not wait for other
  people's replays.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from asobiba.server.fair_queue import FairQueue
from asobiba.server.parent_watch import die_with_parent

#: How much lower than the server a worker runs (``nice``): replays are background work.
WORKER_NICENESS = 10


def _start_worker(parent: int, initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    die_with_parent(parent)
    # Linux shares the CPU between sessions first ("autogroups"): a worker in the server's session,
    # however nice, would keep the server's group busy, and the server would wait for its own group's
    # turn each time a player acts (measured: acts' p50 x3.5 while a niced worker replayed). So a
    # worker takes a session (a group) of its own, and lowers that group's priority and its own.
    with contextlib.suppress(OSError):
        os.setsid()
    with contextlib.suppress(OSError), open("/proc/self/autogroup", "w") as group:
        group.write(str(WORKER_NICENESS))
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    if initializer is not None:
        initializer(*initargs)


def worker_pool(
    workers: int, initializer: Callable[..., None] | None = None, initargs: tuple[Any, ...] = ()
) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes at :data:`WORKER_NICENESS` that end with the server's
    process; ``initializer(*initargs)`` runs next in each (as ``ProcessPoolExecutor``'s would)."""
    return ProcessPoolExecutor(
        max(1, workers),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
        initargs=(os.getpid(), initializer, initargs),
    )


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: queued jobs are cancelled and running ones are not waited for (their workers
    are terminated)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


@dataclass
class _Job:
    key: Hashable | None
    function: Callable[..., Any]
    arguments: tuple[Any, ...]
    future: asyncio.Future[Any]


class Workers:
    """A :func:`worker_pool` of ``workers`` processes and its queue (see the module)."""

    def __init__(self, workers: int = 1, max_queued: int = 16, per_client: int = 2) -> None:
        self.workers = max(1, workers)
        self.pool: ProcessPoolExecutor | None = None
        self.queue: FairQueue[Hashable] = FairQueue(max_queued, per_client)
        self._jobs: dict[Hashable, _Job] = {}
        self._urgent: deque[_Job] = deque()
        self._running = 0
        self._tasks: set[asyncio.Task[None]] = set()
        #: Seconds a request took in a worker, on average (for ``Retry-After``).
        self.mean_seconds = 1.0
        #: Requests computed in a worker so far.
        self.computed = 0

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self.pool = worker_pool(self.workers)
        return self.pool

    # ------------------------------------------------------------------ asking

    def retry_after(self) -> int:
        """Seconds until the requests held now have likely been made."""
        return max(1, math.ceil(self.mean_seconds * len(self.queue) / self.workers))

    async def request(
        self, key: Hashable, client: str, room: str, function: Callable[..., Any], *arguments: Any
    ) -> Any:
        """``function(*arguments)`` in a worker for ``client`` (about ``room``), once for every caller asking
        for ``key`` while it waits or runs; :class:`~asobiba.server.fair_queue.TooManyForClient` or
        :class:`~asobiba.server.fair_queue.Busy` when the queue takes no more of ``client``'s."""
        job = self._jobs.get(key)
        if job is None:
            self.queue.admit(key, client, room)
            job = self._jobs[key] = self._new_job(key, function, arguments)
            self._dispatch()
        return await asyncio.shield(job.future)

    async def urgent(self, function: Callable[..., Any], *arguments: Any) -> Any:
        """``function(*arguments)`` in a worker before any request waiting; never refused."""
        job = self._new_job(None, function, arguments)
        self._urgent.append(job)
        self._dispatch()
        return await asyncio.shield(job.future)

    def _new_job(self, key: Hashable | None, function: Callable[..., Any], arguments: tuple[Any, ...]) -> _Job:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        # every caller may have gone (a dropped connection): the outcome is then nobody's to read
        future.add_done_callback(lambda done: done.cancelled() or done.exception())
        return _Job(key, function, arguments, future)

    # ------------------------------------------------------------------ running

    def _next(self) -> _Job | None:
        if self._urgent:
            return self._urgent.popleft()
        key = self.queue.next()
        return None if key is None else self._jobs[key]

    def _dispatch(self) -> None:
        while self._running < self.workers:
            job = self._next()
            if job is None:
                return
            self._running += 1
            task = asyncio.get_running_loop().create_task(self._run(job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _compute(self, job: _Job) -> Any:
        """``job`` in a worker. A worker that died (killed, out of memory) breaks the whole pool: the
        job is then sent once more, to a new pool."""
        try:
            return await self._compute_once(job)
        except BrokenProcessPool:
            return await self._compute_once(job)

    async def _compute_once(self, job: _Job) -> Any:
        pool = self._pool()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, job.function, *job.arguments)
        except BrokenProcessPool:
            if self.pool is pool:  # (several jobs may have seen it break)
                stop_pool(pool)
                self.pool = None
            raise

    async def _run(self, job: _Job) -> None:
        started = time.monotonic()
        try:
            result = await self._compute(job)
        except BaseException as error:  # the callers get it; the next job runs all the same
            if not job.future.done():
                job.future.set_exception(error)
            if isinstance(error, asyncio.CancelledError):
                raise
        else:
            if not job.future.done():
                job.future.set_result(result)
            if job.key is not None:
                self.computed += 1
                self.mean_seconds = 0.8 * self.mean_seconds + 0.2 * (time.monotonic() - started)
        finally:
            self._running -= 1
            if job.key is not None:
                self._jobs.pop(job.key, None)
                self.queue.done(job.key)
            self._dispatch()

    async def close(self) -> None:
        """Refuse what waits, stop the workers."""
        for job in [*self._jobs.values(), *self._urgent]:
            job.future.cancel()
        self._urgent.clear()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.pool is not None:
            stop_pool(self.pool)
            self.pool = None


__all__ = ["WORKER_NICENESS", "Workers", "stop_pool", "worker_pool"]
