"""Pages for a browser: ``/r/{room}`` (the room page of the browser client, or a short page saying how
to connect without it) and ``/api/docs`` (:data:`docs_router`, mounted with ``--api-docs``)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse

from asobiba.server.apidocs import api_docs_page
from asobiba.server.dependencies import LobbyDep, room_or_none
from asobiba.server.routes.errors import no_room

#: The browser client's files.
WEB = Path(__file__).resolve().parent.parent.parent / "web"

ROOM_PAGE_FALLBACK = """<!doctype html>
<html lang="en"><meta charset="utf-8"><title>asobiba room {room}</title>
<body><h1>asobiba — room {room}</h1>
<p>The browser client is not installed in this asobiba. Connect with the Python client:
<code>python -m asobiba.server.client</code> (see docs/protocol.md).</p></body></html>
"""

router = APIRouter()
#: ``/api/docs``: the OpenAPI description as a page.
docs_router = APIRouter()


@router.get("/r/{room_id}", response_model=None)
async def room_page(room_id: str, lobby: LobbyDep) -> FileResponse | HTMLResponse | JSONResponse:
    room = await room_or_none(lobby, room_id)
    if room is None:
        return no_room(room_id)
    for page in (WEB / "room.html", WEB / "index.html"):
        if page.is_file():
            return FileResponse(page, media_type="text/html")
    return HTMLResponse(ROOM_PAGE_FALLBACK.format(room=room.id))


@docs_router.get("/api/docs", response_model=None, include_in_schema=False)
async def api_docs(request: Request) -> HTMLResponse:
    return HTMLResponse(api_docs_page(request.app.openapi()))


__all__ = ["ROOM_PAGE_FALLBACK", "WEB", "docs_router", "room_page", "router"]
