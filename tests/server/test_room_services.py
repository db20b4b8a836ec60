"""A room is given its :class:`~asobiba.server.rooms.services.RoomServices` and needs nothing of the
lobby: the modules of ``asobiba.server.rooms`` import one another without a cycle (type-only and
function-local imports counted), and a room plays against a small implementation of the services
written here, over a real SQLite storage."""

from __future__ import annotations

import ast
import asyncio
import inspect
import secrets
import time
from collections.abc import Awaitable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
from server_testing import run

import asobiba.server.rooms
from asobiba.core.events import Event
from asobiba.core.registry import get_game
from asobiba.core.state import State
from asobiba.server import engine
from asobiba.server.rooms import Room, Seat, Settings
from asobiba.server.rooms.queue import NotInQueue, is_job
from asobiba.server.rooms.servertime import SystemClock
from asobiba.server.storage import RoomRow, SeatRow, Storage, StoredRoom, dumps

PACKAGE = "asobiba.server.rooms"
ROOMS = Path(asobiba.server.rooms.__file__).parent

Result = TypeVar("Result")

#: Moves the bots play before the room is checked (the game need not end).
MOVES = 8
#: Bounded wait (a failure, never a speed assertion).
WAIT = 30.0


def _module(path: Path) -> str:
    return PACKAGE if path.stem == "__init__" else f"{PACKAGE}.{path.stem}"


def _resolve(importer: str, node: ast.Import | ast.ImportFrom, modules: set[str]) -> set[str]:
    """The modules of the package ``node`` imports (``from asobiba.server.rooms import x`` is the
    submodule ``x`` when there is one, else the package)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in modules}
    if node.level:
        base = importer if importer == PACKAGE else importer.rsplit(".", 1)[0]
        for _ in range(node.level - 1):
            base = base.rsplit(".", 1)[0]
        source = f"{base}.{node.module}" if node.module else base
    else:
        source = node.module or ""
    found: set[str] = set()
    for alias in node.names:
        if f"{source}.{alias.name}" in modules:
            found.add(f"{source}.{alias.name}")
        elif source in modules:
            found.add(source)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports anywhere: at the top, under
    ``if TYPE_CHECKING:`` and inside functions (``ast.walk`` sees every import statement)."""
    paths = sorted(ROOMS.glob("*.py"))
    modules = {_module(path) for path in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        importer = _module(path)
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges |= _resolve(importer, node, modules)
        graph[importer] = edges - {importer}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph, as the modules along it (the first repeated at the end), or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        path.append(module)
        for imported in sorted(graph[module]):
            cycle = visit(imported)
            if cycle is not None:
                return cycle
        path.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module)
        if cycle is not None:
            return cycle
    return None


def test_the_graph_finder_sees_a_type_only_cycle() -> None:
    """The finder itself: a back-edge under TYPE_CHECKING or in a function is an edge."""
    assert find_cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from asobiba.server.rooms.room import Room\n"
    tree = ast.parse(source + "def f():\n    from asobiba.server.rooms import lobby\n")
    modules = {PACKAGE, f"{PACKAGE}.room", f"{PACKAGE}.lobby"}
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found |= _resolve(f"{PACKAGE}.clocks", node, modules)
    assert found == {f"{PACKAGE}.room", f"{PACKAGE}.lobby"}


def test_the_rooms_modules_import_one_another_without_a_cycle() -> None:
    graph = import_graph()
    cycle = find_cycle(graph)
    assert cycle is None, "the modules of asobiba.server.rooms import in a cycle: " + " -> ".join(cycle or [])
    assert f"{PACKAGE}.room" in graph[f"{PACKAGE}.lobby"]
    assert f"{PACKAGE}.lobby" not in graph[f"{PACKAGE}.room"]


@dataclass
class Replay:
    state: State
    events: list[tuple[int, Event]]
    entries: list[str]
    entry_players: list[int | None]


class OneRoomServices:
    """The services of a single room in a single process, written for this test (no lobby)."""

    def __init__(self, storage: Storage, settings: Settings) -> None:
        self.storage = storage
        self.settings = settings
        self.bot_executor: Executor = ThreadPoolExecutor(max_workers=1)
        self.clock = SystemClock()
        self.ended: list[str] = []
        self.stopping = False
        self.writable = True
        self.shared = False
        self.published: list[int] = []
        self.turns_passed: list[int] = []

    async def write(self, operation: Awaitable[Result]) -> Result:
        return await operation

    async def read(self, operation: Awaitable[Result]) -> Result:
        return await operation

    async def publish(self, room_id: str, seq: int, *, seats: bool = False, news: bool = False) -> None:
        self.published.append(seq)

    def holds(self, room_id: str) -> bool:
        return True

    async def present_elsewhere(self, room_id: str, seat: int) -> bool:
        return False

    async def game_over(self, room_id: str) -> None:
        self.ended.append(room_id)

    async def rebuild(self, stored: StoredRoom) -> Replay:
        record = stored.record()
        state, events = engine.replay_with_events(record)
        return Replay(state, events, list(stored.actions), list(stored.players_of_actions))

    async def verdict(
        self, room_id: str, seq: int, seat: int, record: dict[str, Any], played: str, client: str
    ) -> dict[str, Any] | None:
        return None  # no coach in this process

    def turn_passed(self, room_id: str, seat: int) -> None:
        self.turns_passed.append(seat)


