"""One serial queue per room: every change to the room is a job, and jobs run one at a time, each to
its end, in the order they were put in (boardgame.io serialises each match the same way).

A job runs in the queue's own worker task, never in the task of whoever put it in: a caller that is
cancelled (a connection that drops while its ``act`` is being stored, a timer stopped because the
game moved on) stops waiting, but the job carries on, so nothing is cancelled between "stored" and
"announced". The worker exists only while there are jobs (an idle room holds no task).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

log = logging.getLogger("asobiba.server")

Result = TypeVar("Result")
Job = Callable[[], Awaitable[Any]]


class QueueClosed(Exception):
    """The room is leaving memory: it takes no more jobs."""


class NotInQueue(RuntimeError):
    """A job was called directly, outside its room's queue (put it there: ``Room.run``, ``Room.post``)."""


class RoomQueue:
    """Jobs of one room, run one at a time by one worker task."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._jobs: deque[tuple[Job, asyncio.Future[Any] | None]] = deque()
        self._worker: asyncio.Task[None] | None = None
        self.closed = False
        #: True while a job runs (a job may ask, to refuse to wait on its own queue).
        self.busy = False

    def __len__(self) -> int:
        return len(self._jobs)

    def in_job(self) -> bool:
        """Is the running code a job of this queue (its worker task)?"""
        return self._worker is not None and asyncio.current_task() is self._worker

    async def run(self, job: Callable[[], Awaitable[Result]]) -> Result:
        """Put ``job`` in and wait for its result. Cancelling the wait does not cancel the job."""
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        self._put(job, future)
        return await asyncio.shield(future)

    def post(self, job: Job) -> None:
        """Put ``job`` in without waiting for it (timers, bots, other processes' news)."""
        self._put(job, None)

    def _put(self, job: Job, future: asyncio.Future[Any] | None) -> None:
        if self.closed:
            raise QueueClosed(self.name)
        self._jobs.append((job, future))
        if self._worker is None or self._worker.done():
            self._worker = asyncio.get_running_loop().create_task(self._work(), name=f"room {self.name}")

    async def _work(self) -> None:
        while self._jobs:
            job, future = self._jobs.popleft()
            self.busy = True
            try:
                result = await job()
            except asyncio.CancelledError as error:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    if future is not None and not future.done():
                        future.cancel()
                    raise  # the worker itself is being stopped
                # a cancellation raised from inside the job (a driver's): a failure like any other
                log.error("room %s: a job was cancelled from inside", self.name)
                if future is not None and not future.done():
                    future.set_exception(RuntimeError(f"room {self.name}: the job was cancelled ({error})"))
            except Exception as error:
                if future is not None and not future.done():
                    future.set_exception(error)
                else:
                    log.exception("room %s: a job failed", self.name)
            else:
                if future is not None and not future.done():
                    future.set_result(result)
            finally:
                self.busy = False

    async def close(self, timeout: float = 10.0) -> None:
        """Take no more jobs; let the ones in finish (at most ``timeout`` seconds, then cancel)."""
        self.closed = True
        worker = self._worker
        if worker is None or worker.done():
            return
        done, _pending = await asyncio.wait({worker}, timeout=timeout)
        if not done:
            worker.cancel()
            await asyncio.gather(worker, return_exceptions=True)
        for _job, future in self._jobs:
            if future is not None and not future.done():
                future.set_exception(QueueClosed(self.name))
        self._jobs.clear()


class Queued(Protocol):
    """What has a queue of jobs (a room)."""

    @property
    def queue(self) -> RoomQueue: ...


Owner = TypeVar("Owner", bound=Queued)
Parameters = ParamSpec("Parameters")


def job(
    method: Callable[Concatenate[Owner, Parameters], Awaitable[Result]],
) -> Callable[Concatenate[Owner, Parameters], Coroutine[Any, Any, Result]]:
    """Mark ``method`` as a job: it runs only inside its owner's queue, and a direct call from
    anywhere else raises :class:`NotInQueue` (a job may call another job: it is in the queue)."""

    async def checked(owner: Owner, /, *args: Parameters.args, **kwargs: Parameters.kwargs) -> Result:
        if not owner.queue.in_job():
            raise NotInQueue(f"{method.__qualname__} is a job of the room's queue: put it there (Room.run, Room.post)")
        return await method(owner, *args, **kwargs)

    functools.update_wrapper(checked, method)
    checked.is_job = True  # type: ignore[attr-defined]
    return checked


def is_job(method: object) -> bool:
    """Is ``method`` marked by :func:`job`?"""
    return getattr(method, "is_job", False) is True


__all__ = ["NotInQueue", "QueueClosed", "Queued", "RoomQueue", "is_job", "job"]
