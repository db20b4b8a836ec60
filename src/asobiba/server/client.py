"""A small Python client for the asobiba server: HTTP calls and one room connection.

>>> from asobiba.server.client import room_socket_url
>>> room_socket_url("http://127.0.0.1:8000", "abc")
'ws://127.0.0.1:8000/api/rooms/abc/ws'

Play a game against two bots (with a server running on port 8000)::

    import asyncio
    from asobiba.server.client import RoomClient, create_room

    async def main():
        made = create_room("http://127.0.0.1:8000", "cockroach-poker", 3,
                           seats={"1": "bot:normal", "2": "bot:easy"}, name="me")
        async with RoomClient("http://127.0.0.1:8000", made["room"], made["token"]) as client:
            while not client.state["view"]["is_over"]:
                if client.state["legal"]:
                    await client.act(client.state["legal"][0]["notation"])
                else:
                    await client.next_state()

    asyncio.run(main())

Run ``python -m asobiba.server.client URL ROOM [TOKEN]`` to watch or play a room in a terminal.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections import deque
from types import TracebackType
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from asobiba.server.protocol import PROTOCOL

#: An ``act`` refused as ``rate_limited`` is sent again after this pause, this many times.
RATE_LIMIT_PAUSE = 0.2
RATE_LIMIT_RETRIES = 10


class ServerError(Exception):
    """An HTTP call answered with an error status: ``status`` and the JSON ``body``."""

    def __init__(self, status: int, body: Any) -> None:
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


def room_socket_url(base_url: str, room: str) -> str:
    base = base_url.rstrip("/")
    scheme, _, rest = base.partition("://")
    return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/api/rooms/{room}/ws"


def http(method: str, url: str, body: Any = None, timeout: float = 30.0) -> Any:
    """One JSON request; :class:`ServerError` on an error status."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        payload = error.read()
        try:
            parsed = json.loads(payload)
        except ValueError:
            parsed = payload.decode(errors="replace")
        raise ServerError(error.code, parsed) from None


def games(base_url: str) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = http("GET", f"{base_url.rstrip('/')}/api/games")
    return result


def create_room(
    base_url: str,
    game: str,
    players: int,
    *,
    seats: dict[str, str] | None = None,
    options: dict[str, Any] | None = None,
    name: str | None = None,
    **room: Any,
) -> dict[str, Any]:
    """``POST /api/rooms``: ``{room, seat, token, invite}``. ``room`` takes ``bot_delay``, ``clock``,
    ``grace``."""
    body = {"game": game, "players": players, "options": options or {}, "seats": seats or {}, "name": name, **room}
    result: dict[str, Any] = http("POST", f"{base_url.rstrip('/')}/api/rooms", body)
    return result


def join_room(
    base_url: str, room: str, name: str | None = None, seat: int | None = None, invite: str | None = None
) -> dict[str, Any]:
    """``POST /api/rooms/{room}/join``: seat ``seat`` (with its ``invite`` code if it is an invited
    seat), or the first free open seat: ``{seat, token, link}``."""
    body: dict[str, Any] = {"name": name}
    if seat is not None:
        body["seat"] = seat
    if invite is not None:
        body["invite"] = invite
    result: dict[str, Any] = http("POST", f"{base_url.rstrip('/')}/api/rooms/{room}/join", body)
    return result


def follow_invite(link: str, name: str | None = None) -> dict[str, Any]:
    """Take the seat of an invite link (``…/r/{room}?seat=N&invite=CODE``, as ``POST /api/rooms``
    answers them): ``{seat, token, link}``."""
    parts = urllib.parse.urlsplit(link)
    query = urllib.parse.parse_qs(parts.query)
    room = parts.path.rstrip("/").rsplit("/", 1)[-1]
    seat = int(query["seat"][0]) if "seat" in query else None
    return join_room(f"{parts.scheme}://{parts.netloc}", room, name, seat, invite_code(link))


def invite_code(link: str) -> str | None:
    """The invite code an invite link carries (None: a plain link, for an open seat)."""
    found = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query).get("invite")
    return found[0] if found else None


def free_seat(base_url: str, room: str, seat: int, token: str | None) -> dict[str, Any]:
    """``POST /api/rooms/{room}/seats/{seat}/free``: the creator frees a seat before the start;
    ``{seat, invite}`` (the seat's new invite link)."""
    result: dict[str, Any] = http(
        "POST", f"{base_url.rstrip('/')}/api/rooms/{room}/seats/{seat}/free", {"token": token}
    )
    return result


