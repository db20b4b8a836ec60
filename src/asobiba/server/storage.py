"""Where rooms live: SQLAlchemy 2 (async), SQLite in WAL mode by default, PostgreSQL by URL.

A room is its record: the ``rooms`` row holds the setup (game, players, options, seed), the
``actions`` rows every record entry in order (unique ``(room, seq)``), the ``seats`` rows who sits
where (a token's hash, never the token), the ``chat`` rows the room's last 200 messages and the
``notices`` rows the last 50 lines of the log by the server. The schema is made by the Alembic migrations shipped in
``asobiba/server/migrations``.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
import sqlite3
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import platformdirs
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    bindparam,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import URL, Connection, Engine, create_engine, make_url
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.sql.schema import ScalarElementColumnDefault

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
Written = TypeVar("Written")
log = logging.getLogger("asobiba.server")


class Base(DeclarativeBase):
    pass


class RoomRow(Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    bot_delay: Mapped[float] = mapped_column(Float)
    grace: Mapped[float] = mapped_column(Float)
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    deadline_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    decision_started: Mapped[float | None] = mapped_column(Float, nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    #: False while a person seat is free and the creator has not pressed Start (the waiting room).
    started: Mapped[bool] = mapped_column(Boolean, default=True)
    #: Shown in the lobby's list of open rooms (rooms are private by default).
    listed: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The hash of the creator's token (who may press Start), None for a room of bots or a rematch.
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: Whether spectators (connections without a seat) may chat (by default: listed rooms only).
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The room's secret key of spectator ids (:func:`asobiba.server.rooms.chat.spectator_id`); never sent.
    chat_key: Mapped[str] = mapped_column(String(32), default=lambda: secrets.token_hex(16))
    #: The spectator ids the creator muted, as a JSON list (None: nobody).
    muted: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: ``"live"`` (players present; away seats are taken over) or ``"turn-based"`` (a move a day).
    pace: Mapped[str] = mapped_column(String(16), default="live")
    #: What happens when a decision's time runs out in a turn-based room: ``"bot"`` or ``"forfeit"``.
    timeout_policy: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: Whether a finished game counts for its signed-in players' ratings.
    rated: Mapped[bool] = mapped_column(Boolean, default=True)
    #: When the game ended (None: not yet).
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: When the game's ratings were counted (None: not yet; counted once, by whichever process comes first).
    rated_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: The seq whose decision ran out of time (its stand-in decides): claimed once, by one process.
    timed_out_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: A learning room: its player alone among bots hears a one-line verdict of each of their moves.
    learning: Mapped[bool] = mapped_column(Boolean, default=False)


class SeatRow(Base):
    __tablename__ = "seats"

    room_id: Mapped[str] = mapped_column(String(32), ForeignKey("rooms.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    taken_over: Mapped[bool] = mapped_column(Boolean, default=False)
    bank: Mapped[float | None] = mapped_column(Float, nullable=True)
    previous_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The hash of the free seat's invite code (an invited seat); None: an open seat anyone may take.
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: A rematch's seat kept for its previous player, who has not come back yet (the room waits).
    kept: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The account the seat belongs to (taken while signed in, or brought into an account later).
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    #: The account a free seat is reserved for (an invitation by name), None: not reserved.
    reserved_for: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    #: The seat's player resigned (or forfeited): a bot plays the seat on and the player ranks last.
    resigned: Mapped[bool] = mapped_column(Boolean, default=False)
    #: How many of the seat's decisions ran out of time (a turn-based room's ``forfeit`` counts them).
    timeouts: Mapped[int] = mapped_column(Integer, default=0)
    #: When the seat's player was last emailed about this room (at most one email per room per day).
    notified_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: The seat's place in the finished game's final ranking (1 the best; tied seats share it).
    rank: Mapped[int | None] = mapped_column(Integer, nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("room_id", "seq", name="uq_actions_room_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(String(32), ForeignKey("rooms.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    player: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """A chat message of a room (the last :data:`KEPT_CHAT` of each room are kept)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(String(32), ForeignKey("rooms.id"))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)
    #: A spectator's message: the spectator's id in the room (None: a seat's message).
    spectator: Mapped[str | None] = mapped_column(String(16), nullable=True)


