"""The room WebSocket (``/api/rooms/{room}/ws``, docs/protocol.md): who may open one (the rate of new
WebSockets and the open ones per address, the browser's origin), then a :class:`RoomSession` reads the
client's messages — hello, act, chat, mute — and answers them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from asobiba.i18n import Catalog
from asobiba.server import metrics
from asobiba.server.dependencies import (
    ConnectionCountDep,
    LobbyDep,
    OriginCheckDep,
    RateLimitsDep,
    SettingsDep,
    client_address,
    room_or_none,
)
from asobiba.server.guards import OriginCheck, strict_json
from asobiba.server.protocol import (
    CLIENT_MESSAGE,
    CLOSE_BAD_TOKEN,
    CLOSE_NO_SUCH_ROOM,
    CLOSE_PROTOCOL,
    CLOSE_TOO_BIG,
    CLOSE_TOO_MANY,
    CLOSE_TOO_SLOW,
    MAX_FRAME_BYTES,
    PROTOCOLS,
    Accepted,
    Act,
    Chat,
    Hello,
    Mute,
    Rejected,
)
from asobiba.server.rooms import Connection, Lobby, Outcome, Room
from asobiba.server.rooms.chat import ChatRates, who_may_not_chat
from asobiba.server.rooms.outcomes import unavailable_message

tr = Catalog("server")
log = logging.getLogger("asobiba.server")

#: Seconds a new connection has to say hello.
HELLO_TIMEOUT = 30.0

router = APIRouter()


@router.websocket("/api/rooms/{room_id}/ws")
async def room_socket(
    websocket: WebSocket,
    room_id: str,
    lobby: LobbyDep,
    settings: SettingsDep,
    limits: RateLimitsDep,
    connection_count: ConnectionCountDep,
    origin_check: OriginCheckDep,
) -> None:
    address = client_address(websocket)
    # every new WebSocket counts against the per-second limit, refused or not; a refusal is
    # counted, not logged (a line each would let one client fill the log)
    if not await limits.websocket_allowed(address):
        metrics.REFUSED_CONNECTIONS.labels(reason="rate_limited").inc()
        await websocket.accept()
        await websocket.close(code=CLOSE_TOO_MANY)
        return
    if connection_count.of(address) >= settings.connections_per_address:
        metrics.REFUSED_CONNECTIONS.labels(reason="too_many").inc()
        await websocket.accept()
        await websocket.close(code=CLOSE_TOO_MANY)
        log.warning("too many connections from %s", address, extra={"event": "refused", "client": address})
        return
    connection_count.opened(address)
    try:
        room = await room_or_none(lobby, room_id)
        await websocket.accept()
        if room is None:
            await websocket.close(code=CLOSE_NO_SUCH_ROOM)
            return
        if not origin_allowed(websocket, origin_check):
            await websocket.close(code=CLOSE_BAD_TOKEN)
            return
        await RoomSession(websocket, room, Connection(websocket.send_text, address), lobby, limits.chat).run()
    finally:
        connection_count.closed(address)


def origin_allowed(websocket: WebSocket, origin_check: OriginCheck) -> bool:
    """No ``Origin`` (not a browser), or one that may connect."""
    origin = websocket.headers.get("origin")
    return origin is None or origin_check(origin, websocket.headers.get("host"))


class RoomSession:
    """One client's WebSocket to a room, accepted: its reader and its writer, until either ends."""

    def __init__(
        self, websocket: WebSocket, room: Room, connection: Connection, lobby: Lobby, chat_rates: ChatRates
    ) -> None:
        self.websocket = websocket
        self.room = room
        self.connection = connection
        self.lobby = lobby
        self.chat_rates = chat_rates

    async def run(self) -> None:
        """Read and answer until the client leaves, is too slow or is sent away; then close."""
        room, connection, websocket = self.room, self.connection, self.websocket
        writer = asyncio.create_task(connection.writer())
        reader = asyncio.create_task(self.serve())

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

    async def serve(self) -> int | None:
        """Read messages until the client leaves; return a close code to end with, if any."""
        connection = self.connection
        while not connection.closed.is_set():
            timeout = None if connection.greeted else HELLO_TIMEOUT
            try:
                message = await asyncio.wait_for(self.websocket.receive(), timeout=timeout)
            except TimeoutError:
                return CLOSE_PROTOCOL
            if message["type"] == "websocket.disconnect":
                return None
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                if len(raw) > MAX_FRAME_BYTES:
                    return CLOSE_TOO_BIG
                self.reject(None, "bad_message", tr("messages are JSON text frames", connection.lang))
                continue
            if len(text) > MAX_FRAME_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES:
                return CLOSE_TOO_BIG
            if not connection.messages.hit():
                self.reject(message_id(text), "rate_limited", tr("too many messages", connection.lang))
                continue
            close = await self.handle(text)
            if close is not None:
                return close
        return None

    async def handle(self, text: str) -> int | None:
        """One text frame: read and answered; a close code if it ends the connection."""
        room, connection = self.room, self.connection
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
            self.reject(
                message_id(text),
                "bad_message",
                tr("that message is not understood: {reason}", connection.lang, reason=reason),
            )
            return None
        if isinstance(message, Hello):
            if connection.greeted and not connection.hellos.hit():
                self.reject(None, "rate_limited", tr("too many messages", connection.lang))
                return None
            return await self.greet(message)
        if not connection.greeted:
            self.reject(getattr(message, "id", None), "bad_message", tr("say hello first", connection.lang))
            return None
        if isinstance(message, Act):
            await self.act(message)
        elif isinstance(message, Chat):
            await self.chat(message)
        elif isinstance(message, Mute):
            await self.mute(message)
        return None

    async def greet(self, hello: Hello) -> int | None:
        room, connection = self.room, self.connection
        if hello.protocol not in PROTOCOLS:
            return CLOSE_PROTOCOL
        seat = None
        if self.lobby.cluster.shared:  # a (re)connecting client: what other processes did is in the database
            await room.refresh()
        if hello.token is not None:
            seat = room.seat_by_token(hello.token)
            if seat is None:
                return CLOSE_BAD_TOKEN
        connection.lang = hello.lang
        connection.protocol = hello.protocol
        await room.attach(connection, seat, hello.seq)
        return None

    async def act(self, message: Act) -> None:
        room, connection = self.room, self.connection
        started = time.perf_counter()
        acknowledged = False

        def acknowledge(outcome: Outcome) -> None:
            nonlocal acknowledged
            acknowledged = True
            connection.push(Accepted(id=message.id, seq=outcome.seq))

        outcome = await room.submit(connection.seat, message.seq, message.action, acknowledge=acknowledge)
        elapsed = time.perf_counter() - started
        logged = log.isEnabledFor(logging.INFO)  # (the line's fields are made only for a line written)
        fields = (
            {"room": room.id, "seat": connection.seat, "seq": message.seq, "ms": round(1000 * elapsed, 2)}
            if logged
            else {}
        )
        if outcome.accepted:
            metrics.ACT_SECONDS.observe(elapsed)
            if logged:
                log.info("room %s: act accepted at seq %s", room.id, outcome.seq, extra={"event": "act", **fields})
            if not acknowledged:  # the same act again: accepted before
                connection.push(Accepted(id=message.id, seq=outcome.seq))
            return
        assert outcome.code is not None
        metrics.REJECTIONS.labels(code=outcome.code).inc()
        if logged:
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

    async def chat(self, message: Chat) -> None:
        """A chat message: said, or refused (nothing kept) if empty, not the connection's to say
        (a spectator where spectators may not chat, or muted), or over a chat rate."""
        room, connection = self.room, self.connection
        text = message.text.strip()
        if not text:
            self.reject(None, "bad_message", tr("a chat message needs some text", connection.lang))
            return
        refused = who_may_not_chat(room, connection) or await self.chat_rates.refusal(room, connection)
        if refused is not None:
            self.reject(None, refused[0], refused[1](connection.lang))
        elif not await room.say(connection, text):
            self.reject(None, "unavailable", unavailable_message(connection.lang))

    async def mute(self, message: Mute) -> None:
        refused = await self.room.mute(self.connection, message.spectator)
        if refused is None:
            self.connection.push(Accepted(id=message.id, seq=self.room.seq))
        else:
            self.reject(message.id, refused[0], refused[1](self.connection.lang))

    def reject(self, message_id: str | int | None, code: Any, text: str) -> None:
        metrics.REJECTIONS.labels(code=code).inc()
        self.connection.push(Rejected(id=message_id, code=code, message=text, seq=self.room.seq))


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


__all__ = ["HELLO_TIMEOUT", "RoomSession", "lenient_json", "message_id", "router"]
