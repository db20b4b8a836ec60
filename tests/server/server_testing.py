"""Real server processes and helpers for the server tests (and the browser tests):
``asobiba serve`` on 127.0.0.1 with a free port and a temporary SQLite file, bounded waits, clean
shutdown. The fixtures are in conftest.py."""

from __future__ import annotations

import asyncio
import contextlib
import email
import email.policy
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from pathlib import Path
from typing import Any, TypeVar

import httpx
from aiosmtpd.smtp import SMTP, Envelope, Session

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
        self,
        database: Path,
        log: Path,
        bot_delay: float = 0.0,
        environment: dict[str, str] | None = None,
        *,
        db_url: str | None = None,
        redis_url: str | None = None,
        flags: tuple[str, ...] = (),
    ) -> None:
        self.environment = environment or {}
        #: More ``asobiba serve`` flags (``--test-clock``).
        self.flags = flags
        self.redis_url = redis_url
        self.database = database
        self.log_path = log
        self.bot_delay = bot_delay
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self._db_url: str | None = db_url

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
            *(["--redis", self.redis_url] if self.redis_url else []),
            *self.flags,
        ]
        # tests create rooms and open sockets faster than people do: lift the per-address limits on
        # room creation and on new WebSockets a second
        environment = {
            "ASOBIBA_HTTP_RATE": "1000/second",
            "ASOBIBA_WEBSOCKET_RATE": "1000/second",
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

Found = TypeVar("Found")


def invited_turn_based_room(host: httpx.Client, guest: httpx.Client, guest_name: str) -> tuple[str, str, str]:
    """Paper Safari for two, turn-based (72 hours a decision), named "Friday": the signed-in ``host``
    makes it with seat 1 kept for the account ``guest_name``, whose signed-in ``guest`` accepts the
    invitation. Returns the room, the host's seat token and the guest's."""
    made = host.post(
        "/api/rooms",
        json={"game": "paper-safari", "players": 2, "seats": {"1": f"user:{guest_name}"}, "name": "Friday",
              "pace": "turn-based", "clock": {"per_decision_hours": 72}},
    )  # fmt: skip
    assert made.status_code == 200, made.text
    room = made.json()["room"]
    accepted = guest.post(f"/api/rooms/{room}/invitation", json={"accept": True})
    assert accepted.status_code == 200, accepted.text
    return room, made.json()["token"], accepted.json()["token"]


def wait_for(condition: Callable[[], Found | None], what: str, seconds: float = 30.0) -> Found:
    """What ``condition`` gives once it gives something true (polled every 50 ms), failing with ``what``
    after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        found = condition()
        if found:
            return found
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


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


async def race_on_one_seq(tab1: RoomClient, tab2: RoomClient) -> tuple[int, str] | None:
    """Two connections of the seat to move send different acts quoting the same seq at once: exactly
    one is accepted, the other is ``stale`` (the same act twice is a harmless resend, both
    ``accepted``). Returns ``(seq, notation accepted)`` once both have moved past it; ``None`` when
    the game is over."""
    while not tab1.state["legal"] and not tab1.state["view"]["is_over"]:
        await tab1.next_state()
    if tab1.state["view"]["is_over"]:
        return None
    while tab2.seq < tab1.seq:
        await tab2.next_state()
    seq = tab1.seq
    legal = [entry["notation"] for entry in tab1.state["legal"]]
    first, second = legal[0], legal[-1]
    replies = await asyncio.gather(
        tab1.act(first, seq=seq, message_id="one", wait_state=False),
        tab2.act(second, seq=seq, message_id="two", wait_state=False),
    )
    kinds = sorted(reply["type"] for reply in replies)
    if first == second:
        assert kinds == ["accepted", "accepted"]
    else:
        assert kinds == ["accepted", "rejected"], replies
        assert next(reply for reply in replies if reply["type"] == "rejected")["code"] == "stale"
    winner = next(reply for reply in replies if reply["type"] == "accepted")
    for tab in (tab1, tab2):
        while tab.seq <= seq:
            await tab.next_state()
    return seq, first if winner["id"] == "one" else second


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


def store_finished_games(
    database_url: str, game: str, players: int, options: dict[str, Any], count: int, seed: int = 0
) -> list[str]:
    """``count`` games of random bots played to the end here and stored as finished rooms in the
    database of ``database_url`` (a server started on it rebuilds them from their records when asked
    for: long games without waiting for a server to play them); their room ids."""
    import asobiba
    from asobiba.server.rooms.lobby import new_room_id
    from asobiba.server.storage import RoomRow, SeatRow, Storage, dumps, normalise_url

    async def store() -> list[str]:
        storage = Storage(normalise_url(database_url))
        await storage.migrate()
        made = []
        try:
            for number in range(count):
                state = asobiba.new_game(game, players, seed=seed + number, **options)
                player = asobiba.bot("random", seed=seed + number)
                while not state.is_over:
                    state.apply(player.choose(state.observe(state.to_move)))
                record, room_id, now = state.record(), new_room_id(), time.time()
                row = RoomRow(
                    id=room_id,
                    game=game,
                    players=players,
                    options=dumps(record["options"]),
                    seed=record["seed"],
                    name=None,
                    status="over",
                    bot_delay=0.0,
                    grace=60.0,
                    clock=None,
                    rematch_of=None,
                    rematch=None,
                    created_at=now,
                    updated_at=now,
                    started=True,
                    listed=False,
                    creator=None,
                )
                seats = [
                    SeatRow(
                        room_id=room_id,
                        seat=seat,
                        kind="bot:random",
                        name=None,
                        token_hash=None,
                        taken_over=False,
                        bank=None,
                        previous_seat=None,
                    )
                    for seat in range(players)
                ]
                await storage.create_room(row, seats, record["actions"])
                made.append(room_id)
        finally:
            await storage.close()
        return made

    # a thread of its own: the caller may be running an event loop (Playwright's sync API does)
    with ThreadPoolExecutor(1) as thread:
        return list(thread.submit(asyncio.run, store()).result())


# ---------------------------------------------------------------------- real engines for several processes


def postgresql_binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (PATH first, then Debian's), None if not installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


class PostgreSQLCluster:
    """A PostgreSQL cluster of the tests' own: ``initdb`` in a temporary folder, a free loopback
    port, trust authentication for ``postgres``; ``stop()`` shuts it down and removes the folder.
    As root, the server runs as the ``postgres`` user (PostgreSQL refuses to run as root)."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="asobiba-pg-"))
        self.data = self.folder / "data"
        self._as_user: list[str] = []
        if os.geteuid() == 0:
            self._as_user = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.folder, "postgres")

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        subprocess.run([*self._as_user, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self._run(str(self.binaries / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8")
        options = f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off -c max_connections=200"
        self._run(
            str(self.binaries / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.folder / "log"),
            "-w",
            "start",
        )

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def fresh_database(self) -> str:
        return fresh_postgresql_database(self.url)


class RedisServer:
    """``redis-server`` on a free loopback port in a temporary folder, nothing saved to disk;
    ``kill()`` and ``start()`` again restart it on the same port (empty)."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="asobiba-redis-"))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder)]
        command += ["--save", "", "--appendonly", "no", "--protected-mode", "no"]
        with (self.folder / "log").open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                probe.sendall(b"PING\r\n")
                if probe.recv(64).startswith(b"+PONG"):
                    return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=STOP_TIMEOUT)

    def stop(self) -> None:
        self.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


def start_servers(
    count: int, folder: Path, db_url: str, redis_url: str, bot_delay: float = 0.0, flags: tuple[str, ...] = ()
) -> list[ServerProcess]:
    """``count`` server processes on one database and one Redis, started at the same time (their
    migrations race: the advisory lock orders them), each with ``flags``."""
    servers = [
        ServerProcess(
            folder / f"unused{number}.db",
            folder / f"server{number}.log",
            bot_delay,
            db_url=db_url,
            redis_url=redis_url,
            flags=flags,
        )
        for number in range(count)
    ]
    threads = [threading.Thread(target=server.start) for server in servers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for server in servers:
        if server.process is None or server.process.poll() is not None:
            raise RuntimeError(f"a server did not start:\n{server.log()}")
    if "--test-clock" in flags:
        align_test_clocks(servers)
    return servers


def align_test_clocks(servers: list[ServerProcess]) -> float:
    """Bring the test clocks of ``servers`` to one time, the latest of theirs; returns it. Each process's
    ``--test-clock`` stands still from its own start, so processes started a moment apart would disagree
    (a turn email's "one a day" counted by the clock of whichever process sent it), as real processes
    reading one wall clock never do."""
    clock = "/api/test/clock"
    nows = [httpx.post(server.base_url + clock, json={"advance": 0}).json()["now"] for server in servers]
    for server, now in zip(servers, nows, strict=True):
        moved = httpx.post(server.base_url + clock, json={"advance": max(nows) - now})
        assert moved.is_success, moved.text
    return float(max(nows))


# ---------------------------------------------------------------------- email


class Inbox:
    """What the test's SMTP server (aiosmtpd's ``Controller`` with this handler) received."""

    def __init__(self) -> None:
        self.envelopes: list[Envelope] = []

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        self.envelopes.append(envelope)
        return "250 OK"

    def messages(self) -> list[EmailMessage]:
        found = []
        for envelope in self.envelopes:
            content = envelope.original_content or envelope.content
            assert isinstance(content, bytes)
            message = email.message_from_bytes(content, policy=email.policy.default)
            assert isinstance(message, EmailMessage)
            found.append(message)
        return found
