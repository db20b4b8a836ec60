"""The HTTP API and the room WebSocket (docs/protocol.md), as a FastAPI app.

``create_app(Settings(...))`` builds it; ``asobiba serve`` runs it on uvicorn. The browser client
(``src/asobiba/web/``) is served at ``/`` when that directory exists, and ``/r/{room}`` is the room
page.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from limits import parse as parse_limit
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import FixedWindowRateLimiter
from pydantic import ValidationError
from starlette.middleware.trustedhost import TrustedHostMiddleware

from asobiba.core.errors import AsobibaError, InvalidOption
from asobiba.core.registry import game_names, get_game
from asobiba.i18n import Catalog
from asobiba.server import metrics
from asobiba.server.apidocs import api_docs_page
from asobiba.server.guards import RequestGuard, strict_json
from asobiba.server.names import InvalidName, clean_name
from asobiba.server.option_menu import option_entries
from asobiba.server.protocol import (
    CLIENT_MESSAGE,
    CLOSE_BAD_TOKEN,
    CLOSE_NO_SUCH_ROOM,
    CLOSE_PROTOCOL,
    CLOSE_TOO_BIG,
    CLOSE_TOO_MANY,
    CLOSE_TOO_SLOW,
    MAX_FRAME_BYTES,
    PROTOCOL,
    Accepted,
    Act,
    Chat,
    CreateRoom,
    FreeSeat,
    Hello,
    JoinRoom,
    Mute,
    Rejected,
    Rematch,
    Rename,
    StartRoom,
)
from asobiba.server.rooms import Connection, Lobby, Outcome, Room, Settings
from asobiba.server.rooms.chat import ChatRates, who_may_not_chat
from asobiba.server.rooms.room import unavailable_message
from asobiba.server.storage import Storage as RoomStorage
from asobiba.server.web import ClientFiles
from asobiba.web.games import client_entry

tr = Catalog("server")
log = logging.getLogger("asobiba.server")

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


def create_app(settings: Settings, storage: RoomStorage | None = None) -> FastAPI:
    """The server: a lobby of rooms over the database named in ``settings`` (or ``storage``)."""
    lobby = Lobby(settings, storage)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await lobby.start()
        metrics_server = None
        if settings.metrics_port is not None:
            metrics_server = metrics.MetricsServer(metrics_app, settings.metrics_port)
            await metrics_server.start()
        yield
        if metrics_server is not None:
            await metrics_server.stop()
        await _app.state.coach.close()
        await lobby.stop()

    app = FastAPI(
        title="asobiba",
        version="1",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json" if settings.api_docs else None,
    )
    app.state.lobby = lobby
    app.state.settings = settings
    connections_per_address: Counter[str] = Counter()
    limit_storage = rate_limit_storage(settings.redis_url)
    limiter = FixedWindowRateLimiter(limit_storage)
    http_rate = parse_limit(settings.http_rate)
    chat_rates = ChatRates(settings, limit_storage)
    websocket_rate = parse_limit(settings.websocket_rate)

    async def http_allowed(request: Request) -> bool:
        client = request.client.host if request.client else "?"
        return await allowed(limiter.hit(http_rate, "http", client))

    def error_response(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
        return JSONResponse({"code": code, "message": message, **extra}, status_code=status)

    def refused(error: AsobibaError) -> JSONResponse:
        return JSONResponse(error.to_json(), status_code=400)

    async def room_or_none(room_id: str) -> Room | None:
        if len(room_id) > MAX_ROOM_ID:
            return None
        return await lobby.current(room_id)

    def unavailable() -> JSONResponse:
        return error_response(
            503, "unavailable", f"the database cannot be written just now ({lobby.health.reason}); try again soon"
        )

    def no_room(room_id: str) -> JSONResponse:
        return error_response(404, "no_such_room", f"there is no room {room_id[:MAX_ROOM_ID]!r}")

    # ------------------------------------------------------------------ HTTP

    @app.get("/healthz", response_model=None)
    async def healthz() -> JSONResponse:
        """200 while the database takes writes; 503 with the reason while it does not."""
        if lobby.health.writable:
            return JSONResponse({"status": "ok"})
        return JSONResponse({"status": "unavailable", "reason": lobby.health.reason}, status_code=503)

    def metrics_response() -> Response:
        rooms = list(lobby.rooms.values())
        metrics.ROOMS.set(len(rooms))
        metrics.OPEN_ROOMS.set(sum(1 for room in rooms if not room.is_over))
        metrics.CONNECTIONS.set(sum(connections_per_address.values()))
        body, content_type = metrics.exposition()
        return Response(body, media_type=content_type)

    # /metrics on a port of its own (--metrics-port, on 127.0.0.1) ...
    metrics_app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    metrics_app.add_api_route("/metrics", metrics_response, methods=["GET"], response_model=None)

    # ... and on the game's port only to the bearer of --metrics-token (without it: 404)
    if settings.metrics_token is not None:
        expected = f"Bearer {settings.metrics_token}".encode()

        @app.get("/metrics", response_model=None, include_in_schema=False)
        async def prometheus_metrics(request: Request) -> Response:
            given = request.headers.get("authorization", "").encode("utf-8", "surrogateescape")
            if not hmac.compare_digest(given, expected):
                return JSONResponse(
                    {"code": "bad_token", "message": "the metrics need 'Authorization: Bearer' and the metrics token"},
                    status_code=401,
                    headers={"WWW-Authenticate": "Bearer"},
                )
            return metrics_response()

    if settings.api_docs:

        @app.get("/api/docs", response_model=None, include_in_schema=False)
        async def api_docs() -> HTMLResponse:
            return HTMLResponse(api_docs_page(app.openapi()))

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
        if body.open_seats is not None:
            free = sum(1 for number in range(1, body.players) if kinds.get(number, "human") == "human")
            if body.open_seats > free:
                return error_response(
                    400,
                    "invalid_option",
                    f"open_seats: {body.open_seats} open seats, but the room has {free} free person seats",
                )
        creator_name = None
        if body.name is not None and body.name.strip():
            try:
                creator_name = clean_name(body.name)
            except InvalidName as error:
                return refused(error)
        if not lobby.health.writable:
            return unavailable()
        try:
            room, token, invites = await lobby.create(
                body.game,
                body.players,
                options,
                kinds,
                creator_name,
                bot_delay,
                body.clock,
                body.grace,
                listed=body.listed,
                spectator_chat=body.spectator_chat,
                open_seats=body.open_seats,
            )
        except AsobibaError as error:
            return refused(error)
        except Exception:
            log.exception("a room could not be stored", extra={"event": "error"})
            return unavailable()
        creator_is_bot = room.seats[0].is_bot  # then the creator watches
        invite = f"{str(request.base_url).rstrip('/')}/r/{room.id}"
        return {
            "room": room.id,
            "seat": None if creator_is_bot else 0,
            "token": None if creator_is_bot else token,
            "invite": invite,
            "link": invite if creator_is_bot else f"{invite}#token={token}",
            "invites": {str(seat): seat_link(invite, seat, code) for seat, code in sorted(invites.items())},
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
        if room.row.rematch_of is not None:
            return error_response(403, "rematch", "the seats of a rematch are kept for the previous game's players")
        name = None
        if body is not None and body.name is not None:
            try:
                name = clean_name(body.name)
            except InvalidName as error:
                return refused(error)
        wanted = body.seat if body is not None else None
        invite = body.invite if body is not None else None
        refusal = seat_refusal(room, wanted, invite)
        if refusal is not None:
            return refusal
        if not lobby.health.writable:
            return unavailable()
        try:
            granted = await lobby.join(room, name, wanted, invite)
        except Exception:
            log.exception("room %s: a seat could not be stored", room.id, extra={"event": "error"})
            return unavailable()
        if granted is None:  # taken (or its code changed) meanwhile: say why as it is now
            return seat_refusal(room, wanted, invite) or error_response(
                409, "seat_taken", f"seat {wanted} is taken: ask for another link"
            )
        seat, token = granted
        invite = f"{str(request.base_url).rstrip('/')}/r/{room.id}"
        return {"seat": seat, "token": token, "link": f"{invite}#token={token}"}

    def seat_refusal(room: Room, wanted: int | None, invite: str | None) -> JSONResponse | None:
        """Why a newcomer cannot take seat ``wanted`` with ``invite`` (or, without a seat, the seat of
        ``invite`` or a free open seat) — None if they can."""
        if wanted is None and invite is not None:
            found = room.invited_seat(invite)
            if found is None:
                return error_response(403, "bad_invite", "that invite code is no free seat's: ask for a new link")
            wanted = found.number
        if wanted is None:
            if room.open_seats():
                return None
            if room.free_person_seats():
                return error_response(
                    403,
                    "invite_required",
                    "every free seat is kept for an invited friend: ask the room's creator for an invite link",
                )
            return error_response(409, "room_full", "every seat for a person is taken")
        if wanted >= len(room.seats):
            return error_response(
                400, "no_such_seat", f"there is no seat {wanted}; seats are 0 to {len(room.seats) - 1}"
            )
        seat = room.seats[wanted]
        if seat.kind != "human":
            return error_response(409, "seat_taken", f"seat {wanted} is played by a bot")
        if seat.token_hash is not None:
            return error_response(409, "seat_taken", f"seat {wanted} is taken: ask for another link")
        if room.may_take(seat, invite):
            return None
        if invite is None:
            return error_response(
                403,
                "invite_required",
                f"seat {wanted} is kept for an invited friend: open the invite link the room's creator sent",
            )
        return error_response(
            403, "bad_invite", f"that invite code is not seat {wanted}'s (the link may be old): ask for a new link"
        )

    @app.post("/api/rooms/{room_id}/seats/{seat}/free", response_model=None)
    async def free_seat(room_id: str, seat: int, request: Request, body: FreeSeat) -> JSONResponse | dict[str, Any]:
        """The creator frees a seat before the start: whoever sat there loses it; a new invite link."""
        if not await http_allowed(request):
            return error_response(429, "rate_limited", "too many requests")
        room = await room_or_none(room_id)
        if room is None:
            return no_room(room_id)
        if not 0 <= seat < len(room.seats):
            return error_response(400, "no_such_seat", f"there is no seat {seat}; seats are 0 to {len(room.seats) - 1}")
        if body.token is None or not room.is_creator(body.token):
            return error_response(403, "bad_token", "only the room's creator may free a seat: send the creator's token")
        if not lobby.health.writable:
            return unavailable()
        try:
            answer, code = await room.free_seat(body.token, seat)
        except Exception:
            log.exception("room %s: a freed seat could not be stored", room.id, extra={"event": "error"})
            return unavailable()
        refusals = {
            "bad_token": (403, "only the room's creator may free a seat: send the creator's token"),
            "game_over": (409, "the game is over"),
            "already_started": (409, "the game has started already: a seat is freed in the waiting room only"),
            "not_a_person_seat": (409, f"seat {seat} is played by a bot"),
            "own_seat": (409, "that is your own seat"),
            "kept": (409, "a rematch's seats are kept for the previous game's players"),
        }
        if code is None:
            status, message = refusals[answer]
            return error_response(status, answer, message)
        link = seat_link(f"{str(request.base_url).rstrip('/')}/r/{room.id}", seat, code)
        return {"seat": seat, "invite": link}

    @app.post("/api/rooms/{room_id}/start", response_model=None)
    async def start_room(room_id: str, request: Request, body: StartRoom) -> JSONResponse | dict[str, Any]:
        """The creator starts a waiting room: its free person seats become bots of ``bot``."""
        if not await http_allowed(request):
            return error_response(429, "rate_limited", "too many requests")
        room = await room_or_none(room_id)
        if room is None:
            return no_room(room_id)
        if body.token is None or not room.is_creator(body.token):
            return error_response(403, "bad_token", "only the room's creator may start it: send the creator's token")
        if not lobby.health.writable:
            return unavailable()
        try:
            answer = await room.start(body.token, body.bot)
        except Exception:
            log.exception("room %s: the start could not be stored", room.id, extra={"event": "error"})
            return unavailable()
        if answer == "bad_token":
            return error_response(403, "bad_token", "only the room's creator may start it: send the creator's token")
        if answer == "game_over":
            return error_response(409, "game_over", "the game is over")
        if answer == "already_started":
            return error_response(409, "already_started", "the game has started already")
        return room.summary()

    @app.post("/api/rooms/{room_id}/name", response_model=None)
    async def rename(room_id: str, request: Request, body: Rename) -> JSONResponse | dict[str, Any]:
        """The person of ``token`` goes by ``name`` in this room from now on."""
        if not await http_allowed(request):
            return error_response(429, "rate_limited", "too many requests")
        room = await room_or_none(room_id)
        if room is None:
            return no_room(room_id)
        try:
            name = clean_name(body.name)
        except InvalidName as error:
            return refused(error)
        seat = room.seat_by_token(body.token) if body.token is not None else None
        if seat is None or seat.is_bot:
            return error_response(403, "bad_token", "that token holds no seat in this room")
        if not lobby.health.writable:
            return unavailable()
        try:
            renamed = await room.rename(body.token or "", name)
        except Exception:
            log.exception("room %s: a name could not be stored", room.id, extra={"event": "error"})
            return unavailable()
        if renamed is None:
            return error_response(403, "bad_token", "that token holds no seat in this room")
        return {"seat": renamed, "name": name}

    @app.get("/api/rooms/{room_id}", response_model=None)
    async def room_summary(room_id: str) -> JSONResponse | dict[str, Any]:
        room = await room_or_none(room_id)
        if room is None:
            return no_room(room_id)
        return room.summary()

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
        caller = room.seat_by_token(token) if token is not None else None
        if token is None or caller is None or caller.is_bot:
            return error_response(403, "bad_token", "a rematch is for the players of this room: send your seat's token")
        if room.row.rematch is None and not lobby.health.writable:
            return unavailable()
        try:
            made = await lobby.rematch(room, token)
        except AsobibaError as error:
            return refused(error)
        except Exception:
            log.exception("room %s: the rematch could not be stored", room.id, extra={"event": "error"})
            return unavailable()
        if made is None:
            return error_response(403, "bad_token", "that token holds no seat in the rematch")
        new_room, seat = made
        invite = f"{str(request.base_url).rstrip('/')}/r/{new_room.id}"
        return {
            "room": new_room.id,
            "seat": seat,
            "token": token,
            "invite": invite,
            "link": f"{invite}#token={token}",
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

    def origin_allowed(origin: str, host: str | None) -> bool:
        """A browser's ``Origin`` may connect or write: ``settings.origin`` behind a proxy
        (``$ASOBIBA_ORIGIN``), else the request's own host; and any of ``settings.origins``."""
        if origin in settings.origins:
            return True
        if settings.origin is not None:
            return origin.rstrip("/").lower() == settings.origin.rstrip("/").lower()
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc == host

    @app.websocket("/api/rooms/{room_id}/ws")
    async def room_socket(websocket: WebSocket, room_id: str) -> None:
        address = websocket.client.host if websocket.client else "?"
        # every new WebSocket counts against the per-second limit, refused or not; a refusal is
        # counted, not logged (a line each would let one client fill the log)
        if not await allowed(limiter.hit(websocket_rate, "websocket", address)):
            metrics.REFUSED_CONNECTIONS.labels(reason="rate_limited").inc()
            await websocket.accept()
            await websocket.close(code=CLOSE_TOO_MANY)
            return
        if connections_per_address[address] >= settings.connections_per_address:
            metrics.REFUSED_CONNECTIONS.labels(reason="too_many").inc()
            await websocket.accept()
            await websocket.close(code=CLOSE_TOO_MANY)
            log.warning("too many connections from %s", address, extra={"event": "refused", "client": address})
            return
        connections_per_address[address] += 1
        try:
            await room_socket_of(websocket, room_id, address)
        finally:
            connections_per_address[address] -= 1
            if connections_per_address[address] <= 0:
                del connections_per_address[address]

    async def room_socket_of(websocket: WebSocket, room_id: str, address: str) -> None:
        room = await room_or_none(room_id)
        await websocket.accept()
        if room is None:
            await websocket.close(code=CLOSE_NO_SUCH_ROOM)
            return
        origin = websocket.headers.get("origin")
        if origin is not None and not origin_allowed(origin, websocket.headers.get("host")):
            await websocket.close(code=CLOSE_BAD_TOKEN)
            return
        connection = Connection(websocket.send_text, address)
        writer = asyncio.create_task(connection.writer())
        reader = asyncio.create_task(serve_connection(websocket, room, connection))

        def dropped(_connection: Connection) -> None:
            # too slow to keep up (or sent away by the room): the room has counted it departed; the socket closes
            writer.cancel()
            reader.cancel()
            if connection.ended is None:
                log.warning(
                    "room %s: a connection too slow to keep up was dropped", room.id, extra={"event": "dropped"}
                )

        connection.on_drop.append(dropped)
        close_code: int | None = None
        close_reason = ""
        try:
            close_code = await reader
        except WebSocketDisconnect:
            pass
        except asyncio.CancelledError:
            if connection.ended is not None:
                close_code, close_reason = connection.ended
            elif connection.dropped:
                close_code = CLOSE_TOO_SLOW
            else:
                raise
        finally:
            reader.cancel()
            room.detach(connection)
            connection.close()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(writer, timeout=5)
            if close_code is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(websocket.close(code=close_code, reason=close_reason), timeout=5)

    async def serve_connection(websocket: WebSocket, room: Room, connection: Connection) -> int | None:
        """Read messages until the client leaves; return a close code to end with, if any."""
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
            if not connection.messages.hit():
                reject(connection, message_id(text), "rate_limited", tr("too many messages", connection.lang), room)
                continue
            close = await handle(text, room, connection)
            if close is not None:
                return close
        return None

    async def handle(text: str, room: Room, connection: Connection) -> int | None:
        try:
            message = CLIENT_MESSAGE.validate_python(strict_json(text))
        except (ValueError, RecursionError, ValidationError) as error:
            if not isinstance(error, ValidationError) and lenient_json(text):
                # JSON, but with NaN, Infinity or a lone surrogate: a hostile client
                log.warning(
                    "room %s: a message with NaN, Infinity or a lone surrogate; closing",
                    room.id,
                    extra={"event": "refused", "room": room.id, "client": connection.address},
                )
                return CLOSE_PROTOCOL
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
            if connection.greeted and not connection.hellos.hit():
                reject(connection, None, "rate_limited", tr("too many messages", connection.lang), room)
                return None
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
            await chat(message, room, connection)
        elif isinstance(message, Mute):
            refused = await room.mute(connection, message.spectator)
            if refused is None:
                connection.push(Accepted(id=message.id, seq=room.seq))
            else:
                reject(connection, message.id, refused[0], refused[1](connection.lang), room)
        return None

    async def chat(message: Chat, room: Room, connection: Connection) -> None:
        """A chat message: said, or refused (nothing kept) if empty, not the connection's to say
        (a spectator where spectators may not chat, or muted), or over a chat rate."""
        text = message.text.strip()
        if not text:
            reject(connection, None, "bad_message", tr("a chat message needs some text", connection.lang), room)
            return
        refused = who_may_not_chat(room, connection) or await chat_rates.refusal(room, connection)
        if refused is not None:
            reject(connection, None, refused[0], refused[1](connection.lang), room)
        elif not await room.say(connection, text):
            reject(connection, None, "unavailable", unavailable_message(connection.lang), room)

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
        await room.attach(connection, seat, hello.seq)
        return None

    async def act(message: Act, room: Room, connection: Connection) -> None:
        started = time.perf_counter()
        acknowledged = False

        def acknowledge(outcome: Outcome) -> None:
            nonlocal acknowledged
            acknowledged = True
            connection.push(Accepted(id=message.id, seq=outcome.seq))

        outcome = await room.submit(connection.seat, message.seq, message.action, acknowledge=acknowledge)
        elapsed = time.perf_counter() - started
        fields = {"room": room.id, "seat": connection.seat, "seq": message.seq, "ms": round(1000 * elapsed, 2)}
        if outcome.accepted:
            metrics.ACT_SECONDS.observe(elapsed)
            log.info("room %s: act accepted at seq %s", room.id, outcome.seq, extra={"event": "act", **fields})
            if not acknowledged:  # the same act again: accepted before
                connection.push(Accepted(id=message.id, seq=outcome.seq))
            return
        assert outcome.code is not None
        metrics.REJECTIONS.labels(code=outcome.code).inc()
        log.info(
            "room %s: act rejected (%s)",
            room.id,
            outcome.code,
            extra={"event": "rejected", "code": outcome.code, **fields},
        )
        connection.push(
            Rejected(id=message.id, code=outcome.code, message=outcome.message_in(connection.lang), seq=outcome.seq)
        )
        if outcome.code == "stale":
            room.send_state(connection, connection.last_seq)

    def reject(connection: Connection, message_id: str | int | None, code: Any, text: str, room: Room) -> None:
        metrics.REJECTIONS.labels(code=code).inc()
        connection.push(Rejected(id=message_id, code=code, message=text, seq=room.seq))

    # the browser client (src/asobiba/web) and the routes it reads beyond the protocol
    from asobiba.server import analysis_routes
    from asobiba.server import web as web_routes

    web_routes.mount(app)
    analysis_routes.mount(app)
    if WEB.is_dir():
        app.mount("/", ClientFiles(directory=WEB, html=True), name="web")
    # outermost first: the host check, then the request guard (headers, bodies, origins, logs)
    app.add_middleware(RequestGuard, origin_allowed=origin_allowed)
    if settings.allowed_hosts:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts))
    return app


def seat_link(room_link: str, seat: int, code: str) -> str:
    """The invite link of an invited seat: the room's page with the seat and its invite code."""
    return f"{room_link}?seat={seat}&invite={code}"


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


def lenient_json(text: str) -> bool:
    """Is ``text`` JSON to Python's lenient parser (which takes NaN, Infinity and lone surrogates)?"""
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


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
    what the browser needs of it (its renderer module and style sheet, how to play, its words)."""
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
