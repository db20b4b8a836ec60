"""Seats and presence: who sits where (a token's hash, never the token), who is connected, the
waiting room's questions about a room's seats (pure functions of them: which are free, open,
awaited, whose token holds which), and the timers that hand a seat on — the grace period of a
person who left, and the seat timeout of a seat taken but never connected (squatting)."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from asobiba.bots import bot as make_bot
from asobiba.bots.base import Bot
from asobiba.server.cluster import HEARTBEAT_SECONDS
from asobiba.server.protocol import CLOSE_SEAT_FREED, SeatInfo
from asobiba.server.rooms.timers import Job, RoomTimers
from asobiba.server.storage import SeatRow

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

    @classmethod
    def of_row(cls, row: SeatRow) -> Seat:
        """The seat as its stored row has it."""
        return cls(
            row.seat,
            row.kind,
            row.name,
            row.token_hash,
            row.taken_over,
            row.bank,
            invite_hash=row.invite_hash,
            kept=row.kept,
            resigned=row.resigned,
            timeouts=row.timeouts,
        )

    def take_row(self, row: SeatRow) -> bool:
        """Take the stored row's columns (read again: another process changed the seat). True if the
        token that held the seat holds it no more (the creator freed it, or its person left)."""
        if self.kind != row.kind:
            self.bot = None
        freed = self.token_hash is not None and self.token_hash != row.token_hash
        self.kind, self.name, self.token_hash = row.kind, row.name, row.token_hash
        self.taken_over, self.bank = row.taken_over, row.bank
        self.invite_hash, self.kept = row.invite_hash, row.kept
        self.resigned, self.timeouts = row.resigned, row.timeouts
        return freed

    def stop_watch(self) -> None:
        if self.watch_task is not None:
            self.watch_task.cancel()
            self.watch_task = None

    def send_away(self, reason: str = "the room's creator freed this seat before the start") -> None:
        """The seat is not its holder's any more: its watch stops, its connections are closed with the reason."""
        self.stop_watch()
        for connection in list(self.connections):
            self.connections.discard(connection)
            connection.end(CLOSE_SEAT_FREED, reason)


def bot_level(seats: Sequence[Seat]) -> str:
    """A room's level: its bot seats' (the first's), else the stand-in's. A person's seat taken over,
    timed out or resigned is played at this level."""
    for seat in seats:
        if seat.is_bot:
            return seat.kind.removeprefix("bot:")
    return STAND_IN_LEVEL


def free_person_seats(seats: Sequence[Seat]) -> list[Seat]:
    """The person seats nobody has taken."""
    return [seat for seat in seats if seat.kind == "human" and seat.token_hash is None and not seat.taken_over]


def open_seats(seats: Sequence[Seat]) -> list[Seat]:
    """The free person seats anyone may take (no invite code: from the lobby, or a plain link)."""
    return [seat for seat in free_person_seats(seats) if seat.invite_hash is None]


def awaited_seats(seats: Sequence[Seat]) -> list[Seat]:
    """The seats the waiting room waits for: the free person seats, and a rematch's seats kept
    for players not back yet."""
    return [
        seat
        for seat in seats
        if seat.kind == "human" and (seat.kept or (seat.token_hash is None and not seat.taken_over))
    ]


def seat_of_hash(seats: Sequence[Seat], token_hash: str) -> Seat | None:
    """The seat the token of hash ``token_hash`` holds (compared in constant time)."""
    for seat in seats:
        if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, token_hash):
            return seat
    return None


def seat_by_token(seats: Sequence[Seat], token: str) -> Seat | None:
    """The seat ``token`` holds."""
    return seat_of_hash(seats, hash_token(token))


def creator_seat(seats: Sequence[Seat], creator: str | None) -> int | None:
    """The seat of the room's creator (of token hash ``creator``: who may press Start), if they hold one."""
    if creator is None:
        return None
    seat = seat_of_hash(seats, creator)
    return seat.number if seat is not None else None


def may_take(seat: Seat, invite: str | None) -> bool:
    """Is ``seat`` free for a newcomer with ``invite`` (an open seat, or the code is its own)?"""
    if seat.kind != "human" or seat.token_hash is not None:
        return False
    return seat.invite_hash is None or same_secret(seat.invite_hash, invite)


def invited_seat(seats: Sequence[Seat], invite: str) -> Seat | None:
    """The free seat whose invite code is ``invite``."""
    return next((seat for seat in free_person_seats(seats) if same_secret(seat.invite_hash, invite)), None)


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
    "awaited_seats",
    "bot_level",
    "creator_seat",
    "free_person_seats",
    "hash_token",
    "invited_seat",
    "may_take",
    "new_invite_code",
    "new_token",
    "open_seats",
    "same_secret",
    "seat_by_token",
    "seat_of_hash",
    "watch_absence",
]
