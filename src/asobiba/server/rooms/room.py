"""A room: the authoritative game and its record's bookkeeping, and the one queue every change to it
goes through.

Per accepted action, in this order, as one job of the room's queue: check on the current state ->
ONE transaction storing the action and every chance outcome it triggered -> commit -> swap in the
new state -> acknowledge -> send every connection its own view -> start what plays next -> tell the
other processes. The queue makes that sequence atomic within the process (and nothing cancels it
half-way); the database's unique ``(room, seq)`` decides between processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from asobiba.core.errors import AsobibaError
from asobiba.core.events import Event
from asobiba.core.game import Game
from asobiba.core.registry import get_game
from asobiba.core.state import State
from asobiba.server import engine, metrics
from asobiba.server.fair_queue import Busy, TooManyForClient
from asobiba.server.learning import KEPT_VERDICTS, verdict_answer, verdict_frame
from asobiba.server.protocol import Presence
from asobiba.server.rooms.bots import play
from asobiba.server.rooms.chat import Refusal, no_such_spectator_message, not_creator_message, spectator_id
from asobiba.server.rooms.clocks import (
    FORFEIT_TIMEOUTS,
    TIMEOUT_RETRY,
    ClockRule,
    ClockSnapshot,
    clock_after,
    deadline_for,
    parse_clock,
    what_plays,
)
from asobiba.server.rooms.connection import Connection, frame_text
from asobiba.server.rooms.facts import RoomFacts, chat_frame, merge_kept, presence, summary
from asobiba.server.rooms.frames import FrameCache, broadcast_state, send_state
from asobiba.server.rooms.notices import notice_frame
from asobiba.server.rooms.outcomes import Outcome, check_act, stale_message, unavailable_message
from asobiba.server.rooms.queue import QueueClosed, RoomQueue, job
from asobiba.server.rooms.seats import (
    Seat,
    awaited_seats,
    bot_level,
    creator_seat,
    free_person_seats,
    hash_token,
    invited_seat,
    may_take,
    new_invite_code,
    new_token,
    open_seats,
    same_secret,
    seat_by_token,
    watch_absence,
)
from asobiba.server.rooms.services import RoomServices
from asobiba.server.rooms.timers import RoomTimers
from asobiba.server.storage import KEPT_CHAT, KEPT_NOTICES, ChatRow, Conflict, NoticeRow, RoomRow, dumps

log = logging.getLogger("asobiba.server")


class Room:
    """One game being played: its state, its record's bookkeeping, its seats and connections."""

    def __init__(self, services: RoomServices, row: RoomRow, seats: list[Seat], state: State) -> None:
        self.services = services
        self.id = row.id
        self.row = row
        self.game: Game = get_game(state.game.name)
        self.seats = seats
        self.state = state
        #: Every event with the seq it led to (what a reconnecting connection may have missed).
        self.events: list[tuple[int, Event]] = []
        #: Per record entry: the seat whose decision it was (None for chance outcomes).
        self.entry_players: list[int | None] = []
        self.entries: list[str] = []
        self.spectators: set[Connection] = set()
        self.queue = RoomQueue(row.id)
        #: The clock as its creator gave it (shown in the summary), and in seconds.
        self.clock = parse_clock(row.clock)
        self.clock_rule = ClockRule.of(self.clock) if self.clock is not None else None
        #: The room's timers (its clock, its bot, the seats' absence watches): they die with the room.
        self.timers = RoomTimers(services.clock, self.post, row.id)
        #: The seq the running bot decides for (-1: none).
        self.bot_task_seq = -1
        self.frame_cache = FrameCache()
        #: The kept chat messages, oldest first (the database's last 200).
        self.chat: list[ChatRow] = []
        #: The log's lines of the server (timeouts, bots taking seats over and giving them back).
        self.notices: list[NoticeRow] = []
        self._presence_sent: str | None = None
        #: A learning room's last verdicts of each seat's moves (sent again when the seat connects again).
        self.verdicts: dict[int, list[dict[str, Any]]] = {}
        #: The room in memory may be behind the database (a write failed): read it again when it can be.
        self.needs_reload = False
        self.last_connection = services.clock.now()

    # ------------------------------------------------------------------ facts

    @property
    def turn_based(self) -> bool:
        """A move a day: nobody is taken over for being away; deadlines are in the database."""
        return self.row.pace == "turn-based"

    @property
    def bot_level(self) -> str:
        return bot_level(self.seats)

    @property
    def idle(self) -> bool:
        """Nobody connected and nothing pending (no job; no timer but its clock's, whose deadline is
        in the database): the room may leave memory."""
        waiting = self.timers.pending - (1 if self.timers.running("clock") else 0)
        return not self.connections() and not self.queue.busy and not len(self.queue) and not waiting

    def clock_snapshot(self, state: State | None = None) -> ClockSnapshot:
        """What the room's clock depends on now (for ``state``'s decision, by default the current one)."""
        state = self.state if state is None else state
        return ClockSnapshot(
            rule=self.clock_rule,
            banks=tuple(seat.bank for seat in self.seats),
            bot_seats=tuple(seat.played_by_bot for seat in self.seats),
            occupied=tuple(seat.occupied for seat in self.seats),
            deadline=self.row.deadline,
            deadline_seq=self.row.deadline_seq,
            decision_started=self.row.decision_started,
            seq=state.seq,
            to_move=state.to_move,
            over=state.is_over,
            started=self.started,
            now=self.services.clock.now(),
            timed_out_seq=self.row.timed_out_seq,
        )

    @property
    def seq(self) -> int:
        return self.state.seq

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def started(self) -> bool:
        """Has the game started (every person seat taken, or Start pressed)? Before, it waits."""
        return self.row.started

    @property
    def decided(self) -> bool:
        """Has a seat made a decision yet (the setup's chance entries do not count)?"""
        return any(player is not None for player in self.entry_players)

    def free_person_seats(self) -> list[Seat]:
        return free_person_seats(self.seats)

    def open_seats(self) -> list[Seat]:
        return open_seats(self.seats)

    @property
    def creator_seat(self) -> int | None:
        return creator_seat(self.seats, self.row.creator)

    def is_creator(self, token: str) -> bool:
        return same_secret(self.row.creator, token)

    @property
    def muted(self) -> list[str]:
        """The spectator ids the creator muted (stored with the room), in the order muted."""
        muted: list[str] = json.loads(self.row.muted) if self.row.muted else []
        return muted

    def connections(self) -> list[Connection]:
        found = list(self.spectators)
        for seat in self.seats:
            found.extend(seat.connections)
        return found

    def greeted(self) -> list[Connection]:
        """The connections that said hello (they get every frame)."""
        return [connection for connection in self.connections() if connection.greeted]

    def seat_by_token(self, token: str) -> Seat | None:
        return seat_by_token(self.seats, token)

    def facts(self) -> RoomFacts:
        """What the room's summary and presence show now."""
        row, state = self.row, self.state
        return RoomFacts(
            room=self.id,
            game=self.game.name,
            players=state.players,
            name=row.name,
            status=row.status,
            started=self.started,
            listed=row.listed,
            spectator_chat=row.spectator_chat,
            bot_delay=row.bot_delay,
            pace=row.pace,
            timeout_policy=row.timeout_policy,
            learning=row.learning,
            rematch=row.rematch,
            rematch_of=row.rematch_of,
            clock=self.clock,
            creator=self.creator_seat,
            muted=tuple(self.muted),
            seq=state.seq,
            to_move=state.to_move,
            result=state.result() if state.is_over else None,
            seats=tuple(seat.info() for seat in self.seats),
            spectators=len(self.spectators),
        )

    def summary(self) -> dict[str, Any]:
        return summary(self.facts())

    # ------------------------------------------------------------------ the queue

    async def run(self, job: Callable[[], Awaitable[Any]]) -> Any:
        """Run ``job`` as the room's next change and wait for it (the job is never cut short)."""
        return await self.queue.run(job)

    def post(self, job: Callable[[], Awaitable[Any]]) -> None:
        """Put ``job`` in the room's queue (a room leaving memory takes none)."""
        with contextlib.suppress(QueueClosed):
            self.queue.post(job)

    # ------------------------------------------------------------------ frames

    def send_state(self, connection: Connection, since: int | None, *, notices: bool = False) -> None:
        send_state(self, connection, since, notices=notices)

    def broadcast_state(self) -> None:
        broadcast_state(self)

    def presence(self) -> Presence:
        return presence(self.facts())

    def broadcast_presence(self) -> None:
        """Every greeted connection the seats' presence, only if it changed since last sent."""
        text = frame_text(self.presence())
        if text == self._presence_sent:
            return
        self._presence_sent = text
        for connection in self.greeted():
            connection.push_text(text)

    def chat_frame(self, message: ChatRow) -> str:
        return chat_frame(message, [seat.name for seat in self.seats])

    async def say(self, connection: Connection, text: str) -> bool:
        """A chat message, kept (the room's last 200), then sent to everybody in the room (a job of the
        queue: messages keep their order); False if the database could not keep it. Whether the
        connection may say it is :mod:`asobiba.server.rooms.chat`'s to decide, before."""
        said: bool = await self.run(lambda: self._say(connection, text))
        return said

    @job
    async def _say(self, connection: Connection, text: str) -> bool:
        seat = connection.seat
        name = self.seats[seat].name if seat is not None else None
        spectator = connection.spectator if seat is None else None
        try:
            message = await self.services.write(self.services.storage.add_chat(self.id, seat, name, text, spectator))
        except Exception:
            log.exception("room %s: a chat message could not be kept", self.id)
            return False
        self._keep_chat([message])
        await self.services.publish(self.id, self.seq, news=True)
        return True

    def _keep_chat(self, messages: list[ChatRow]) -> None:
        """Messages new to this process join the kept ones and go to every connection, in order."""
        self.chat, fresh = merge_kept(self.chat, messages, KEPT_CHAT)
        for message in fresh:
            text = self.chat_frame(message)
            for connection in self.greeted():
                connection.push_text(text)

    async def _notice(self, kind: str, seat: int | None) -> None:
        """A line of the log (kept), sent to everybody in their language as a ``notice`` frame."""
        try:
            notice = await self.services.write(self.services.storage.add_notice(self.id, self.seq, kind, seat))
        except Exception:
            log.exception("room %s: a log line could not be kept", self.id)
            return
        self._keep_notices([notice])
        await self.services.publish(self.id, self.seq, news=True)

    def _keep_notices(self, notices: list[NoticeRow]) -> None:
        """Log lines new to this process join the kept ones and go to every connection, in order."""
        self.notices, fresh = merge_kept(self.notices, notices, KEPT_NOTICES)
        for notice in fresh:
            for connection in self.greeted():
                connection.push(notice_frame(self, notice, connection.lang))

    @job
    async def news(self) -> None:
        """The job of reading the chat and the log lines again (another process kept some)."""
        self._keep_chat(await self.services.read(self.services.storage.chat(self.id)))
        self._keep_notices(await self.services.read(self.services.storage.notices(self.id)))

    async def mute(self, connection: Connection, spectator: str) -> Refusal | None:
        """The creator (on ``connection``) mutes a spectator by its id, for good (stored with the
        room; everybody gets the new presence): None, or why not. The id is one of a kept chat
        message or of a spectator connected now."""
        refused: Refusal | None = await self.run(lambda: self._mute(connection, spectator))
        return refused

    @job
    async def _mute(self, connection: Connection, spectator: str) -> Refusal | None:
        if connection.seat is None or connection.seat != self.creator_seat:
            return "not_creator", not_creator_message
        muted = self.muted
        if spectator in muted:
            return None
        known = {message.spectator for message in self.chat} | {other.spectator for other in self.spectators}
        if spectator not in known:
            return "no_such_spectator", no_such_spectator_message(spectator)
        text = dumps([*muted, spectator])
        await self.services.write(self.services.storage.update_room(self.id, muted=text))
        self.row.muted = text
        self.broadcast_presence()
        await self.services.publish(self.id, self.seq, seats=True)
        return None

    # ------------------------------------------------------------------ connections

    async def attach(self, connection: Connection, seat: Seat | None, since: int | None) -> None:
        """A connection says hello as ``seat`` (None: a spectator): it gets a full state, everybody
        the new presence (a job of the queue: taking a seat back is a seat change)."""
        await self.run(lambda: self._attach(connection, seat, since))

    @job
    async def _attach(self, connection: Connection, seat: Seat | None, since: int | None) -> None:
        if connection.closed.is_set():
            return
        self.detach_quietly(connection)
        connection.seat = seat.number if seat is not None else None
        connection.spectator = spectator_id(self.row.chat_key, connection.address) if seat is None else None
        if self.detach not in connection.on_drop:
            connection.on_drop.append(self.detach)  # dropped for a full queue: departed
        self.last_connection = self.services.clock.now()
        if seat is None:
            self.spectators.add(connection)
        else:
            seat.connections.add(connection)
            seat.ever_connected = True
            seat.stop_watch()
        lines_before = len(self.notices)
        if seat is not None and seat.taken_over and not seat.resigned:  # (told to the others; this one hears it below)
            await self._change_seat(seat, taken_over=False)
        if seat is not None and seat.kept:
            await self._arrived(seat)
        connection.greeted = True
        connection.sent_view = None  # a hello's state is whole
        connection.known_legal = set()
        since = since if since is not None and since <= self.seq else None
        self.send_state(connection, since, notices=True)
        for notice in self.notices[lines_before:]:
            if since is not None and notice.seq <= since:  # not in the state's events
                connection.push(notice_frame(self, notice, connection.lang))
        connection.push_text(frame_text(self.presence()))
        if not connection.chat_sent:  # its first state: the earlier messages follow it
            connection.chat_sent = True
            for message in self.chat:
                connection.push_text(self.chat_frame(message))
        if seat is not None:  # a learning room's verdicts of this seat's moves (to this seat only)
            for answer in self.verdicts.get(seat.number, []):
                connection.push(verdict_frame(answer, connection.lang))
        self.broadcast_presence()

    def detach_quietly(self, connection: Connection) -> None:
        self.spectators.discard(connection)
        for seat in self.seats:
            seat.connections.discard(connection)

    def detach(self, connection: Connection) -> None:
        """A connection closed (or was dropped for being too slow): it gets nothing more at once; a
        person's seat starts its grace period when nobody is left on it."""
        self.detach_quietly(connection)
        self.last_connection = self.services.clock.now()
        self.post(lambda: self._departed(connection))

    @job
    async def _departed(self, connection: Connection) -> None:
        if connection.seat is not None:
            seat = self.seats[connection.seat]
            if not seat.connections and not seat.is_bot and seat.occupied and not self.is_over:
                seat.stop_watch()  # a seat timeout gives way to the grace period of a person who was here
                self.start_grace(seat)
        self.broadcast_presence()

    def start_grace(self, seat: Seat) -> None:
        """Count down the seat's grace period (only the process holding the room's lease does; never
        in a turn-based room, where a player may be away for days)."""
        self._watch(seat, self.row.grace, ever_connected=True)

    def start_seat_timeout(self, seat: Seat) -> None:
        """A seat was just taken: if nobody connects on it within the seat timeout, it is handed on."""
        seat.ever_connected = False
        self._watch(seat, self.services.settings.seat_timeout, ever_connected=False)

    def _watch(self, seat: Seat, seconds: float, *, ever_connected: bool) -> None:
        services = self.services
        if self.turn_based or seat.resigned or not services.holds(self.id):
            return
        number = seat.number
        hand_over = (lambda: self.seat_left(number)) if ever_connected else (lambda: self.seat_unused(number))

        async def elsewhere() -> bool:
            return await services.present_elsewhere(self.id, number)

        def back() -> bool:
            return bool(seat.connections) or seat.taken_over or self.is_over

        watch_absence(self.timers, seat, seconds, hand_over, elsewhere if services.shared else None, back)

    @job
    async def seat_left(self, number: int) -> None:
        """The grace period of a person who left ran out: a bot plays the seat until they return
        (never in the waiting room: the start counts the grace again for whoever is away)."""
        seat = self.seats[number]
        if seat.connections or seat.taken_over or self.is_over or not seat.occupied or not self.started:
            return
        await self._change_seat(seat, taken_over=True)

    @job
    async def seat_unused(self, number: int) -> None:
        """A seat taken but never connected: freed again in the waiting room (for whoever has its link;
        a rematch's seat stays kept for its player), else taken over like a seat that left."""
        seat = self.seats[number]
        if seat.connections or seat.ever_connected or seat.taken_over or self.is_over or seat.is_bot:
            return
        if seat.token_hash is None:
            return
        if not self.started:  # the waiting room: never a bot before the start
            if self.row.rematch_of is None and not seat.kept:
                await self._change_seat(seat, token_hash=None, name=None)
        else:
            await self._change_seat(seat, taken_over=True)

    async def _arrived(self, seat: Seat) -> None:
        """A rematch's player is back in their kept seat: the waiting room waits for one fewer."""
        await self.services.write(self.services.storage.update_seat(self.id, seat.number, kept=False))
        seat.kept = False
        self.broadcast_presence()
        await self.services.publish(self.id, self.seq, seats=True)
        try:
            await self.start_if_full()
        except Exception:  # the seat is theirs; the start comes when the database is back
            log.exception("room %s: the start could not be stored", self.id)

    async def _change_seat(self, seat: Seat, **changes: Any) -> None:
        """Store a seat change, then make it (bot or person to play, the clock, presence, others told)."""
        await self.services.write(self.services.storage.update_seat(self.id, seat.number, **changes))
        was_taken_over = seat.taken_over
        for name, value in changes.items():
            setattr(seat, name, value)
        await self._restart_clock()
        self.broadcast_presence()
        self.schedule()
        await self.services.publish(self.id, self.seq, seats=True)
        if "taken_over" in changes and changes["taken_over"] != was_taken_over and not self.is_over:
            await self._notice("SeatTakenOver" if seat.taken_over else "SeatGivenBack", seat.number)

    # ------------------------------------------------------------------ the waiting room

    async def start(self, token: str, level: str) -> str:
        """The creator (by ``token``) starts the game: the free person seats become bots of ``level``.
        ``"started"``, or why not: ``"bad_token"``, ``"already_started"``, ``"game_over"``."""
        answer: str = await self.run(lambda: self._start_by(token, level))
        return answer

    @job
    async def _start_by(self, token: str, level: str) -> str:
        if not self.is_creator(token):
            return "bad_token"
        if self.is_over:
            return "game_over"
        if self.started:
            return "already_started"
        await self._start(level)
        return "started"

    @job
    async def start_if_full(self) -> None:
        """The job run when a seat is taken or a rematch's player is back (or the room is read again):
        nobody awaited any more, the game starts by itself."""
        if not self.started and not awaited_seats(self.seats) and not self.is_over:
            await self._start(None)

    async def _start(self, level: str | None) -> None:
        """Start: free person seats become bots of ``level``, the row says started (one transaction),
        then the clock runs, every connection gets its state (now with its moves), bots move."""
        kinds = {seat.number: f"bot:{level}" for seat in self.free_person_seats()} if level else {}
        self.row.started = True  # the clock's deadline is for a started game
        for number, kind in kinds.items():
            self.seats[number].kind = kind
        changes = self.clock_columns()
        try:
            started = await self.services.write(self.services.storage.start_room(self.id, kinds, changes))
        except BaseException:
            self.row.started = False  # not stored (or not known to be): still waiting, as before
            for number in kinds:
                self.seats[number].kind = "human"
            self.needs_reload = True
            raise
        if not started:  # another process started it first: its seats are the truth
            await self._reload()
            return
        for name, value in changes.items():
            setattr(self.row, name, value)
        for number in kinds:
            self.seats[number].bot = None
        for seat in self.seats:
            seat.kept = False
            if not seat.is_bot and seat.occupied and not seat.connections and not seat.taken_over:
                self.start_grace(seat)  # away at the start: a bot plays for them after the grace
        self.broadcast_state()
        self.broadcast_presence()
        self.schedule()
        self.announce_turn()
        await self.services.publish(self.id, self.seq, seats=True)
        await self._notice("GameStartedWithBots" if kinds else "GameStarted", None)

    async def free_seat(self, token: str, number: int) -> tuple[str, str | None]:
        """The creator (by ``token``) frees seat ``number`` before the start: whoever sat there loses
        it (their connections are closed, their token holds nothing here any more) and the seat gets
        a new invite code (its old link stops working). ``("freed", code)``, or why not (code None):
        ``"bad_token"``, ``"already_started"``, ``"game_over"``, ``"not_a_person_seat"``, ``"own_seat"``,
        ``"kept"`` (a rematch's seat is its previous player's)."""
        answer: tuple[str, str | None] = await self.run(lambda: self._free_seat(token, number))
        return answer

    @job
    async def _free_seat(self, token: str, number: int) -> tuple[str, str | None]:
        if not self.is_creator(token):
            return "bad_token", None
        if self.is_over:
            return "game_over", None
        if self.started:
            return "already_started", None
        seat = self.seats[number]
        if seat.kind != "human":
            return "not_a_person_seat", None
        if seat.number == self.creator_seat:
            return "own_seat", None
        if self.row.rematch_of is not None:
            return "kept", None
        code = new_invite_code()
        await self.services.write(self.services.storage.update_seat(self.id, seat.number, account_id=None))
        await self._change_seat(seat, token_hash=None, name=None, invite_hash=hash_token(code))
        seat.send_away()
        return "freed", code

    async def leave(self, token: str) -> tuple[str, int | None]:
        """The person of ``token`` leaves the waiting room: their seat is free again (for whoever has
        the room's link or, if it was invited, its invite link). ``("left", seat)``, or why not:
        ``"bad_token"``, ``"already_started"`` (resign instead), ``"game_over"``."""
        answer: tuple[str, int | None] = await self.run(lambda: self._leave(token))
        return answer

    @job
    async def _leave(self, token: str) -> tuple[str, int | None]:
        seat = self.seat_by_token(token)
        if seat is None or seat.is_bot:
            return "bad_token", None
        if self.is_over:
            return "game_over", None
        if self.started:
            return "already_started", None
        await self.services.write(self.services.storage.update_seat(self.id, seat.number, account_id=None))
        await self._change_seat(seat, token_hash=None, name=None, kept=False)
        seat.send_away("you left this seat")
        return "left", seat.number

    async def resign(self, token: str) -> tuple[str, int | None]:
        """The person of ``token`` resigns the running game: a bot of the room's level plays their seat
        on, the log says so, and they rank last. ``("resigned", seat)``, or why not: ``"bad_token"``,
        ``"not_started"`` (leave instead), ``"game_over"``, ``"already_resigned"``."""
        answer: tuple[str, int | None] = await self.run(lambda: self._resign(token))
        return answer

    @job
    async def _resign(self, token: str) -> tuple[str, int | None]:
        seat = self.seat_by_token(token)
        if seat is None or seat.is_bot:
            return "bad_token", None
        if self.is_over:
            return "game_over", None
        if not self.started:
            return "not_started", None
        if seat.resigned:
            return "already_resigned", seat.number
        seat.stop_watch()
        await self._change_seat(seat, resigned=True)
        await self._notice("Resigned", seat.number)
        return "resigned", seat.number

    async def rename(self, token: str, name: str) -> int | None:
        """The person of ``token`` goes by ``name`` now (seats, presence, chat and log show it for
        everybody): their seat's number, or None if the token holds no seat here."""
        renamed: int | None = await self.run(lambda: self._rename(token, name))
        return renamed

    @job
    async def _rename(self, token: str, name: str) -> int | None:
        seat = self.seat_by_token(token)
        if seat is None or seat.is_bot:
            return None
        await self.services.write(self.services.storage.update_seat(self.id, seat.number, name=name))
        seat.name = name
        self.broadcast_presence()
        await self.services.publish(self.id, self.seq, seats=True)
        return seat.number

    async def claim(
        self,
        name: str | None,
        preferred: list[int] | None = None,
        *,
        only: int | None = None,
        invite: str | None = None,
        account_id: int | None = None,
    ) -> tuple[int, str] | None:
        """Give a free human seat to a new person: seat ``only`` when given (with its ``invite`` code
        if it is an invited seat), else the seat of the ``invite`` code, else the first free open
        seat (of ``preferred``, else ascending). Its number and token, or None if none (or not that
        one) can be taken with what was given. A signed-in person's seat is their account's
        (``account_id``) from the moment it is taken: the game may start with it."""
        claimed: tuple[int, str] | None = await self.run(lambda: self._claim(name, preferred, only, invite, account_id))
        return claimed

    def may_take(self, seat: Seat, invite: str | None) -> bool:
        return may_take(seat, invite)

    def invited_seat(self, invite: str) -> Seat | None:
        return invited_seat(self.seats, invite)

    @job
    async def _claim(
        self,
        name: str | None,
        preferred: list[int] | None,
        only: int | None = None,
        invite: str | None = None,
        account_id: int | None = None,
    ) -> tuple[int, str] | None:
        if only is None and invite is not None:
            found = self.invited_seat(invite)
            only = found.number if found is not None else None
            if only is None:
                return None
        order = [only] if only is not None else [*(preferred or []), *range(len(self.seats))]
        for number in order:
            seat = self.seats[number]
            if self.may_take(seat, invite if only is not None else None):
                token = new_token()
                claimed = await self.services.write(
                    self.services.storage.claim_seat(
                        self.id, number, hash_token(token), name, seat.invite_hash, account_id
                    )
                )
                if claimed:
                    seat.token_hash = hash_token(token)
                    seat.name = name
                    seat.taken_over = False
                    self.start_seat_timeout(seat)
                    self.broadcast_presence()
                    await self.services.publish(self.id, self.seq, seats=True)
                    try:
                        await self.start_if_full()
                    except Exception:  # the seat is theirs; the start comes when the database is back
                        log.exception("room %s: the start could not be stored", self.id)
                    return number, token
        return None

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
        """Check and carry out an action for a seat, as the room's next job; durable before anything
        is acknowledged. Once committed and swapped in: ``acknowledge`` (the actor's ``accepted``),
        then every connection's view, then the next bot or clock — all before the next job."""
        outcome: Outcome = await self.run(lambda: self._act(seat_number, seq, text, by_bot, acknowledge))
        return outcome

    def bot_wanted(self, seat: int, seq: int, *, timed_out: bool) -> bool:
        """Is the decision at ``seq`` still ``seat``'s, and a bot's to make?"""
        return self.seq == seq and self.state.to_move == seat and (timed_out or self.seats[seat].played_by_bot)

    @job
    async def bot_moves(self, seat: int, seq: int, text: str, *, timed_out: bool) -> None:
        """A bot's move, as a job: still its decision, and still a bot's to make?"""
        if not self.bot_wanted(seat, seq, timed_out=timed_out):
            return  # the game moved on, or its person came back while it thought
        await self._act(seat, seq, text, True, None)

    @job
    async def _act(
        self,
        seat_number: int | None,
        seq: int,
        text: str,
        by_bot: bool,
        acknowledge: Callable[[Outcome], None] | None,
    ) -> Outcome:
        current, state = self.seq, self.state
        action = check_act(
            self.game,
            state,
            seat_number,
            seq,
            text,
            started=self.started,
            by_bot=by_bot,
            resigned=[seat.resigned for seat in self.seats],
            entries=self.entries,
            entry_players=self.entry_players,
        )
        if isinstance(action, Outcome):
            return action
        assert seat_number is not None  # (a seat's action)
        if not self.services.writable:
            return Outcome(False, current, "unavailable", message=unavailable_message)
        successor = state.clone()
        events = successor.apply(action)
        entries = [str(entry) for entry in successor.history[current : successor.seq]]  # (its record's new entries)
        room_changes, seat_changes = clock_after(
            self.clock_snapshot(), seat_number, successor.seq, successor.to_move, successor.is_over, by_bot
        )
        if successor.is_over:
            room_changes["status"] = "over"
            room_changes["finished_at"] = self.services.clock.now()
        try:
            await self.services.write(
                self.services.storage.append(self.id, current, entries, seat_number, room_changes, seat_changes)
            )
        except Conflict:
            # another process stored this seq first: take its entries from the database
            await self._reload()
            return Outcome(False, self.seq, "stale", message=stale_message(self.seq))
        except (Exception, asyncio.CancelledError) as error:
            task = asyncio.current_task()
            if isinstance(error, asyncio.CancelledError) and task is not None and task.cancelling():
                self.needs_reload = True  # the process is stopping; whatever was stored is the truth
                raise
            # not stored, or stored without our knowing: the database says which
            await self._reload_after_failure()
            stored = len(self.entries) > current and self.entries[current] == entries[0]
            if stored and self.entry_players[current] == seat_number:
                return Outcome(True, current)  # it was stored after all (the reload announced it)
            return Outcome(False, self.seq, "unavailable", message=unavailable_message)
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
        metrics.ACTS.labels(by="bot" if by_bot else "person").inc()
        outcome = Outcome(True, current)
        if acknowledge is not None:
            acknowledge(outcome)
        if successor.is_over:  # counted before anybody sees the end: a profile opened from it shows the game
            await self.services.game_over(self.id)
        self.broadcast_state()
        self.schedule()
        self.announce_turn()
        if not by_bot and self.learner(seat_number):
            self._ask_verdict(seat_number, state, str(action))
        await self.services.publish(self.id, self.seq)
        if successor.is_over:
            await self.services.game_over(self.id)
        return outcome

    # ------------------------------------------------------------------ a learning room's verdicts

    def learner(self, seat: int) -> bool:
        """Does ``seat`` hear a verdict of each of its moves: a learning room's person, alone among bots?"""
        return (
            self.row.learning
            and not self.seats[seat].played_by_bot
            and all(other.is_bot for other in self.seats if other.number != seat)
        )

    def _ask_verdict(self, seat: int, before: State, played: str) -> None:
        """Have the verdict of ``seat``'s move ``played`` made from ``before`` (what the seat saw) while
        the game goes on: a timer of the room waits for it (it dies with the room) and posts the job
        that tells it to the seat. A move without a choice is told at once."""
        seq = before.seq
        observation = before.observe(seat)
        if len(observation.legal_actions) <= 1:
            self._tell_verdict(seat, verdict_answer(observation, played, seq))
            return
        connections = sorted(self.seats[seat].connections, key=lambda connection: connection.address)
        client = connections[0].address if connections else f"room {self.id}"
        record = before.record()

        async def wait_for_verdict() -> None:
            try:
                answer = await self.services.verdict(self.id, seq, seat, record, played, client)
            except (TooManyForClient, Busy):
                log.info("room %s: no verdict of seat %d's move at %d (the coach is busy)", self.id, seat, seq)
                return
            except Exception:
                log.exception("room %s: the verdict of seat %d's move at %d failed", self.id, seat, seq)
                return
            if answer is not None:
                self.post(lambda: self._verdict_made(seat, answer))

        self.timers.start(("verdict", seat, seq), wait_for_verdict())

    @job
    async def _verdict_made(self, seat: int, answer: dict[str, Any]) -> None:
        self._tell_verdict(seat, answer)

    def _tell_verdict(self, seat: int, answer: dict[str, Any]) -> None:
        """Keep the verdict and send it to the seat's connections only, each in its language."""
        kept = self.verdicts.setdefault(seat, [])
        kept.append(answer)
        del kept[:-KEPT_VERDICTS]
        for connection in self.seats[seat].connections:
            if connection.greeted:
                connection.push(verdict_frame(answer, connection.lang))

    # ------------------------------------------------------------------ the database

    async def refresh(self) -> None:
        """Read the room again from the database (another process moved it on or changed a seat)."""
        await self.run(self._reload)

    @job
    async def reload(self) -> None:
        """The job of reading the room again (news from another process, Redis back)."""
        await self._reload()

    @job
    async def resume(self) -> None:
        """The job run once the database can be written again: read the room again if it may be
        behind, restart the seat timers that stopped, and start what plays next."""
        if self.needs_reload:
            await self._reload()
        for seat in self.seats:
            if not seat.is_bot and seat.occupied and not seat.connections and not seat.taken_over and not self.is_over:
                if seat.ever_connected or self.decided:
                    self.start_grace(seat)
                else:
                    self.start_seat_timeout(seat)
        await self.start_if_full()
        self.schedule()

    @job
    async def lease_gained_job(self) -> None:
        """This process holds the room's lease now: the process before may have moved it on."""
        await self._reload()
        self.lease_gained()

    async def _reload_after_failure(self) -> None:
        try:
            await self._reload()
        except Exception:
            log.warning("room %s: cannot read the database either; reloading once it is back", self.id)
            self.needs_reload = True

    @job
    async def _reload(self) -> None:
        """The stored record replaces this one if it is further on; seats and the room's row are read
        again; connections get what changed."""
        stored = await self.services.read(self.services.storage.load(self.id, from_seq=len(self.entries)))
        self.needs_reload = False
        if stored is None:
            return
        before_seq, was_started = self.seq, self.started
        if stored.actions:
            try:
                self._apply_stored(stored.actions, stored.players_of_actions)
            except AsobibaError:  # not a continuation of this state: replay the whole record
                log.exception("room %s: the new entries do not follow on; replaying the record", self.id)
                complete = await self.services.read(self.services.storage.load(self.id))
                if complete is None:
                    return
                rebuilt = await self.services.rebuild(complete)
                self.state, self.events = rebuilt.state, rebuilt.events
                self.entries, self.entry_players = rebuilt.entries, rebuilt.entry_players
        self.row = stored.row
        for seat, seat_row in zip(self.seats, stored.seats, strict=True):
            if seat.take_row(seat_row):  # freed by the creator on another process
                seat.send_away()
            if seat.taken_over:
                seat.stop_watch()
        if self.seq != before_seq or self.started != was_started:
            self.broadcast_state()
        self.broadcast_presence()
        self.schedule()

    def _apply_stored(self, entries: list[str], players: list[int | None]) -> None:
        """Carry the room on by entries stored elsewhere (chance outcomes as recorded)."""
        self.state, events = engine.carry_on(self.game, self.state, entries)
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
        self._stop_timers()

    def _stop_timers(self) -> None:
        self.timers.cancel_all()
        self.bot_task_seq = -1
        for seat in self.seats:
            seat.watch_task = None

    # ------------------------------------------------------------------ clocks and bots

    def clock_columns(self) -> dict[str, Any]:
        """The room row's clock columns for the decision now."""
        return deadline_for(self.clock_snapshot())

    async def _restart_clock(self) -> None:
        """Give the decision now a fresh deadline (a seat changed hands)."""
        if self.clock is None:
            return
        changes = self.clock_columns()
        await self.services.write(self.services.storage.update_room(self.id, **changes))
        for name, value in changes.items():
            setattr(self.row, name, value)

    def announce_turn(self) -> None:
        """A turn-based room's decision is a person's who is not at the table (here): the lobby may email
        them (:meth:`RoomServices.turn_passed`). Called where a move or the start was stored, so by one
        process, whichever holds the room's lease."""
        mover = self.state.to_move
        if not self.turn_based or self.is_over or not self.started or mover is None or mover < 0:
            return
        seat = self.seats[mover]
        if not seat.played_by_bot and not seat.connections:  # (the process that stored the move: one)
            self.services.turn_passed(self.id, mover)

    def schedule(self) -> None:
        """Start whatever plays next by itself: the bot of the seat to move, or the clock's timer.
        Neither does anything but wait (and think) before putting its move in the queue."""
        services = self.services
        if services.stopping or not services.holds(self.id) or not services.writable:
            return
        plays = what_plays(self.clock_snapshot())  # nothing in the waiting room, nor once over
        mover, seq, deadline = self.state.to_move, self.seq, self.row.deadline
        if plays is None or mover is None:
            return
        if plays == "bot":
            self._start_bot(mover, timed_out=False)
        elif deadline is not None:
            if self.row.timed_out_seq == seq and self.timers.running("bot") and self.bot_task_seq == seq:
                return  # its stand-in is thinking
            self.timers.at("clock", deadline, lambda: self.timed_out(mover, seq))

    def _start_bot(self, seat: int, *, timed_out: bool) -> None:
        """The bot of ``seat`` decides the decision now (unless it is deciding it already)."""
        seq = self.seq
        if self.timers.running("bot") and self.bot_task_seq == seq:
            return
        self.bot_task_seq = seq
        delay = 0.0 if timed_out else self.row.bot_delay
        self.timers.start(
            "bot",
            play(
                self.post,
                self.services.bot_executor,
                self.seats[seat].player(self.bot_level),
                self.state,
                seat,
                delay,
                lambda: self.bot_wanted(seat, seq, timed_out=timed_out),
                lambda text: lambda: self.bot_moves(seat, seq, text, timed_out=timed_out),
            ),
        )

    @job
    async def timed_out(self, seat: int, seq: int) -> None:
        """A decision's clock ran out (a job). The timeout is claimed in the database, so one process
        counts it once: the bank is spent, the seat's ``timeouts`` grow, and a stand-in bot decides —
        or, in a turn-based room whose policy is ``forfeit``, at the second timeout the player is out
        and a bot plays the seat on. A timeout claimed before (by a process that died before its
        stand-in decided) only starts the stand-in again."""
        if self.seq != seq or self.is_over or not self.services.writable or self.state.to_move != seat:
            return
        if self.row.timed_out_seq == seq:
            self._start_bot(seat, timed_out=True)
            return
        now = self.services.clock.now()
        forfeit = self.turn_based and self.row.timeout_policy == "forfeit"
        claimed = await self.services.write(
            self.services.storage.claim_timeout(
                self.id,
                seq,
                seat,
                now,
                now + TIMEOUT_RETRY,
                empty_bank=self.clock_rule is not None and self.clock_rule.bank is not None,
                forfeit_after=FORFEIT_TIMEOUTS if forfeit else None,
            )
        )
        if claimed is None:  # not due yet, or another process claimed it: the database says which
            await self._reload()
            return
        self.row.timed_out_seq, self.row.deadline = seq, now + TIMEOUT_RETRY
        current = self.seats[seat]
        current.timeouts, current.bank = claimed.timeouts, claimed.bank
        out = claimed.resigned and not current.resigned
        current.resigned = claimed.resigned
        self._start_bot(seat, timed_out=True)
        if out:
            self.broadcast_presence()
            await self.services.publish(self.id, self.seq, seats=True)
            await self._notice("Forfeited", seat)
        else:
            self.broadcast_presence()
            await self._notice("ClockRanOut", seat)

    async def close(self) -> None:
        """Leave memory: timers stop (and start no more), the jobs in the queue finish, connections are closed."""
        self.timers.close()
        for seat in self.seats:
            seat.watch_task = None
        await self.queue.close()
        for connection in self.connections():
            connection.close()


__all__ = ["Room"]