def start_room(base_url: str, room: str, token: str | None, bot: str = "normal") -> dict[str, Any]:
    """``POST /api/rooms/{room}/start``: the creator starts a waiting room (free seats: bots of ``bot``)."""
    result: dict[str, Any] = http(
        "POST", f"{base_url.rstrip('/')}/api/rooms/{room}/start", {"token": token, "bot": bot}
    )
    return result


def rename(base_url: str, room: str, token: str | None, name: str) -> dict[str, Any]:
    """``POST /api/rooms/{room}/name``: the person of ``token`` goes by ``name`` in the room."""
    result: dict[str, Any] = http(
        "POST", f"{base_url.rstrip('/')}/api/rooms/{room}/name", {"token": token, "name": name}
    )
    return result


def room_summary(base_url: str, room: str) -> dict[str, Any]:
    result: dict[str, Any] = http("GET", f"{base_url.rstrip('/')}/api/rooms/{room}")
    return result


def room_record(base_url: str, room: str) -> dict[str, Any]:
    result: dict[str, Any] = http("GET", f"{base_url.rstrip('/')}/api/rooms/{room}/record")
    return result


def rematch(base_url: str, room: str, token: str | None = None) -> dict[str, Any]:
    result: dict[str, Any] = http("POST", f"{base_url.rstrip('/')}/api/rooms/{room}/rematch", {"token": token})
    return result