class NoticeRow(Base):
    """A line of the room's log that is no game event: a clock ran out, a bot took a seat over or
    gave it back, the game started (``kind``), at the room's ``seq`` then."""

    __tablename__ = "notices"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(String(32), ForeignKey("rooms.id"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)


class HealthRow(Base):
    """One row per server process, written every second by its health probe."""

    __tablename__ = "health"

    node: Mapped[str] = mapped_column(String(32), primary_key=True)
    checked_at: Mapped[float] = mapped_column(Float)


class AnalysisRow(Base):
    """A finished coach's analysis of one seat of a finished game (``sizing``: how it was computed)."""

    __tablename__ = "analyses"

    room_id: Mapped[str] = mapped_column(String(32), ForeignKey("rooms.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    sizing: Mapped[str] = mapped_column(Text)
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


ACTIONS = Base.metadata.tables["actions"]
CHAT = Base.metadata.tables["chat"]
NOTICES = Base.metadata.tables["notices"]
ANALYSES = Base.metadata.tables["analyses"]
HEALTH = Base.metadata.tables["health"]
ROOMS = Base.metadata.tables["rooms"]
SEATS = Base.metadata.tables["seats"]


def default_database_url() -> str:
    """A SQLite file in the user's data directory."""
    directory = Path(platformdirs.user_data_dir("asobiba", appauthor=False))
    directory.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{directory / 'asobiba.db'}"


def normalise_url(url: str) -> str:
    """``sqlite:///…`` and ``postgresql://…`` get their async drivers."""
    parsed = make_url(url)
    driver = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg", "postgres": "postgresql+asyncpg"}
    if parsed.drivername in driver:
        parsed = parsed.set(drivername=driver[parsed.drivername])
    return parsed.render_as_string(hide_password=False)


def describe_url(url: str) -> str:
    """The database for a start-up line, password hidden."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return str(parsed.database)
    return parsed.render_as_string(hide_password=True)


@dataclass
class StoredRoom:
    """Everything stored about a room, enough to rebuild it."""

    row: RoomRow
    seats: list[SeatRow]
    actions: list[str]
    players_of_actions: list[int | None]

    def record(self) -> dict[str, Any]:
        """The room's record (:mod:`asobiba.core.record`): its setup and every stored entry."""
        row = self.row
        options = json.loads(row.options)
        return {"game": row.game, "players": row.players, "options": options, "seed": row.seed, "chance": "auto",
                "actions": self.actions}  # fmt: skip


#: Chat messages kept per room (older ones are deleted as new ones come).
KEPT_CHAT = 200
#: Log lines of the server (:class:`NoticeRow`) kept per room (older ones are deleted as new ones come):
#: each reconnect after a grace period makes two, and every full state carries them all.
KEPT_NOTICES = 50

#: Appends committed together at most (group commit).
MAX_BATCH = 500


@dataclass(frozen=True)
class _Append:
    room_id: str
    first_seq: int
    entries: tuple[str, ...]
    player: int
    room_changes: dict[str, Any]
    seat_changes: dict[int, dict[str, Any]]


@dataclass(frozen=True)
class _Write:
    """Any other write: a function of the connection, run in a transaction of its own."""

    write: Callable[[Connection], Any]


def _settle(future: asyncio.Future[Any], error: BaseException | None, result: Any = None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)


class Conflict(Exception):
    """Another writer stored an entry at this seq first."""


class DatabaseGone(Exception):
    """The SQLite file was deleted or replaced while open: writes would go nowhere."""


class DatabaseInUse(Exception):
    """Another process holds the SQLite file (each server process holds its file for itself)."""


class Storage:
    """The database of rooms. Every write is one short transaction."""

    def __init__(self, url: str, durability: str = "normal") -> None:
        self.url = normalise_url(url)
        self.is_sqlite = make_url(self.url).get_backend_name() == "sqlite"
        if durability not in SQLITE_SYNCHRONOUS:
            raise ValueError(f"durability is normal or full, not {durability!r}")
        pragmas = functools.partial(_sqlite_pragmas, SQLITE_SYNCHRONOUS[durability], False)
        # the writer never checkpoints (a checkpoint syncs the whole file: hundreds of milliseconds every
        # commit would wait for); a thread of its own does, every second, without blocking the writer
        writer_pragmas = functools.partial(_sqlite_pragmas, SQLITE_SYNCHRONOUS[durability], True)
        #: The SQLite file and its identity when opened (None: not a file).
        self.file: Path | None = None
        self._file_identity: tuple[int, int] | None = None
        if self.is_sqlite:
            database = make_url(self.url).database
            if database and database != ":memory:":
                self.file = Path(database)
                self.file.parent.mkdir(parents=True, exist_ok=True)
        # every use is a transaction that commits or rolls back: no reset round trip on return
        self.engine: AsyncEngine = create_async_engine(self._engine_url(), pool_reset_on_return=None)
        self.write_engine: Engine | None = None
        self.write_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="asobiba-db-writer")
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", pragmas)
            # writes: the plain sqlite3 driver in one thread of its own
            sync_url = self._engine_url().set(drivername="sqlite")
            self.write_engine = create_engine(sync_url, pool_reset_on_return=None, pool_size=1, max_overflow=0)
            event.listen(self.write_engine, "connect", writer_pragmas)
        self.checkpoint_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="asobiba-db-checkpoint")
        self._checkpoints: asyncio.Task[None] | None = None
        self._checkpoint_connection: sqlite3.Connection | None = None
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._pending: list[tuple[_Append | _Write, asyncio.Future[Any]]] = []
        self._writer: asyncio.Task[None] | None = None

    def _engine_url(self) -> URL:
        """The URL the engines connect with: a SQLite file through the ``unix-excl`` VFS (see
        :data:`SQLITE_VFS`)."""
        url = make_url(self.url)
        if self.file is None:
            return url
        return url.set(database=f"{self.file.resolve().as_uri()}?vfs={SQLITE_VFS}", query={"uri": "true"})

    async def migrate(self) -> None:
        """Bring the schema to the newest migration (creates it in a new database)."""
        try:
            async with self.engine.begin() as connection:
                await connection.run_sync(_upgrade)
        except OperationalError as error:
            if self.file is not None and "locked" in str(error.orig):
                raise DatabaseInUse(
                    f"the SQLite file {self.file} is in use by another process: one server process holds a "
                    "SQLite file (several processes share PostgreSQL)"
                ) from None
            raise
        if self.file is not None:
            identity = self.file.stat()
            self._file_identity = (identity.st_dev, identity.st_ino)

    def start_checkpoints(self) -> None:
        """SQLite: checkpoint the WAL into the database file every second, off the writer's path."""
        if self.file is not None and self._checkpoints is None:
            self._checkpoints = asyncio.get_running_loop().create_task(self._checkpoint_loop())

    async def _checkpoint_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await loop.run_in_executor(self.checkpoint_thread, self._checkpoint)
            except Exception as error:  # the health probe says whether the database is writable
                log.warning("WAL checkpoint failed: %s", error)

    def _checkpoint(self) -> None:
        """(In the checkpoint thread.) ``PASSIVE``: copy what it can, waiting for nobody."""
        if self._checkpoint_connection is None:
            assert self.file is not None  # never create the file (it may have been deleted)
            uri = f"{self.file.resolve().as_uri()}?mode=rw&vfs={SQLITE_VFS}"
            self._checkpoint_connection = sqlite3.connect(uri, uri=True, timeout=30, check_same_thread=False)
        self._checkpoint_connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def check_file(self) -> None:
        """:class:`DatabaseGone` if the SQLite file is not the one opened any more (deleted or
        replaced: SQLite would go on writing to the unlinked file and lose everything)."""
        if self.file is None or self._file_identity is None:
            return
        try:
            identity = self.file.stat()
        except FileNotFoundError:
            raise DatabaseGone(f"the database file {self.file} was deleted") from None
        if (identity.st_dev, identity.st_ino) != self._file_identity:
            raise DatabaseGone(f"the database file {self.file} was replaced")

    async def probe(self, node: str) -> None:
        """Write this process's health row (raises what the database raises)."""
        now = time.time()

        def write(connection: Connection) -> None:
            connection.execute(delete(HEALTH).where(HEALTH.c.node == node))
            connection.execute(insert(HEALTH), [{"node": node, "checked_at": now}])

        await self._enqueue(_Write(write))

    async def close(self) -> None:
        """Finish the queued writes, then close the connections."""
        if self._writer is not None and not self._writer.done():
            await asyncio.wait({self._writer}, timeout=10)
        if self._checkpoints is not None:
            self._checkpoints.cancel()
            await asyncio.gather(self._checkpoints, return_exceptions=True)
        if self.write_engine is not None:
            self.write_engine.dispose()
        self.write_thread.shutdown(wait=True)
        if self._checkpoint_connection is not None:
            connection = self._checkpoint_connection
            self.checkpoint_thread.submit(connection.close)
        self.checkpoint_thread.shutdown(wait=True)
        await self.engine.dispose()

    # ------------------------------------------------------------------ writes

    # Every write goes through one queue, in order, on one connection at a time: SQLite has a single
    # writer (this keeps its busy-wait out of the way) and consecutive appends share a commit.

    async def _enqueue(self, operation: _Append | _Write) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending.append((operation, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_queue())
        return await future

    async def create_room(self, room: RoomRow, seats: Sequence[SeatRow], actions: Sequence[str]) -> None:
        """A new room with its seats and its setup entries (the deal), in one transaction."""
        # a column with a default (``spectator_chat``, ``chat_key``…) left unset takes it
        room_values = {
            column.name: getattr(room, column.name)
            for column in ROOMS.columns
            if getattr(room, column.name) is not None or column.default is None
        }
        seat_values = [
            {column.name: column_value(column, getattr(seat, column.name)) for column in SEATS.columns}
            for seat in seats
        ]
        action_values = [
            {"room_id": room.id, "seq": seq, "text": text, "player": None, "created_at": room.created_at}
            for seq, text in enumerate(actions)
        ]

        def write(connection: Connection) -> None:
            connection.execute(insert(ROOMS), [room_values])
            if seat_values:
                connection.execute(insert(SEATS), seat_values)
            if action_values:
                connection.execute(insert(ACTIONS), action_values)

        await self._enqueue(_Write(write))

    async def append(
        self,
        room_id: str,
        first_seq: int,
        entries: Sequence[str],
        player: int,
        room_changes: dict[str, Any],
        seat_changes: dict[int, dict[str, Any]] | None = None,
    ) -> None:
        """Store one accepted action and the chance outcomes it triggered (``first_seq`` onward),
        with the room's new deadline or status, in ONE transaction, committed when this returns.
        :class:`Conflict` if the seq is taken (the database decides races).

        Appends of many rooms arriving together share a transaction (group commit): each room's
        entries are all in it or all out of it. If one of them conflicts, each is retried alone.
        """
        await self._enqueue(_Append(room_id, first_seq, tuple(entries), player, room_changes, seat_changes or {}))

    async def transaction(self, write: Callable[[Connection], Written]) -> Written:
        """Run ``write`` in one transaction of its own, in the single writer's queue (the writes of
        another module: :mod:`asobiba.server.accounts.ratings`)."""
        written: Written = await self._enqueue(_Write(write))
        return written

    async def update_room(self, room_id: str, **changes: Any) -> None:
        def write(connection: Connection) -> None:
            connection.execute(update(ROOMS).where(ROOMS.c.id == room_id).values(**changes))

        await self._enqueue(_Write(write))

    async def update_seat(self, room_id: str, seat: int, **changes: Any) -> None:
        def write(connection: Connection) -> None:
            connection.execute(update(SEATS).where(SEATS.c.room_id == room_id, SEATS.c.seat == seat).values(**changes))

        await self._enqueue(_Write(write))

    async def claim_seat(
        self,
        room_id: str,
        seat: int,
        token_hash: str,
        name: str | None,
        invite_hash: str | None,
        account_id: int | None = None,
    ) -> bool:
        """Give a free human seat to a person (signed in: the seat is ``account_id``'s, in the same
        transaction); False if somebody took it first (or its invite code is not ``invite_hash`` any more)."""

        def write(connection: Connection) -> bool:
            invite = SEATS.c.invite_hash.is_(None) if invite_hash is None else SEATS.c.invite_hash == invite_hash
            result = connection.execute(
                update(SEATS)
                .where(
                    SEATS.c.room_id == room_id,
                    SEATS.c.seat == seat,
                    SEATS.c.kind == "human",
                    SEATS.c.token_hash.is_(None),
                    invite,
                )
                .values(token_hash=token_hash, name=name, **({"account_id": account_id} if account_id else {}))
            )
            return bool(result.rowcount)

        claimed: bool = await self._enqueue(_Write(write))
        return claimed

    async def start_room(self, room_id: str, kinds: dict[int, str], room_changes: dict[str, Any]) -> bool:
        """The room starts: the free person seats of ``kinds`` become those bots and the room's row
        takes ``room_changes`` (``started`` and the clock), and no seat is kept any more (a rematch's
        player not back yet is away), in one transaction; False if it had started already (another
        process pressed Start first)."""

        def write(connection: Connection) -> bool:
            result = connection.execute(
                update(ROOMS)
                .where(ROOMS.c.id == room_id, ROOMS.c.started.is_(False))
                .values(started=True, updated_at=time.time(), **room_changes)
            )
            if not result.rowcount:
                return False
            connection.execute(update(SEATS).where(SEATS.c.room_id == room_id).values(kept=False))
            for seat, kind in kinds.items():
                connection.execute(
                    update(SEATS)
                    .where(SEATS.c.room_id == room_id, SEATS.c.seat == seat, SEATS.c.token_hash.is_(None))
                    .values(kind=kind)
                )
            return True

        started: bool = await self._enqueue(_Write(write))
        return started

    async def add_chat(
        self, room_id: str, seat: int | None, name: str | None, text: str, spectator: str | None = None
    ) -> ChatRow:
        """Keep a chat message (and only the room's last :data:`KEPT_CHAT`): the row as stored."""
        now = time.time()

        def write(connection: Connection) -> int:
            result = connection.execute(
                insert(CHAT).values(
                    room_id=room_id, seat=seat, name=name, text=text, created_at=now, spectator=spectator
                )
            )
            key = result.inserted_primary_key
            assert key is not None
            kept = select(CHAT.c.id).where(CHAT.c.room_id == room_id).order_by(CHAT.c.id.desc()).limit(KEPT_CHAT)
            connection.execute(delete(CHAT).where(CHAT.c.room_id == room_id, CHAT.c.id.not_in(kept.scalar_subquery())))
            return int(key[0])

        number: int = await self._enqueue(_Write(write))
        return ChatRow(id=number, room_id=room_id, seat=seat, name=name, text=text, created_at=now, spectator=spectator)

    async def add_notice(self, room_id: str, seq: int, kind: str, seat: int | None) -> NoticeRow:
        """Keep a log line (and only the room's last :data:`KEPT_NOTICES`): the row as stored."""
        now = time.time()

        def write(connection: Connection) -> int:
            result = connection.execute(
                insert(NOTICES).values(room_id=room_id, seq=seq, kind=kind, seat=seat, created_at=now)
            )
            key = result.inserted_primary_key
            assert key is not None
            kept = (
                select(NOTICES.c.id)
                .where(NOTICES.c.room_id == room_id)
                .order_by(NOTICES.c.id.desc())
                .limit(KEPT_NOTICES)
            )
            connection.execute(
                delete(NOTICES).where(NOTICES.c.room_id == room_id, NOTICES.c.id.not_in(kept.scalar_subquery()))
            )
            return int(key[0])

        number: int = await self._enqueue(_Write(write))
        return NoticeRow(id=number, room_id=room_id, seq=seq, kind=kind, seat=seat, created_at=now)

    async def save_analysis(self, room_id: str, seat: int, sizing: str, body: str) -> None:
        """Keep a seat's analysis (replacing one made otherwise)."""
        values = {"room_id": room_id, "seat": seat, "sizing": sizing, "body": body, "created_at": time.time()}

        def write(connection: Connection) -> None:
            connection.execute(delete(ANALYSES).where(ANALYSES.c.room_id == room_id, ANALYSES.c.seat == seat))
            connection.execute(insert(ANALYSES), [values])

        await self._enqueue(_Write(write))

    async def _write_queue(self) -> None:
        while self._pending:
            if self.write_engine is not None:
                await self._write_in_one_hop()
                continue
            if isinstance(self._pending[0][0], _Write):
                (operation, future), self._pending = self._pending[0], self._pending[1:]
                assert isinstance(operation, _Write)
                try:
                    result = await self._transaction(operation.write)
                except Exception as error:
                    _settle(future, error)
                else:
                    _settle(future, None, result)
                continue
            count = 0
            while count < min(MAX_BATCH, len(self._pending)) and isinstance(self._pending[count][0], _Append):
                count += 1
            batch, self._pending = self._pending[:count], self._pending[count:]
            appends = [operation for operation, _ in batch if isinstance(operation, _Append)]
            try:
                await self._write_appends(appends)
            except IntegrityError:
                for operation, future in batch:  # find the one that conflicts; the others commit
                    assert isinstance(operation, _Append)
                    try:
                        await self._write_appends([operation])
                    except IntegrityError as error:
                        _settle(future, Conflict(str(error)))
                    except Exception as error:
                        _settle(future, error)
                    else:
                        _settle(future, None)
                continue
            except Exception as error:
                for _, future in batch:
                    _settle(future, error)
                continue
            for _, future in batch:
                _settle(future, None)

    async def _write_in_one_hop(self) -> None:
        """SQLite: every queued write (up to :data:`MAX_BATCH`) in one trip to the writer thread,
        each in its transaction as :meth:`_write_queue` would run it (consecutive appends in one);
        each waiter hears once its transaction committed (or failed)."""
        taken, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
        groups: list[list[tuple[_Append | _Write, asyncio.Future[Any]]]] = []
        for item in taken:
            if groups and isinstance(item[0], _Append) and isinstance(groups[-1][0][0], _Append):
                groups[-1].append(item)
            else:
                groups.append([item])
        operations = [[operation for operation, _ in group] for group in groups]
        try:
            outcomes = await asyncio.get_running_loop().run_in_executor(self.write_thread, self._run_groups, operations)
        except Exception as failure:  # (the thread could not be reached: nothing was run)
            for _, future in taken:
                _settle(future, failure)
            return
        for group, results in zip(groups, outcomes, strict=True):
            for (_, future), (error, result) in zip(group, results, strict=True):
                _settle(future, error, result)

    def _run_groups(self, groups: list[list[_Append | _Write]]) -> list[list[tuple[Exception | None, Any]]]:
        """(In the writer thread.) Each group's transaction: its outcome per operation, ``(error,
        result)``. Appends that conflict together are retried one by one (the others commit)."""
        return [self._run_group(group) for group in groups]

    def _run_group(self, group: list[_Append | _Write]) -> list[tuple[Exception | None, Any]]:
        run = self._run_transaction
        if isinstance(group[0], _Write):
            try:
                return [(None, run(group[0].write))]
            except Exception as error:
                return [(error, None)]
        appends = [operation for operation in group if isinstance(operation, _Append)]
        try:
            run(lambda connection: _insert_appends(connection, appends))
            return [(None, None)] * len(appends)
        except IntegrityError:
            pass
        except Exception as error:
            return [(error, None)] * len(appends)
        outcomes: list[tuple[Exception | None, Any]] = []
        for operation in appends:  # find the one that conflicts; the others commit
            try:
                run(functools.partial(_insert_appends, appends=[operation]))
            except IntegrityError as error:
                outcomes.append((Conflict(str(error)), None))
            except Exception as error:
                outcomes.append((error, None))
            else:
                outcomes.append((None, None))
        return outcomes

    async def _write_appends(self, appends: Sequence[_Append]) -> None:
        await self._transaction(lambda connection: _insert_appends(connection, appends))

    async def _transaction(self, write: Callable[[Connection], Any]) -> Any:
        """Run ``write`` in one transaction: for SQLite in the writer thread on a plain sqlite3
        connection (one thread hop per transaction, not one per statement)."""
        if self.write_engine is not None:
            return await asyncio.get_running_loop().run_in_executor(self.write_thread, self._run_transaction, write)
        self.check_file()
        async with self.engine.begin() as connection:
            return await connection.run_sync(write)

    def _run_transaction(self, write: Callable[[Connection], Any]) -> Any:
        """(SQLite, in the writer thread.) ``write`` in one transaction, committed when this returns."""
        assert self.write_engine is not None
        self.check_file()
        with self.write_engine.begin() as connection:
            return write(connection)

    # ------------------------------------------------------------------ reads

    async def load(self, room_id: str, from_seq: int = 0) -> StoredRoom | None:
        """The room's row, seats and record entries (those from ``from_seq`` on)."""
        async with self.sessions() as session:
            row = await session.get(RoomRow, room_id)
            if row is None:
                return None
            seats = (
                await session.scalars(select(SeatRow).where(SeatRow.room_id == room_id).order_by(SeatRow.seat))
            ).all()
            actions = (
                await session.execute(
                    select(ActionRow.text, ActionRow.player)
                    .where(ActionRow.room_id == room_id, ActionRow.seq >= from_seq)
                    .order_by(ActionRow.seq)
                )
            ).all()
        return StoredRoom(row, list(seats), [text for text, _ in actions], [player for _, player in actions])

    async def chat(self, room_id: str) -> list[ChatRow]:
        """The room's kept chat messages, oldest first."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(ChatRow).where(ChatRow.room_id == room_id).order_by(ChatRow.id.desc()).limit(KEPT_CHAT)
            )
            return list(reversed(rows.all()))

    async def notices(self, room_id: str) -> list[NoticeRow]:
        """The room's log lines of the server (the last :data:`KEPT_NOTICES`), oldest first."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(NoticeRow).where(NoticeRow.room_id == room_id).order_by(NoticeRow.id.desc()).limit(KEPT_NOTICES)
            )
            return list(reversed(rows.all()))

    async def listed_waiting_room_ids(self, limit: int) -> list[str]:
        """Rooms listed in the lobby that have not started, newest first."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(RoomRow.id)
                .where(RoomRow.listed.is_(True), RoomRow.started.is_(False), RoomRow.status != "over")
                .order_by(RoomRow.created_at.desc())
                .limit(limit)
            )
            return list(rows.all())

    async def load_analysis(self, room_id: str, seat: int, sizing: str) -> str | None:
        """A seat's stored analysis made with ``sizing`` (its JSON text), if any."""
        async with self.sessions() as session:
            row = await session.get(AnalysisRow, (room_id, seat))
            return row.body if row is not None and row.sizing == sizing else None

    async def entry_counts(self, room_ids: Sequence[str]) -> dict[str, int]:
        """How many record entries each room has stored (one query)."""
        if not room_ids:
            return {}
        async with self.sessions() as session:
            rows = await session.execute(
                select(ActionRow.room_id, func.count())
                .where(ActionRow.room_id.in_(room_ids))
                .group_by(ActionRow.room_id)
            )
            return {room_id: int(count) for room_id, count in rows.all()}

    async def open_room_ids(self) -> list[str]:
        """The live rooms in memory when the server stopped (turn-based rooms come back when due or asked for)."""
        async with self.sessions() as session:
            rows = await session.scalars(select(RoomRow.id).where(RoomRow.status == "open", RoomRow.pace == "live"))
            return list(rows.all())

    async def latest_time(self) -> float:
        """The latest server time the rooms hold (a decision's start, a room made, a game's end), 0 if none."""
        async with self.sessions() as session:
            found = (
                await session.execute(
                    select(
                        func.max(RoomRow.decision_started), func.max(RoomRow.created_at), func.max(RoomRow.finished_at)
                    )
                )
            ).one()
        return max((value for value in found if value is not None), default=0.0)

    async def due_room_ids(self, now: float, limit: int) -> list[str]:
        """Turn-based rooms whose decision's deadline is ``now`` or past, earliest first (by the
        index on ``rooms.deadline``)."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(RoomRow.id)
                .where(RoomRow.deadline <= now, RoomRow.pace == "turn-based", RoomRow.status != "over")
                .order_by(RoomRow.deadline)
                .limit(limit)
            )
            return list(rows.all())

    async def claim_timeout(
        self,
        room_id: str,
        seq: int,
        seat: int,
        now: float,
        retry_at: float,
        *,
        empty_bank: bool,
        forfeit_after: int | None,
    ) -> SeatRow | None:
        """The decision at ``seq`` (``seat``'s) ran out of time at ``now``: claim it, once, whichever
        process comes first. The room's deadline moves to ``retry_at`` (if its stand-in never decides —
        the process died — the timeout is taken up again then, without counting twice), the seat's
        ``timeouts`` grow by one, its bank empties (``empty_bank``) and, at ``forfeit_after`` timeouts,
        it is ``resigned``. The seat as it is now, or None if the timeout was not this call's to claim."""

        def write(connection: Connection) -> SeatRow | None:
            claimed = connection.execute(
                update(ROOMS)
                .where(
                    ROOMS.c.id == room_id,
                    ROOMS.c.deadline_seq == seq,
                    ROOMS.c.deadline <= now,
                    (ROOMS.c.timed_out_seq.is_(None)) | (ROOMS.c.timed_out_seq != seq),
                )
                .values(timed_out_seq=seq, deadline=retry_at)
            )
            if not claimed.rowcount:
                return None
            where = (SEATS.c.room_id == room_id, SEATS.c.seat == seat)
            changes: dict[str, Any] = {"timeouts": SEATS.c.timeouts + 1}
            if empty_bank:
                changes["bank"] = 0.0
            connection.execute(update(SEATS).where(*where).values(**changes))
            if forfeit_after is not None:
                connection.execute(update(SEATS).where(*where, SEATS.c.timeouts >= forfeit_after).values(resigned=True))
            found = connection.execute(select(SEATS).where(*where)).one()
            return SeatRow(**found._asdict())

        claimed: SeatRow | None = await self._enqueue(_Write(write))
        return claimed


def _insert_appends(connection: Connection, appends: Sequence[_Append]) -> None:
    """The entries of every append, and their rooms' and seats' changes (one executemany per kind
    of change, so a batch costs a few statements whatever its size)."""
    now = time.time()
    rows = [
        {
            "room_id": append.room_id,
            "seq": append.first_seq + index,
            "text": text,
            "player": append.player if index == 0 else None,
            "created_at": now,
        }
        for append in appends
        for index, text in enumerate(append.entries)
    ]
    room_updates: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    seat_updates: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for append in appends:
        if append.room_changes:
            keys = tuple(sorted(append.room_changes))
            room_updates.setdefault(keys, []).append(
                {"key_room": append.room_id, "updated_at": now, **append.room_changes}
            )
        for seat, changes in append.seat_changes.items():
            keys = tuple(sorted(changes))
            seat_updates.setdefault(keys, []).append({"key_room": append.room_id, "key_seat": seat, **changes})
    connection.execute(insert(ACTIONS), rows)
    for keys, values in room_updates.items():
        statement = (
            update(ROOMS)
            .where(ROOMS.c.id == bindparam("key_room"))
            .values({key: bindparam(key) for key in (*keys, "updated_at")})
        )
        connection.execute(statement, values)
    for keys, values in seat_updates.items():
        statement = (
            update(SEATS)
            .where(SEATS.c.room_id == bindparam("key_room"), SEATS.c.seat == bindparam("key_seat"))
            .values({key: bindparam(key) for key in keys})
        )
        connection.execute(statement, values)


#: ``PRAGMA synchronous`` per durability: NORMAL (WAL; the default) survives a killed process — a
#: commit is in the WAL file before it returns — but may lose the last commits on a power cut; FULL
#: syncs the WAL on every commit and survives that too (``asobiba serve --durability full``).
SQLITE_SYNCHRONOUS = {"normal": "NORMAL", "full": "FULL"}


#: The SQLite VFS of every connection to a SQLite file. In WAL mode SQLite keeps the WAL index in a
#: ``-shm`` file mapped into memory; a page of that mapping that can no longer be read (the file
#: truncated or damaged by another program while the server runs) is SIGBUS, which kills the process
#: at once, with nothing logged. ``unix-excl`` keeps the WAL index in the process's own memory
#: instead (there is no ``-shm`` file) and shares it between the process's connections, by holding
#: the file locked for this process: another process cannot open it while the server runs (one
#: process per SQLite file; several processes share PostgreSQL). The WAL, its commits and their
#: durability are the same; a failing disk is then a write error like any other (acts ``unavailable``
#: until the health probe can write again).
SQLITE_VFS = "unix-excl"

#: Seconds between two checkpoints of the WAL (by the checkpoint thread, not the writer).
CHECKPOINT_SECONDS = 1.0


def _sqlite_pragmas(synchronous: str, writer: bool, dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA mmap_size=0")  # read the database file, never map it (see SQLITE_VFS)
    cursor.execute(f"PRAGMA synchronous={synchronous}")
    if writer:
        cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


#: The PostgreSQL advisory lock held around a migration (processes started together wait their turn).
MIGRATION_LOCK = 0x61736F6269  # "asobi"


def _upgrade(connection: Any) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    if connection.dialect.name == "postgresql":  # released when this transaction ends
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def column_value(column: Column[Any], value: Any) -> Any:
    """``value`` for ``column``, or its scalar default when ``value`` was left unset (a row made
    outside the lobby, in a test, before a column existed in its code)."""
    default = column.default
    if value is None and isinstance(default, ScalarElementColumnDefault):
        return default.arg
    return value


__all__ = [
    "ActionRow",
    "AnalysisRow",
    "Base",
    "ChatRow",
    "Conflict",
    "DatabaseGone",
    "DatabaseInUse",
    "NoticeRow",
    "RoomRow",
    "SeatRow",
    "Storage",
    "StoredRoom",
    "default_database_url",
    "describe_url",
    "normalise_url",
]
