"""``POST /api/test/clock {"advance": seconds}``: the server's time moves forward (``asobiba serve
--test-clock`` only; without the flag the route does not exist). From a loopback address only (403
otherwise): tests move days forward without sleeping. Turn-based rooms whose deadline the new time
passes are brought in and timed out at once."""

from __future__ import annotations

import ipaddress
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from asobiba.server.dependencies import LobbyDep, client_address
from asobiba.server.rooms.servertime import ManualClock
from asobiba.server.routes.errors import error_response

router = APIRouter()

#: Thirty days: the most one request moves time (more in several requests).
MOST_SECONDS = 30 * 86400.0


def is_loopback(address: str) -> bool:
    """Is ``address`` this machine's (127.0.0.0/8, ::1)?"""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class AdvanceClock(BaseModel):
    """``{"advance": seconds}``: move the server's time forward."""

    model_config = ConfigDict(extra="forbid")

    advance: Annotated[float, Field(ge=0, le=MOST_SECONDS, allow_inf_nan=False)]


@router.post("/api/test/clock", response_model=None)
async def advance_clock(body: AdvanceClock, request: Request, lobby: LobbyDep) -> JSONResponse | dict[str, Any]:
    if not is_loopback(client_address(request)):
        return error_response(403, "forbidden", "the test clock moves for requests from this machine only")
    clock = lobby.clock
    assert isinstance(clock, ManualClock)  # the route exists with --test-clock only
    now = clock.advance(body.advance)
    brought = await lobby.due_deadlines()
    return {"now": now, "due": len(brought)}


__all__ = ["AdvanceClock", "is_loopback", "router"]
