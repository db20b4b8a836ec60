"""What the browser client (``src/asobiba/web/``) reads beyond docs/protocol.md, as one router:

- ``GET /api/open-rooms`` — the rooms listed in the lobby (``"listed": true``) still waiting for players
  with an open seat free (anyone may take it; invited seats are kept for their friends), each as its
  public summary;
- ``GET /api/rooms/{room}/replay?seat=N&lang=en`` — once the game is over (403 before): every
  position of the record as that seat saw it (``seat`` omitted: as a spectator), each
  ``{seq, view, events}`` with the events' texts in ``lang``;
- ``GET /api/rooms/{room}/record`` — once the game is over (403 before): the bare record;
- ``GET /rules/{game}.{lang}.md`` — the rules page the game's package carries (text/markdown);
- ``GET /games/{game}/{file}`` — the game's renderer module and style sheet (``/api/games`` names
  them) and the scripts and style sheets beside the renderer, from the game's package.
- ``GET /rules/{game}?lang=ja|en`` — the same page as HTML (:mod:`asobiba.server.rules_html`); without
  ``lang``, in the language the browser prefers.

Replays are computed in the lobby's worker processes (never in the server's process), once per room,
seat and language, then served from a cache bounded in bytes (:mod:`asobiba.server.replays`); requests
are limited per client address (429), and a client past its share of the workers' queue, or anyone
when the queue is full, gets 503 ``busy`` with ``Retry-After``.

``mount(app)`` adds these routes to an app of :func:`asobiba.server.app.create_app`, ahead of the
static files mounted at ``/`` (which would otherwise answer every path); it does nothing the second time.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from limits import parse as parse_limit
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import FixedWindowRateLimiter
from starlette.types import Scope

from asobiba.core.registry import declaration, game_names
from asobiba.i18n import LANGUAGES, Catalog
from asobiba.server.fair_queue import Busy, TooManyForClient
from asobiba.server.replays import ReplayCache
from asobiba.server.rooms.settings import Settings
from asobiba.server.rules_html import game_for_page, rules_page_html
from asobiba.web.games import client_file

router = APIRouter()
tr = Catalog("server")

#: Replays are made for finished games only; longer records than this are not replayed here.
MAX_REPLAY_ENTRIES = 5000
#: A mebibyte (``replay_cache_mib`` is in these).
MIB = 2**20
#: The files of the browser client the static mount serves (by suffix); nothing else in web/ is served.
CLIENT_SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".svg", ".png", ".ico", ".webmanifest", ".woff2"})
CLIENT_FILES = frozenset({"i18n.json", "LICENSE.htm", "LICENSE.preact"})


class ClientFiles(StaticFiles):
    """The browser client's files only: never ``web/*.py``, caches or the npm manifests."""

    def get_path(self, scope: Scope) -> str:
        path = super().get_path(scope)
        name = PurePosixPath(path.replace("\\", "/"))
        if path in ("", ".") or name.name in CLIENT_FILES or name.suffix in CLIENT_SUFFIXES:
            return path
        return "__not_a_client_file__"

    async def get_response(self, path: str, scope: Scope) -> Response:
        """A request other than GET or HEAD reaching the files is for a route nothing serves: 404
        (``POST /api/test/clock`` without ``--test-clock``), not 405 as if a file were there."""
        if scope["method"] not in ("GET", "HEAD"):
            raise HTTPException(status_code=404)
        return await super().get_response(path, scope)


class ReplayLimits:
    """What ``/replay`` and ``/record`` answer with beside the replays: the rate per client address."""

    def __init__(self, replay_rate: str) -> None:
        self.limiter = FixedWindowRateLimiter(MemoryStorage())
        self.rate = parse_limit(replay_rate)

    async def allowed(self, client: str) -> bool:
        return bool(await self.limiter.hit(self.rate, "replay", client))


def replays(request: Request) -> ReplayCache:
    cache: ReplayCache = request.app.state.replays
    return cache


def client_address(request: Request) -> str:
    """The client's address (behind a proxy, as ``FORWARDED_ALLOW_IPS`` lets uvicorn believe it)."""
    return request.client.host if request.client else "?"


async def rate_allowed(request: Request) -> bool:
    limits: ReplayLimits = request.app.state.replay_limits
    return await limits.allowed(client_address(request))


def json_bytes(body: bytes) -> Response:
    return Response(body, media_type="application/json")


def rate_limited() -> JSONResponse:
    return JSONResponse({"code": "rate_limited", "message": "too many replays; wait a moment"}, status_code=429)


