"""How the server runs: every knob ``asobiba serve`` and its environment variables set."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from limits import parse as parse_limit

LogFormat = Literal["text", "json"]
Durability = Literal["normal", "full"]


class SettingsError(ValueError):
    """A flag or an environment variable of ``asobiba serve`` with a value it cannot take (the
    message says which values it takes)."""


@dataclass(frozen=True)
class Settings:
    """How the server runs (``asobiba serve`` sets these)."""

    database_url: str
    bot_delay: float = 1.0
    #: Seconds a person may be away before a bot takes the seat over.
    grace: float = 60.0
    #: Seconds a seat may stay taken without ever being connected: then it is freed again (in the
    #: waiting room, before the start) or played by a bot (after it), like a seat whose person left.
    seat_timeout: float = 120.0
    #: Seconds without a connection after which a room leaves memory (it stays in the database).
    idle_close: float = 3600.0
    #: Seconds between two looks for turn-based rooms whose deadline has passed (one task per process).
    deadline_interval: float = 30.0
    #: Turn-based rooms brought into memory per look at most (the others at the next look).
    deadline_batch: int = 100
    #: The server's time moves only when ``POST /api/test/clock`` says (tests; never in production).
    test_clock: bool = False
    #: Rooms kept in memory at most: past it, the rooms nobody is connected to longest go first.
    max_rooms_in_memory: int = 10_000
    #: Extra origins allowed to open WebSockets and to POST (the served origin always is).
    origins: tuple[str, ...] = ()
    #: Hosts (``Host`` header) served over HTTP and WebSocket, against DNS rebinding; empty: any.
    allowed_hosts: tuple[str, ...] = ()
    #: Rooms created or joined per client address.
    http_rate: str = "30/second"
    #: Sign-in attempts (and new accounts) per client address, and sign-in attempts per username.
    sign_in_rate: str = "10/minute"
    #: ``/replay`` and ``/record`` requests per client address.
    replay_rate: str = "5/second"
    #: Chat messages per speaker of a room (a seat; a spectator id), e.g. ``5/10seconds``.
    chat_rate: str = "5/10seconds"
    #: Chat messages per room, whoever speaks.
    room_chat_rate: str = "30/10seconds"
    #: Serialised replays and records kept in memory, in MiB (least recently asked go first).
    replay_cache_mib: int = 64
    #: Worker processes computing replays and rebuilding rooms from their records.
    replay_workers: int = 1
    #: Replays waiting for a worker past which only a client holding none gets in (``FairQueue``'s
    #: ``max_queued``); the others get 503 ``busy``.
    replay_queue: int = 16
    #: Replays one client address may have waiting or running; past it, its next is 503 ``busy``.
    replays_per_client: int = 2
    #: WebSockets open at once per client address.
    connections_per_address: int = 50
    #: New room WebSockets per client address (over it: accepted and closed with 4429 at once).
    websocket_rate: str = "10/second"
    #: Proxies whose ``X-Forwarded-For`` names the client (addresses or networks, ``*``: any); empty:
    #: none, every limit counts the connecting address.
    forwarded_allow_ips: tuple[str, ...] = ()
    #: A port of its own on 127.0.0.1 that serves ``/metrics`` (None: none).
    metrics_port: int | None = None
    #: The bearer token that opens ``/metrics`` on the game's port (None: not served there).
    metrics_token: str | None = None
    bot_threads: int = 4
    #: Redis between several server processes (None: this process is alone).
    redis_url: str | None = None
    #: The public origin (``https://play.example``) WebSocket ``Origin`` headers must match behind a
    #: proxy (None: the request's own host).
    origin: str | None = None
    #: Serve ``/api/docs`` (the OpenAPI schema as a page of this server's own, no outside script).
    api_docs: bool = False
    log_format: LogFormat = "text"
    #: SQLite: ``normal`` (WAL, ``synchronous=NORMAL``) survives a killed process; ``full`` a power cut too.
    durability: Durability = "normal"
    #: The SMTP server of "your turn" emails (an :class:`asobiba.server.mail.SmtpServer` URL; None: no email).
    smtp_url: str | None = None
    #: The server's address as players reach it, for links in emails: ``origin`` when set, else the address
    #: ``asobiba serve`` listens on.
    public_url: str = "http://127.0.0.1:8000"


def valid_rate(text: str) -> bool:
    """Is ``text`` a rate such as ``5/10seconds`` or ``30/second`` (the rate settings' form)?"""
    try:
        parse_limit(text)
    except ValueError:
        return False
    return True
