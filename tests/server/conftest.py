"""Fixtures of the server tests (the browser tests reuse them): ``server`` is a real
``asobiba serve`` process of the test's own (kill it, restart it); ``shared_server`` one per module;
``postgresql`` a throwaway PostgreSQL cluster per module (skipped without PostgreSQL).
The class and the helpers are in ``server_testing.py`` (importable as ``server_testing``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_testing import PostgreSQLCluster, ServerProcess, postgresql_binaries


def _server(directory: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(directory / "asobiba.db", directory / "server.log")
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of this test's own (kill it, restart it)."""
    yield from _server(tmp_path)


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the whole module (do not kill it)."""
    yield from _server(tmp_path_factory.mktemp("server"))


@pytest.fixture(scope="module")
def fuzz_room(shared_server: ServerProcess) -> tuple[ServerProcess, dict, dict]:
    """A room of people only, nobody moving: the server, its creation reply, its summary."""
    from asobiba.server.client import create_room, room_summary

    made = create_room(shared_server.base_url, "cockroach-poker", 3, name="fuzz")
    return shared_server, made, room_summary(shared_server.base_url, made["room"])


@pytest.fixture(scope="module")
def postgresql() -> Iterator[PostgreSQLCluster]:
    binaries = postgresql_binaries()
    if binaries is None:
        pytest.skip("PostgreSQL is not installed (initdb, pg_ctl): apt-get install postgresql")
    cluster = PostgreSQLCluster(binaries)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
