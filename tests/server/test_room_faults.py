"""The room in-process, with fake transports and a storage that fails at every write (fault
injection): whatever fails or is cancelled, what the room holds in memory is what the database
holds, nothing is acknowledged that is not stored, everything stored is announced, and play resumes
by itself once writes succeed again."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from server_testing import run
from sqlalchemy.exc import OperationalError

from asobiba.server.rooms import Connection, Lobby, Room, Settings
from asobiba.server.storage import Storage

BOTS = {1: "bot:random", 2: "bot:random"}
#: Actions played per scenario (the game need not end).
ACTIONS = 14
#: Bounded waits (a failure, never a speed assertion).
WAIT = 30.0


class FaultyStorage(Storage):
    """A real SQLite storage whose ``fail_at``-th write (counting from 0) raises, either before it
    reaches the database or after it committed (the driver lost the answer): in the writer thread,
    where every transaction runs."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.writes = 0
        self.fail_at: int | None = None
        self.after_commit = False
        #: While set, every write fails (a full disk, a read-only file).
        self.broken = False

    def _run_transaction(self, write: Callable[[Any], Any]) -> Any:
        number = self.writes
        self.writes += 1
        if self.broken or (number == self.fail_at and not self.after_commit):
            raise OperationalError("INSERT", {}, Exception("database or disk is full"))
        result = super()._run_transaction(write)
        if number == self.fail_at:
            raise OperationalError("COMMIT", {}, Exception("disk I/O error"))
        return result


class FakeTransport:
    """What a connection sends, as parsed frames; ``blocked`` never sends (a client that stopped reading)."""

    def __init__(self, blocked: bool = False) -> None:
        self.frames: list[dict[str, Any]] = []
        self.blocked = blocked

    async def send(self, text: str) -> None:
        if self.blocked:
            await asyncio.Event().wait()
        self.frames.append(json.loads(text))

    def states(self) -> list[dict[str, Any]]:
        return [frame for frame in self.frames if frame["type"] == "state"]


def connect(room: Room, seat: int | None, transport: FakeTransport) -> tuple[Connection, asyncio.Task[None]]:
    """A greeted connection on ``seat`` (None: a spectator), its writer running."""
    connection = Connection(transport.send)
    connection.greeted = True
    connection.seat = seat
    if seat is None:
        room.spectators.add(connection)
    else:
        room.seats[seat].connections.add(connection)
        room.seats[seat].ever_connected = True
    if room.detach not in connection.on_drop:
        connection.on_drop.append(room.detach)
    return connection, asyncio.get_running_loop().create_task(connection.writer())


async def until(condition: Callable[[], bool], what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"never: {what}")
        await asyncio.sleep(0.005)


async def open_lobby(tmp_path: Path, **settings: Any) -> tuple[Lobby, FaultyStorage]:
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    lobby = Lobby(Settings(database_url=url, bot_delay=0.0, **settings))
    storage = FaultyStorage(url)
    lobby.storage = storage
    await lobby.start()
    return lobby, storage


async def quiet(lobby: Lobby, room: Room) -> None:
    """Stop the room's bots and timers and let the jobs already in its queue finish."""
    lobby.stopping = True
    room.lease_lost()
    await until(lambda: not room.queue.busy and len(room.queue) == 0, "the queue is empty")
    for _ in range(10):  # a job's last step (telling other processes) may still be on its way
        await asyncio.sleep(0)


async def stored_entries(storage: Storage, room: Room) -> list[str]:
    stored = await storage.load(room.id)
    assert stored is not None
    return stored.actions


async def play(lobby: Lobby, room: Room, accepted: dict[int, str], actions: int = ACTIONS) -> None:
    """Seat 0 plays its first legal action whenever it is to move (bots play the others) until the
    room is ``actions`` past its setup; each probe of a broken database's health is run at once."""
    target = min(room.seq + actions, 10**9)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while room.seq < target and not room.is_over:
        assert loop.time() < deadline, "the room stopped moving"
        if not lobby.health.writable:
            await lobby.health.probe()
        if room.state.to_move == 0:
            text = str(room.state.legal_actions()[0])
            seq = room.seq
            outcome = await room.submit(0, seq, text)
            if outcome.accepted:
                accepted[seq] = text
            else:
                assert outcome.code in ("unavailable", "stale", "not_your_turn"), outcome
        else:
            await asyncio.sleep(0.005)


