"""The HTTP API and the room WebSocket (docs/protocol.md), as a FastAPI app.

``create_app(Settings(...))`` builds it; ``asobiba serve`` runs it on uvicorn. It only wires: the
routes are routers of their own under :mod:`asobiba.server.routes` (and :mod:`asobiba.server.web`,
:mod:`asobiba.server.analysis_routes`), given what they need by :mod:`asobiba.server.dependencies`
from ``app.state``. The browser client (``src/asobiba/web/``) is served at ``/`` when that directory
exists, and ``/r/{room}`` is the room page.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI
from starlette.middleware.trustedhost import TrustedHostMiddleware

from asobiba.core.errors import InvalidOption
from asobiba.server import analysis_routes, metrics
from asobiba.server import web as web_routes
from asobiba.server.guards import OriginCheck, RequestGuard
from asobiba.server.limits import ConnectionCount, RateLimits
from asobiba.server.rooms import Lobby, Settings
from asobiba.server.rooms.servertime import ManualClock
from asobiba.server.routes import (
    accounts,
    games,
    health,
    me,
    pages,
    passkeys,
    players,
    room_socket,
    rooms,
    test_clock,
    turns,
    tutorials,
    unsubscribe,
)
from asobiba.server.routes.games import game_summary
from asobiba.server.storage import Storage as RoomStorage
from asobiba.server.web import ClientFiles


def create_app(settings: Settings, storage: RoomStorage | None = None) -> FastAPI:
    """The server: a lobby of rooms over the database named in ``settings`` (or ``storage``)."""
    app = FastAPI(
        title="asobiba",
        version="1",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json" if settings.api_docs else None,
    )
    # what the routes are given (asobiba.server.dependencies)
    app.state.lobby = Lobby(settings, storage, ManualClock() if settings.test_clock else None)
    app.state.settings = settings
    app.state.rate_limits = RateLimits(settings)
    app.state.connection_count = ConnectionCount()
    app.state.origin_check = origin_check = OriginCheck(settings.origin, settings.origins)

    app.include_router(health.router)
    if settings.metrics_token is not None:  # /metrics on the game's port to the token's bearer (else 404)
        app.include_router(health.metrics_router)
    if settings.api_docs:
        app.include_router(pages.docs_router)
    app.include_router(games.router)
    app.include_router(rooms.router)
    app.include_router(accounts.router)
    app.include_router(passkeys.router)
    app.include_router(me.router)
    app.include_router(unsubscribe.router)
    app.include_router(turns.router)
    if settings.test_clock:  # the server's time moves when a test says (else 404)
        app.include_router(test_clock.router)
    app.include_router(pages.router)
    app.include_router(players.router)
    app.include_router(tutorials.router)
    app.include_router(room_socket.router)
    # the browser client (src/asobiba/web) and the routes it reads beyond the protocol
    web_routes.mount(app)
    analysis_routes.mount(app)
    if pages.WEB.is_dir():
        app.mount("/", ClientFiles(directory=pages.WEB, html=True), name="web")
    # outermost first: the host check, then the request guard (headers, bodies, origins, logs)
    app.add_middleware(RequestGuard, origin_allowed=origin_check)
    if settings.allowed_hosts:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts))
    return app


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """The lobby's start and stop, and the metrics port (``--metrics-port``) while the app runs."""
    lobby: Lobby = app.state.lobby
    settings: Settings = app.state.settings
    await lobby.start()
    metrics_server = None
    if settings.metrics_port is not None:
        metrics_server = metrics.MetricsServer(health.metrics_app(app), settings.metrics_port)
        await metrics_server.start()
    yield
    if metrics_server is not None:
        await metrics_server.stop()
    await app.state.coach.close()
    await lobby.stop()


__all__ = ["InvalidOption", "Settings", "create_app", "game_summary"]
