"""Is the server well: ``GET /healthz`` (for a load balancer) and ``GET /metrics`` (Prometheus).

``/metrics`` is served on the game's port only to the bearer of ``--metrics-token`` (:data:`metrics_router`,
mounted when that is set; without it: 404), and on a port of its own on 127.0.0.1 (``--metrics-port``,
:func:`metrics_app`).
"""

from __future__ import annotations

import hmac

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, Response

from asobiba.server import metrics
from asobiba.server.dependencies import ConnectionCountDep, LobbyDep, SettingsDep
from asobiba.server.limits import ConnectionCount
from asobiba.server.rooms import Lobby

router = APIRouter()
#: ``/metrics`` on the game's port, to the bearer of the metrics token.
metrics_router = APIRouter()


@router.get("/healthz", response_model=None)
async def healthz(lobby: LobbyDep) -> JSONResponse:
    """200 while the database takes writes; 503 with the reason while it does not."""
    if lobby.health.writable:
        return JSONResponse({"status": "ok"})
    return JSONResponse({"status": "unavailable", "reason": lobby.health.reason}, status_code=503)


def metrics_response(lobby: Lobby, connection_count: ConnectionCount) -> Response:
    """The metrics now, with the rooms and connections counted as they are."""
    rooms = list(lobby.rooms.values())
    metrics.ROOMS.set(len(rooms))
    metrics.OPEN_ROOMS.set(sum(1 for room in rooms if not room.is_over))
    metrics.CONNECTIONS.set(connection_count.total())
    body, content_type = metrics.exposition()
    return Response(body, media_type=content_type)


@metrics_router.get("/metrics", response_model=None, include_in_schema=False)
async def prometheus_metrics(
    request: Request, lobby: LobbyDep, settings: SettingsDep, connection_count: ConnectionCountDep
) -> Response:
    expected = f"Bearer {settings.metrics_token}".encode()
    given = request.headers.get("authorization", "").encode("utf-8", "surrogateescape")
    if settings.metrics_token is None or not hmac.compare_digest(given, expected):
        return JSONResponse(
            {"code": "bad_token", "message": "the metrics need 'Authorization: Bearer' and the metrics token"},
            status_code=401,
            headers={"WWW-Authenticate": "Bearer"},
        )
    return metrics_response(lobby, connection_count)


async def port_metrics(lobby: LobbyDep, connection_count: ConnectionCountDep) -> Response:
    return metrics_response(lobby, connection_count)


def metrics_app(app: FastAPI) -> FastAPI:
    """``/metrics`` alone, for the metrics port: the rooms and connections of ``app``."""
    alone = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    alone.state.lobby = app.state.lobby
    alone.state.connection_count = app.state.connection_count
    alone.add_api_route("/metrics", port_metrics, methods=["GET"], response_model=None)
    return alone


__all__ = ["healthz", "metrics_app", "metrics_response", "metrics_router", "router"]
