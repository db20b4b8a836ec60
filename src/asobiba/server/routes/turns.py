"""A player leaves a waiting room or resigns a running game (docs/protocol.md):
``POST /api/rooms/{room}/leave`` and ``POST /api/rooms/{room}/resign``, each ``{"token": …}`` (the
seat's token). Routes rather than WebSocket messages: a player may leave a room whose page is not
open (from "my games"). Both count against ``Settings.http_rate`` per client address."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from asobiba.i18n import Catalog
from asobiba.server.dependencies import LobbyDep, RateLimitsDep, client_address, room_or_none
from asobiba.server.protocol import SeatToken
from asobiba.server.routes.errors import error_response, no_room, too_many, unavailable
from asobiba.server.web import preferred_language

log = logging.getLogger("asobiba.server")
tr = Catalog("server")

router = APIRouter()


def refusal(answer: str, lang: str) -> JSONResponse:
    """The answer of a refused leave or resign, with its status, in ``lang``."""
    if answer == "bad_token":
        return error_response(403, answer, tr("that token holds no seat of a person in this room", lang))
    if answer == "game_over":
        return error_response(409, answer, tr("the game is over", lang))
    if answer == "already_started":
        return error_response(409, answer, tr("the game has started: resign it instead of leaving", lang))
    if answer == "not_started":
        return error_response(409, answer, tr("the game has not started: leave the waiting room instead", lang))
    return error_response(409, answer, tr("you have resigned this game already", lang))


@router.post("/api/rooms/{room_id}/leave", response_model=None)
async def leave(
    room_id: str, request: Request, body: SeatToken, lobby: LobbyDep, limits: RateLimitsDep
) -> JSONResponse | dict[str, Any]:
    """The player of ``token`` leaves the waiting room: the seat is free again."""
    return await _seat_move(room_id, request, body, lobby, limits, "leave")


@router.post("/api/rooms/{room_id}/resign", response_model=None)
async def resign(
    room_id: str, request: Request, body: SeatToken, lobby: LobbyDep, limits: RateLimitsDep
) -> JSONResponse | dict[str, Any]:
    """The player of ``token`` resigns: a bot plays the seat on, the player ranks last."""
    return await _seat_move(room_id, request, body, lobby, limits, "resign")


async def _seat_move(
    room_id: str, request: Request, body: SeatToken, lobby: LobbyDep, limits: RateLimitsDep, move: str
) -> JSONResponse | dict[str, Any]:
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    lang = preferred_language(request.headers.get("accept-language", ""))
    room = await room_or_none(lobby, room_id)
    if room is None:
        return no_room(room_id)
    if body.token is None or room.seat_by_token(body.token) is None:
        return refusal("bad_token", lang)
    if not lobby.health.writable:
        return unavailable(lobby)
    try:
        answer, seat = await (room.leave(body.token) if move == "leave" else room.resign(body.token))
    except Exception:
        log.exception("room %s: a %s could not be stored", room.id, move, extra={"event": "error"})
        return unavailable(lobby)
    if answer not in {"left", "resigned"}:
        return refusal(answer, lang)
    return {"room": room.id, "seat": seat, "status": answer}


__all__ = ["router"]