@pytest.mark.parametrize("after_commit", [False, True], ids=["before the commit", "after the commit"])
@pytest.mark.parametrize("fault", range(8))
def test_a_write_failing_anywhere_leaves_the_room_equal_to_the_database_and_play_resumes(
    tmp_path: Path, fault: int, after_commit: bool
) -> None:
    async def scenario() -> None:
        lobby, storage = await open_lobby(tmp_path)
        try:
            room, _token, _invites = await lobby.create("cockroach-poker", 3, {}, BOTS, "ann", 0.0, None, None)
            watcher = FakeTransport()
            _connection, writer = connect(room, None, watcher)
            storage.fail_at, storage.after_commit = storage.writes + fault, after_commit
            accepted: dict[int, str] = {}
            await play(lobby, room, accepted)
            await quiet(lobby, room)
            stored = await stored_entries(storage, room)
            assert stored == room.entries  # memory is the database
            for seq, text in accepted.items():  # nothing acknowledged that is not stored
                assert stored[seq] == text
            await until(lambda: bool(watcher.states()) and watcher.states()[-1]["seq"] == room.seq, "announced")
            writer.cancel()
        finally:
            await lobby.stop()

    run(scenario())


@pytest.mark.parametrize("steps", range(12))
def test_an_act_whose_sender_is_cancelled_at_any_point_is_stored_and_announced_or_not_at_all(
    tmp_path: Path, steps: int
) -> None:
    async def scenario() -> None:
        lobby, storage = await open_lobby(tmp_path)
        try:
            people = {1: "human", 2: "human"}
            room, _token, _invites = await lobby.create("cockroach-poker", 3, {}, people, "ann", 0.0, None, None)
            watcher = FakeTransport()
            _connection, writer = connect(room, None, watcher)
            mover = room.state.to_move
            assert mover is not None
            seq, text = room.seq, str(room.state.legal_actions()[0])
            sender = asyncio.get_running_loop().create_task(room.submit(mover, seq, text))
            for _ in range(steps):
                await asyncio.sleep(0)
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)
            for _ in range(20):  # let whatever is in flight land
                await asyncio.sleep(0.005)
            await quiet(lobby, room)
            stored = await stored_entries(storage, room)
            assert stored == room.entries
            if len(stored) > seq:
                assert stored[seq] == text
                await until(lambda: any(frame["seq"] > seq for frame in watcher.states()), "the move announced")
            writer.cancel()
        finally:
            await lobby.stop()

    run(scenario())


def test_a_move_made_when_a_clock_runs_out_is_announced_to_the_other_processes(tmp_path: Path) -> None:
    from asobiba.server.protocol import ClockSpec

    async def scenario() -> None:
        lobby, _storage = await open_lobby(tmp_path)
        published: list[int] = []

        async def publish(room_id: str, seq: int, *, seats: bool = False, news: bool = False) -> None:
            await asyncio.sleep(0)  # a real publish is a round trip to Redis
            if not seats and not news:
                published.append(seq)

        lobby.cluster.publish = publish  # type: ignore[method-assign]
        try:
            clock = ClockSpec(per_decision=0.3)
            room, _token, invites = await lobby.create(
                "cockroach-poker", 3, {}, {1: "human", 2: "human"}, "ann", 0.0, clock, None
            )
            assert not room.started and room.row.deadline is None  # the waiting room: no clock runs
            await room.claim("bo", invite=invites[1])
            await room.claim("cy", invite=invites[2])  # every seat taken: the game starts, the clock runs
            assert room.started and room.row.deadline is not None
            seq = room.seq
            await until(lambda: room.seq > seq, "the clock ran out and a stand-in moved")
            moved_to = room.seq
            await until(lambda: moved_to in published, f"seq {moved_to} published (published: {published})")
        finally:
            await lobby.stop()

    run(scenario())


def test_a_connection_dropped_for_a_full_send_queue_counts_as_departed_and_a_bot_takes_over(tmp_path: Path) -> None:
    from asobiba.server.rooms import MAX_QUEUED_FRAMES

    async def scenario() -> None:
        lobby, _storage = await open_lobby(tmp_path)
        try:
            room, _token, _invites = await lobby.create("cockroach-poker", 3, {}, BOTS, "ann", 0.0, None, 0.2)
            stuck = FakeTransport(blocked=True)
            connection, writer = connect(room, 0, stuck)
            for _ in range(MAX_QUEUED_FRAMES + 2):
                room.send_state(connection, None)
            assert connection.closed.is_set()
            await until(lambda: not room.seats[0].connections, "the seat has nobody connected")
            await until(lambda: room.seats[0].taken_over, "a bot took the seat over after the grace period")
            writer.cancel()
        finally:
            await lobby.stop()

    run(scenario())


