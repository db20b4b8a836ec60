"""What the routes are given (FastAPI's ``Depends``): the parts of the server that
:func:`asobiba.server.app.create_app` keeps on ``app.state``, typed.

A route names what it needs by type, e.g. ``lobby: LobbyDep``; the same providers serve HTTP routes
and the room WebSocket (both are an ``HTTPConnection``). They are ``async``: FastAPI runs a plain
``def`` dependency in its thread pool, a thread hop per dependency per request (7 % of the server's
CPU under ``benchmarks/server_load.py``) for reading an attribute.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from asobiba.server.guards import OriginCheck
from asobiba.server.limits import ConnectionCount, RateLimits
from asobiba.server.rooms import Lobby, Room, Settings

#: Room ids are short url-safe texts; anything longer is no room.
MAX_ROOM_ID = 32


async def lobby(connection: HTTPConnection) -> Lobby:
    """Every room in memory, and the storage."""
    found: Lobby = connection.app.state.lobby
    return found


async def settings(connection: HTTPConnection) -> Settings:
    """The server's settings."""
    found: Settings = connection.app.state.settings
    return found


async def rate_limits(connection: HTTPConnection) -> RateLimits:
    """The rate limiters of requests, new WebSockets and chat."""
    found: RateLimits = connection.app.state.rate_limits
    return found


async def connection_count(connection: HTTPConnection) -> ConnectionCount:
    """The open WebSockets per client address."""
    found: ConnectionCount = connection.app.state.connection_count
    return found


async def origin_check(connection: HTTPConnection) -> OriginCheck:
    """Which browser origins may write and connect."""
    found: OriginCheck = connection.app.state.origin_check
    return found


def client_address(connection: HTTPConnection) -> str:
    """The client's address as the server sees it (``"?"`` when unknown)."""
    return connection.client.host if connection.client else "?"


async def room_or_none(lobby: Lobby, room_id: str) -> Room | None:
    """The room ``room_id`` (loaded from the database if need be), or None if there is none."""
    if len(room_id) > MAX_ROOM_ID:
        return None
    return await lobby.current(room_id)


LobbyDep = Annotated[Lobby, Depends(lobby)]
SettingsDep = Annotated[Settings, Depends(settings)]
RateLimitsDep = Annotated[RateLimits, Depends(rate_limits)]
ConnectionCountDep = Annotated[ConnectionCount, Depends(connection_count)]
OriginCheckDep = Annotated[OriginCheck, Depends(origin_check)]

__all__ = [
    "MAX_ROOM_ID",
    "ConnectionCountDep",
    "LobbyDep",
    "OriginCheckDep",
    "RateLimitsDep",
    "SettingsDep",
    "client_address",
    "connection_count",
    "lobby",
    "origin_check",
    "rate_limits",
    "room_or_none",
    "settings",
]
