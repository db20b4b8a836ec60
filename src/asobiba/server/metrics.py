"""What ``GET /metrics`` shows, in the Prometheus text format (the ``prometheus-client`` library).

Counters and histograms are counted where things happen; the gauges (rooms, connections) are read
from the lobby when ``/metrics`` is asked for.
"""

from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

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


def exposition() -> tuple[bytes, str]:
    """The metrics text and its content type."""
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


__all__ = [
    "ACTS",
    "ACT_SECONDS",
    "BOT_THINK_SECONDS",
    "CONNECTIONS",
    "DATABASE_ERRORS",
    "DATABASE_WRITABLE",
    "OPEN_ROOMS",
    "REJECTIONS",
    "REQUESTS",
    "ROOMS",
    "exposition",
]
