"""One WebSocket as a room sees it: who it is, its language, and its outgoing queue of frames."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import orjson

from asobiba.server.protocol import HELLOS_PER_MINUTE, MESSAGES_PER_SECOND

#: Frames waiting for a slow connection before it is dropped (and counted as departed).
MAX_QUEUED_FRAMES = 256
#: Legal entries a connection is known to hold (beyond, new ones are sent whole every time).
MAX_KNOWN_LEGAL = 4096


def frame_text(frame: Any) -> str:
    """A frame (a pydantic model or a JSON-ready dict) as the text sent on the wire."""
    if hasattr(frame, "model_dump"):
        frame = frame.model_dump(mode="json")
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


class SlidingWindow:
    """At most ``limit`` hits in any ``seconds``: one connection's own rate (a connection lives on one
    process, so nothing is shared; no storage, no thread, no timer)."""

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit = limit
        self.seconds = seconds
        self._hits: deque[float] = deque()

    def hit(self) -> bool:
        """Count a hit; False (and not counted) if it is over the rate."""
        now = time.monotonic()
        hits = self._hits
        while hits and now - hits[0] >= self.seconds:
            hits.popleft()
        if len(hits) >= self.limit:
            return False
        hits.append(now)
        return True


class Connection:
    """One WebSocket: who it is (a seat or a spectator), its language, and its outgoing queue.

    Frames are texts already serialised (one text is shared by every connection that gets the same
    frame). A connection whose queue fills up is dropped: ``on_drop`` is called once (the room counts
    it as departed and the server closes the socket)."""

    _numbers = itertools.count(1)

    def __init__(self, send: Callable[[str], Awaitable[None]], address: str = "?") -> None:
        self.number = next(self._numbers)
        self._send = send
        self.address = address
        self.seat: int | None = None
        #: A spectator's id in its room (:func:`asobiba.server.rooms.chat.spectator_id`); None on a seat.
        self.spectator: str | None = None
        self.lang = "en"
        self.greeted = False
        #: Whether the room's kept chat went to this connection (after its first state).
        self.chat_sent = False
        #: The seq of the last ``state`` this connection got (events after it come next).
        self.last_seq: int | None = None
        #: The protocol version of its ``hello`` (1 until then: whole views).
        self.protocol = 1
        #: In protocol 2, the view of the last ``state`` it got (the next one sends what changed
        #: since); None: the next one is whole (a hello resets it).
        self.sent_view: Mapping[str, object] | None = None
        #: In protocol 2, the notations of the legal entries it got since its hello (at most
        #: :data:`MAX_KNOWN_LEGAL`): a later ``state`` names them instead of sending them again.
        self.known_legal: set[str] = set()
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = asyncio.Event()
        self.dropped = False
        self.messages = SlidingWindow(MESSAGES_PER_SECOND, 1.0)
        self.hellos = SlidingWindow(HELLOS_PER_MINUTE, 60.0)
        #: Called once if the connection is dropped (the room counts it departed, the server closes it).
        self.on_drop: list[Callable[[Connection], None]] = []
        #: Why the room ended the connection (:meth:`end`): the close code and reason it closes with.
        self.ended: tuple[int, str] | None = None

    def push(self, frame: Any) -> None:
        """Queue a frame (a model or a dict); frames go out in the order pushed."""
        self.push_text(frame if isinstance(frame, str) else frame_text(frame))

    def push_text(self, text: str) -> None:
        """Queue an already serialised frame."""
        if self.closed.is_set():
            return
        if self.queue.qsize() >= MAX_QUEUED_FRAMES:
            self.drop()
            return
        self.queue.put_nowait(text)

    def drop(self) -> None:
        """Too slow to keep up: close, and tell whoever watches (once)."""
        if self.dropped:
            return
        self.dropped = True
        self.close()
        for callback in self.on_drop:
            callback(self)

    def end(self, code: int, reason: str) -> None:
        """The room sends this connection away (its seat is not its own any more): the socket closes
        with ``code`` and ``reason`` once the frames queued before are sent."""
        if self.ended is not None or self.closed.is_set():
            return
        self.ended = (code, reason)
        self.close()
        for callback in self.on_drop:
            callback(self)

    async def writer(self) -> None:
        """Send queued frames until closed."""
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self._send(text)
            except Exception:
                self.closed.set()
                return

    def close(self) -> None:
        if self.closed.is_set():
            return
        self.closed.set()
        self.queue.put_nowait(None)


__all__ = ["MAX_KNOWN_LEGAL", "MAX_QUEUED_FRAMES", "Connection", "SlidingWindow", "frame_text"]
