"""What the browser client (``src/asobiba/web/``) reads beyond docs/protocol.md, as one router:

- ``GET /api/open-rooms`` — the rooms in memory whose game is not over, each as its public summary;
- ``GET /api/rooms/{room}/replay?seat=N&lang=en`` — once the game is over (403 before): every
  position of the record as that seat saw it (``seat`` omitted: as a spectator), each
  ``{seq, view, events}`` with the events' texts in ``lang``;
- ``GET /rules/{game}.{lang}.md`` — the rules page the game's package carries (text/markdown);
- ``GET /games/{game}/{file}`` — the game's renderer module (``/api/games`` names it) and the
  scripts and style sheets beside it, from the game's package.

``mount(app)`` adds these routes to an app of :func:`asobiba.server.app.create_app`, ahead of the
static files mounted at ``/`` (which would otherwise answer every path); it does nothing the second time.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from asobiba.core.record import replay_steps
from asobiba.core.registry import declaration, game_names, get_game
from asobiba.i18n import LANGUAGES
from asobiba.web.games import client_file

router = APIRouter()

#: Replays are made for finished games only; longer records than this are not replayed here.
MAX_REPLAY_ENTRIES = 5000


@router.get("/api/open-rooms")
async def open_rooms(request: Request) -> list[dict[str, Any]]:
    lobby = request.app.state.lobby
    return [room.summary() for room in list(lobby.rooms.values()) if not room.is_over and room.row.status == "open"]


@router.get("/api/rooms/{room_id}/replay", response_model=None)
async def replay(
    room_id: str, request: Request, seat: int | None = Query(default=None, ge=0, le=16), lang: str = "en"
) -> JSONResponse | list[dict[str, Any]]:
    lobby = request.app.state.lobby
    room = await lobby.get(room_id) if len(room_id) <= 32 else None
    if room is None:
        return JSONResponse({"code": "no_such_room", "message": "there is no such room"}, status_code=404)
    if not room.is_over:
        return JSONResponse({"code": "not_over", "message": "a replay is shown once the game is over"}, status_code=403)
    if lang not in LANGUAGES:
        lang = "en"
    record = room.state.record()
    if len(record.get("actions", ())) > MAX_REPLAY_ENTRIES:
        return JSONResponse({"code": "too_long", "message": "this record is too long to replay"}, status_code=413)
    if seat is not None and seat >= room.state.players:
        return JSONResponse({"code": "no_such_player", "message": "no such seat"}, status_code=400)
    game = get_game(record["game"])
    frames: list[dict[str, Any]] = []
    for state, _action, events in replay_steps(record):
        shown = []
        for event in events:
            seen = event.seen_by(seat)
            if seen is not None:
                shown.append({**seen.to_dict(), "text": game.describe_event(seen, lang)})
        frames.append({"seq": state.seq, "view": state.view(seat), "events": shown})
    return frames


@router.get("/rules/{page}", response_model=None)
async def rules_page(page: str) -> PlainTextResponse | JSONResponse:
    stem, _, lang = page.removesuffix(".md").rpartition(".")
    pages = {name.replace("-", "_"): name for name in game_names()}
    found = None
    if page.endswith(".md") and lang in LANGUAGES and stem in pages:
        found = declaration(pages[stem]).resource("rules", lang=lang)
    if found is None:
        return JSONResponse({"code": "no_such_page", "message": "no such rules page"}, status_code=404)
    return PlainTextResponse(found.read_text(encoding="utf-8"), media_type="text/markdown; charset=utf-8")


#: The content types of the files a game's package gives the client.
CLIENT_FILE_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


@router.get("/games/{name}/{file}", response_model=None)
async def game_client_file(name: str, file: str) -> Response:
    found = client_file(name, file) if name in game_names() else None
    if found is None:
        return JSONResponse({"code": "not_found", "message": "no such file"}, status_code=404)
    media_type = CLIENT_FILE_TYPES[file[file.rindex(".") :]]
    return Response(found.read_bytes(), media_type=media_type, headers={"cache-control": "no-cache"})


def mount(app: FastAPI) -> FastAPI:
    """Add the router's routes to ``app`` before its catch-all static mount; idempotent."""
    routes = app.router.routes
    present = {getattr(route, "path", None) for route in routes}
    missing = [route for route in router.routes if getattr(route, "path", None) not in present]
    first_mount = next((index for index, route in enumerate(routes) if type(route).__name__ == "Mount"), len(routes))
    routes[first_mount:first_mount] = missing
    return app
