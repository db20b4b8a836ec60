"""``asobiba serve``: run the server on uvicorn (one process; run several behind a proxy, docs/deploy.md)."""

from __future__ import annotations

import os

import uvicorn
from fastapi import FastAPI

from asobiba.server.app import create_app
from asobiba.server.protocol import MAX_FRAME_BYTES
from asobiba.server.rooms import Settings
from asobiba.server.storage import default_database_url, describe_url, normalise_url


def settings_from_environment(
    database: str | None = None, redis: str | None = None, bot_delay: float = 1.0
) -> Settings:
    """The server's settings: arguments first, then the environment.

    ``ASOBIBA_DB`` the database URL (default: a SQLite file in the user's data folder);
    ``ASOBIBA_REDIS`` Redis between several processes (default: none, one process);
    ``ASOBIBA_ORIGIN`` the public origin behind a proxy (default: the request's own host);
    ``ASOBIBA_HTTP_RATE`` rooms created or joined per client address, e.g. "30/second";
    ``ASOBIBA_IDLE_CLOSE`` seconds without a connection before a room leaves memory (it stays stored).
    """
    database = database or os.environ.get("ASOBIBA_DB") or None
    redis = redis or os.environ.get("ASOBIBA_REDIS") or None
    return Settings(
        database_url=normalise_url(database) if database else default_database_url(),
        bot_delay=bot_delay,
        http_rate=os.environ.get("ASOBIBA_HTTP_RATE", "30/second"),
        idle_close=float(os.environ.get("ASOBIBA_IDLE_CLOSE", "3600")),
        redis_url=redis,
        origin=os.environ.get("ASOBIBA_ORIGIN") or None,
    )


def app_from_environment() -> FastAPI:
    """The app as ``uvicorn --factory asobiba.server.serve:app_from_environment`` builds it."""
    return create_app(settings_from_environment(bot_delay=float(os.environ.get("ASOBIBA_BOT_DELAY", "1.0"))))


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str | None = None,
    bot_delay: float = 1.0,
    announce: bool = True,
    redis: str | None = None,
) -> None:
    """Serve until interrupted. Says where the database is and which URL to open."""
    settings = settings_from_environment(database, redis, bot_delay)
    app = create_app(settings)
    if announce:
        shown_host = f"[{host}]" if ":" in host else host
        print(f"asobiba server: database {describe_url(settings.database_url)}", flush=True)
        if settings.redis_url:
            print(f"asobiba server: redis {describe_url(settings.redis_url)}", flush=True)
        print(f"asobiba server: open http://{shown_host}:{port}/", flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=MAX_FRAME_BYTES,
        ws_per_message_deflate=False,  # frames are small; compressing each costs more than it saves
        log_level="warning",
        timeout_graceful_shutdown=5,
    )
