"""The HTTP API's error answers: ``{"code": ..., "message": ...}`` with their status (docs/protocol.md)."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse

from asobiba.core.errors import AsobibaError
from asobiba.server.dependencies import MAX_ROOM_ID
from asobiba.server.rooms import Lobby


def error_response(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"code": code, "message": message, **extra}, status_code=status)


def refused(error: AsobibaError, lang: str = "en") -> JSONResponse:
    """400 with the error's own code and message (in ``lang``)."""
    return JSONResponse(error.to_json(lang), status_code=400)


def too_many() -> JSONResponse:
    return error_response(429, "rate_limited", "too many requests")


def unavailable(lobby: Lobby) -> JSONResponse:
    return error_response(
        503, "unavailable", f"the database cannot be written just now ({lobby.health.reason}); try again soon"
    )


def no_room(room_id: str) -> JSONResponse:
    return error_response(404, "no_such_room", f"there is no room {room_id[:MAX_ROOM_ID]!r}")


__all__ = ["error_response", "no_room", "refused", "too_many", "unavailable"]
