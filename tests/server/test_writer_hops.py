"""The SQLite writer: the writes queued together go to the writer thread in one trip, each still in
a transaction of its own (one failing leaves the others committed), each waiter told only once its
transaction committed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.engine import Connection

from asobiba.server.storage import HEALTH, Storage, _Append, _Write


class TripCountingStorage(Storage):
    """A real SQLite storage that notes the groups of writes of each trip to its writer thread."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.trips: list[int] = []

    def _run_groups(self, groups: list[list[_Append | _Write]]) -> list[list[tuple[Exception | None, Any]]]:
        self.trips.append(len(groups))
        return super()._run_groups(groups)


def test_writes_queued_together_take_one_trip_and_stay_separate_transactions(tmp_path: Path) -> None:
    storage = TripCountingStorage(f"sqlite:///{tmp_path / 'rooms.db'}")

    def failing(connection: Connection) -> None:
        connection.execute(HEALTH.insert(), [{"node": "half-written", "checked_at": 1.0}])
        raise ValueError("a write that fails halfway")

    async def scenario() -> tuple[list[Any], list[str]]:
        await storage.migrate()
        storage.trips.clear()
        outcomes = await asyncio.gather(
            storage.probe("a"), storage.transaction(failing), storage.probe("b"), return_exceptions=True
        )
        async with storage.engine.connect() as connection:
            nodes = sorted((await connection.scalars(select(HEALTH.c.node))).all())
        await storage.close()
        return list(outcomes), nodes

    outcomes, nodes = asyncio.run(scenario())
    assert storage.trips == [3]  # one trip, three transactions
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], ValueError)
    assert nodes == ["a", "b"]  # the failed one rolled back alone


def test_a_write_that_cannot_reach_the_thread_is_told(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'rooms.db'}")

    async def scenario() -> None:
        await storage.migrate()
        storage.write_thread.shutdown()
        try:
            await storage.probe("a")
        finally:
            await storage.engine.dispose()

    with pytest.raises(RuntimeError):
        asyncio.run(scenario())