def test_an_act_that_cannot_be_stored_is_unavailable_and_bots_resume_by_themselves_once_writes_succeed(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        lobby, storage = await open_lobby(tmp_path)
        try:
            room, _token, _invites = await lobby.create("cockroach-poker", 3, {}, BOTS, "ann", 0.3, None, None)
            await until(lambda: room.state.to_move == 0 or room.is_over, "seat 0 to move")
            seq, text = room.seq, str(room.state.legal_actions()[0])
            storage.broken = True  # a full disk
            outcome = await room.submit(0, seq, text)
            assert not outcome.accepted and outcome.code == "unavailable"
            assert room.seq == seq and len(await stored_entries(storage, room)) == seq
            assert not lobby.health.writable
            storage.broken = False
            await until(lambda: lobby.health.writable, "the health check saw the database writable again")
            assert (await room.submit(0, seq, text)).accepted
            while room.state.to_move == 0 and not room.is_over:  # until a bot (seat 1 or 2) is to move
                assert (await room.submit(0, room.seq, str(room.state.legal_actions()[0]))).accepted
            # the disk fills while the bot thinks
            storage.broken = True
            after = room.seq
            await until(lambda: not lobby.health.writable, "the bot's move could not be stored")
            assert room.seq == after and len(await stored_entries(storage, room)) == after
            storage.broken = False
            await until(lambda: room.seq > after, "the bot moved again by itself")
            await quiet(lobby, room)
            assert await stored_entries(storage, room) == room.entries
        finally:
            await lobby.stop()

    run(scenario())


def test_each_seats_frame_is_built_and_serialised_once_per_action_whatever_the_connections(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from asobiba.server.rooms import frames

    async def scenario() -> None:
        lobby, _storage = await open_lobby(tmp_path)
        try:
            people = {1: "human", 2: "human"}
            room, _token, invites = await lobby.create("cockroach-poker", 3, {}, people, "ann", 0.0, None, None)
            await room.claim("bo", invite=invites[1])
            await room.claim("cy", invite=invites[2])  # every seat taken: the game starts
            transports = [FakeTransport() for _ in range(6)]
            writers = [
                connect(room, seat, transport)[1]
                for seat, transport in zip([0, 0, 1, None, None, None], transports, strict=True)
            ]
            built: list[int | None] = []
            original = frames.state_frame

            def counting(room: Room, seat: int | None, lang: str, since: int | None, **how: bool) -> dict[str, Any]:
                built.append(seat)
                return original(room, seat, lang, since, **how)

            monkeypatch.setattr(frames, "state_frame", counting)
            mover = room.state.to_move
            assert mover is not None
            assert (await room.submit(mover, room.seq, str(room.state.legal_actions()[0]))).accepted
            assert sorted(built, key=str) == sorted([0, 1, None], key=str)  # three seats, six connections
            await until(lambda: all(transport.states() for transport in transports), "every connection got it")
            texts = {json.dumps(transport.states()[-1], sort_keys=True) for transport in transports[3:]}
            assert len(texts) == 1
            for writer in writers:
                writer.cancel()
        finally:
            await lobby.stop()

    run(scenario())


@pytest.mark.parametrize(("durability", "synchronous"), [("normal", 1), ("full", 2)])
def test_sqlite_durability_is_wal_with_synchronous_normal_unless_full_is_asked_for(
    tmp_path: Path, durability: str, synchronous: int
) -> None:
    from sqlalchemy import text

    async def scenario() -> tuple[str, int]:
        storage = Storage(f"sqlite:///{tmp_path / 'd.db'}", durability)
        await storage.migrate()
        try:
            assert storage.write_engine is not None
            with storage.write_engine.connect() as connection:
                mode = connection.execute(text("PRAGMA journal_mode")).scalar_one()
                level = connection.execute(text("PRAGMA synchronous")).scalar_one()
            return str(mode), int(level)
        finally:
            await storage.close()

    assert run(scenario()) == ("wal", synchronous)
