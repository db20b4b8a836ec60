"""The database's health: can it be written now? Every second a probe writes one row (and, for SQLite,
checks that the file is still the one opened: a deleted file would take writes and lose them). A
failed write anywhere marks it unwritable at once; the first probe that succeeds again makes the rooms
reload and their bots and clocks resume. ``GET /healthz`` shows it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from asobiba.server import metrics

log = logging.getLogger("asobiba.server")

#: Seconds between two probes (a deleted database file is noticed within this).
PROBE_SECONDS = 1.0


class DatabaseHealth:
    """``writable`` and, while not, the ``reason``. ``write_probe`` writes the probe row; ``resume``
    makes the rooms reload once it succeeds again."""

    def __init__(self, write_probe: Callable[[], Awaitable[None]], resume: Callable[[], Awaitable[None]]) -> None:
        self._write_probe = write_probe
        self._resume = resume
        self.writable = True
        self.reason: str | None = None
        self._task: asyncio.Task[None] | None = None
        metrics.DATABASE_WRITABLE.set(1)

    def failed(self, error: BaseException | str) -> None:
        reason = error if isinstance(error, str) else describe(error)
        if self.writable:
            log.error("the database cannot be written: %s", reason)
        self.writable = False
        self.reason = reason
        metrics.DATABASE_WRITABLE.set(0)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._watch())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    async def probe(self) -> bool:
        """Write the probe row now: is the database writable? (Recovering resumes the rooms.)"""
        try:
            await self._write_probe()
        except Exception as error:
            metrics.DATABASE_ERRORS.inc()
            self.failed(error)
            return False
        if not self.writable:
            log.warning("the database can be written again: resuming the rooms")
            self.writable = True
            self.reason = None
            metrics.DATABASE_WRITABLE.set(1)
            await self._resume()
        return True

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(PROBE_SECONDS)
            try:
                await self.probe()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the database probe failed")


def describe(error: BaseException) -> str:
    """A short reason for ``/healthz`` and the log (the driver's message, without SQL)."""
    original = getattr(error, "orig", None)
    text = str(original if original is not None else error).splitlines()[0] if str(error) else type(error).__name__
    return text[:200]


__all__ = ["PROBE_SECONDS", "DatabaseHealth", "describe"]
