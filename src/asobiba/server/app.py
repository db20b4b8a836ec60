"""The HTTP API and the room WebSocket (docs/protocol.md), as a FastAPI app.

``create_app(Settings(...))`` builds it; ``asobiba serve`` runs it on uvicorn. The browser client
(``src/asobiba/web/``) is served at ``/`` when that directory exists, and ``/r/{room}`` is the room
page.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from limits import parse as parse_limit
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import FixedWindowRateLimiter, MovingWindowRateLimiter
from limits.limits import RateLimitItemPerSecond
from pydantic import ValidationError

from asobiba.core.errors import AsobibaError, InvalidOption
from asobiba.core.registry import game_names, get_game
from asobiba.i18n import Catalog
from asobiba.server.option_menu import option_entries
from asobiba.server.protocol import (
    CLIENT_MESSAGE,
    CLOSE_BAD_TOKEN,
    CLOSE_NO_SUCH_ROOM,
    CLOSE_PROTOCOL,
    CLOSE_TOO_BIG,
    MAX_FRAME_BYTES,
    MESSAGES_PER_SECOND,
    PROTOCOL,
    Accepted,
    Act,
    Chat,
    CreateRoom,
    Hello,
    JoinRoom,
    Rejected,
    Rematch,
)
from asobiba.server.rooms import Connection, Lobby, Outcome, Room, Settings
from asobiba.web.games import client_entry

tr = Catalog("server")

WEB = Path(__file__).resolve().parent.parent / "web"
#: Room ids are short url-safe texts; anything longer is no room.
MAX_ROOM_ID = 32
#: Seconds a new connection has to say hello.
HELLO_TIMEOUT = 30.0

ROOM_PAGE_FALLBACK = """<!doctype html>
<html lang="en"><meta charset="utf-8"><title>asobiba room {room}</title>
<body><h1>asobiba — room {room}</h1>
<p>The browser client is not installed in this asobiba. Connect with the Python client:
<code>python -m asobiba.server.client</code> (see docs/protocol.md).</p></body></html>
"""


def create_app(settings: Settings) -> FastAPI:
    """The server: a lobby of rooms over the database named in ``settings``."""
    lobby = Lobby(settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await lobby.start()
        yield
        await lobby.stop()

    app = FastAPI(
        title="asobiba", version="1", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json"
    )
    app.state.lobby = lobby
    limit_storage = rate_limit_storage(settings.redis_url)
    message_limiter = MovingWindowRateLimiter(limit_storage)
    message_rate = RateLimitItemPerSecond(MESSAGES_PER_SECOND)
    http_limiter = FixedWindowRateLimiter(limit_storage)
    http_rate = parse_limit(settings.http_rate)

    async def http_allowed(request: Request) -> bool:
        client = request.client.host if request.client else "?"
        return await allowed(http_limiter.hit(http_rate, "http", client))

    def error_response(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
        return JSONResponse({"code": code, "message": message, **extra}, status_code=status)

    def refused(error: AsobibaError) -> JSONResponse:
        return JSONResponse(error.to_json(), status_code=400)

    async def room_or_none(room_id: str) -> Room | None:
        if len(room_id) > MAX_ROOM_ID:
            return None
        room = await lobby.get(room_id)
        if room is not None and lobby.cluster.shared:  # other processes may have moved it on
            await room.refresh()
        return room

    def no_room(room_id: str) -> JSONResponse:
        return error_response(404, "no_such_room", f"there is no room {room_id[:MAX_ROOM_ID]!r}")

    # ------------------------------------------------------------------ HTTP

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [game_summary(name) for name in game_names()]

    @app.post("/api/rooms", response_model=None)
    async def create_room(body: CreateRoom, request: Request) -> JSONResponse | dict[str, Any]:
        if not await http_allowed(request):
            return error_response(429, "rate_limited", "too many requests")
        options = dict(body.options)
        bot_delay = body.bot_delay
        if "bot_delay" in options:  # a room option given among the game's
            value = options.pop("bot_delay")
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 60:
                return error_response(400, "invalid_option", "bot_delay takes a number of seconds from 0 to 60")
            bot_delay = float(value)
        kinds: dict[int, str] = {}
        for key, kind in body.seats.items():
            if not key.isascii() or not key.isdigit() or len(key) > 3 or not 0 <= int(key) < body.players:
                return error_response(
                    400, "invalid_option", f"seats: {key!r} is not a seat; seats are 0 to {body.players - 1}"
                )
            kinds[int(key)] = kind
        try:
            room, token = await lobby.create(
                body.game, body.players, options, kinds, body.name, bot_delay, body.clock, body.grace
            )
        except AsobibaError as error:
            return refused(error)
        creator_is_bot = room.seats[0].is_bot  # then the creator watches
        invite = f"{str(request.base_url).rstrip('/')}/r/{room.id}"
        return {
            "room": room.id,
            "seat": None if creator_is_bot else 0,
            "token": None if creator_is_bot else token,
            "invite": invite,
            "link": invite if creator_is_bot else f"{invite}#token={token}",
        }

    @app.post("/api/rooms/{room_id}/join", response_model=None)
    async def join_room(room_id: str, request: Request, body: JoinRoom | None = None) -> JSONResponse | dict[str, Any]:
        if not await http_allowed(request):
            return error_response(429, "rate_limited", "too many requests")
        room = await room_or_none(room_id)
        if room is None:
            return no_room(room_id)
        if room.is_over:
            return error_response(409, "game_over", "the game is over")
        granted = await lobby.join(room, body.name if body else None)
        if granted is None:
            return error_response(409, "room_full", "every seat for a person is taken")
        seat, token = granted
        invite = f"{str(request.base_url).rstrip('/')}/r/{room.id}"
        return {"seat": seat, "token": token, "link": f"{invite}#token={token}"}

    @app.get("/api/rooms/{room_id}", response_model=None)
    async def room_summary(room_id: str) -> JSONResponse | dict[str, Any]:
        room = await room_or_none(room_id)
        if room is None:
            return no_room(room_id)
        return room.summary()

    @app.get("/api/rooms/{room_id}/record", response_model=None)
    async def room_record(room_id: str) -> JSONResponse | dict[str, Any]:
        room = await room_or_none(room_id)
        if room is None:
            return no_room(room_id)
        if not room.is_over:
            return error_response(403, "not_over", "the record is shown once the game is over")
        record: dict[str, Any] = room.state.record()
        return record

    @app.post("/api/rooms/{room_id}/rematch", response_model=None)
    async def rematch(room_id: str, request: Request, body: Rematch | None = None) -> JSONResponse | dict[str, Any]:
        if not await http_allowed(request):
            return error_response(429, "rate_limited", "too many requests")
        room = await room_or_none(room_id)
        if room is None:
            return no_room(room_id)
        if not room.is_over:
            return error_response(409, "not_over", "a rematch is made once the game is over")
        token = body.token if body else None
        if token is not None and room.seat_by_token(token) is None:
            return error_response(403, "bad_token", "that token holds no seat in this room")
        try:
            made = await lobby.rematch(room, token)
        except AsobibaError as error:
            return refused(error)
        if made is None:
            return error_response(409, "room_full", "every seat for a person is taken")
        new_room, seat, new_token = made
        invite = f"{str(request.base_url).rstrip('/')}/r/{new_room.id}"
        return {
            "room": new_room.id,
            "seat": seat if seat >= 0 else None,
            "token": new_token or None,
            "invite": invite,
            "link": f"{invite}#token={new_token}" if new_token else invite,
        }

    @app.get("/r/{room_id}", response_model=None)
    async def room_page(room_id: str) -> FileResponse | HTMLResponse | JSONResponse:
        room = await room_or_none(room_id)
        if room is None:
            return no_room(room_id)
        for page in (WEB / "room.html", WEB / "index.html"):
            if page.is_file():
                return FileResponse(page, media_type="text/html")
        return HTMLResponse(ROOM_PAGE_FALLBACK.format(room=room.id))

    # ------------------------------------------------------------------ the room WebSocket

    def origin_allowed(websocket: WebSocket) -> bool:
        """No Origin (not a browser) or the public origin may connect: ``settings.origin`` behind a
        proxy (``$ASOBIBA_ORIGIN``), else the request's own host; and any of ``settings.origins``."""
        origin = websocket.headers.get("origin")
        if origin is None:
            return True
        if origin in settings.origins:
            return True
        if settings.origin is not None:
            return origin.rstrip("/").lower() == settings.origin.rstrip("/").lower()
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc == websocket.headers.get("host")

    @app.websocket("/api/rooms/{room_id}/ws")
    async def room_socket(websocket: WebSocket, room_id: str) -> None:
        room = await room_or_none(room_id)
        await websocket.accept()
        if room is None:
            await websocket.close(code=CLOSE_NO_SUCH_ROOM)
            return
        if not origin_allowed(websocket):
            await websocket.close(code=CLOSE_BAD_TOKEN)
            return
        connection = Connection(websocket.send_text)
        writer = asyncio.create_task(connection.writer())
        close_code: int | None = None
        try:
            close_code = await serve_connection(websocket, room, connection)
        except WebSocketDisconnect:
            pass
        finally:
            room.detach(connection)
            connection.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=5)
            if close_code is not None:
                with contextlib.suppress(Exception):
                    await websocket.close(code=close_code)

    async def serve_connection(websocket: WebSocket, room: Room, connection: Connection) -> int | None:
        """Read messages until the client leaves; return a close code to end with, if any."""
        key = str(connection.number)
        while not connection.closed.is_set():
            timeout = None if connection.greeted else HELLO_TIMEOUT
            try:
                message = await asyncio.wait_for(websocket.receive(), timeout=timeout)
            except TimeoutError:
                return CLOSE_PROTOCOL
            if message["type"] == "websocket.disconnect":
                return None
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                if len(raw) > MAX_FRAME_BYTES:
                    return CLOSE_TOO_BIG
                reject(connection, None, "bad_message", tr("messages are JSON text frames", connection.lang), room)
                continue
            if len(text) > MAX_FRAME_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES:
                return CLOSE_TOO_BIG
            if not await allowed(message_limiter.hit(message_rate, "ws", lobby.cluster.node, key)):
                reject(connection, message_id(text), "rate_limited", tr("too many messages", connection.lang), room)
                continue
            close = await handle(text, room, connection)
            if close is not None:
                return close
        return None

    async def handle(text: str, room: Room, connection: Connection) -> int | None:
        try:
            message = CLIENT_MESSAGE.validate_python(json.loads(text))
        except (ValueError, RecursionError, ValidationError) as error:
            reason = error.errors(include_url=False)[0]["msg"] if isinstance(error, ValidationError) else "not JSON"
            reject(
                connection,
                message_id(text),
                "bad_message",
                tr("that message is not understood: {reason}", connection.lang, reason=reason),
                room,
            )
            return None
        if isinstance(message, Hello):
            return await greet(message, room, connection)
        if not connection.greeted:
            reject(
                connection,
                getattr(message, "id", None),
                "bad_message",
                tr("say hello first", connection.lang),
                room,
            )
            return None
        if isinstance(message, Act):
            await act(message, room, connection)
        elif isinstance(message, Chat):
            chat_text = message.text.strip()
            if not chat_text:
                reject(connection, None, "bad_message", tr("a chat message needs some text", connection.lang), room)
            else:
                room.broadcast_chat(connection, chat_text)
        return None

    async def greet(hello: Hello, room: Room, connection: Connection) -> int | None:
        if hello.protocol != PROTOCOL:
            return CLOSE_PROTOCOL
        seat = None
        if lobby.cluster.shared:  # a (re)connecting client: what other processes did is in the database
            await room.refresh()
        if hello.token is not None:
            seat = room.seat_by_token(hello.token)
            if seat is None:
                return CLOSE_BAD_TOKEN
        connection.lang = hello.lang
        await room.attach(connection, seat)
        since = hello.seq if hello.seq is not None and hello.seq <= room.seq else None
        room.send_state(connection, since)
        room.broadcast_presence()
        return None

    async def act(message: Act, room: Room, connection: Connection) -> None:
        acknowledged = False

        def acknowledge(outcome: Outcome) -> None:
            nonlocal acknowledged
            acknowledged = True
            connection.push(Accepted(id=message.id, seq=outcome.seq))

        outcome = await room.submit(connection.seat, message.seq, message.action, acknowledge=acknowledge)
        if outcome.accepted:
            if not acknowledged:  # the same act again: accepted before
                connection.push(Accepted(id=message.id, seq=outcome.seq))
            return
        assert outcome.code is not None
        connection.push(
            Rejected(id=message.id, code=outcome.code, message=outcome.message_in(connection.lang), seq=outcome.seq)
        )
        if outcome.code == "stale":
            room.send_state(connection, connection.last_seq)

    def reject(connection: Connection, message_id: str | int | None, code: Any, text: str, room: Room) -> None:
        connection.push(Rejected(id=message_id, code=code, message=text, seq=room.seq))

    # the browser client (src/asobiba/web) and the routes it reads beyond the protocol
    if WEB.is_dir():
        from asobiba.server import web as web_routes

        web_routes.mount(app)
        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    return app