class RoomClient:
    """One connection to a room, as a seat (with its token) or as a spectator.

    ``state`` is the newest ``state`` frame; ``frames`` every frame received, in order.
    """

    def __init__(
        self,
        base_url: str,
        room: str,
        token: str | None = None,
        *,
        lang: str = "en",
        origin: str | None = None,
        timeout: float = 30.0,
    ) -> None:
        self.url = room_socket_url(base_url, room)
        self.token = token
        self.lang = lang
        self.origin = origin
        self.timeout = timeout
        self.socket: ClientConnection | None = None
        self.state: dict[str, Any] = {}
        #: Every legal entry got, by notation (a protocol 2 state names those got before).
        self._legal_entries: dict[str, dict[str, Any]] = {}
        self.frames: list[dict[str, Any]] = []
        self._unread: deque[dict[str, Any]] = deque()
        self._ids = itertools.count(1)

    async def __aenter__(self) -> RoomClient:
        await self.connect()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close()

    @property
    def seq(self) -> int:
        return int(self.state["seq"]) if self.state else 0

    async def open(self) -> None:
        """Open the WebSocket without saying hello."""
        headers = {"Origin": self.origin} if self.origin else None
        self.socket = await connect(
            self.url, additional_headers=headers, max_size=16 * 1024 * 1024, open_timeout=self.timeout
        )

    async def connect(self, seq: int | None = None) -> dict[str, Any]:
        """Open the WebSocket, say hello (with the last seq known, if any) and return the state."""
        await self.open()
        return await self.hello(seq if seq is not None else (self.seq if self.state else None))

    async def hello(self, seq: int | None = None, protocol: int = PROTOCOL) -> dict[str, Any]:
        await self.send({"type": "hello", "protocol": protocol, "token": self.token, "seq": seq, "lang": self.lang})
        return await self.next_state()

    async def send(self, message: Any) -> None:
        """Send a message (a dict as JSON, or a text as it is)."""
        assert self.socket is not None, "connect first"
        await self.socket.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    async def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next frame (read before, or from the socket)."""
        if self._unread:
            return self._unread.popleft()
        assert self.socket is not None, "connect first"
        text = await asyncio.wait_for(self.socket.recv(), timeout=timeout or self.timeout)
        frame: dict[str, Any] = json.loads(text)
        if frame.get("type") == "state":
            frame = self.whole(frame)
            self.state = frame
        self.frames.append(frame)
        return frame

    def whole(self, frame: dict[str, Any]) -> dict[str, Any]:
        """A ``state`` whole, as protocol 1 sends it: in protocol 2 one with a ``base`` carries only
        the keys of the view that changed since the state of that seq (the last one read), and
        ``known`` names the legal entries got before; both are merged here."""
        base = frame.pop("base", None)
        legal = list(frame["legal"])
        self._legal_entries.update((entry["notation"], entry) for entry in legal)
        for place, notation in frame.pop("known", []):
            if notation not in self._legal_entries:
                raise ValueError(f"a state frame names a legal entry never got: {notation!r}")
            legal.insert(place, self._legal_entries[notation])
        frame["legal"] = legal
        if base is None:
            return frame
        if not self.state or self.state["seq"] != base:
            raise ValueError(f"a state frame changes the view of seq {base}, not the one held")
        view = {**self.state["view"], **frame["view"]}
        for key, (length, changed) in frame.pop("items", {}).items():
            items = list(view[key][:length]) + [None] * max(0, length - len(view[key]))
            for index, item in changed:
                items[index] = item
            view[key] = items
        return {**frame, "view": view}

    async def next_frame(self, kind: str, timeout: float | None = None) -> dict[str, Any]:
        """The next frame of ``kind``; other frames stay unread, in order."""
        skipped: list[dict[str, Any]] = []
        try:
            while True:
                frame = await self.receive(timeout)
                if frame.get("type") == kind:
                    return frame
                skipped.append(frame)
        finally:
            self._unread.extendleft(reversed(skipped))

    async def next_state(self, timeout: float | None = None) -> dict[str, Any]:
        """Wait for the next ``state`` frame (other frames are kept for ``receive``)."""
        return await self.next_frame("state", timeout)

    async def act(
        self, notation: str, seq: int | None = None, message_id: str | int | None = None, *, wait_state: bool = True
    ) -> dict[str, Any]:
        """Send an ``act`` for the current state (or ``seq``) and return its ``accepted`` or
        ``rejected`` (resent after a pause while ``rate_limited``). With ``wait_state``, the
        ``state`` that follows (the new position, or the fresh one after ``stale``) has been read
        into :attr:`state` when this returns."""
        message_id = message_id if message_id is not None else f"a{next(self._ids)}"
        quoted = self.seq if seq is None else seq
        for attempt in range(RATE_LIMIT_RETRIES + 1):
            await self.send({"type": "act", "id": message_id, "seq": quoted, "action": notation})
            reply = await self.next_reply(message_id)
            if reply.get("code") != "rate_limited" or attempt == RATE_LIMIT_RETRIES:
                break
            await asyncio.sleep(RATE_LIMIT_PAUSE)  # over 20 messages a second: wait and send it again
        if wait_state and ((reply["type"] == "accepted" and self.seq <= quoted) or reply.get("code") == "stale"):
            await self.next_state()
        return reply

    async def next_reply(self, message_id: str | int | None) -> dict[str, Any]:
        """The ``accepted`` or ``rejected`` answering ``message_id``; other frames stay unread."""
        skipped: list[dict[str, Any]] = []
        try:
            while True:
                frame = await self.receive()
                if frame.get("type") in ("accepted", "rejected") and frame.get("id") == message_id:
                    return frame
                skipped.append(frame)
        finally:
            self._unread.extendleft(reversed(skipped))

    async def chat(self, text: str) -> None:
        await self.send({"type": "chat", "text": text})

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
            self.socket = None


async def _watch(base_url: str, room: str, token: str | None) -> None:
    async with RoomClient(base_url, room, token) as client:
        while True:
            frame = await client.receive(timeout=3600)
            if frame["type"] == "state":
                for event in frame["events"]:
                    print(event["text"])
                for number, legal in enumerate(frame["legal"]):
                    print(f"  {number}: {legal['label']}  [{legal['notation']}]")
                if frame["view"]["is_over"]:
                    print("game over:", frame["view"].get("result"))
                    return
                if frame["legal"]:
                    choice = await asyncio.to_thread(input, "your choice (number)> ")
                    if choice.strip().isdigit() and int(choice) < len(frame["legal"]):
                        reply = await client.act(frame["legal"][int(choice)]["notation"])
                        if reply["type"] == "rejected":
                            print(reply["message"])
            elif frame["type"] == "chat":
                print(f"<{frame['name'] or frame['seat']}> {frame['text']}")


if __name__ == "__main__":  # pragma: no cover
    if len(sys.argv) < 3:
        print("usage: python -m asobiba.server.client URL ROOM [TOKEN]")
        raise SystemExit(2)
    asyncio.run(_watch(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None))
