"""What ``GET /metrics`` shows, in the Prometheus text format (the ``prometheus-client`` library),
and where: on a port of its own on 127.0.0.1 (``--metrics-port``, :class:`MetricsServer`) and/or on
the game's port to a bearer token (``--metrics-token``); with neither, nowhere.

Counters and histograms are counted where things happen; the gauges (rooms, connections) are read
from the lobby when ``/metrics`` is asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Iterator

import uvicorn
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.types import ASGIApp

REGISTRY = CollectorRegistry()

ROOMS = Gauge("asobiba_rooms", "Rooms in this process's memory", registry=REGISTRY)
OPEN_ROOMS = Gauge("asobiba_open_rooms", "Rooms in memory whose game is not over", registry=REGISTRY)
CONNECTIONS = Gauge("asobiba_connections", "Room WebSockets open on this process", registry=REGISTRY)
ACTS = Counter("asobiba_acts", "Actions stored (people's and bots')", ["by"], registry=REGISTRY)
REJECTIONS = Counter("asobiba_rejections", "Acts answered with rejected, by code", ["code"], registry=REGISTRY)
ACT_SECONDS = Histogram(
    "asobiba_act_seconds",
    "From an act's arrival to its accepted (checked, stored, announced)",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
    registry=REGISTRY,
)
DATABASE_ERRORS = Counter("asobiba_database_errors", "Database reads or writes that failed", registry=REGISTRY)
DATABASE_WRITABLE = Gauge("asobiba_database_writable", "1 while the database can be written", registry=REGISTRY)
BOT_THINK_SECONDS = Histogram(
    "asobiba_bot_think_seconds",
    "A bot's thinking time per move (in its worker thread)",
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
    registry=REGISTRY,
)
REQUESTS = Counter("asobiba_http_requests", "HTTP requests answered, by status", ["status"], registry=REGISTRY)
REFUSED_CONNECTIONS = Counter(
    "asobiba_refused_connections",
    "Room WebSockets closed with 4429 at once: too_many open, or rate_limited (too many new ones a second)",
    ["reason"],
    registry=REGISTRY,
)


def exposition() -> tuple[bytes, str]:
    """The metrics text and its content type."""
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


class _LoopbackServer(uvicorn.Server):
    """A uvicorn server inside the game's event loop: the game's server handles the signals."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class MetricsServer:
    """``app`` (the metrics alone) on ``port`` of 127.0.0.1, in the running event loop: for a
    Prometheus on the same machine, with nothing of it reachable from outside."""

    def __init__(self, app: ASGIApp, port: int) -> None:
        self.port = port
        self.server = _LoopbackServer(uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False))
        self.task: asyncio.Task[None] | None = None
        self.socket: socket.socket | None = None

    async def start(self) -> None:
        """Listen (``OSError`` if the port is taken: the server does not start without it)."""
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind(("127.0.0.1", self.port))
        except OSError as error:
            listener.close()
            message = f"the metrics port 127.0.0.1:{self.port} cannot be used: {error.strerror}"
            raise OSError(error.errno, message) from None
        self.socket = listener
        self.task = asyncio.create_task(self.server.serve(sockets=[listener]), name="metrics server")
        while not self.server.started and not self.task.done():
            await asyncio.sleep(0.01)
        if self.task.done():
            self.task.result()  # its failure, raised here

    async def stop(self) -> None:
        self.server.should_exit = True
        if self.task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.task, timeout=5)


__all__ = [
    "ACTS",
    "ACT_SECONDS",
    "BOT_THINK_SECONDS",
    "CONNECTIONS",
    "DATABASE_ERRORS",
    "DATABASE_WRITABLE",
    "OPEN_ROOMS",
    "REFUSED_CONNECTIONS",
    "REJECTIONS",
    "REQUESTS",
    "ROOMS",
    "MetricsServer",
    "exposition",
]
