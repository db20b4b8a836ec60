"""The lobby: every room of this server process in memory (bounded), backed by the storage — making,
joining, rematching, loading by replay, evicting idle rooms — and the database's health.

A room coming back into memory is rebuilt by replaying its record in a worker process (the lobby's
:class:`~asobiba.server.workers.Workers`, which also compute replays: a rebuild goes before every
replay waiting), never on the event loop."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from asobiba.core.registry import get_game
from asobiba.server import engine, metrics
from asobiba.server.accounts.ratings import count_finished_game
from asobiba.server.accounts.turn_mail import TurnMail
from asobiba.server.cluster import HEARTBEAT_SECONDS, PRESENCE_SECONDS, Cluster
from asobiba.server.protocol import ClockSpec, TurnClock
from asobiba.server.rooms.clocks import ClockRule
from asobiba.server.rooms.health import DatabaseHealth
from asobiba.server.rooms.room import Room
from asobiba.server.rooms.seats import Seat, hash_token, new_invite_code, new_token
from asobiba.server.rooms.servertime import ManualClock, ServerClock, SystemClock
from asobiba.server.rooms.services import VerdictMaker
from asobiba.server.rooms.settings import Settings
from asobiba.server.storage import Conflict, RoomRow, SeatRow, Storage, StoredRoom, dumps
from asobiba.server.workers import Workers

log = logging.getLogger("asobiba.server")

Result = TypeVar("Result")

#: Seconds (of the event loop's clock: a span of real time, not the server's time) a room asked for by
#: a request stays in memory at least, whatever else: the request's connection or job comes next.
ASKED_KEEP_SECONDS = 10.0

#: What a room id looks like (``secrets.token_urlsafe``); anything else is no room, without a query.
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def new_room_id() -> str:
    return secrets.token_urlsafe(9)


class Lobby:
    """Every room of this server process, in memory, backed by the storage; the
    :class:`~asobiba.server.rooms.services.RoomServices` its rooms are given."""

    def __init__(self, settings: Settings, storage: Storage | None = None, clock: ServerClock | None = None) -> None:
        self.settings = settings
        #: The server's time (:class:`~asobiba.server.rooms.servertime.ManualClock` under ``--test-clock``).
        self.clock: ServerClock = clock if clock is not None else SystemClock()
        self.storage = storage if storage is not None else Storage(settings.database_url, settings.durability)
        self.cluster = Cluster(settings.redis_url)
        self.health = DatabaseHealth(lambda: self.storage.probe(self.cluster.node), self.resume)
        self._heartbeat: asyncio.Task[None] | None = None
        self._present: set[tuple[str, int]] = set()
        self.rooms: dict[str, Room] = {}
        self.bot_executor = ThreadPoolExecutor(max_workers=settings.bot_threads, thread_name_prefix="asobiba-bot")
        #: Worker processes for replays (:mod:`asobiba.server.replays`) and rooms' rebuilds.
        self.workers = Workers(settings.replay_workers, settings.replay_queue, settings.replays_per_client)
        self.stopping = False
        self._loading: dict[str, asyncio.Lock] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._deadlines: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[Any]] = set()
        #: When (event-loop time) each room was last asked for by a request.
        self._asked: dict[str, float] = {}
        #: What makes learning rooms' verdicts (the app's coach, looked up when asked), or None.
        self.verdict_maker: Callable[[], VerdictMaker | None] = lambda: None
        #: "Your turn" emails (``--smtp``), or None: the server sends none.
        self.turn_mail = (
            TurnMail.from_url(settings.smtp_url, self.storage, self.clock, settings.public_url)
            if settings.smtp_url is not None
            else None
        )

    async def start(self) -> None:
        """Migrate the database and rebuild every open room by replaying its record."""
        await self.storage.migrate()
        if isinstance(self.clock, ManualClock):  # a test clock goes on from the latest time stored
            self.clock.catch_up(await self.storage.latest_time())
        self.storage.start_checkpoints()
        await self.cluster.start(self._advanced, self._redis_back)
        for room_id in (await self.storage.open_room_ids())[: self.settings.max_rooms_in_memory]:
            try:
                await self.get(room_id)
            except Exception:
                log.exception("room %s does not replay; left closed", room_id)
        self._sweeper = asyncio.create_task(self._sweep())
        self._deadlines = asyncio.create_task(self._watch_deadlines())
        self.health.start()
        if self.cluster.shared:
            self._heartbeat = asyncio.create_task(self._beat())

    async def stop(self) -> None:
        self.stopping = True
        for task in (self._sweeper, self._deadlines, self._heartbeat, *self._background):
            if task is not None:
                task.cancel()
        await self.health.stop()
        await self.cluster.stop()
        await asyncio.gather(*(room.close() for room in list(self.rooms.values())), return_exceptions=True)
        self.bot_executor.shutdown(wait=False, cancel_futures=True)
        await self.workers.close()
        await self.storage.close()

    def _in_background(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # ------------------------------------------------------------------ the database

    async def write(self, operation: Awaitable[Result]) -> Result:
        """A storage write; a failure (other than a lost race) marks the database unwritable until the
        health check can write again."""
        try:
            return await operation
        except Conflict:
            raise
        except Exception as error:
            metrics.DATABASE_ERRORS.inc()
            self.health.failed(error)
            raise

    async def read(self, operation: Awaitable[Result]) -> Result:
        try:
            return await operation
        except Exception:
            metrics.DATABASE_ERRORS.inc()
            raise

    @property
    def writable(self) -> bool:
        return self.health.writable

    async def publish(self, room_id: str, seq: int, *, seats: bool = False, news: bool = False) -> None:
        await self.cluster.publish(room_id, seq, seats=seats, news=news)

    @property
    def shared(self) -> bool:
        return self.cluster.shared

    def holds(self, room_id: str) -> bool:
        return self.cluster.holds(room_id)

    async def present_elsewhere(self, room_id: str, seat: int) -> bool:
        return await self.cluster.present_elsewhere(room_id, seat)

    async def game_over(self, room_id: str) -> None:
        """The room's game ended in this process: each seat's place and its signed-in players' ratings
        are counted (:mod:`asobiba.server.accounts.ratings`; once, whichever process comes first). A
        failure is logged: the game itself is stored already."""
        room = self.rooms.get(room_id)
        if room is None or not room.is_over:
            return
        try:  # not through write(): the game is stored; the health probe says whether the database is down
            await count_finished_game(self.storage, room_id, room.state.result())
        except Exception:
            metrics.DATABASE_ERRORS.inc()
            log.exception("room %s: the finished game could not be counted (it is when next loaded)", room_id)

    async def verdict(
        self, room_id: str, seq: int, seat: int, record: dict[str, Any], played: str, client: str
    ) -> dict[str, Any] | None:
        maker = self.verdict_maker()
        if maker is None or self.stopping:
            return None
        return await maker.verdict(room_id, seq, seat, record, played, client)

    def turn_passed(self, room_id: str, seat: int) -> None:
        """Email the seat's player, away from a turn-based room, if the server sends email and they asked."""
        room = self.rooms.get(room_id)
        if self.turn_mail is not None and not self.stopping and room is not None:
            self._in_background(self._tell_turn(self.turn_mail, room_id, seat, room.seq))

    async def _tell_turn(self, turn_mail: TurnMail, room_id: str, seat: int, seq: int) -> None:
        """Email unless the player is at the table through another process. Each process refreshes its
        seats' presence every heartbeat, so a player who left another process a moment ago may still look
        present there: look again each heartbeat, until the presence keys would have expired, while the
        decision is still the seat's."""
        for _ in range(round(PRESENCE_SECONDS / HEARTBEAT_SECONDS) + 1):
            if not self._decision_still_with(room_id, seat, seq):
                return  # played (here or elsewhere) or the room left: the turn passed on
            if not await self.present_elsewhere(room_id, seat):
                break
            await asyncio.sleep(HEARTBEAT_SECONDS)
        else:
            return  # at the table, through another process
        try:
            await turn_mail.turn_passed(room_id, seat)
        except Exception:  # the database, most likely: the game goes on without the email
            log.exception("room %s: no 'your turn' email to seat %d", room_id, seat)

    def _decision_still_with(self, room_id: str, seat: int, seq: int) -> bool:
        room = self.rooms.get(room_id)
        return (
            room is not None
            and not self.stopping
            and room.seq == seq
            and room.state.to_move == seat
            and not room.seats[seat].connections
        )

    async def resume(self) -> None:
        """The database can be written again: rooms behind it are read again, and bots, clocks and
        seat timers start where they stopped."""
        for room in list(self.rooms.values()):
            room.post(room.resume)

    # ------------------------------------------------------------------ other processes

    async def _advanced(self, room_id: str, seq: int, kind: str) -> None:
        """A process says the room is at ``seq`` (or changed a seat, or kept chat or a log line):
        catch up if this one is behind."""
        room = self.rooms.get(room_id)
        if room is None:
            return
        if kind == "news":
            room.post(room.news)
        elif seq > room.seq or kind == "seats":
            room.post(room.reload)

    async def _redis_back(self) -> None:
        """Messages may have been lost while Redis was away: read every room again."""
        for room in list(self.rooms.values()):
            room.post(room.reload)
            room.post(room.news)

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
                        room.post(room.lease_gained_job)  # the process before may have moved it on
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
                        room.post(room.reload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("heartbeat failed")
            await asyncio.sleep(HEARTBEAT_SECONDS)

    # ------------------------------------------------------------------ memory

    async def _sweep(self) -> None:
        """Close rooms nobody has been connected to for ``idle_close`` seconds (they stay stored)."""
        while True:
            await asyncio.sleep(min(60.0, max(1.0, self.settings.idle_close / 4)))
            now = self.clock.now()
            for room in list(self.rooms.values()):
                if room.connections() or now - room.last_connection < self.settings.idle_close:
                    continue
                try:
                    await self.evict(room)
                except Exception:
                    log.exception("room %s: closing it failed", room.id)

    async def _watch_deadlines(self) -> None:
        """The one task of this process for turn-based rooms' clocks: every ``deadline_interval``
        seconds, the rooms whose deadline has passed come into memory (their timeout is applied
        through their queue) and the idle ones leave it."""
        while True:
            await asyncio.sleep(self.settings.deadline_interval)
            try:
                await self.due_deadlines()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the turn-based rooms' deadlines could not be read")

    async def due_deadlines(self) -> list[str]:
        """One round: turn-based rooms idle in memory leave it; those whose deadline is past (at most
        ``deadline_batch`` of them) are brought in, so their clock's timer puts the timeout in their
        queue at once (the database's claim makes sure one process applies it). The rooms brought in."""
        await self.unload_idle()
        if self.stopping or not self.writable:
            return []
        due = await self.read(self.storage.due_room_ids(self.clock.now(), self.settings.deadline_batch))
        brought: list[str] = []
        for room_id in due:
            if room_id in self.rooms:
                continue
            try:
                if await self.get(room_id, asked=False) is not None:
                    brought.append(room_id)
            except Exception:
                log.exception("room %s: its deadline passed but it does not load", room_id)
        return brought

    async def unload_idle(self) -> None:
        """Turn-based rooms nobody is connected to and where nothing is pending leave memory (they stay
        stored; their deadlines are in the database)."""
        now = asyncio.get_running_loop().time()
        for room in list(self.rooms.values()):
            if (
                room.turn_based
                and room.idle
                and now - self._asked.get(room.id, -ASKED_KEEP_SECONDS) >= ASKED_KEEP_SECONDS
            ):
                try:
                    await self.evict(room)
                except Exception:
                    log.exception("room %s: unloading it failed", room.id)

    async def evict(self, room: Room) -> None:
        """The room leaves memory (it stays stored, and comes back by replay when asked for)."""
        if self.rooms.get(room.id) is not room:
            return
        del self.rooms[room.id]
        self._asked.pop(room.id, None)
        await room.close()
        await self.cluster.release(room.id)
        if room.row.status == "open":
            room.row.status = "closed"
            await self.write(self.storage.update_room(room.id, status="closed"))

    def _keep_within_bounds(self) -> None:
        """Past ``max_rooms_in_memory``, the rooms nobody has been connected to longest leave."""
        excess = len(self.rooms) - self.settings.max_rooms_in_memory
        if excess <= 0:
            return
        idle = sorted(
            (room for room in self.rooms.values() if not room.connections() and not room.queue.busy),
            key=lambda room: room.last_connection,
        )
        for room in idle[:excess]:
            self._in_background(self.evict(room))

    # ------------------------------------------------------------------ rooms

    async def get(self, room_id: str, *, asked: bool = True) -> Room | None:
        """The room, rebuilt from the database by replay if it is not in memory. An id that cannot be
        a room's is None at once; an unknown one leaves nothing behind. A room ``asked`` for (by a
        request, not by the deadlines' look) is not unloaded for :data:`ASKED_KEEP_SECONDS`."""
        room = await self._get(room_id)
        if room is not None and asked:
            self._asked[room_id] = asyncio.get_running_loop().time()
        return room

    async def _get(self, room_id: str) -> Room | None:
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        if ROOM_ID.fullmatch(room_id) is None:
            return None
        lock = self._loading.get(room_id)
        if lock is None:
            lock = self._loading[room_id] = asyncio.Lock()
        try:
            async with lock:
                room = self.rooms.get(room_id)
                if room is not None:
                    return room
                stored = await self.read(self.storage.load(room_id))
                if stored is None:
                    return None
                room = self.rooms.get(room_id)
                if room is not None:
                    return room
                room = await self.rebuild(stored)
                room.chat = await self.read(self.storage.chat(room_id))
                room.notices = await self.read(self.storage.notices(room_id))
                if room.row.status == "closed":
                    room.row.status = "open"
                    await self.write(self.storage.update_room(room_id, status="open"))
                self.rooms[room_id] = room
                if room.is_over and room.row.rated and room.row.rated_at is None:
                    # its end was stored by a process that stopped before counting it (or it had too few accounts)
                    self._in_background(self.game_over(room_id))
        finally:
            if not lock.locked() and self._loading.get(room_id) is lock:
                del self._loading[room_id]
        for seat in room.seats:
            if not seat.is_bot and seat.occupied and not seat.taken_over and not room.is_over:
                room.start_grace(seat)
        room.schedule()
        if not room.started:  # stopped between a seat's being taken and the start it made
            room.post(room.start_if_full)
        self._keep_within_bounds()
        return room

    async def current(self, room_id: str) -> Room | None:
        """The room as the database has it now: other processes may have moved it on."""
        room = await self.get(room_id)
        if room is not None and self.cluster.shared:
            await room.refresh()
        return room

    async def rebuild(self, stored: StoredRoom) -> Room:
        """The room ``stored`` describes, its record replayed in a worker process."""
        row = stored.row
        record = stored.record()
        state, events = await self.workers.urgent(engine.replay_with_events, record)
        seats = [Seat.of_row(seat) for seat in stored.seats]
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
        clock: ClockSpec | TurnClock | None,
        grace: float | None,
        rematch_of: Room | None = None,
        shift: int = 0,
        *,
        pace: str = "live",
        timeout_policy: str | None = None,
        listed: bool = False,
        spectator_chat: bool | None = None,
        open_seats: int | None = None,
        rematch_by: str | None = None,
        rated: bool = True,
        learning: bool = False,
    ) -> tuple[Room, str | None, dict[int, str]]:
        """A new room with the game dealt, its creator's token and each invited seat's invite code.

        The creator sits at seat 0 (its token is returned) when it is a person's. Of the other person
        seats, the last ``open_seats`` are open (anyone may take them: all of them in a ``listed``
        room, none in a private one, by default) and the others invited (each taken with its own
        invite code). A rematch seats the previous room's players instead (each keeps their token),
        moved ``shift`` seats down, keeps each seat for its player until they come back (the one who
        asked for it, by the token hash ``rematch_by``, is back already and is its creator), and
        returns no token and no invite. A room with a free or kept person seat waits (it has not
        started) until nobody is awaited or the creator presses Start; ``listed`` shows it in the
        lobby meanwhile; ``spectator_chat`` lets spectators chat (None: in a listed room only); an
        unrated room (``rated=False``) counts for nobody's rating; a ``learning`` room's player (alone
        among bots) hears a verdict of each of their moves. ``pace`` is ``"live"`` or ``"turn-based"``
        (with a :class:`TurnClock` and its ``timeout_policy``, ``"bot"`` or ``"forfeit"``), checked by the
        route."""
        game = get_game(game_name)
        seed = secrets.randbits(63)
        state, setup_events = game.start(players, seed=seed, **options)
        record = state.record()
        now = self.clock.now()
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
            rematch_of=rematch_of.id if rematch_of is not None else None,
            created_at=now,
            updated_at=now,
            started=True,
            listed=listed,
            creator=None,
            spectator_chat=listed if spectator_chat is None else spectator_chat,
            chat_key=secrets.token_hex(16),
            pace=pace,
            timeout_policy=(timeout_policy or "bot") if pace == "turn-based" else None,
            finished_at=now if state.is_over else None,
            rated=rated,
            learning=learning,
        )
        bank = ClockRule.of(clock).bank if clock is not None else None
        seats = [Seat(number, seat_kinds.get(number, "human"), bank=bank) for number in range(players)]
        previous: dict[int, Seat] = {}
        #: The accounts of the previous room's seats (a rematch's players keep them: its game counts too).
        accounts: dict[int, int] = {}
        if rematch_of is not None:
            stored_before = await self.read(self.storage.load(rematch_of.id, from_seq=len(rematch_of.entries)))
            if stored_before is not None:
                accounts = {row.seat: row.account_id for row in stored_before.seats if row.account_id is not None}
            for old in rematch_of.seats:
                seat = seats[(old.number - shift) % players]
                previous[seat.number] = old
                if not old.is_bot:
                    seat.name, seat.token_hash = old.name, old.token_hash
                    # a seat nobody held is the previous room's too: a bot plays it
                    seat.taken_over = old.token_hash is None
                    seat.kept = old.token_hash is not None and old.token_hash != rematch_by
            row.creator = rematch_by
        elif seats[0].kind == "human":
            seats[0].name, seats[0].token_hash = name, hash_token(token)
            row.creator = seats[0].token_hash
        invites: dict[int, str] = {}
        if rematch_of is None:
            free = [seat for seat in seats if seat.kind == "human" and seat.token_hash is None]
            opened = len(free) if open_seats is None and listed else open_seats or 0
            for seat in free[: max(0, len(free) - opened)]:
                invites[seat.number] = new_invite_code()
                seat.invite_hash = hash_token(invites[seat.number])
        awaited = [
            seat
            for seat in seats
            if seat.kind == "human" and (seat.kept or (seat.token_hash is None and not seat.taken_over))
        ]
        row.started = not awaited
        seat_rows = [
            SeatRow(
                room_id=room_id,
                seat=seat.number,
                kind=seat.kind,
                name=seat.name,
                token_hash=seat.token_hash,
                taken_over=seat.taken_over,
                bank=seat.bank,
                previous_seat=previous[seat.number].number if seat.number in previous else None,
                account_id=accounts.get(previous[seat.number].number) if seat.number in previous else None,
                invite_hash=seat.invite_hash,
                kept=seat.kept,
            )
            for seat in seats
        ]
        room = Room(self, row, seats, state)
        if clock is not None:
            for key, value in room.clock_columns().items():
                setattr(row, key, value)
        room.entries = list(record["actions"])
        room.entry_players = [None] * len(room.entries)
        room.events = [(state.seq, event) for event in setup_events]
        await self.write(self.storage.create_room(row, seat_rows, room.entries))
        self.rooms[room_id] = room
        for seat in seats:
            if seat.token_hash is not None and not seat.taken_over:
                room.start_seat_timeout(seat)
        room.schedule()
        self._keep_within_bounds()
        if rematch_of is not None or seats[0].kind != "human":
            return room, None, invites
        return room, token, invites

    async def join(
        self,
        room: Room,
        name: str | None,
        seat: int | None = None,
        invite: str | None = None,
        account_id: int | None = None,
    ) -> tuple[int, str] | None:
        """Seat ``seat`` (with its ``invite`` code if it is invited; or the seat of ``invite``; or
        the next free open seat, ascending) for a new person (of ``account_id`` when signed in), or None
        if it cannot be taken."""
        return await room.claim(name, only=seat, invite=invite, account_id=account_id)

    async def rematch(self, room: Room, token: str) -> tuple[Room, int] | None:
        """The room's rematch (made on the first call, as a job of the old room's queue): same game,
        options and seat kinds, seats moved as the game decides, every person keeping their token.
        The caller (a person of the old room, by ``token``) gets their seat in the new room — the same
        one every time; the first caller is the new room's creator (who may start it while others
        are not back yet). None if ``token`` holds no person's seat."""
        caller = room.seat_by_token(token)
        if caller is None or caller.is_bot:
            return None
        new_room = await room.run(lambda: self._make_rematch(room, caller.token_hash))
        seat = new_room.seat_by_token(token)
        return (new_room, seat.number) if seat is not None else None

    async def _make_rematch(self, room: Room, caller: str | None) -> Room:
        if room.row.rematch is not None:
            made = await self.get(room.row.rematch)
            if made is not None:
                return made
        options, shift = rematch_plan(room)
        kinds = {(seat.number - shift) % room.state.players: seat.kind for seat in room.seats}
        new_room, _token, _invites = await self.create(
            room.game.name,
            room.state.players,
            options,
            kinds,
            room.row.name,
            room.row.bot_delay,
            room.clock,
            room.row.grace,
            rematch_of=room,
            shift=shift,
            pace=room.row.pace,
            timeout_policy=room.row.timeout_policy,
            spectator_chat=room.row.spectator_chat,
            rematch_by=caller,
            rated=room.row.rated,
            learning=room.row.learning,
        )
        await self.write(self.storage.update_room(room.id, rematch=new_room.id))
        room.row.rematch = new_room.id
        room.broadcast_presence()
        await self.cluster.publish(room.id, room.seq, seats=True)
        return new_room


def rematch_plan(room: Room) -> tuple[dict[str, Any], int]:
    """The rematch's game options and how far seats move, as the game decides (:meth:`Game.rematch`)."""
    options: dict[str, Any] = json.loads(room.row.options)
    return room.state.game.rematch(options, room.state.players, _first_mover(room))


def _first_mover(room: Room) -> int:
    for player in room.entry_players:
        if player is not None:
            return player
    return 0


__all__ = ["ROOM_ID", "Lobby", "new_room_id", "rematch_plan"]
