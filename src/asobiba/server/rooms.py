"""Rooms: the authoritative game, its seats and connections, its bots and its clock.

Per accepted action, in this order: check on the current state -> ONE transaction storing the
action and every chance outcome it triggered -> commit -> swap in the new state -> acknowledge ->
send every connection its own view. A room's lock makes that sequence atomic within the process;
the database's unique ``(room, seq)`` decides between processes.
"""

from __future__ import annotations

import asyncio
import bisect
import hashlib
import itertools
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from asobiba.bots import bot as make_bot
from asobiba.bots.base import Bot
from asobiba.core.errors import AsobibaError
from asobiba.core.events import Event
from asobiba.core.game import Game
from asobiba.core.registry import get_game
from asobiba.core.state import State
from asobiba.i18n import Catalog
from asobiba.server import engine
from asobiba.server.cluster import HEARTBEAT_SECONDS, Cluster
from asobiba.server.protocol import (
    ChatFrame,
    ClockInfo,
    ClockSpec,
    Presence,
    RejectionCode,
    SeatInfo,
)
from asobiba.server.storage import Conflict, RoomRow, SeatRow, Storage, StoredRoom, dumps

tr = Catalog("server")
log = logging.getLogger("asobiba.server")

#: The bot that plays a decision whose clock ran out, or a seat whose person left.
STAND_IN_LEVEL = "normal"
#: Frames waiting for a slow connection before it is dropped.
MAX_QUEUED_FRAMES = 256


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_room_id() -> str:
    return secrets.token_urlsafe(9)


@dataclass(frozen=True)
class Settings:
    """How the server runs (``asobiba serve`` sets these)."""

    database_url: str
    bot_delay: float = 1.0
    #: Seconds a person may be away before a bot takes the seat over.
    grace: float = 60.0
    #: Seconds without a connection after which a room leaves memory (it stays in the database).
    idle_close: float = 3600.0
    #: Extra origins allowed to open WebSockets (the served origin always is).
    origins: tuple[str, ...] = ()
    #: Rooms created or joined per client address.
    http_rate: str = "30/second"
    bot_threads: int = 4
    #: Redis between several server processes (None: this process is alone).
    redis_url: str | None = None
    #: The public origin (``https://play.example``) WebSocket ``Origin`` headers must match behind a
    #: proxy (None: the request's own host).
    origin: str | None = None


class Connection:
    """One WebSocket: who it is (a seat or a spectator), its language, and its outgoing queue."""

    _numbers = itertools.count(1)

    def __init__(self, send: Callable[[str], Awaitable[None]]) -> None:
        self.number = next(self._numbers)
        self._send = send
        self.seat: int | None = None
        self.lang = "en"
        self.greeted = False
        #: The seq of the last ``state`` this connection got (events after it come next).
        self.last_seq: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = asyncio.Event()

    def push(self, frame: Any) -> None:
        """Queue a frame (a pydantic model or a dict); frames go out in the order pushed."""
        if self.closed.is_set():
            return
        if self.queue.qsize() >= MAX_QUEUED_FRAMES:
            self.closed.set()
            self.queue.put_nowait(None)
            return
        if hasattr(frame, "model_dump_json"):
            text = frame.model_dump_json()
        else:
            text = json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
        self.queue.put_nowait(text)

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
        self.closed.set()
        self.queue.put_nowait(None)


@dataclass
class Seat:
    number: int
    kind: str
    name: str | None = None
    token_hash: str | None = None
    taken_over: bool = False
    bank: float | None = None
    connections: set[Connection] = field(default_factory=set)
    grace_task: asyncio.Task[None] | None = None
    bot: Bot | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot:")

    @property
    def occupied(self) -> bool:
        return self.is_bot or self.token_hash is not None

    @property
    def played_by_bot(self) -> bool:
        return self.is_bot or self.taken_over

    def player(self) -> Bot:
        """This seat's bot (its level, or the stand-in for a person)."""
        if self.bot is None:
            level = self.kind.removeprefix("bot:") if self.is_bot else STAND_IN_LEVEL
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
        )