async def allowed(hit: Awaitable[bool]) -> bool:
    """A rate limiter's answer; while its storage (Redis) is away, everything is allowed."""
    try:
        return await hit
    except Exception:
        return True


def rate_limit_storage(redis_url: str | None) -> Storage:
    """Where rate limits count: Redis when configured (shared by every process), else memory."""
    if redis_url is None:
        return MemoryStorage()
    scheme, _, rest = redis_url.partition("://")
    return RedisStorage(f"async+{scheme}://{rest}", implementation="redispy")


def message_id(text: str) -> str | int | None:
    """The ``id`` of a message that could not be read otherwise (for its ``rejected``)."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    found = value.get("id")
    if isinstance(found, str) and len(found) <= 100:
        return found
    if isinstance(found, int) and not isinstance(found, bool) and abs(found) <= 2**53:
        return found
    return None


def game_summary(name: str) -> dict[str, Any]:
    """A game as ``GET /api/games`` lists it: name, titles, player range, options with docs, and
    what the browser needs of it (its renderer module, how to play, its words)."""
    game = get_game(name)
    return {
        "name": game.name,
        "title": {"en": game.title.get("en", game.name), "ja": game.title.get("ja", game.name)},
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": option_entries(name),
        **client_entry(name),
    }


__all__ = ["InvalidOption", "Settings", "create_app", "game_summary"]
