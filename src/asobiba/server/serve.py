"""``asobiba serve``: run the server on uvicorn."""

from __future__ import annotations

import os

import uvicorn

from asobiba.server.app import create_app
from asobiba.server.protocol import MAX_FRAME_BYTES
from asobiba.server.rooms import Settings
from asobiba.server.storage import default_database_url, describe_url, normalise_url


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str | None = None,
    bot_delay: float = 1.0,
    announce: bool = True,
) -> None:
    """Serve until interrupted. Says where the database is and which URL to open."""
    url = normalise_url(database) if database else default_database_url()
    # ASOBIBA_HTTP_RATE: rooms created or joined per client address, e.g. "30/second" (load tests raise it);
    # ASOBIBA_IDLE_CLOSE: seconds without a connection before a room leaves memory (it stays stored)
    settings = Settings(
        database_url=url,
        bot_delay=bot_delay,
        http_rate=os.environ.get("ASOBIBA_HTTP_RATE", "30/second"),
        idle_close=float(os.environ.get("ASOBIBA_IDLE_CLOSE", "3600")),
    )
    app = create_app(settings)
    if announce:
        shown_host = f"[{host}]" if ":" in host else host
        print(f"asobiba server: database {describe_url(url)}", flush=True)
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
