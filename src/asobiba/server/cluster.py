"""Several server processes over one database: Redis pub/sub between them, and leases.

What crosses Redis is only ``"ROOM SEQ"`` — "room ROOM has advanced to seq SEQ" (or, on a second
channel, "a seat of room ROOM changed at seq SEQ"). A process that hears
it reads the room's new record entries from the database and computes its own views; nothing of the
game (not even a deal's chance outcomes) passes through Redis. Pub/sub may drop messages: a gap, a
reconnect to Redis, or a reconnecting client makes a process reload the room from the database,
which is always the truth (its unique ``(room, seq)`` decides races).

Clocks, bots and the grace period of a room are run by one process at a time: the one holding the
room's lease (``SET asobiba:lease:ROOM NODE NX PX …``, renewed every second). If it dies, the lease
expires and another process takes the room over within :data:`LEASE_SECONDS`.

Without Redis (the default: one process) there is no bus and this process holds every lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

log = logging.getLogger("asobiba.server")

CHANNEL = "asobiba:rooms"
#: The same ``"ROOM SEQ"`` when a seat changed hands (joined, taken over by a bot, taken back).
SEATS_CHANNEL = "asobiba:seats"
#: The same ``"ROOM SEQ"`` when the room's chat or log lines grew (read them from the database).
NEWS_CHANNEL = "asobiba:news"
#: A lease not renewed for this long is free for another process.
LEASE_SECONDS = 4.0
#: How often leases are renewed (and free ones taken) and presence refreshed.
HEARTBEAT_SECONDS = 1.0
#: A process that stops refreshing its presence keys is taken as gone after this long.
PRESENCE_SECONDS = 6.0
#: Pause before trying Redis again after it went away.
RECONNECT_PAUSE = 0.5

#: Renew a lease only if this process still holds it (atomic in Redis).
RENEW_SCRIPT = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) and 1 or 0
"""
RELEASE_SCRIPT = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""

#: ``(room, seq, kind)``: ``kind`` is ``"moves"``, ``"seats"`` or ``"news"`` (chat and log lines).
Advanced = Callable[[str, int, str], Awaitable[None]]
CHANNEL_KINDS = {CHANNEL: "moves", SEATS_CHANNEL: "seats", NEWS_CHANNEL: "news"}
Reconnected = Callable[[], Awaitable[None]]


def lease_key(room_id: str) -> str:
    return f"asobiba:lease:{room_id}"


def presence_key(room_id: str, seat: int, node: str) -> str:
    return f"asobiba:present:{room_id}:{seat}:{node}"


def advanced_message(room_id: str, seq: int) -> str:
    return f"{room_id} {seq}"


def parse_advanced(text: str) -> tuple[str, int] | None:
    """``(room, seq)`` of a bus message, None for anything else."""
    room_id, _, seq = text.partition(" ")
    if not room_id or not seq.isdigit():
        return None
    return room_id, int(seq)