def busy(request: Request) -> JSONResponse:
    """503 ``busy``: the replay workers take no more of this client's just now."""
    seconds = replays(request).workers.retry_after()
    lang = preferred_language(request.headers.get("accept-language", ""))
    message = tr("too many replays are being made; ask again in {seconds} s", lang, seconds=seconds)
    return JSONResponse(
        {"code": "busy", "message": message, "retry_after": seconds},
        status_code=503,
        headers={"Retry-After": str(seconds)},
    )


#: Rooms ``/api/open-rooms`` lists at most (the newest).
MAX_OPEN_ROOMS = 50


@router.get("/api/open-rooms")
async def open_rooms(request: Request) -> list[dict[str, Any]]:
    """The rooms their creators listed in the lobby that wait for players (not started, an open
    seat free), newest first, each as its public summary; private rooms never."""
    lobby = request.app.state.lobby
    found = []
    for room_id in await lobby.read(lobby.storage.listed_waiting_room_ids(MAX_OPEN_ROOMS)):
        room = await lobby.get(room_id)
        if room is not None and room.row.listed and not room.started and not room.is_over and room.open_seats():
            found.append(room.summary())
    return found


@router.get("/api/rooms/{room_id}/replay", response_model=None)
async def replay(
    room_id: str, request: Request, seat: int | None = Query(default=None, ge=0, le=16), lang: str = "en"
) -> Response:
    if not await rate_allowed(request):
        return rate_limited()
    lobby = request.app.state.lobby
    room = await lobby.current(room_id) if len(room_id) <= 32 else None
    if room is None:
        return JSONResponse({"code": "no_such_room", "message": "there is no such room"}, status_code=404)
    if not room.is_over:
        return JSONResponse({"code": "not_over", "message": "a replay is shown once the game is over"}, status_code=403)
    if lang not in LANGUAGES:
        lang = "en"
    if len(room.entries) > MAX_REPLAY_ENTRIES:
        return JSONResponse({"code": "too_long", "message": "this record is too long to replay"}, status_code=413)
    if seat is not None and seat >= room.state.players:
        return JSONResponse({"code": "no_such_player", "message": "no such seat"}, status_code=400)
    try:
        body = await replays(request).replay(room.id, room.state, seat, lang, client_address(request))
    except (Busy, TooManyForClient):
        return busy(request)
    return json_bytes(body)


@router.get("/api/rooms/{room_id}/record", response_model=None)
async def room_record(room_id: str, request: Request) -> Response:
    if not await rate_allowed(request):
        return rate_limited()
    lobby = request.app.state.lobby
    room = await lobby.current(room_id) if len(room_id) <= 32 else None
    if room is None:
        return JSONResponse({"code": "no_such_room", "message": f"there is no room {room_id[:32]!r}"}, status_code=404)
    if not room.is_over:
        return JSONResponse(
            {"code": "not_over", "message": "the record is shown once the game is over"}, status_code=403
        )
    return json_bytes(replays(request).record(room.id, room.state))


def preferred_language(accept_language: str) -> str:
    """The first language asobiba speaks in an ``Accept-Language`` header (by weight), else English."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")[:20]):
        tag, _, parameters = part.strip().partition(";")
        weight = 1.0
        if parameters.strip().startswith("q="):
            try:
                weight = float(parameters.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, index, tag.strip().lower().split("-")[0]))
    return next((lang for _, _, lang in sorted(ranked) if lang in LANGUAGES), "en")


@router.get("/rules/{page}", response_model=None)
async def rules_page(
    page: str, request: Request, lang: str | None = Query(default=None, max_length=8)
) -> PlainTextResponse | JSONResponse | HTMLResponse:
    game = game_for_page(page)
    if game is not None:
        if lang is None:
            lang = preferred_language(request.headers.get("accept-language", ""))
        if lang not in LANGUAGES:
            return JSONResponse(
                {"code": "no_such_language", "message": f"lang takes one of: {', '.join(LANGUAGES)}"}, status_code=400
            )
        html = rules_page_html(game, lang)
        if html is None:
            return JSONResponse({"code": "no_such_page", "message": "this game has no rules page"}, status_code=404)
        return HTMLResponse(html)
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
    if not hasattr(app.state, "replays"):
        settings: Settings = app.state.settings
        app.state.replays = ReplayCache(app.state.lobby.workers, settings.replay_cache_mib * MIB)
        app.state.replay_limits = ReplayLimits(settings.replay_rate)
    routes = app.router.routes
    present = {getattr(route, "path", None) for route in routes}
    missing = [route for route in router.routes if getattr(route, "path", None) not in present]
    first_mount = next((index for index, route in enumerate(routes) if type(route).__name__ == "Mount"), len(routes))
    routes[first_mount:first_mount] = missing
    return app
