"""Real server processes and helpers for the server tests (and the browser tests):
``asobiba serve`` on 127.0.0.1 with a free port and a temporary SQLite file, bounded waits, clean
shutdown. The fixtures are in conftest.py."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from asobiba.core.events import Event
from asobiba.server.client import RoomClient

START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def fresh_postgresql_database(server_url: str) -> str:
    """Create an empty database on the PostgreSQL server of ``server_url``; its URL."""
    import secrets

    from sqlalchemy.engine import make_url

    name = f"asobiba_test_{secrets.token_hex(6)}"
    url = make_url(server_url)

    async def create() -> None:
        import asyncpg  # type: ignore[import-untyped]

        connection = await asyncpg.connect(
            host=url.host, port=url.port or 5432, user=url.username, password=url.password, database=url.database
        )
        try:
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()

    asyncio.run(create())
    return url.set(drivername="postgresql+asyncpg", database=name).render_as_string(hide_password=False)


class ServerProcess:
    """``asobiba serve`` as a subprocess; ``kill()`` is SIGKILL, ``start()`` again restarts it on the
    same port and database."""

    def __init__(
        self, database: Path, log: Path, bot_delay: float = 0.0, environment: dict[str, str] | None = None
    ) -> None:
        self.environment = environment or {}
        self.database = database
        self.log_path = log
        self.bot_delay = bot_delay
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self._db_url: str | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def db_url(self) -> str:
        """The temporary SQLite file; with ``$ASOBIBA_TEST_DATABASE`` set to a PostgreSQL URL, a
        fresh database of this process's own on that server."""
        if self._db_url is None:
            server = os.environ.get("ASOBIBA_TEST_DATABASE")
            self._db_url = fresh_postgresql_database(server) if server else f"sqlite:///{self.database}"
        return self._db_url

    def start(self) -> None:
        assert self.process is None or self.process.poll() is not None, "already running"
        command = [
            sys.executable,
            "-c",
            "from asobiba.cli.main import main; main()",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--bot-delay",
            str(self.bot_delay),
        ]
        # tests create rooms faster than people do: lift the per-address limit on room creation
        environment = {
            "ASOBIBA_HTTP_RATE": "1000/second",
            **os.environ,
            **self.environment,
            "PYTHONUNBUFFERED": "1",
        }
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=environment)
        self.starts += 1
        self.wait_ready()

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log()}")
            try:
                with urllib.request.urlopen(f"{self.base_url}/api/games", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start within {START_TIMEOUT} s:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=STOP_TIMEOUT)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()

    def restart(self) -> None:
        self.stop()
        self.start()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


#: No server test waits longer than this for anything.
TEST_TIMEOUT = 60.0


def run(coroutine: Coroutine[Any, Any, Any], timeout: float = TEST_TIMEOUT) -> Any:
    """Run ``coroutine`` to its end, failing after ``timeout`` seconds."""
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


def replayed_steps(record: dict[str, Any]) -> list[tuple[int, Any, list[Event]]]:
    """(seq, state clone, events) after the setup and after every record entry."""
    from asobiba.core.record import replay_steps

    steps = []
    for state, _action, events in replay_steps(record):
        steps.append((state.seq, state.clone(), list(events)))
    return steps


async def play_first_legal(client: RoomClient, limit: int = 2000) -> None:
    """Play the first legal action whenever it is this client's turn, until the game ends."""
    for _ in range(limit):
        if client.state["view"]["is_over"]:
            return
        if client.state["legal"]:
            reply = await client.act(client.state["legal"][0]["notation"])
            assert reply["type"] in ("accepted", "rejected")
        else:
            await client.next_state()
    raise AssertionError("the game did not end")