async def _bots_room(storage: Storage, services: OneRoomServices) -> Room:
    """A stored room of three bots, in memory."""
    game = get_game("cockroach-poker")
    seed = secrets.randbits(63)
    state, setup_events = game.start(3, seed=seed)
    record = state.record()
    now = time.time()
    room_id = secrets.token_urlsafe(9)
    row = RoomRow(
        id=room_id,
        game=game.name,
        players=3,
        options=dumps(record["options"]),
        seed=seed,
        name=None,
        status="open",
        bot_delay=0.0,
        grace=0.0,
        clock=None,
        created_at=now,
        updated_at=now,
        started=True,
        listed=False,
        creator=None,
        spectator_chat=False,
        chat_key=secrets.token_hex(16),
    )
    seats = [Seat(number, "bot:random") for number in range(3)]
    seat_rows = [SeatRow(room_id=room_id, seat=seat.number, kind=seat.kind) for seat in seats]
    room = Room(services, row, seats, state)
    room.entries = list(record["actions"])
    room.entry_players = [None] * len(room.entries)
    room.events = [(state.seq, event) for event in setup_events]
    await storage.create_room(row, seat_rows, room.entries)
    return room


def test_a_room_plays_against_its_services_alone(tmp_path: Path) -> None:
    run(_play_alone(tmp_path))


async def _play_alone(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    storage = Storage(url)
    await storage.migrate()
    services = OneRoomServices(storage, Settings(database_url=url, bot_delay=0.0))
    try:
        room = await _bots_room(storage, services)
        first = room.seq
        room.schedule()
        deadline = asyncio.get_running_loop().time() + WAIT
        while room.seq < first + MOVES and not room.is_over:
            assert asyncio.get_running_loop().time() < deadline, "the bots did not play"
            await asyncio.sleep(0.01)
        services.stopping = True
        await room.close()
        stored = await storage.load(room.id)
        assert stored is not None
        assert stored.actions == room.entries
        assert len(stored.actions) >= MOVES
        assert services.published and services.published[-1] == room.seq
        replayed = await services.rebuild(stored)
        assert replayed.state.seq == room.seq
        assert replayed.state.record() == room.state.record()
    finally:
        services.bot_executor.shutdown(wait=False, cancel_futures=True)
        await storage.close()


def _queued_methods() -> set[str]:
    """The room methods the server's code puts in a room's queue: ``x.post(x.m)``, ``x.run(x.m)``,
    ``x.post(lambda: x.m(...))`` / ``x.run(lambda: ...)``, and every job made for a timer or a bot to
    post later — a lambda without parameters calling a coroutine method of the room (``lambda:
    self.timed_out(...)`` given to the room's timers; ``lambda text: lambda: self.bot_moves(...)``) —
    anywhere in ``asobiba.server``."""
    names: set[str] = set()
    for path in ROOMS.parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            target: ast.AST | None = None
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr in {"post", "run"} and len(node.args) == 1:
                    argument = node.args[0]
                    target = argument.body if isinstance(argument, ast.Lambda) else argument
            elif isinstance(node, ast.Lambda) and not node.args.args:
                target = node.body
            if isinstance(target, ast.Call):
                target = target.func
            if isinstance(target, ast.Attribute) and inspect.iscoroutinefunction(getattr(Room, target.attr, None)):
                names.add(target.attr)
    return names


def test_whatever_is_put_in_a_rooms_queue_is_a_job() -> None:
    queued = _queued_methods()
    assert {"timed_out", "bot_moves", "_act", "reload"} <= queued
    unmarked = sorted(name for name in queued if not is_job(getattr(Room, name)))
    assert not unmarked, f"put in a room's queue but not marked @job: {unmarked}"


def test_a_job_called_outside_the_queue_is_refused(tmp_path: Path) -> None:
    run(_direct_call(tmp_path))


async def _direct_call(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    storage = Storage(url)
    await storage.migrate()
    services = OneRoomServices(storage, Settings(database_url=url, bot_delay=0.0))
    services.stopping = True  # nothing plays by itself
    try:
        room = await _bots_room(storage, services)
        seq = room.seq
        with pytest.raises(NotInQueue, match="timed_out"):
            await room.timed_out(0, seq)
        with pytest.raises(NotInQueue, match="reload"):
            await room.reload()
        assert room.row.timed_out_seq is None  # refused before it changed anything
        await room.run(room.reload)  # in the queue it runs
        assert room.seq == seq
        await room.close()
    finally:
        services.bot_executor.shutdown(wait=False, cancel_futures=True)
        await storage.close()