class Cluster:
    """This process among the others: ``publish`` advances, hear theirs, hold leases."""

    def __init__(self, redis_url: str | None) -> None:
        self.redis_url = redis_url
        self.node = secrets.token_hex(6)
        self.redis: Any = None
        self._listener: asyncio.Task[None] | None = None
        #: Rooms whose lease this process holds (all of them without Redis).
        self.held: set[str] = set()
        self.connected = asyncio.Event()

    @property
    def shared(self) -> bool:
        """Other processes may serve the same rooms."""
        return self.redis_url is not None

    async def start(self, on_advanced: Advanced, on_reconnected: Reconnected) -> None:
        if self.redis_url is None:
            return
        import redis.asyncio as redis

        self.redis = redis.from_url(
            self.redis_url, decode_responses=True, socket_timeout=2.0, socket_connect_timeout=2.0
        )
        self._renew = self.redis.register_script(RENEW_SCRIPT)
        self._release = self.redis.register_script(RELEASE_SCRIPT)
        self._listener = asyncio.create_task(self._listen(on_advanced, on_reconnected))

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
        if self.redis is not None:
            with contextlib.suppress(Exception):
                for room_id in list(self.held):
                    await self._release(keys=[lease_key(room_id)], args=[self.node])
            with contextlib.suppress(Exception):
                await self.redis.aclose()

    async def _listen(self, on_advanced: Advanced, on_reconnected: Reconnected) -> None:
        """Hear advances until stopped; after every (re)subscription, reload every room (messages
        may have been missed while Redis was away)."""
        first = True
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL, SEATS_CHANNEL, NEWS_CHANNEL)
                self.connected.set()
                if not first:
                    log.warning("redis is back: reloading the rooms from the database")
                    await on_reconnected()
                first = False
                while True:
                    message = await pubsub.get_message(timeout=5.0)
                    if message is None or message.get("type") != "message":
                        continue
                    parsed = parse_advanced(str(message["data"]))
                    if parsed is not None:
                        try:
                            await on_advanced(*parsed, CHANNEL_KINDS.get(str(message.get("channel")), "moves"))
                        except Exception:
                            log.exception("room %s: catching up failed", parsed[0])
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if self.connected.is_set():
                    log.warning("redis went away (%s); trying again", error)
                self.connected.clear()
                first = False
                await asyncio.sleep(RECONNECT_PAUSE)
            finally:
                with contextlib.suppress(BaseException):
                    await pubsub.aclose()

    async def publish(self, room_id: str, seq: int, *, seats: bool = False, news: bool = False) -> None:
        """Tell the others the room is at ``seq`` now, or that a seat changed, or that its chat or log
        grew (lost if Redis is away: they catch up later)."""
        if self.redis is None:
            return
        channel = NEWS_CHANNEL if news else SEATS_CHANNEL if seats else CHANNEL
        try:
            await self.redis.publish(channel, advanced_message(room_id, seq))
        except Exception as error:
            log.warning("room %s: could not publish seq %s (%s)", room_id, seq, error)

    def holds(self, room_id: str) -> bool:
        """Does this process act for the room's clocks and bots now?"""
        return self.redis is None or room_id in self.held

    async def renew_leases(self, room_ids: Iterable[str]) -> tuple[set[str], set[str]]:
        """Renew (or take) the lease of every room in ``room_ids``: the rooms gained and lost."""
        wanted = list(room_ids)
        if self.redis is None:
            gained = set(wanted) - self.held
            self.held |= gained
            return gained, set()
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for room_id in wanted:
                    await self._renew(
                        keys=[lease_key(room_id)], args=[self.node, int(LEASE_SECONDS * 1000)], client=pipe
                    )
                results = await pipe.execute()
        except Exception as error:
            log.warning("leases not renewed (%s)", error)
            lost = set(self.held)
            self.held.clear()
            return set(), lost
        now_held = {room_id for room_id, result in zip(wanted, results, strict=True) if result}
        gained, lost = now_held - self.held, self.held - now_held
        self.held = now_held
        return gained, lost

    async def release(self, room_id: str) -> None:
        self.held.discard(room_id)
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self._release(keys=[lease_key(room_id)], args=[self.node])

    async def mark_present(self, seats: Iterable[tuple[str, int]], gone: Iterable[tuple[str, int]] = ()) -> None:
        """Say which seats have a connection on this process (refreshed every heartbeat)."""
        if self.redis is None:
            return
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for room_id, seat in seats:
                    pipe.set(presence_key(room_id, seat, self.node), "1", px=int(PRESENCE_SECONDS * 1000))
                for room_id, seat in gone:
                    pipe.delete(presence_key(room_id, seat, self.node))
                await pipe.execute()
        except Exception as error:
            log.warning("presence not refreshed (%s)", error)

    async def present_elsewhere(self, room_id: str, seat: int) -> bool:
        """Is the seat connected to another process? (False without Redis, or if Redis is away.)"""
        if self.redis is None:
            return False
        try:
            async for key in self.redis.scan_iter(match=presence_key(room_id, seat, "*"), count=100):
                if not str(key).endswith(f":{self.node}"):
                    return True
        except Exception:
            return False
        return False


__all__ = [
    "CHANNEL",
    "LEASE_SECONDS",
    "NEWS_CHANNEL",
    "SEATS_CHANNEL",
    "Cluster",
    "advanced_message",
    "parse_advanced",
]
