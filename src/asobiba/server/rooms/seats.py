"""Seats and presence: who sits where (a token's hash, never the token), who is connected, and the
timers that hand a seat on — the grace period of a person who left, and the seat timeout of a seat
taken but never connected (squatting)."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from asobiba.bots import bot as make_bot
from asobiba.bots.base import Bot
from asobiba.server.cluster import HEARTBEAT_SECONDS
from asobiba.server.protocol import SeatInfo
from asobiba.server.rooms.timers import Job, RoomTimers

if TYPE_CHECKING:
    from asobiba.server.rooms.connection import Connection

#: The bot that plays a decision whose clock ran out, or a seat whose person left.
STAND_IN_LEVEL = "normal"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_invite_code() -> str:
    """A seat's invite code (its link carries it; only its hash is stored, as a token's)."""
    return secrets.token_urlsafe(12)


def same_secret(stored_hash: str | None, secret: str | None) -> bool:
    """Is ``secret`` the one whose hash is ``stored_hash`` (in constant time)?"""
    if stored_hash is None or secret is None:
        return False
    return secrets.compare_digest(stored_hash, hash_token(secret))


@dataclass
class Seat:
    number: int
    kind: str
    name: str | None = None
    token_hash: str | None = None
    taken_over: bool = False
    bank: float | None = None
    #: The hash of the free seat's invite code (an invited seat); None: an open seat.
    invite_hash: str | None = None
    #: A rematch's seat kept for its previous player, who has not come back yet.
    kept: bool = False
    #: Its player resigned or forfeited: a bot plays the seat on for good, the player ranks last.
    resigned: bool = False
    #: How many of its decisions ran out of time.
    timeouts: int = 0
    connections: set[Connection] = field(default_factory=set)
    #: The timer that hands the seat on if nobody comes (grace or seat timeout).
    watch_task: asyncio.Task[None] | None = None
    #: Whether a connection ever said hello on this seat since it was taken (in this process).
    ever_connected: bool = False
    bot: Bot | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot:")

    @property
    def occupied(self) -> bool:
        return self.is_bot or self.token_hash is not None

    @property
    def invited(self) -> bool:
        """A free person seat kept for an invited friend (taken with its invite code only)."""
        return self.kind == "human" and self.token_hash is None and self.invite_hash is not None

    @property
    def played_by_bot(self) -> bool:
        return self.is_bot or self.taken_over or self.resigned

    def player(self, stand_in: str = STAND_IN_LEVEL) -> Bot:
        """This seat's bot (its level, or the stand-in of level ``stand_in`` for a person)."""
        if self.bot is None:
            level = self.kind.removeprefix("bot:") if self.is_bot else stand_in
            self.bot = make_bot(level, seed=secrets.randbits(63))
        return self.bot

    def info(self) -> SeatInfo:
        return SeatInfo(
            seat=self.number,
            kind=self.kind,
            name=self.name,
            occupied=self.occupied,
            connected=bool(self.connections),
            taken_over=self.taken_over,
            invited=self.invited,
            kept=self.kept,
            resigned=self.resigned,
            timeouts=self.timeouts,
        )

    def stop_watch(self) -> None:
        if self.watch_task is not None:
            self.watch_task.cancel()
            self.watch_task = None


def watch_absence(
    timers: RoomTimers,
    seat: Seat,
    seconds: float,
    job: Job,
    present_elsewhere: Callable[[], Awaitable[bool]] | None,
    back: Callable[[], bool],
) -> None:
    """After ``seconds`` (server time) with nobody on ``seat``, put ``job`` (the seat's hand-over) in
    the room's queue. With other processes (``present_elsewhere`` given), away means away from all of
    them: the watch looks every heartbeat and stops once ``back()`` (connected, taken over, game over)."""
    if seat.watch_task is not None or seat.taken_over:
        return
    seat.watch_task = timers.start(
        ("watch", seat.number), _absence(timers, seat, seconds, job, present_elsewhere, back)
    )


async def _absence(
    timers: RoomTimers,
    seat: Seat,
    seconds: float,
    job: Job,
    present_elsewhere: Callable[[], Awaitable[bool]] | None,
    back: Callable[[], bool],
) -> None:
    clock = timers.clock
    if present_elsewhere is None:
        await clock.sleep_until(clock.now() + seconds)
    else:
        absent_since = clock.now()
        while True:
            if back():
                seat.watch_task = None
                return
            now = clock.now()
            if await present_elsewhere():
                absent_since = now
            elif now - absent_since >= seconds:
                break
            await asyncio.sleep(min(HEARTBEAT_SECONDS, max(0.0, absent_since + seconds - now)))
    seat.watch_task = None
    timers.post(job)


__all__ = [
    "STAND_IN_LEVEL",
    "Seat",
    "hash_token",
    "new_invite_code",
    "new_token",
    "same_secret",
    "watch_absence",
]