def stale_message(seq: int) -> Callable[[str], str]:
    return lambda lang: tr("the game has moved on: it is at seq {seq} now", lang, seq=seq)


def over_message(lang: str) -> str:
    return tr("the game is over", lang)


def not_your_turn_message(lang: str) -> str:
    return tr("it is not your turn", lang)


@dataclass
class Outcome:
    """What became of an ``act``."""

    accepted: bool
    seq: int
    code: RejectionCode | None = None
    error: AsobibaError | None = None
    message: Callable[[str], str] | None = None

    def message_in(self, lang: str) -> str:
        if self.error is not None:
            return self.error.translated(lang)
        return self.message(lang) if self.message is not None else ""


class Room:
    """One game being played: its state, its record's bookkeeping, its seats and connections."""

    def __init__(self, lobby: Lobby, row: RoomRow, seats: list[Seat], state: State) -> None:
        self.lobby = lobby
        self.id = row.id
        self.row = row
        self.game: Game = state.game
        self.seats = seats
        self.state = state
        #: Every event with the seq it led to (what a reconnecting connection may have missed).
        self.events: list[tuple[int, Event]] = []
        #: Per record entry: the seat whose decision it was (None for chance outcomes).
        self.entry_players: list[int | None] = []
        self.entries: list[str] = []
        self.spectators: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.clock = ClockSpec.model_validate_json(row.clock) if row.clock else None
        self.bot_task: asyncio.Task[None] | None = None
        self.bot_task_seq = -1
        #: This seq's views per seat and legal actions per language (shared by connections).
        self._cached_seq = -1
        self._views: dict[int | None, dict[str, Any]] = {}
        self._legal: dict[str, list[dict[str, Any]]] = {}
        self.clock_task: asyncio.Task[None] | None = None
        self.last_connection = time.time()

    # ------------------------------------------------------------------ facts

    @property
    def seq(self) -> int:
        return self.state.seq

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def connections(self) -> list[Connection]:
        found = list(self.spectators)
        for seat in self.seats:
            found.extend(seat.connections)
        return found

    def seat_by_token(self, token: str) -> Seat | None:
        wanted = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, wanted):
                return seat
        return None

    def summary(self) -> dict[str, Any]:
        return {
            "room": self.id,
            "game": self.game.name,
            "players": self.state.players,
            "name": self.row.name,
            "status": self.row.status,
            "seq": self.seq,
            "to_move": self.state.to_move,
            "seats": [seat.info().model_dump() for seat in self.seats],
            "spectators": len(self.spectators),
            "bot_delay": self.row.bot_delay,
            "clock": self.clock.model_dump() if self.clock else None,
            "rematch": self.row.rematch,
            "rematch_of": self.row.rematch_of,
        }

    # ------------------------------------------------------------------ frames

    def clock_info(self) -> ClockInfo | None:
        if self.clock is None:
            return None
        banks = [seat.bank or 0.0 for seat in self.seats] if self.clock.bank is not None else None
        deadline = self.row.deadline if self.row.deadline_seq == self.seq else None
        return ClockInfo(
            player=self.state.to_move if deadline is not None else None,
            deadline=deadline,
            remaining=max(0.0, deadline - time.time()) if deadline is not None else None,
            per_decision=self.clock.per_decision,
            banks=banks,
        )

    def state_frame(self, connection: Connection, since: int | None) -> dict[str, Any]:
        """A full snapshot for this connection (a :class:`StateFrame`, built as a plain dict: it
        is the hot path), with the events after ``since`` as it may see them."""
        seat, lang = connection.seat, connection.lang
        state = self.state
        if self._cached_seq != state.seq:
            self._views.clear()
            self._legal.clear()
            self._cached_seq = state.seq
        if seat not in self._views:
            self._views[seat] = state.view(seat)
        legal: list[dict[str, Any]] = []
        if seat is not None and state.to_move == seat:
            if lang not in self._legal:
                self._legal[lang] = [
                    {
                        "notation": str(action),
                        "action": action.to_json(),
                        "label": self.game.describe_action(action, lang),
                    }
                    for action in state.legal_actions()
                ]
            legal = self._legal[lang]
        events = []
        first = 0 if since is None else bisect.bisect_right(self.events, since, key=lambda entry: entry[0])
        for _after, event in self.events[first:]:
            shown = event.seen_by(seat)
            if shown is not None:
                events.append({**shown.to_dict(), "text": self.game.describe_event(shown, lang)})
        clock = self.clock_info()
        return {
            "type": "state",
            "seq": state.seq,
            "seat": seat,
            "view": self._views[seat],
            "legal": legal,
            "events": events,
            "clock": clock.model_dump() if clock is not None else None,
        }

    def send_state(self, connection: Connection, since: int | None) -> None:
        connection.push(self.state_frame(connection, since))
        connection.last_seq = self.seq

    def broadcast_state(self) -> None:
        for connection in self.connections():
            if connection.greeted:
                self.send_state(connection, connection.last_seq)

    def presence(self) -> Presence:
        return Presence(
            seats=[seat.info() for seat in self.seats], spectators=len(self.spectators), rematch=self.row.rematch
        )

    def broadcast_presence(self) -> None:
        frame = self.presence()
        for connection in self.connections():
            if connection.greeted:
                connection.push(frame)

    def broadcast_chat(self, connection: Connection, text: str) -> None:
        name = self.seats[connection.seat].name if connection.seat is not None else None
        frame = ChatFrame(seat=connection.seat, name=name, text=text)
        for other in self.connections():
            if other.greeted:
                other.push(frame)

    # ------------------------------------------------------------------ connections

    async def attach(self, connection: Connection, seat: Seat | None) -> None:
        """A connection says hello as ``seat`` (None: a spectator)."""
        self.detach_quietly(connection)
        connection.seat = seat.number if seat is not None else None
        connection.greeted = True
        self.last_connection = time.time()
        if seat is None:
            self.spectators.add(connection)
            return
        seat.connections.add(connection)
        if seat.grace_task is not None:
            seat.grace_task.cancel()
            seat.grace_task = None
        if seat.taken_over:
            seat.taken_over = False
            await self.lobby.storage.update_seat(self.id, seat.number, taken_over=False)
            await self.restart_clock()
            self.schedule()
            await self.lobby.cluster.publish(self.id, self.seq, seats=True)

    def detach_quietly(self, connection: Connection) -> None:
        self.spectators.discard(connection)
        for seat in self.seats:
            seat.connections.discard(connection)

    def detach(self, connection: Connection) -> None:
        """A connection closed: a person's seat starts its grace period when nobody is left on it."""
        was_seat = connection.seat
        self.detach_quietly(connection)
        self.last_connection = time.time()
        if was_seat is not None:
            seat = self.seats[was_seat]
            if not seat.connections and not seat.is_bot and seat.occupied and not self.is_over:
                self.start_grace(seat)
        if connection.greeted:
            self.broadcast_presence()

    def start_grace(self, seat: Seat) -> None:
        """Count down the seat's grace period (only the process holding the room's lease does)."""
        if seat.grace_task is None and not seat.taken_over and self.lobby.cluster.holds(self.id):
            seat.grace_task = asyncio.create_task(self._grace(seat))

    async def _grace(self, seat: Seat) -> None:
        cluster = self.lobby.cluster
        if not cluster.shared:
            await asyncio.sleep(self.row.grace)
        else:  # the seat may be connected to another process: away means away from all of them
            absent_since = time.time()
            while True:
                if seat.connections or seat.taken_over or self.is_over:
                    seat.grace_task = None
                    return
                now = time.time()
                if await cluster.present_elsewhere(self.id, seat.number):
                    absent_since = now
                elif now - absent_since >= self.row.grace:
                    break
                await asyncio.sleep(min(HEARTBEAT_SECONDS, max(0.0, absent_since + self.row.grace - now)))
        seat.grace_task = None
        if seat.connections or seat.taken_over or self.is_over:
            return
        seat.taken_over = True
        await self.lobby.storage.update_seat(self.id, seat.number, taken_over=True)
        await self.restart_clock()
        self.broadcast_presence()
        self.schedule()
        await self.lobby.cluster.publish(self.id, self.seq, seats=True)

    # ------------------------------------------------------------------ acting

    async def submit(
        self,
        seat_number: int | None,
        seq: int,
        text: str,
        *,
        by_bot: bool = False,
        acknowledge: Callable[[Outcome], None] | None = None,
    ) -> Outcome:
        """Check and carry out an action for a seat; durable before anything is acknowledged.

        Once committed and swapped in: ``acknowledge`` (the actor's ``accepted``), then every
        connection's view, then the next bot or clock — all before the next act is looked at."""
        async with self.lock:
            current = self.seq
            if seat_number is None:
                return Outcome(False, current, "not_your_turn", message=not_your_turn_message)
            if seq < current:
                if (
                    seq < len(self.entries)
                    and self.entry_players[seq] == seat_number
                    and " ".join(text.split()) == self.entries[seq]
                ):
                    return Outcome(True, seq)  # the same act again (a resend after a reconnect)
                return Outcome(False, current, "stale", message=stale_message(current))
            if seq > current:
                return Outcome(False, current, "stale", message=stale_message(current))
            state = self.state
            if state.is_over:
                return Outcome(False, current, "illegal", message=over_message)
            if state.to_move != seat_number:
                return Outcome(False, current, "not_your_turn", message=not_your_turn_message)
            try:
                action = self.game.parse_action(text, state)
                state.check(action, player=seat_number)
            except AsobibaError as error:
                code = engine.rejection_code(error)
                return Outcome(False, current, code, error=error)  # type: ignore[arg-type]
            successor = state.clone()
            events = successor.apply(action)
            entries = successor.record()["actions"][current : successor.seq]
            room_changes, seat_changes = self._clock_after(seat_number, successor, by_bot)
            if successor.is_over:
                room_changes["status"] = "over"
            try:
                await self.lobby.storage.append(self.id, current, entries, seat_number, room_changes, seat_changes)
            except Conflict:
                # another process stored this seq first: take its entries from the database
                await self._reload_locked()
                return Outcome(False, self.seq, "stale", message=stale_message(self.seq))
            # committed: swap in the new state
            self.state = successor
            self.entries.extend(entries)
            self.entry_players.extend([seat_number] + [None] * (len(entries) - 1))
            after = successor.seq
            self.events.extend((after, event) for event in events)
            for name, value in room_changes.items():
                setattr(self.row, name, value)
            for number, changes in seat_changes.items():
                for name, value in changes.items():
                    setattr(self.seats[number], name, value)
            outcome = Outcome(True, current)
            if acknowledge is not None:
                acknowledge(outcome)
            self.broadcast_state()
            self.schedule()
            await self.lobby.cluster.publish(self.id, self.seq)
            return outcome

    # ------------------------------------------------------------------ other processes

    async def refresh(self) -> None:
        """Read the room again from the database (another process moved it on or changed a seat)."""
        async with self.lock:
            await self._reload_locked()

    async def _reload_locked(self) -> None:
        """With the lock held: the stored record replaces this one if it is further on; seats and the
        room's row are read again; connections get what changed."""
        stored = await self.lobby.storage.load(self.id, from_seq=len(self.entries))
        if stored is None:
            return
        before_seq = self.seq
        if stored.actions:
            try:
                self._apply_stored(stored.actions, stored.players_of_actions)
            except AsobibaError:  # not a continuation of this state: replay the whole record
                log.exception("room %s: the new entries do not follow on; replaying the record", self.id)
                complete = await self.lobby.storage.load(self.id)
                if complete is None:
                    return
                rebuilt = self.lobby._rebuild(complete)
                self.state, self.events = rebuilt.state, rebuilt.events
                self.entries, self.entry_players = rebuilt.entries, rebuilt.entry_players
        self.row = stored.row
        seats_before = [seat.info() for seat in self.seats]
        for seat, seat_row in zip(self.seats, stored.seats, strict=True):
            seat.kind, seat.name, seat.token_hash = seat_row.kind, seat_row.name, seat_row.token_hash
            seat.taken_over, seat.bank = seat_row.taken_over, seat_row.bank
            if seat.taken_over and seat.grace_task is not None:
                seat.grace_task.cancel()
                seat.grace_task = None
        if self.seq != before_seq:
            self.broadcast_state()
        if [seat.info() for seat in self.seats] != seats_before:
            self.broadcast_presence()
        self.schedule()

    def _apply_stored(self, entries: list[str], players: list[int | None]) -> None:
        """Carry the room on by entries another process stored (chance outcomes as recorded)."""
        successor = self.state.clone()
        successor.scripted_chance = True
        events: list[tuple[int, Event]] = []
        for text in entries:
            action = self.game.parse_action(text, successor)
            applied = successor.apply(action)
            events.extend((successor.seq, event) for event in applied)
        successor.scripted_chance = False
        successor.resolve_chance()
        self.state = successor
        self.events.extend(events)
        self.entries.extend(entries)
        self.entry_players.extend(players)

    def lease_gained(self) -> None:
        """This process acts for the room's clocks, bots and grace periods now."""
        for seat in self.seats:
            if not seat.is_bot and seat.occupied and not seat.connections and not self.is_over:
                self.start_grace(seat)
        self.schedule()

    def lease_lost(self) -> None:
        for task in (self.bot_task, self.clock_task):
            if task is not None:
                task.cancel()
        self.bot_task = self.clock_task = None
        self.bot_task_seq = -1
        for seat in self.seats:
            if seat.grace_task is not None:
                seat.grace_task.cancel()
                seat.grace_task = None

    # ------------------------------------------------------------------ clocks

    def _clock_after(
        self, actor: int, successor: State, by_bot: bool
    ) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
        """The room's new deadline (and the actor's bank) once ``actor`` has acted."""
        if self.clock is None:
            return {}, {}
        now = time.time()
        seat_changes: dict[int, dict[str, Any]] = {}
        if self.clock.bank is not None and self.row.decision_started is not None and not by_bot:
            used = now - self.row.decision_started
            over = max(0.0, used - (self.clock.per_decision or 0.0))
            bank = max(0.0, (self.seats[actor].bank or 0.0) - over)
            seat_changes[actor] = {"bank": bank}
        return self._deadline_for(successor, now, seat_changes), seat_changes

    def _deadline_for(self, state: State, now: float, seat_changes: Mapping[int, Mapping[str, Any]]) -> dict[str, Any]:
        if self.clock is None or state.is_over:
            return {"deadline": None, "deadline_seq": None, "decision_started": None}
        mover = state.to_move
        assert mover is not None
        seat = self.seats[mover]
        if seat.played_by_bot:
            return {"deadline": None, "deadline_seq": None, "decision_started": now}
        bank = seat_changes.get(mover, {}).get("bank", seat.bank) or 0.0
        allowance = (self.clock.per_decision or 0.0) + (bank if self.clock.bank is not None else 0.0)
        return {"deadline": now + allowance, "deadline_seq": state.seq, "decision_started": now}

    async def restart_clock(self) -> None:
        """Give the decision now a fresh deadline (a seat changed hands)."""
        if self.clock is None:
            return
        changes = self._deadline_for(self.state, time.time(), {})
        await self.lobby.storage.update_room(self.id, **changes)
        for name, value in changes.items():
            setattr(self.row, name, value)

    # ------------------------------------------------------------------ bots and timers

    def schedule(self) -> None:
        """Start whatever plays next by itself: the bot of the seat to move, or the clock's timer."""
        if self.lobby.stopping or self.is_over or not self.lobby.cluster.holds(self.id):
            return
        mover = self.state.to_move
        if mover is None or mover < 0:
            return
        seat = self.seats[mover]
        if seat.played_by_bot:
            if self.bot_task is None or self.bot_task.done() or self.bot_task_seq != self.seq:
                self.bot_task_seq = self.seq
                self.bot_task = asyncio.create_task(self._play_bot(mover, self.seq, self.row.bot_delay))
        elif self.clock is not None and self.row.deadline is not None and self.row.deadline_seq == self.seq:
            if self.clock_task is not None:
                self.clock_task.cancel()
            self.clock_task = asyncio.create_task(self._time_out(mover, self.seq, self.row.deadline))

    async def _time_out(self, seat: int, seq: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        if self.seq == seq and not self.is_over:
            if self.clock is not None and self.clock.bank is not None and self.seats[seat].bank:
                self.seats[seat].bank = 0.0
                await self.lobby.storage.update_seat(self.id, seat, bank=0.0)
            await self._play_bot(seat, seq, 0.0, timed_out=True)

    async def _play_bot(self, seat: int, seq: int, delay: float, *, timed_out: bool = False) -> None:
        """A bot chooses for ``seat`` from its observation only (in a worker thread), then acts
        through the same path as a person."""
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            state = self.state
            if self.seq != seq or state.to_move != seat or not (timed_out or self.seats[seat].played_by_bot):
                return
            player = self.seats[seat].player()
            # the observation (a sample of what the seat may know) is made in the thread too:
            # states are never changed once swapped in, so the thread may read this one
            action = await asyncio.get_running_loop().run_in_executor(
                self.lobby.bot_threads, lambda: player.choose(state.observe(seat))
            )
            if not (timed_out or self.seats[seat].played_by_bot):
                return  # its person came back while it thought
            await self.submit(seat, seq, str(action), by_bot=True)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: the bot of seat %s failed", self.id, seat)

    def stop(self) -> None:
        for task in (self.bot_task, self.clock_task, *(seat.grace_task for seat in self.seats)):
            if task is not None:
                task.cancel()
        for connection in self.connections():
            connection.close()


class Lobby:
    """Every room of this server process, in memory, backed by the storage."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.storage = Storage(settings.database_url)
        self.cluster = Cluster(settings.redis_url)
        self._heartbeat: asyncio.Task[None] | None = None
        self._present: set[tuple[str, int]] = set()
        self.rooms: dict[str, Room] = {}
        self.bot_threads = ThreadPoolExecutor(max_workers=settings.bot_threads, thread_name_prefix="asobiba-bot")
        self.stopping = False
        self._loading: dict[str, asyncio.Lock] = {}
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Migrate the database and rebuild every open room by replaying its record."""
        await self.storage.migrate()
        await self.cluster.start(self._advanced, self._redis_back)
        for room_id in await self.storage.open_room_ids():
            try:
                await self.get(room_id)
            except Exception:
                log.exception("room %s does not replay; left closed", room_id)
        self._sweeper = asyncio.create_task(self._sweep())
        if self.cluster.shared:
            self._heartbeat = asyncio.create_task(self._beat())

    async def stop(self) -> None:
        self.stopping = True
        for task in (self._sweeper, self._heartbeat):
            if task is not None:
                task.cancel()
        await self.cluster.stop()
        for room in self.rooms.values():
            room.stop()
        self.bot_threads.shutdown(wait=False, cancel_futures=True)
        await self.storage.close()

    async def _advanced(self, room_id: str, seq: int, seats_changed: bool) -> None:
        """A process says the room is at ``seq`` (or changed a seat): catch up if this one is behind."""
        room = self.rooms.get(room_id)
        if room is not None and (seq > room.seq or seats_changed):
            await room.refresh()

    async def _redis_back(self) -> None:
        """Messages may have been lost while Redis was away: read every room again."""
        for room in list(self.rooms.values()):
            try:
                await room.refresh()
            except Exception:
                log.exception("room %s: reload failed", room.id)

    async def _beat(self) -> None:
        """Every heartbeat: renew this process's leases (take free ones), say which seats are
        connected here."""
        while True:
            try:
                live = {room_id for room_id, room in self.rooms.items() if not room.is_over}
                gained, lost = await self.cluster.renew_leases(live)
                for room_id in lost:
                    if room_id in self.rooms:
                        self.rooms[room_id].lease_lost()
                for room_id in gained:
                    room = self.rooms.get(room_id)
                    if room is not None:
                        await room.refresh()  # the process before may have moved it on
                        room.lease_gained()
                present = {
                    (room.id, seat.number) for room in self.rooms.values() for seat in room.seats if seat.connections
                }
                await self.cluster.mark_present(present, self._present - present)
                self._present = present
                # pub/sub drops messages (at most once): a room behind the database is read again
                watched = [room for room in self.rooms.values() if room.connections() and not room.is_over]
                stored = await self.storage.entry_counts([room.id for room in watched])
                for room in watched:
                    if stored.get(room.id, 0) > len(room.entries):
                        await room.refresh()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("heartbeat failed")
            await asyncio.sleep(HEARTBEAT_SECONDS)

    async def _sweep(self) -> None:
        """Close rooms nobody has been connected to for ``idle_close`` seconds (they stay stored)."""
        while True:
            await asyncio.sleep(min(60.0, max(1.0, self.settings.idle_close / 4)))
            now = time.time()
            for room in list(self.rooms.values()):
                if room.connections() or now - room.last_connection < self.settings.idle_close:
                    continue
                room.stop()
                del self.rooms[room.id]
                await self.cluster.release(room.id)
                if room.row.status == "open":
                    await self.storage.update_room(room.id, status="closed")

    # ------------------------------------------------------------------ rooms

    async def get(self, room_id: str) -> Room | None:
        """The room, rebuilt from the database by replay if it is not in memory."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        lock = self._loading.setdefault(room_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(room_id)
            if room is not None:
                return room
            stored = await self.storage.load(room_id)
            if stored is None:
                return None
            room = self._rebuild(stored)
            if room.row.status == "closed":
                room.row.status = "open"
                await self.storage.update_room(room_id, status="open")
            self.rooms[room_id] = room
        self._loading.pop(room_id, None)
        for seat in room.seats:
            if not seat.is_bot and seat.occupied and not seat.taken_over and not room.is_over:
                room.start_grace(seat)
        room.schedule()
        return room

    def _rebuild(self, stored: StoredRoom) -> Room:
        row = stored.row
        record = {
            "game": row.game,
            "players": row.players,
            "options": json.loads(row.options),
            "seed": row.seed,
            "chance": "auto",
            "actions": stored.actions,
        }
        state, events = engine.replay_with_events(record)
        seats = [
            Seat(seat.seat, seat.kind, seat.name, seat.token_hash, seat.taken_over, seat.bank) for seat in stored.seats
        ]
        room = Room(self, row, seats, state)
        room.events = events
        room.entries = list(stored.actions)
        room.entry_players = list(stored.players_of_actions)
        return room

    async def create(
        self,
        game_name: str,
        players: int,
        options: Mapping[str, Any],
        seat_kinds: Mapping[int, str],
        name: str | None,
        bot_delay: float | None,
        clock: ClockSpec | None,
        grace: float | None,
        rematch_of: str | None = None,
    ) -> tuple[Room, str]:
        """A new room with the game dealt; the creator sits at seat 0. Returns it and seat 0's token."""
        game = get_game(game_name)
        seed = secrets.randbits(63)
        state, setup_events = game.start(players, seed=seed, **options)
        record = state.record()
        now = time.time()
        token = new_token()
        room_id = new_room_id()
        row = RoomRow(
            id=room_id,
            game=game.name,
            players=players,
            options=dumps(record["options"]),
            seed=seed,
            name=name,
            status="over" if state.is_over else "open",
            bot_delay=self.settings.bot_delay if bot_delay is None else bot_delay,
            grace=self.settings.grace if grace is None else grace,
            clock=clock.model_dump_json() if clock else None,
            rematch_of=rematch_of,
            created_at=now,
            updated_at=now,
        )
        seat_rows = []
        seats = []
        for number in range(players):
            kind = seat_kinds.get(number, "human")
            seat = Seat(
                number,
                kind,
                name=name if number == 0 and kind == "human" else None,
                token_hash=hash_token(token) if number == 0 and kind == "human" else None,
                bank=clock.bank if clock is not None and clock.bank is not None else None,
            )
            seats.append(seat)
            seat_rows.append(
                SeatRow(
                    room_id=room_id,
                    seat=number,
                    kind=kind,
                    name=seat.name,
                    token_hash=seat.token_hash,
                    taken_over=False,
                    bank=seat.bank,
                )
            )
        room = Room(self, row, seats, state)
        if clock is not None:
            changes = room._deadline_for(state, now, {})
            for key, value in changes.items():
                setattr(row, key, value)
        room.entries = list(record["actions"])
        room.entry_players = [None] * len(room.entries)
        room.events = [(state.seq, event) for event in setup_events]
        await self.storage.create_room(row, seat_rows, room.entries)
        self.rooms[room_id] = room
        room.schedule()
        return room, token

    async def join(self, room: Room, name: str | None) -> tuple[int, str] | None:
        """The next free human seat (ascending) for a new person, or None if none is free."""
        async with room.lock:
            for seat in room.seats:
                if seat.kind == "human" and seat.token_hash is None:
                    token = new_token()
                    if await self.storage.claim_seat(room.id, seat.number, hash_token(token), name):
                        seat.token_hash = hash_token(token)
                        seat.name = name
                        room.broadcast_presence()
                        await self.cluster.publish(room.id, room.seq, seats=True)
                        return seat.number, token
        return None

    async def rematch(self, room: Room, token: str | None) -> tuple[Room, int, str] | None:
        """The room's rematch (made on first call): same game, options and seat kinds, the first
        player rotated. A caller holding a seat's token gets that person's seat in the new room."""
        caller = room.seat_by_token(token) if token else None
        async with room.lock:
            if room.row.rematch is None:
                players = room.state.players
                options, shift = rematch_plan(room)
                kinds = {(seat.number - shift) % players: seat.kind for seat in room.seats}
                new_room, _creator_token = await self.create(
                    room.game.name,
                    players,
                    options,
                    kinds,
                    None,
                    room.row.bot_delay,
                    room.clock,
                    room.row.grace,
                    rematch_of=room.id,
                )
                # the new room's seat 0 is kept for its person: nobody holds the creator's token
                new_room.seats[0].token_hash = None
                await self.storage.update_seat(new_room.id, 0, token_hash=None)
                for seat in room.seats:
                    if not seat.is_bot:
                        moved = (seat.number - shift) % players
                        new_room.seats[moved].name = seat.name
                        await self.storage.update_seat(new_room.id, moved, name=seat.name, previous_seat=seat.number)
                room.row.rematch = new_room.id
                await self.storage.update_room(room.id, rematch=new_room.id)
                room.broadcast_presence()
            new_room_or_none = await self.get(room.row.rematch)
            assert new_room_or_none is not None
            new_room = new_room_or_none
        if caller is None or caller.is_bot:
            return new_room, -1, ""
        wanted = (caller.number - rematch_plan(room)[1]) % room.state.players
        async with new_room.lock:
            for number in [wanted, *range(new_room.state.players)]:
                seat = new_room.seats[number]
                if seat.kind == "human" and seat.token_hash is None:
                    new_token_text = new_token()
                    if await self.storage.claim_seat(new_room.id, number, hash_token(new_token_text), caller.name):
                        seat.token_hash = hash_token(new_token_text)
                        seat.name = caller.name
                        new_room.broadcast_presence()
                        return new_room, number, new_token_text
        return None


def rematch_plan(room: Room) -> tuple[dict[str, Any], int]:
    """The rematch's game options and how far seats move, as the game decides (:meth:`Game.rematch`)."""
    options: dict[str, Any] = json.loads(room.row.options)
    return room.state.game.rematch(options, room.state.players, _first_mover(room))


def _first_mover(room: Room) -> int:
    for player in room.entry_players:
        if player is not None:
            return player
    return 0
